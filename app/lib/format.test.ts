import { describe, expect, it } from "vitest";
import {
  formatArea,
  formatCount,
  formatDate,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatPhone,
  formatPrice,
  plural,
} from "./format";

// What Intl's pt-BR prints, the reference the hand-written grouping must match.
const intlInteger = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const intlPrice = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
  maximumFractionDigits: 0,
});

const VALUES = [
  0, 1, 12, 999, 1000, 1001, 45.5, 99.49, 999.5, 1234.4, 12_345, 123_456, 650_000, 1_985_000, 2_780_000,
  12_500_000, 999_999_999, 1_000_000_000, -1, -1234, 7_000_000_000_000,
];

describe("números em pt-BR", () => {
  it("agrupam os milhares com ponto e arredondam como o Intl", () => {
    for (const value of VALUES) expect(formatInteger(value), String(value)).toBe(intlInteger.format(value));
    expect(formatInteger(-0.4)).toBe("0"); // Intl prints "-0"
  });

  it("preços em reais como o Intl, com espaço comum depois do R$", () => {
    for (const value of VALUES) {
      expect(formatPrice(value), String(value)).toBe(intlPrice.format(value).replace(/\u00a0/g, " "));
    }
    expect(formatPrice(1_985_000)).toBe("R$ 1.985.000");
  });

  it("áreas em m²", () => {
    expect(formatArea(238)).toBe("238 m²");
    expect(formatArea(12_500.4)).toBe("12.500 m²");
  });
});

it("datas no fuso de Maceió", () => {
  expect(formatDate("2026-11-23T02:30:00Z")).toBe("22/11/2026");
});

it("telefones com DDD, com ou sem o 55", () => {
  expect(formatPhone("5582999998888")).toBe("(82) 99999-8888");
  expect(formatPhone("8232210000")).toBe("(82) 3221-0000");
  expect(formatPhone("123")).toBe("123");
});

describe("contagens no singular ou no plural (regras do pt-BR)", () => {
  it("um no singular, dois ou mais no plural, com os milhares agrupados", () => {
    expect(formatCount(1, "vendido", "vendidos")).toBe("1 vendido");
    expect(formatCount(2, "alugado", "alugados")).toBe("2 alugados");
    expect(formatCount(1250, "imóvel", "imóveis")).toBe("1.250 imóveis");
    expect(formatCount(1_000_000, "imóvel", "imóveis")).toBe("1.000.000 imóveis");
    expect(plural(1, "foto", "fotos")).toBe("foto");
    expect(plural(12, "foto", "fotos")).toBe("fotos");
  });

  it("zero: o texto de nenhum, quando a tela o dá", () => {
    expect(formatCount(0, "vendido", "vendidos", "nenhum vendido")).toBe("nenhum vendido");
    expect(formatCount(3, "vendido", "vendidos", "nenhum vendido")).toBe("3 vendidos");
  });
});

describe("reais com centavos e decimais (o simulador de financiamento)", () => {
  const intlMoney = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

  it("imprimem como o Intl, com vírgula decimal", () => {
    for (const value of [0, 0.5, 1.005, 12.345, 888.4878, 4756.098486, 1_057_920.221145, 999_999.995]) {
      expect(formatMoney(value), String(value)).toBe(
        intlMoney.format(Math.round(value * 100) / 100).replace(/\u00a0/g, " "),
      );
    }
    expect(formatMoney(1399.4717)).toBe("R$ 1.399,47");
    expect(formatMoney(-2.5)).toBe("-R$ 2,50");
  });

  it("decimais sem zeros à direita", () => {
    expect(formatDecimal(11.5, 2)).toBe("11,5");
    expect(formatDecimal(12, 2)).toBe("12");
    expect(formatDecimal(0.9112, 2)).toBe("0,91");
    expect(formatDecimal(1234.5, 1)).toBe("1.234,5");
  });
});
