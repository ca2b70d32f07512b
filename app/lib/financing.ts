// The financing simulator's arithmetic: SAC and Price (the French table) as docs/domain.md
// ("Financing") gives them. Plain numbers in, plain numbers out; the same code runs in the
// listing page's loader (a simulation sent without JavaScript) and in the browser.

export const SISTEMAS = { sac: "SAC", price: "Price" } as const;
export type Sistema = keyof typeof SISTEMAS;

/** What the simulator asks; money in reais, the rate in percent a year (11.5 = 11,5 % a.a.). */
export interface FinancingInput {
  price: number;
  entrada: number;
  /** Months. */
  prazo: number;
  /** Effective annual rate, in percent. */
  taxa: number;
  sistema: Sistema;
}

export interface SimulationResult {
  /** Price minus the down payment. */
  financed: number;
  /** Monthly rate as a fraction (0.0091…), equivalent to the annual one. */
  monthlyRate: number;
  first: number;
  last: number;
  /** Every instalment added up (the down payment not included). */
  totalPaid: number;
  totalInterest: number;
  /** The gross monthly income for which the largest (the first) instalment is 30 %. */
  incomeNeeded: number;
}

export interface AmortizationRow {
  /** 1-based month. */
  month: number;
  instalment: number;
  amortization: number;
  interest: number;
  /** What is still owed after this instalment. */
  balance: number;
}

/** Banks' usual ceiling: the instalment at most this share of gross monthly income. */
export const INCOME_SHARE = 0.3;

/** i = (1 + a)^(1/12) − 1, the monthly rate equivalent to an effective annual one (in percent). */
export function monthlyRate(annualPercent: number): number {
  return (1 + annualPercent / 100) ** (1 / 12) - 1;
}

/** The Price system's constant instalment, P·i / (1 − (1 + i)^−n); P / n when i is 0. */
export function priceInstalment(financed: number, rate: number, months: number): number {
  if (rate === 0) return financed / months;
  return (financed * rate) / (1 - (1 + rate) ** -months);
}

export function simulate(input: FinancingInput): SimulationResult {
  const financed = input.price - input.entrada;
  const n = input.prazo;
  const i = monthlyRate(input.taxa);
  let first: number;
  let last: number;
  let totalPaid: number;
  if (input.sistema === "price") {
    first = last = priceInstalment(financed, i, n);
    totalPaid = first * n;
  } else {
    // Constant amortisation A = P/n; instalment k = A + i·(P − (k − 1)·A): the interest falls
    // by i·A a month, so the instalments add up to P + i·P·(n + 1)/2.
    const amortization = financed / n;
    first = amortization + i * financed;
    last = amortization + i * amortization;
    totalPaid = financed + (i * financed * (n + 1)) / 2;
  }
  return {
    financed,
    monthlyRate: i,
    first,
    last,
    totalPaid,
    totalInterest: totalPaid - financed,
    incomeNeeded: Math.max(first, last) / INCOME_SHARE,
  };
}

/** Month by month: instalment, amortisation, interest and the balance left. */
export function amortizationTable(input: FinancingInput): AmortizationRow[] {
  const financed = input.price - input.entrada;
  const n = input.prazo;
  const i = monthlyRate(input.taxa);
  const constant = input.sistema === "price" ? priceInstalment(financed, i, n) : 0;
  const rows: AmortizationRow[] = [];
  let balance = financed;
  for (let month = 1; month <= n; month++) {
    const interest = balance * i;
    const amortization = input.sistema === "price" ? constant - interest : financed / n;
    // The last month pays off what floating point left over (a fraction of a centavo).
    balance = month === n ? 0 : balance - amortization;
    rows.push({ month, instalment: amortization + interest, amortization, interest, balance });
  }
  return rows;
}
