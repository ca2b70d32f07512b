// The financing simulator on a listing's page (decision 033): which listings offer it and with
// what first values, a simulation sent in the URL without JavaScript (answered per request, never
// stored by the page cache), and the summary a lead about a simulation carries in its message.
import { type FinancingInput, SISTEMAS, simulate } from "../../lib/financing";
import {
  defaultFinancingValues,
  type FinancingOffer,
  SIMULATION_PARAM,
  type SimulationRequest,
} from "../../lib/financing-fields";
import { parseFinancing } from "../../lib/financing-form";
import { formatDecimal, formatMoney, formatPrice } from "../../lib/format";
import type { Property } from "../db/schema.server";

type Offered = Pick<Property, "finalidades" | "precoVenda" | "precoSobConsulta" | "status">;

/**
 * A listing for sale with a price shown offers the simulator; one sold or rented (the page then
 * has no contact) or "sob consulta" does not.
 */
export function financingOffer(property: Offered, rateBasisPoints: number): FinancingOffer | null {
  const price = property.precoVenda;
  if (!property.finalidades.includes("venda") || property.precoSobConsulta || !price || price <= 0)
    return null;
  if (property.status === "vendido" || property.status === "alugado") return null;
  return { price, defaults: defaultFinancingValues(price, rateBasisPoints) };
}

/** `?simular=1&entrada=…` on the listing's URL: the simulation to answer, or null. */
export function simulationFromUrl(url: URL, offer: FinancingOffer | null): SimulationRequest | null {
  if (!offer || !url.searchParams.has(SIMULATION_PARAM)) return null;
  const parsed = parseFinancing((name) => url.searchParams.get(name) ?? undefined);
  return parsed.ok
    ? { values: parsed.values, input: parsed.input, fieldErrors: {} }
    : { values: parsed.values, input: null, fieldErrors: parsed.fieldErrors };
}

/** What a lead about a simulation adds to the visitor's message, and keeps as data. */
export interface SimulationNote {
  text: string;
  extra: Record<string, unknown>;
}

/**
 * The simulation in a few lines an agent reads in /admin/leads and in the lead e-mail; a price
 * other than the asking one (the visitor tried an offer) says so.
 */
export function simulationNote(input: FinancingInput, askingPrice: number): SimulationNote {
  const result = simulate(input);
  const price =
    input.price === askingPrice
      ? `Valor do imóvel ${formatMoney(input.price)}`
      : `Valor simulado ${formatMoney(input.price)} (anunciado por ${formatPrice(askingPrice)})`;
  const text = [
    `Simulação de financiamento (${SISTEMAS[input.sistema]}), feita no site:`,
    `${price}; entrada ${formatMoney(input.entrada)}; valor financiado ${formatMoney(result.financed)}; prazo ${input.prazo} meses; juros ${formatDecimal(input.taxa, 4)} % a.a.`,
    `Primeira parcela ${formatMoney(result.first)}; última parcela ${formatMoney(result.last)}; total pago ${formatMoney(result.totalPaid)}; total de juros ${formatMoney(result.totalInterest)}; renda mínima ${formatMoney(result.incomeNeeded)}.`,
    "Estimativa sem seguros (MIP e DFI) e tarifas.",
  ].join("\n");
  return {
    text,
    extra: {
      simulacao: {
        sistema: input.sistema,
        preco: input.price,
        entrada: input.entrada,
        prazoMeses: input.prazo,
        taxaAnual: input.taxa,
        primeiraParcela: Math.round(result.first * 100) / 100,
        ultimaParcela: Math.round(result.last * 100) / 100,
      },
    },
  };
}

export type LeadSimulation =
  | { kind: "none" }
  | { kind: "ok"; note: SimulationNote }
  /** Hidden fields someone changed: nothing is stored. */
  | { kind: "invalid" };

/** The simulation a lead form's post carries (its hidden fields), on a listing that offers one. */
export function leadSimulation(form: FormData, offer: FinancingOffer | null): LeadSimulation {
  if (!form.has(SIMULATION_PARAM)) return { kind: "none" };
  if (!offer) return { kind: "invalid" };
  const parsed = parseFinancing((name) => form.get(name) ?? undefined);
  return parsed.ok ? { kind: "ok", note: simulationNote(parsed.input, offer.price) } : { kind: "invalid" };
}
