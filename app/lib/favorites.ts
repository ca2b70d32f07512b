// Favourites live in the visitor's browser (no account): localStorage "favoritos" holds an array
// of referências (local-referencias.ts keeps it in step across the page's cards and tabs).
import { useCallback } from "react";
import { ANY_REFERENCIA, listingPath } from "./listing";
import { localReferencias, parseReferencias } from "./local-referencias";

export const FAVORITES_KEY = "favoritos";
/** The most favourites kept, and the most /api/cartoes answers at once (fetch-cards.ts). */
export const MAX_FAVORITES = 60;

/**
 * The favourites page's address that saves `referencia`: where the listing page's save form
 * goes when JavaScript has not taken over (yet, or at all). The page saves it on arrival, or
 * says that favourites need JavaScript.
 */
export const SAVE_FAVORITE_PARAM = "salvar";

/** The referência a /favoritos?salvar=… asks to save, upper-cased; null when there is none or it is malformed. */
export function referenciaToSave(search: URLSearchParams): string | null {
  const value = search.get(SAVE_FAVORITE_PARAM)?.trim().toUpperCase() ?? "";
  return ANY_REFERENCIA.test(value) ? value : null;
}

/**
 * A list of favourites sent to someone else: /favoritos?lista=AP0001,CA0002 shows those listings
 * (rendered by the server, so a link pasted in WhatsApp has its preview) and lets the visitor save
 * them in their own browser.
 */
export const SHARED_LIST_PARAM = "lista";

/**
 * A list an agent sent a lead carries its sending's token too (`envio`), so the lead's screen can
 * say when it was opened (decision 049). Anyone else's copy of the list drops it.
 */
export const SENT_LIST_PARAM = "envio";
const SENT_LIST_TOKEN = /^[A-Za-z0-9_-]{16}$/;

/**
 * The address of a shared list, commas left readable (referências are only A–Z, 0–9 and "-"),
 * with the token of an agent's sending when it is one.
 */
export function sharedListPath(referencias: readonly string[], sentToken?: string): string {
  const list = `/favoritos?${SHARED_LIST_PARAM}=${referencias.slice(0, MAX_FAVORITES).join(",")}`;
  return sentToken ? `${list}&${SENT_LIST_PARAM}=${sentToken}` : list;
}

/**
 * The link an agent sends a lead (decision 049): two or more listings as the list side by side,
 * one as its own page, both with the sending's token.
 */
export function sentLinkPath(referencias: readonly string[], sentToken: string): string {
  const [only] = referencias;
  return referencias.length === 1 && only
    ? `${listingPath(only)}?${SENT_LIST_PARAM}=${sentToken}`
    : sharedListPath(referencias, sentToken);
}

/** The sending's token in a list's or a listing's address, when it has a well-formed one. */
export function sentListToken(search: URLSearchParams): string | null {
  // A chat app may glue the sentence's full stop to the link, as with the referências.
  const token =
    search
      .get(SENT_LIST_PARAM)
      ?.trim()
      .replace(/[.,;:!?)\]]+$/, "") ?? "";
  return SENT_LIST_TOKEN.test(token) ? token : null;
}

/**
 * The referências a shared list's address carries, upper-cased, unique, capped; null when the
 * address has no list. Forgiving of what messaging apps do to a link (spaces, a full stop or a
 * bracket after it); anything else that is not a referência is left out.
 */
export function referenciasInList(search: URLSearchParams): string[] | null {
  const value = search.get(SHARED_LIST_PARAM);
  if (value === null) return null;
  const refs = value
    .split(",")
    .map((part) =>
      part
        .trim()
        .replace(/[.,;:!?)\]]+$/, "")
        .toUpperCase(),
    )
    .filter((ref) => ANY_REFERENCIA.test(ref));
  return [...new Set(refs)].slice(0, MAX_FAVORITES);
}

const store = localReferencias(FAVORITES_KEY, MAX_FAVORITES);

/** Cleans whatever is stored: upper-case, valid, unique, newest first, capped. */
export const parseFavorites = (raw: string | null) => parseReferencias(raw, MAX_FAVORITES);

export function useFavorites() {
  const favorites = store.useList();
  const isFavorite = useCallback(
    (referencia: string) => favorites.includes(referencia.toUpperCase()),
    [favorites],
  );
  const toggle = useCallback((referencia: string) => {
    const ref = referencia.toUpperCase();
    const current = store.read();
    store.write(current.includes(ref) ? current.filter((r) => r !== ref) : [ref, ...current]);
  }, []);
  const add = useCallback((referencia: string) => {
    const ref = referencia.toUpperCase();
    const current = store.read();
    if (!current.includes(ref)) store.write([ref, ...current]);
  }, []);
  const remove = useCallback((referencia: string) => {
    const ref = referencia.toUpperCase();
    store.write(store.read().filter((r) => r !== ref));
  }, []);
  return { favorites, isFavorite, toggle, add, remove };
}
