// A list of referências kept in this browser's localStorage, no account: the visitor's favourites
// (favorites.ts) and the listings they opened lately (recently-viewed.ts). One store per key for
// every component on the page, kept in step across tabs by the `storage` event; storage that is
// blocked (private mode, policies) or full is simply an empty list.
import { useSyncExternalStore } from "react";
import { ANY_REFERENCIA } from "./listing";

const EMPTY: readonly string[] = Object.freeze([]);
const serverSnapshot = () => EMPTY;

/** Cleans whatever is stored: upper-case, valid, unique, newest first, at most `max`. */
export function parseReferencias(raw: string | null, max: number): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const refs = value
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim().toUpperCase())
    .filter((v) => ANY_REFERENCIA.test(v));
  return [...new Set(refs)].slice(0, max);
}

export interface LocalReferencias {
  /** The list now (the same frozen array until it changes). */
  read(): readonly string[];
  /** Stores the list (cut to its maximum) and tells every listener on the page. */
  write(list: readonly string[]): void;
  /** The list in a component, re-rendered when it changes here or in another tab. */
  useList(): readonly string[];
}

export function localReferencias(key: string, max: number): LocalReferencias {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedList: readonly string[] = EMPTY;

  function read(): readonly string[] {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return EMPTY;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      cachedList = Object.freeze(parseReferencias(raw, max));
    }
    return cachedList;
  }

  function write(list: readonly string[]) {
    try {
      window.localStorage.setItem(key, JSON.stringify(list.slice(0, max)));
    } catch {
      // Quota or blocked storage: nothing to keep, nothing to break.
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  }

  return { read, write, useList: () => useSyncExternalStore(subscribe, read, serverSnapshot) };
}
