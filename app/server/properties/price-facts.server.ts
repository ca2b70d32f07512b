// What buyers and tenants compare beyond the price: the sale price per square metre and, for a
// monthly rent, what the month really costs (aluguel + condomínio + IPTU, a yearly IPTU over 12).
// Shown on the cards and on the listing page (cards.server.ts, public-listing.server.ts).
import { formatPrice } from "../../lib/format";
import { IPTU_PERIODS } from "../../lib/vocabulary";
import type { Property } from "../db/schema.server";

export type PriceFactsFields = Pick<
  Property,
  | "precoVenda"
  | "precoAluguel"
  | "periodoAluguel"
  | "precoSobConsulta"
  | "condominio"
  | "iptu"
  | "iptuPeriodo"
  | "areaUtil"
  | "areaTotal"
>;

/**
 * "R$ 8.500/m²": the sale price over the área útil (the built, private area buyers compare),
 * or over the área total when there is no built area (land). Null without both.
 */
export function pricePerM2(p: PriceFactsFields): string | null {
  const area = p.areaUtil ?? p.areaTotal;
  if (p.precoSobConsulta || !p.precoVenda || !area || area <= 0) return null;
  return `${formatPrice(p.precoVenda / area)}/m²`;
}

export interface MonthlyTotal {
  /** "R$ 4.250/mês" */
  value: string;
  /** What it adds up: "Aluguel + condomínio + IPTU (R$ 1.200/ano ÷ 12)". */
  detail: string;
}

/**
 * The month's total for a monthly rent. Null when the rent is not monthly (temporada), hidden
 * ("sob consulta"), or when no fee is informed: the total would only repeat the rent. A fee
 * that is not informed is left out and named, never counted as zero; "isento" (0) counts.
 */
export function monthlyTotal(p: PriceFactsFields): MonthlyTotal | null {
  if (p.precoSobConsulta || !p.precoAluguel || (p.periodoAluguel ?? "mensal") !== "mensal") return null;
  if (p.condominio === null && p.iptu === null) return null;
  const iptuMonthly = p.iptu === null ? null : p.iptuPeriodo === "anual" ? p.iptu / 12 : p.iptu;
  const total = p.precoAluguel + (p.condominio ?? 0) + (iptuMonthly ?? 0);
  const parts = ["Aluguel"];
  if (p.condominio !== null) parts.push("condomínio");
  if (p.iptu !== null) {
    parts.push(p.iptuPeriodo === "anual" && p.iptu > 0 ? `IPTU (${formatPrice(p.iptu)}/ano ÷ 12)` : "IPTU");
  }
  const missing = [p.condominio === null ? "condomínio" : null, p.iptu === null ? "IPTU" : null].filter(
    (name) => name !== null,
  );
  const detail = `${parts.join(" + ")}${missing.length ? `; ${missing.join(" e ")} não informado` : ""}`;
  return { value: `${formatPrice(total)}/mês`, detail };
}

/** The fees as shown: "R$ 650/mês", "R$ 1.200/ano", "Isento" (0), or null when not informed. */
export function feeLines(p: Pick<Property, "condominio" | "iptu" | "iptuPeriodo">): {
  condominio: string | null;
  iptu: string | null;
} {
  const fee = (value: number | null, period: string) =>
    value === null ? null : value === 0 ? "Isento" : `${formatPrice(value)}/${period}`;
  return { condominio: fee(p.condominio, "mês"), iptu: fee(p.iptu, IPTU_PERIODS[p.iptuPeriodo]) };
}
