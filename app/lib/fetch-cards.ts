// Card data for listings the browser keeps (favourites, vistos recentemente) from
// GET /api/cartoes?refs=AP0001,CA0002 (app/routes/api/cartoes.tsx, validated by ./cards-api.ts).
import { MAX_FAVORITES } from "./favorites";
import type { ComparedCardData } from "./property-card";

/** /api/cartoes for these referências, the first MAX_FAVORITES (the most it answers). */
export function cardsApiUrl(refs: readonly string[]): string {
  return `/api/cartoes?${new URLSearchParams({ refs: refs.slice(0, MAX_FAVORITES).join(",") })}`;
}

/** The cards of the referências still on the site (the others are absent); throws unless 200. */
export async function fetchCards(refs: readonly string[], signal: AbortSignal): Promise<ComparedCardData[]> {
  const response = await fetch(cardsApiUrl(refs), { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ((await response.json()) as { cards: ComparedCardData[] }).cards;
}
