import { describe, expect, it } from "vitest";
import {
  formatPerM2,
  marketPosition,
  marketSentence,
  ownerReportMessage,
  ownerReportPath,
} from "./owner-report";

const market = { scope: "apartamentos à venda em Ponta Verde, Maceió", count: 5, unit: "" };

describe("marketPosition", () => {
  it("reads ±10 % of the typical price as in the market's range, beyond it as above or below", () => {
    expect(marketPosition(11_000, 10_000)).toEqual({ position: "na-faixa", percent: 10 });
    expect(marketPosition(9_000, 10_000)).toEqual({ position: "na-faixa", percent: 10 });
    expect(marketPosition(11_100, 10_000)).toEqual({ position: "acima", percent: 11 });
    expect(marketPosition(8_900, 10_000)).toEqual({ position: "abaixo", percent: 11 });
  });
});

describe("marketSentence", () => {
  it("asks for the price and area when the listing lacks them", () => {
    expect(marketSentence({ ...market, medianPerM2: 10_000, ownPerM2: null })).toBe(
      "Informe o preço e a área do imóvel para compará-lo com o mercado.",
    );
  });

  it("says there is too little to compare before it says anything about the price", () => {
    expect(marketSentence({ ...market, count: 2, medianPerM2: null, ownPerM2: 9_000 })).toBe(
      "Há só 2 imóveis parecidos anunciados: poucos para comparar o preço do m² com segurança.",
    );
  });
});

describe("formatPerM2", () => {
  it("shows centavos below R$ 100 a m² (rents, land), whole reais above", () => {
    expect(formatPerM2(25.5, "/mês")).toBe("R$ 25,50/m²/mês");
    expect(formatPerM2(10_400.4, "")).toBe("R$ 10.400/m²");
  });
});

describe("ownerReportMessage", () => {
  it("greets the owner by first name and carries the link", () => {
    const url = `https://www.exemplo.com.br${ownerReportPath("abc")}`;
    expect(ownerReportMessage("Maria José da Silva", "CA0042", url)).toBe(
      "Olá, Maria! Este é o relatório do seu imóvel CA0042: visualizações, contatos e visitas, atualizados a cada acesso. https://www.exemplo.com.br/relatorio/abc",
    );
    expect(ownerReportMessage(null, "CA0042", url)).toMatch(/^Olá! Este é o relatório/);
  });
});
