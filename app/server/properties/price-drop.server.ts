// "Baixou 8%": a listing whose main price (the card's: the sale price, else the rent) went down
// says so on its card and page (decision 047). Honest by the rule of the EU's Omnibus directive,
// which Brazilian consumer law (CDC, art. 37: no misleading advertising) does not spell out:
// - the price it was reduced from must have been held on the site at least PRICE_REFERENCE_DAYS
//   (a price raised last week and "reduced" today is no reduction, nor a draft's asking price);
// - a reduction of a reduction within its PRICE_DROP_SHOWN_DAYS keeps the first one's reference
//   and start (progressive reductions);
// - any raise, a change from sale to rent, of rent period, or "sob consulta" ends it;
// - it is news for PRICE_DROP_SHOWN_DAYS from the first reduction, then the badge goes.
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

/** A rent without a period reads as monthly (the card says "/mês"). */
const periodOf = (p: PriceFields) => p.periodoAluguel ?? "mensal";

/**
 * What an update writes to the price-drop columns: nothing when the main price stays, else when
 * the new price starts and the reduction in force (or none). `publishedAt` is the listing's
 * before the update: only time on the site counts as holding a price (a draft's asking price,
 * never shown, is no price it was reduced from).
 */
export function priceColumnsAfter(
  current: PriceState & Pick<Property, "publishedAt">,
  next: PriceFields,
  now: Date,
): Partial<Pick<Property, "priceSince" | "priceDropFrom" | "priceDropAt">> {
  const before = mainPrice(current);
  const after = mainPrice(next);
  if (before === null && after === null) return {};
  const ended = { priceSince: now, priceDropFrom: null, priceDropAt: null };
  // A rent per month and a rent per day are different prices, whatever the numbers.
  const samePeriod = before?.kind !== "aluguel" || periodOf(current) === periodOf(next);
  if (before === null || after === null || before.kind !== after.kind || !samePeriod) return ended;
  if (before.value === after.value) return {};
  if (after.value > before.value) return ended;
  const shownSince = Math.max(current.priceSince.getTime(), current.publishedAt?.getTime() ?? Infinity);
  const held = now.getTime() - shownSince >= PRICE_REFERENCE_DAYS * DAY;
  if (held) return { priceSince: now, priceDropFrom: before.value, priceDropAt: now };
  // Reduced again while a reduction is in force: its reference and its start stand (so cutting a
  // little every month cannot keep the badge up against an ever older price).
  const inForce =
    current.priceDropFrom !== null &&
    current.priceDropAt !== null &&
    now.getTime() - current.priceDropAt.getTime() <= PRICE_DROP_SHOWN_DAYS * DAY &&
    current.priceDropFrom > after.value;
  if (inForce) return { priceSince: now };
  return ended;
}

export interface PriceDrop {
  /** "R$ 900.000" or "R$ 3.500/mês": the price it was reduced from. */
  from: string;
  /** Whole percent, rounded down (never overstated), at least 1. */
  percent: number;
  /** When the price took its current value (ISO): the last of progressive reductions. */
  at: string;
}

/** The last instant the reduction in force is shown (null: none). */
export function priceDropUntil(p: Pick<Property, "priceDropAt">): Date | null {
  return p.priceDropAt ? new Date(p.priceDropAt.getTime() + PRICE_DROP_SHOWN_DAYS * DAY) : null;
}

/** The reduction to show now, or null (none, over PRICE_DROP_SHOWN_DAYS old, or under 1 %). */
export function priceDropOf(p: PriceState, now: Date = new Date()): PriceDrop | null {
  const main = mainPrice(p);
  if (!main || p.priceDropFrom === null || p.priceDropAt === null) return null;
  if (now > (priceDropUntil(p) as Date)) return null;
  const percent = Math.floor(((p.priceDropFrom - main.value) / p.priceDropFrom) * 100);
  if (percent < 1) return null;
  const from =
    main.kind === "venda"
      ? formatPrice(p.priceDropFrom)
      : `${formatPrice(p.priceDropFrom)}/${RENT_PERIODS[periodOf(p)]}`;
  return { from, percent, at: p.priceSince.toISOString() };
}
