// "Vistos recentemente": the listings this browser opened lately, newest first, kept in
// localStorage "vistos" (local-referencias.ts) and never sent anywhere but /api/cartoes for their
// cards. The listing page remembers itself (components/property/listing-page.tsx); the home page
// shows them (components/recently-viewed.tsx).
import { useCallback } from "react";
import { localReferencias } from "./local-referencias";

export const RECENTLY_VIEWED_KEY = "vistos";
/** How many are kept; the home page shows the first RECENTLY_VIEWED_SHOWN (one row of its grid). */
export const RECENTLY_VIEWED_MAX = 12;
export const RECENTLY_VIEWED_SHOWN = 3;

const store = localReferencias(RECENTLY_VIEWED_KEY, RECENTLY_VIEWED_MAX);

/** The list with `referencia` first: opened again, it moves to the front rather than repeating. */
export function withViewed(list: readonly string[], referencia: string): string[] {
  const ref = referencia.toUpperCase();
  return [ref, ...list.filter((r) => r !== ref)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Called by the listing page once it runs in the browser. */
export function rememberViewed(referencia: string) {
  const current = store.read();
  if (current[0] !== referencia.toUpperCase()) store.write(withViewed(current, referencia));
}

export function useRecentlyViewed() {
  const viewed = store.useList();
  const clear = useCallback(() => store.write([]), []);
  return { viewed, clear };
}
