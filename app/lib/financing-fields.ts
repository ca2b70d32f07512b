// The financing simulator's fields, limits, loader data and how a typed amount or rate reads,
// without the schema: the listing page draws the form from this (and stays small); the schema
// (financing-form.ts, zod) runs in the loader and comes to the browser only when a visitor uses
// the simulator. The settings screen reads its default rate with parsePercent too.
import type { FinancingInput } from "./financing";
import { formatDecimal, formatInteger } from "./format";

export const FINANCING_FIELDS = ["preco", "entrada", "prazo", "taxa", "sistema"] as const;
export type FinancingField = (typeof FINANCING_FIELDS)[number];
export type FinancingFieldErrors = Partial<Record<FinancingField, string>>;
/** The fields as text, as typed (or as the page first fills them in). */
export type FinancingValues = Record<FinancingField, string>;

/**
 * Marks a GET of the listing's URL (or a lead form's post) as carrying a simulation:
 * /casas/AP0042?simular=1&entrada=…#simulador (decision 033).
 */
export const SIMULATION_PARAM = "simular";

export const PRAZO_MIN = 12;
/** The longest term the banks offer (docs/domain.md). */
export const PRAZO_MAX = 420;
export const PRAZO_DEFAULT = 360;
/** Percent a year. */
export const TAXA_MAX = 30;
/** The largest price the simulator takes (the listing's own comes prefilled; a visitor may try an offer). */
export const PRECO_MAX = 1_000_000_000;
/** The down payment the form starts with, as a share of the price. */
export const ENTRADA_SHARE = 0.2;
/** The simulator's rate until the admin sets one (agency_settings.financing_rate_bp). */
export const DEFAULT_FINANCING_RATE_BP = 1150;
/** No typed value is longer than this (the form's maxLength, and what is echoed back). */
export const FINANCING_VALUE_MAX = 20;

/** What the listing page's loader tells the simulator: shown only on a sale listing with a price. */
export interface FinancingOffer {
  /** The listing's asking price. */
  price: number;
  /** The form's first values: that price, 20 % down, 360 months, the agency's rate, SAC. */
  defaults: FinancingValues;
}

/** A simulation sent in the URL (without JavaScript), read by the loader. */
export interface SimulationRequest {
  values: FinancingValues;
  /** Null when a field is wrong: the form shows fieldErrors instead of a result. */
  input: FinancingInput | null;
  fieldErrors: FinancingFieldErrors;
}

/** 1150 basis points → "11,5" (as the form and the settings screen show a rate). */
export function formatRate(basisPoints: number): string {
  return formatDecimal(basisPoints / 100, 2);
}

export function defaultFinancingValues(price: number, rateBasisPoints: number): FinancingValues {
  return {
    preco: formatInteger(price),
    entrada: formatInteger(Math.round(price * ENTRADA_SHARE)),
    prazo: String(PRAZO_DEFAULT),
    taxa: formatRate(rateBasisPoints),
    sistema: "sac",
  };
}

/** Does this query string (`?simular=1&…`) carry a simulation? */
export function isSimulationQuery(search: string): boolean {
  return new URLSearchParams(search).has(SIMULATION_PARAM);
}

/**
 * Reais as people type them in Brazil: "170.000", "170000", "R$ 170.000,50"; also "170000.50"
 * (a dot before one or two final digits is a decimal point). NaN for anything else.
 */
export function parseMoney(text: string): number {
  const s = text.replace(/R\$|\s/gi, "");
  if (/^\d{1,15}\.\d{1,2}$/.test(s)) return Number(s);
  if (/^(\d{1,3}(\.\d{3}){1,4}|\d{1,15})(,\d{1,2})?$/.test(s)) {
    return Number(s.replace(/\./g, "").replace(",", "."));
  }
  return Number.NaN;
}

/** "11,5", "11.5", "11,5 %", "11,5% a.a." → 11.5; NaN for anything else. */
export function parsePercent(text: string): number {
  const s = text
    .replace(/\s+/g, "")
    .replace(/%(a\.?a\.?)?$/i, "")
    .replace(",", ".");
  return /^\d{1,3}(\.\d{1,4})?$/.test(s) ? Number(s) : Number.NaN;
}
