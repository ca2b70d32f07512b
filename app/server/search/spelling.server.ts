// What a search page offers when its words find nothing: "Você quis dizer: apartamento?" (the
// misspelt words replaced by the closest words of the catalogue, by pg_trgm similarity), and the
// featured listings instead of an empty page. The catalogue's words are read once per data
// version; similarity is asked of the database only for a word that matches no listing
// (decision 026).
import { count, sql } from "drizzle-orm";
import type { PropertyCardData } from "../../lib/property-card";
import { emptyFilters } from "../../lib/search-filters";
import type { SearchFallback, SpellingSuggestion } from "../../lib/search-page";
import { type SearchFilters, searchHref } from "../../lib/search-params";
import { COMODIDADES, type Comodidade, TIPOS, type Tipo } from "../../lib/vocabulary";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { isPublished } from "../properties/cards.server";
import { listFeaturedCards, listNewestCards } from "../properties/public-cards.server";
import { searchProperties } from "./search.server";
import { foldSearchText } from "./text-query.server";

/**
 * pg_trgm's similarity a catalogue word needs to replace a word of the query. pg_trgm's own
 * default (0.3) misses a swap of two letters in a short word ("macieo" → "maceio" is 0.27); a
 * wrong guess costs little, since a suggestion is only made when it finds listings.
 */
export const MIN_SIMILARITY = 0.25;
/** Shorter words have too few trigrams to compare (and "de", "em" are stop words anyway). */
const MIN_WORD_LENGTH = 3;
/** At most this many words of one query are looked up, as the search keeps at most 8 prefixes. */
const MAX_WORDS = 8;
const FEATURED = 6;

/** The words of the published catalogue, folded (foldSearchText), the most frequent first. */
export interface CatalogueWords {
  keys: string[];
  /** The same keys in code-point order, to find a key that starts with a word (a prefix search). */
  sorted: string[];
  /** Each key as the catalogue most often writes it: "pajucara" → "pajuçara". */
  spelling: Map<string, string>;
}

/** A word of a query, where it stands in it, and its folded form. */
interface QueryWord {
  text: string;
  start: number;
  key: string;
}

/**
 * The words of the titles, bairros and cities of published listings, and the names of their
 * tipos and comodidades (what a visitor types and the search looks in; descriptions, written
 * freely, would teach it their own misspellings). Grouped in SQL: one row per distinct token.
 */
async function readCatalogueWords(db: Db): Promise<CatalogueWords> {
  const counts = new Map<string, Map<string, number>>(); // key → spelling → count
  const add = (text: string, times: number) => {
    for (const token of text.split(/[^\p{L}\p{N}]+/u)) {
      if (!isWord(token)) continue;
      const key = foldSearchText(token);
      const spellings = counts.get(key) ?? new Map<string, number>();
      const spelling = token.toLocaleLowerCase("pt-BR");
      spellings.set(spelling, (spellings.get(spelling) ?? 0) + times);
      counts.set(key, spellings);
    }
  };
  const [tokens, tipos, comodidades] = await Promise.all([
    // Titles split on spaces here, so that only distinct tokens come back; add() splits them
    // further on punctuation. (~1 s on PGlite at 50 000 listings, most of it reading the rows.)
    db.execute(sql`select token, count(*)::int as n
      from ${properties}, unnest(string_to_array(${properties.titulo}, ' ')) as token
      where ${isPublished}
      group by token
      union all
      select ${properties.bairro}, count(*)::int from ${properties} where ${isPublished} group by ${properties.bairro}
      union all
      select ${properties.cidade}, count(*)::int from ${properties} where ${isPublished} group by ${properties.cidade}`),
    db
      .select({ tipo: properties.tipo, n: count() })
      .from(properties)
      .where(isPublished)
      .groupBy(properties.tipo),
    db.execute(sql`select comodidade, count(*)::int as n
      from ${properties}, unnest(${properties.comodidades}) as comodidade
      where ${isPublished}
      group by comodidade`),
  ]);
  for (const { token, n } of rowsOf<{ token: string; n: number }>(tokens)) add(token, n);
  for (const { tipo, n } of tipos) add(TIPOS[tipo as Tipo]?.label ?? tipo, n);
  for (const { comodidade, n } of rowsOf<{ comodidade: string; n: number }>(comodidades)) {
    add(COMODIDADES[comodidade as Comodidade]?.label ?? comodidade, n);
  }
  const total = (spellings: Map<string, number>) => [...spellings.values()].reduce((a, b) => a + b, 0);
  const keys = [...counts.entries()]
    .sort(([a, x], [b, y]) => total(y) - total(x) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([key]) => key);
  const spelling = new Map<string, string>();
  for (const [key, spellings] of counts) {
    spelling.set(key, [...spellings.entries()].sort(([, a], [, b]) => b - a)[0]![0]);
  }
  return { keys, sorted: [...keys].sort(), spelling };
}

/** The catalogue's words, read again only after a write a visitor could see (decision 009). */
export const catalogueWords: (db: Db) => Promise<CatalogueWords> = perDataVersion(readCatalogueWords);

/** Letters only, long enough to compare: numbers and referências (AP0042) are not spelt. */
function isWord(token: string): boolean {
  return token.length >= MIN_WORD_LENGTH && !/\p{N}/u.test(token);
}

