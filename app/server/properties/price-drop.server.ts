// "Baixou 8%": a listing whose main price (the card's: the sale price, else the rent) went down
// says so on its card and page (decision 047). Honest by the rule of the EU's Omnibus directive,
// which Brazilian consumer law (CDC, art. 37: no misleading advertising) does not spell out:
// - the price it was reduced from must have been held at least PRICE_REFERENCE_DAYS (a price
//   raised last week and "reduced" today is no reduction);
// - a reduction of a reduction keeps the first one's reference (progressive reductions);
// - any raise, a change from sale to rent, or "sob consulta" ends it;
// - it is news for PRICE_DROP_SHOWN_DAYS, then the badge goes (the price stays as it is).
// Written by updateProperty (admin.server.ts) in the transaction of the change; read by the cards
// (cards.server.ts), the listing page and the owner's report.
import { formatPrice } from "../../lib/format";
import { RENT_PERIODS } from "../../lib/vocabulary";
import type { Property } from "../db/schema.server";

/** A price held this long before a reduction is a price it was reduced from. */
export const PRICE_REFERENCE_DAYS = 30;
/** A reduction is shown this long after it was made. */
export const PRICE_DROP_SHOWN_DAYS = 30;
const DAY = 86_400_000;

type PriceFields = Pick<Property, "precoVenda" | "precoAluguel" | "periodoAluguel" | "precoSobConsulta">;
type PriceState = PriceFields & Pick<Property, "priceSince" | "priceDropFrom" | "priceDropAt">;

/** The price a visitor reads first, as the card shows it (priceLines in cards.server.ts). */
function mainPrice(p: PriceFields): { kind: "venda" | "aluguel"; value: number } | null {
  if (p.precoSobConsulta) return null;
  if (p.precoVenda) return { kind: "venda", value: p.precoVenda };
  if (p.precoAluguel) return { kind: "aluguel", value: p.precoAluguel };
  return null;
}

/**
 * What an update writes to the price-drop columns: nothing when the main price stays, else when
 * the new price starts and the reduction it makes (or none).
 */
export function priceColumnsAfter(
  current: PriceState,
  next: PriceFields,
  now: Date,
): Partial<Pick<Property, "priceSince" | "priceDropFrom" | "priceDropAt">> {
  const before = mainPrice(current);
  const after = mainPrice(next);
  if (before === null && after === null) return {};
  const ended = { priceSince: now, priceDropFrom: null, priceDropAt: null };
  // A rent per month and a rent per day are different prices, whatever the numbers.
  const samePeriod = before?.kind !== "aluguel" || current.periodoAluguel === next.periodoAluguel;
  if (before === null || after === null || before.kind !== after.kind || !samePeriod) return ended;
  if (before.value === after.value) return {};
  if (after.value > before.value) return ended;
  const held = now.getTime() - current.priceSince.getTime() >= PRICE_REFERENCE_DAYS * DAY;
  // Reduced again before the last reduction's price was held a month: its reference stands.
  const from = held ? before.value : current.priceDropFrom;
  if (from === null || from <= after.value) return ended;
  return { priceSince: now, priceDropFrom: from, priceDropAt: now };
}

export interface PriceDrop {
  /** "R$ 900.000" or "R$ 3.500/mês": the price it was reduced from. */
  from: string;
  /** Whole percent, at least 1. */
  percent: number;
  /** When it was reduced (ISO). */
  at: string;
}

/** The reduction to show now, or null (none, too old, or less than 1 %). */
export function priceDropOf(p: PriceState, now: Date = new Date()): PriceDrop | null {
  const main = mainPrice(p);
  if (!main || p.priceDropFrom === null || p.priceDropAt === null) return null;
  if (now.getTime() - p.priceDropAt.getTime() > PRICE_DROP_SHOWN_DAYS * DAY) return null;
  const percent = Math.round(((p.priceDropFrom - main.value) / p.priceDropFrom) * 100);
  if (percent < 1) return null;
  const from =
    main.kind === "venda"
      ? formatPrice(p.priceDropFrom)
      : `${formatPrice(p.priceDropFrom)}/${RENT_PERIODS[p.periodoAluguel ?? "mensal"]}`;
  return { from, percent, at: p.priceDropAt.toISOString() };
}
