import { describe, expect, it } from "vitest";
import { defaultFinancingValues, formatRate, parseMoney, parsePercent } from "./financing-fields";
import { ENTRADA_ABOVE_PRICE, parseFinancing } from "./financing-form";

const read = (values: Record<string, string>) => (name: string) => values[name];
const VALID = { preco: "500.000", entrada: "100.000", prazo: "360", taxa: "11,5", sistema: "sac" };

describe("valores como se digitam no Brasil", () => {
  it("lê reais com ponto de milhar e vírgula decimal", () => {
    expect(parseMoney("100.000")).toBe(100_000);
    expect(parseMoney("R$ 1.250.000,50")).toBe(1_250_000.5);
    expect(parseMoney("100000")).toBe(100_000);
    expect(parseMoney("100000,5")).toBe(100_000.5);
    expect(parseMoney("100000.50")).toBe(100_000.5);
    expect(parseMoney("0")).toBe(0);
    for (const bad of ["", "abc", "1.00.000", "-5", "1e5", "12,345"]) expect(parseMoney(bad), bad).toBeNaN();
  });

  it("lê a taxa com vírgula ou ponto, com ou sem %", () => {
    expect(parsePercent("11,5")).toBe(11.5);
    expect(parsePercent("11.5")).toBe(11.5);
    expect(parsePercent("11,5 %")).toBe(11.5);
    expect(parsePercent("9,99% a.a.")).toBe(9.99);
    expect(parsePercent("0")).toBe(0);
    for (const bad of ["", "onze", "-1", "1,2,3"]) expect(parsePercent(bad), bad).toBeNaN();
  });

  it("começa com o preço do anúncio, 20 % de entrada, 360 meses, a taxa da imobiliária e SAC", () => {
    expect(defaultFinancingValues(850_000, 1150)).toEqual({
      preco: "850.000",
      entrada: "170.000",
      prazo: "360",
      taxa: "11,5",
      sistema: "sac",
    });
    expect(formatRate(999)).toBe("9,99");
    expect(formatRate(1200)).toBe("12");
  });
});

describe("parseFinancing", () => {
  it("aceita uma simulação válida", () => {
    const parsed = parseFinancing(read(VALID));
    expect(parsed).toEqual({
      ok: true,
      input: { price: 500_000, entrada: 100_000, prazo: 360, taxa: 11.5, sistema: "sac" },
      values: VALID,
    });
  });

  it("aceita os limites: entrada 0, prazo de 12 e de 420 meses, taxa 0 e 30 % a.a.", () => {
    for (const values of [
      { ...VALID, entrada: "0" },
      { ...VALID, prazo: "12" },
      { ...VALID, prazo: "420" },
      { ...VALID, taxa: "0" },
      { ...VALID, taxa: "30" },
      { ...VALID, sistema: "price" },
    ]) {
      expect(parseFinancing(read(values)).ok, JSON.stringify(values)).toBe(true);
    }
  });

  it("recusa o que sai dos limites, com a mensagem em português no campo", () => {
    const errors = (values: Record<string, string>) => {
      const parsed = parseFinancing(read(values));
      return parsed.ok ? {} : parsed.fieldErrors;
    };
    expect(errors({ ...VALID, prazo: "11" }).prazo).toBe("O prazo vai de 12 a 420 meses.");
    expect(errors({ ...VALID, prazo: "421" }).prazo).toBe("O prazo vai de 12 a 420 meses.");
    expect(errors({ ...VALID, prazo: "30,5" }).prazo).toMatch(/número inteiro/);
    expect(errors({ ...VALID, entrada: "500.000" }).entrada).toBe(ENTRADA_ABOVE_PRICE);
    expect(errors({ ...VALID, preco: "90.000" }).entrada).toBe(ENTRADA_ABOVE_PRICE);
    // Said even while another field is wrong.
    expect(errors({ ...VALID, entrada: "600.000", prazo: "1" })).toMatchObject({
      entrada: ENTRADA_ABOVE_PRICE,
      prazo: "O prazo vai de 12 a 420 meses.",
    });
    expect(errors({ ...VALID, preco: "0" }).preco).toBe("Informe o valor do imóvel em reais, ex.: 500.000.");
    expect(errors({ ...VALID, preco: "2.000.000.000" }).preco).toBe(
      "O valor do imóvel vai até R$ 1.000.000.000.",
    );
    expect(errors({ ...VALID, preco: "" }).preco).toMatch(/Informe o valor do imóvel/);
    expect(errors({ ...VALID, entrada: "-1" }).entrada).toMatch(/Informe a entrada/);
    expect(errors({ ...VALID, entrada: "" }).entrada).toMatch(/Informe a entrada/);
    expect(errors({ ...VALID, taxa: "30,01" }).taxa).toBe("A taxa vai de 0 a 30 % ao ano.");
    expect(errors({ ...VALID, taxa: "muito" }).taxa).toBe("Informe a taxa de juros ao ano, ex.: 11,5.");
    expect(errors({ ...VALID, sistema: "alemao" }).sistema).toBe("Escolha a tabela: SAC ou Price.");
    const { sistema: _, ...withoutSistema } = VALID;
    expect(errors(withoutSistema).sistema).toBe("Escolha a tabela: SAC ou Price.");
  });

  it("devolve o que foi digitado, cortado, para mostrar de novo no formulário", () => {
    const parsed = parseFinancing(read({ ...VALID, entrada: "9".repeat(500) }));
    expect(parsed.ok).toBe(false);
    expect(parsed.values.entrada).toHaveLength(20);
    expect(parsed.values.prazo).toBe("360");
  });
});
