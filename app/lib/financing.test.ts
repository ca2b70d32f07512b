// SAC and Price against values checked by hand (docs/domain.md, "Financing"): the textbook cases
// at 1 % a month, and a Brazilian home loan worked out with bc at 30 digits:
//   i = e(l(1.12)/12) − 1 = 0.009488792934582974…
//   Price: 100000·i/(1 − (1 + i)^−120) = 1399.4717386775…
//   SAC:   100000/120 + 100000·i = 1782.2126267916…; last 100000/120·(1 + i) = 841.2406607788…
import { describe, expect, it } from "vitest";
import { amortizationTable, type FinancingInput, monthlyRate, priceInstalment, simulate } from "./financing";

/** The annual rate (percent) that is exactly 1 % a month. */
const ONE_PERCENT_A_MONTH = (1.01 ** 12 - 1) * 100;
const cents = (value: number) => Math.round(value * 100) / 100;

describe("taxa mensal equivalente", () => {
  it("é (1 + a)^(1/12) − 1", () => {
    expect(monthlyRate(12)).toBeCloseTo(0.009488792934583, 12);
    expect(monthlyRate(ONE_PERCENT_A_MONTH)).toBeCloseTo(0.01, 12);
    expect(monthlyRate(0)).toBe(0);
  });
});

describe("tabela Price", () => {
  it("R$ 10.000 em 12 meses a 1 % a.m.: parcela de R$ 888,49 (o exemplo dos livros)", () => {
    expect(cents(priceInstalment(10_000, 0.01, 12))).toBe(888.49);
    const input: FinancingInput = {
      price: 12_500,
      entrada: 2_500,
      prazo: 12,
      taxa: ONE_PERCENT_A_MONTH,
      sistema: "price",
    };
    const result = simulate(input);
    expect(result.financed).toBe(10_000);
    expect(cents(result.first)).toBe(888.49);
    expect(cents(result.last)).toBe(888.49);
    expect(cents(result.totalPaid)).toBe(10_661.85);
    expect(cents(result.totalInterest)).toBe(661.85);
  });

  it("R$ 100.000 em 120 meses a 12 % a.a.: parcela de R$ 1.399,47", () => {
    const result = simulate({ price: 125_000, entrada: 25_000, prazo: 120, taxa: 12, sistema: "price" });
    expect(cents(result.first)).toBe(1399.47);
    expect(cents(result.last)).toBe(1399.47);
    expect(cents(result.totalPaid)).toBe(167_936.61);
    expect(cents(result.totalInterest)).toBe(67_936.61);
    expect(cents(result.incomeNeeded)).toBe(4664.91); // 1399.4717 / 0.3
  });

  it("sem juros, a parcela é o valor financiado dividido pelos meses", () => {
    const result = simulate({ price: 150_000, entrada: 30_000, prazo: 120, taxa: 0, sistema: "price" });
    expect(result.first).toBe(1000);
    expect(result.totalInterest).toBe(0);
  });

  it("a tabela mês a mês amortiza tudo: o saldo termina em zero e as parcelas somam o total", () => {
    const input: FinancingInput = {
      price: 500_000,
      entrada: 100_000,
      prazo: 360,
      taxa: 11.5,
      sistema: "price",
    };
    const rows = amortizationTable(input);
    expect(rows).toHaveLength(360);
    expect(cents(rows[0]!.instalment)).toBe(3789.65);
    expect(cents(rows[0]!.interest)).toBe(cents(400_000 * monthlyRate(11.5)));
    expect(rows.at(-1)!.balance).toBe(0);
    expect(cents(rows.reduce((sum, row) => sum + row.amortization, 0))).toBe(400_000);
    expect(cents(rows.reduce((sum, row) => sum + row.instalment, 0))).toBe(cents(simulate(input).totalPaid));
  });
});

describe("SAC", () => {
  it("R$ 12.000 em 12 meses a 1 % a.m.: amortiza R$ 1.000, primeira R$ 1.120, última R$ 1.010, juros R$ 780", () => {
    const input: FinancingInput = {
      price: 15_000,
      entrada: 3_000,
      prazo: 12,
      taxa: ONE_PERCENT_A_MONTH,
      sistema: "sac",
    };
    const result = simulate(input);
    expect(cents(result.first)).toBe(1120);
    expect(cents(result.last)).toBe(1010);
    expect(cents(result.totalInterest)).toBe(780);
    expect(cents(result.totalPaid)).toBe(12_780);
    const rows = amortizationTable(input);
    expect(rows.map((row) => cents(row.instalment))).toEqual([
      1120, 1110, 1100, 1090, 1080, 1070, 1060, 1050, 1040, 1030, 1020, 1010,
    ]);
    expect(rows.every((row) => cents(row.amortization) === 1000)).toBe(true);
    expect(rows.map((row) => cents(row.balance))).toEqual([
      11_000, 10_000, 9_000, 8_000, 7_000, 6_000, 5_000, 4_000, 3_000, 2_000, 1_000, 0,
    ]);
  });

  it("R$ 100.000 em 120 meses a 12 % a.a.: primeira R$ 1.782,21, última R$ 841,24", () => {
    const result = simulate({ price: 125_000, entrada: 25_000, prazo: 120, taxa: 12, sistema: "sac" });
    expect(cents(result.first)).toBe(1782.21);
    expect(cents(result.last)).toBe(841.24);
    expect(cents(result.totalInterest)).toBe(57_407.2); // i·P·(n + 1)/2
    expect(cents(result.incomeNeeded)).toBe(5940.71); // the first, the largest, / 0.3
  });

  it("R$ 400.000 em 360 meses a 11,5 % a.a.: o total da tabela confere com a fórmula", () => {
    const input: FinancingInput = {
      price: 500_000,
      entrada: 100_000,
      prazo: 360,
      taxa: 11.5,
      sistema: "sac",
    };
    const result = simulate(input);
    expect(cents(result.first)).toBe(4756.1);
    expect(cents(result.last)).toBe(1121.24);
    expect(cents(result.totalInterest)).toBe(657_920.22);
    const rows = amortizationTable(input);
    expect(cents(rows.reduce((sum, row) => sum + row.interest, 0))).toBe(657_920.22);
    expect(rows.at(-1)!.balance).toBe(0);
  });
});