/** Is `key` a word of the catalogue, or the start of one (the search finds "apart" in apartamento)? */
function isKnown(words: CatalogueWords, key: string): boolean {
  let low = 0;
  let high = words.sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words.sorted[middle]! < key) low = middle + 1;
    else high = middle;
  }
  return words.sorted[low]?.startsWith(key) ?? false;
}

/** The query's words worth checking: not excluded (`-piscina` narrows nothing when misspelt). */
function queryWords(q: string): QueryWord[] {
  const words: QueryWord[] = [];
  for (const match of q.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = match.index;
    if (!isWord(match[0]) || q[start - 1] === "-") continue;
    words.push({ text: match[0], start, key: foldSearchText(match[0]) });
  }
  return words.slice(0, MAX_WORDS);
}

/** How many listings a search finds: the search itself (its in-process index when it can). */
async function countFound(db: Db, filters: SearchFilters, restrictTipos?: readonly Tipo[]): Promise<number> {
  return (await searchProperties(db, filters, { restrictTipos, pageSize: 1 })).total;
}

/** Does the word alone find a published listing (in a description, or through its stem)? */
async function findsAnything(db: Db, word: string): Promise<boolean> {
  return (await countFound(db, { ...emptyFilters(), q: word })) > 0;
}

/** websearch's `or` (any case): only then can a word find nothing while the search finds something. */
const hasOr = (q: string) => /(^|\s)or(\s|$)/i.test(q);

/** For each word, the most similar catalogue key (the most frequent on a tie), if any is similar enough. */
async function closestKeys(db: Db, words: CatalogueWords, keys: string[]): Promise<Map<string, string>> {
  // Two parameters whatever the sizes: the keys hold no spaces (they are split on them).
  const result = await db.execute(sql`select typed.word, best.key
    from unnest(string_to_array(${keys.join(" ")}, ' ')) as typed(word)
    cross join lateral (
      select candidate.key
      from unnest(string_to_array(${words.keys.join(" ")}, ' ')) with ordinality as candidate(key, rank)
      where similarity(candidate.key, typed.word) >= ${MIN_SIMILARITY}
      order by similarity(candidate.key, typed.word) desc, candidate.rank
      limit 1
    ) as best`);
  return new Map(rowsOf<{ word: string; key: string }>(result).map((row) => [row.word, row.key]));
}

/** The typed word's capital, kept: "Apartamneto" → "Apartamento". */
function likeTyped(typed: string, spelling: string): string {
  const first = typed.charAt(0);
  return first !== first.toLocaleLowerCase("pt-BR")
    ? spelling.charAt(0).toLocaleUpperCase("pt-BR") + spelling.slice(1)
    : spelling;
}

export interface SuggestionContext {
  db: Db;
  /** The screen's path: the suggestion searches the same screen. */
  path: string;
  filters: SearchFilters;
  restrictTipos?: readonly Tipo[];
  /** How many listings the search found. */
  total: number;
}

/**
 * The query with its misspelt words corrected, when the corrected search finds listings with the
 * same filters; undefined when every word is known or finds something, when nothing is similar
 * enough, or when the correction would find nothing either.
 */
export async function suggestSpelling({
  db,
  path,
  filters,
  restrictTipos,
  total: found,
}: SuggestionContext): Promise<SpellingSuggestion | undefined> {
  const q = filters.q;
  // Words joined by AND that found listings each found something: nothing to correct, nothing read.
  if (!q || (found > 0 && !hasOr(q))) return undefined;
  const typed = queryWords(q);
  if (typed.length === 0) return undefined;
  const words = await catalogueWords(db);
  if (words.keys.length === 0) return undefined;
  const unknown = typed.filter((word) => !isKnown(words, word.key));
  if (unknown.length === 0) return undefined;
  const misspelt: QueryWord[] = [];
  for (const word of unknown) if (!(await findsAnything(db, word.text))) misspelt.push(word);
  if (misspelt.length === 0) return undefined;
  const closest = await closestKeys(db, words, [...new Set(misspelt.map((w) => w.key))]);
  let corrected = "";
  let at = 0; // the words are in the query's order: copy what lies between them
  for (const word of misspelt) {
    const key = closest.get(word.key);
    if (!key) continue;
    corrected += q.slice(at, word.start) + likeTyped(word.text, words.spelling.get(key) ?? key);
    at = word.start + word.text.length;
  }
  if (corrected === "") return undefined;
  corrected += q.slice(at);
  const correctedFilters: SearchFilters = { ...filters, q: corrected, pagina: 1 };
  const total = await countFound(db, correctedFilters, restrictTipos);
  if (total === 0) return undefined;
  return { q: corrected, href: searchHref(path, correctedFilters), total };
}

/**
 * What an empty result page shows instead of nothing: the featured listings on offer, or the
 * newest when none is featured.
 */
export async function searchFallback(db: Db, storage: Storage): Promise<SearchFallback | undefined> {
  const featured = await listFeaturedCards(db, storage, FEATURED);
  if (featured.length) return { heading: "Imóveis em destaque", cards: featured };
  const newest: PropertyCardData[] = await listNewestCards(db, storage, FEATURED);
  return newest.length ? { heading: "Imóveis mais recentes", cards: newest } : undefined;
}

/** The rows of db.execute: an array from postgres-js, `{ rows }` from PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
