// A stay's quote asked on a temporada listing's own URL without JavaScript
// (`/casas/CA0107?estadia=1&chegada=…&saida=…&hospedes=…#temporada`), as the financing
// simulator's `?simular=1` (decision 033): answered per request, never stored, never indexed.
import type { QuoteErrors, StayQuote } from "../../lib/rental";
import { parseStay, STAY_PARAM, type StayValues } from "../../lib/rental-form";
import type { Db } from "../db/client.server";
import { type ListingRental, quoteForListing } from "./rentals.server";

export interface StayAnswer {
  values: StayValues;
  quote: StayQuote | null;
  errors: QuoteErrors;
}

export async function stayFromUrl(
  db: Db,
  url: URL,
  propertyId: number,
  rental: ListingRental,
  today: string,
): Promise<StayAnswer | null> {
  if (!url.searchParams.has(STAY_PARAM)) return null;
  const parsed = parseStay((name) => url.searchParams.get(name) ?? undefined);
  if (!parsed.ok) return { values: parsed.values, quote: null, errors: parsed.errors };
  const quoted = await quoteForListing(db, propertyId, rental, parsed.stay, today);
  return quoted.ok
    ? { values: parsed.values, quote: quoted.quote, errors: {} }
    : { values: parsed.values, quote: null, errors: quoted.errors };
}
