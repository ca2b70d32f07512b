import { describe, expect, it } from "vitest";
import { feeLines, monthlyTotal, type PriceFactsFields, pricePerM2 } from "./price-facts.server";

const BASE: PriceFactsFields = {
  precoVenda: null,
  precoAluguel: null,
  periodoAluguel: null,
  precoSobConsulta: false,
  condominio: null,
  iptu: null,
  iptuPeriodo: "anual",
  areaUtil: null,
  areaTotal: null,
};

describe("pricePerM2", () => {
  it("divides the sale price by the área útil, else by the área total (land)", () => {
    expect(pricePerM2({ ...BASE, precoVenda: 850_000, areaUtil: 100, areaTotal: 400 })).toBe("R$ 8.500/m²");
    expect(pricePerM2({ ...BASE, precoVenda: 300_000, areaTotal: 360 })).toBe("R$ 833/m²");
  });

  it("says nothing without a sale price, an area, or when the price is hidden", () => {
    expect(pricePerM2({ ...BASE, precoAluguel: 3_500, areaUtil: 80 })).toBeNull();
    expect(pricePerM2({ ...BASE, precoVenda: 850_000 })).toBeNull();
    expect(pricePerM2({ ...BASE, precoVenda: 850_000, areaUtil: 100, precoSobConsulta: true })).toBeNull();
  });
});

describe("monthlyTotal", () => {
  it("adds condomínio and a twelfth of a yearly IPTU to the monthly rent", () => {
    expect(
      monthlyTotal({ ...BASE, precoAluguel: 3_500, periodoAluguel: "mensal", condominio: 650, iptu: 1_200 }),
    ).toEqual({ value: "R$ 4.250/mês", detail: "Aluguel + condomínio + IPTU (R$ 1.200/ano ÷ 12)" });
  });

  it("takes a monthly IPTU as it is, and counts an exemption (isento) as zero", () => {
    expect(
      monthlyTotal({ ...BASE, precoAluguel: 2_000, iptu: 90, iptuPeriodo: "mensal", condominio: 0 }),
    ).toEqual({ value: "R$ 2.090/mês", detail: "Aluguel + condomínio + IPTU" });
  });

  it("names a fee that is not informed instead of counting it as zero", () => {
    expect(monthlyTotal({ ...BASE, precoAluguel: 2_000, condominio: 500 })).toEqual({
      value: "R$ 2.500/mês",
      detail: "Aluguel + condomínio; IPTU não informado",
    });
  });

  it("says nothing without fees, for a daily (temporada) rent, or when the price is hidden", () => {
    expect(monthlyTotal({ ...BASE, precoAluguel: 2_000 })).toBeNull();
    expect(
      monthlyTotal({ ...BASE, precoAluguel: 900, periodoAluguel: "diaria", condominio: 300 }),
    ).toBeNull();
    expect(
      monthlyTotal({ ...BASE, precoAluguel: 2_000, condominio: 300, precoSobConsulta: true }),
    ).toBeNull();
    expect(monthlyTotal({ ...BASE, precoVenda: 500_000, condominio: 300 })).toBeNull();
  });
});

describe("feeLines", () => {
  it("shows each fee with its period, an exemption as Isento, and nothing when not informed", () => {
    expect(feeLines({ condominio: 650, iptu: 1_200, iptuPeriodo: "anual" })).toEqual({
      condominio: "R$ 650/mês",
      iptu: "R$ 1.200/ano",
    });
    expect(feeLines({ condominio: 0, iptu: 90, iptuPeriodo: "mensal" })).toEqual({
      condominio: "Isento",
      iptu: "R$ 90/mês",
    });
    expect(feeLines({ condominio: null, iptu: null, iptuPeriodo: "anual" })).toEqual({
      condominio: null,
      iptu: null,
    });
  });
});
