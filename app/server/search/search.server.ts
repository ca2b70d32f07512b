// The public search behind /todos-os-imoveis and /casas: published listings only, every filter
// bound as a parameter, Portuguese full-text search that ignores accents and case.
import { and, asc, count, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { StayQuote } from "../../lib/rental";
import type { StayRequest } from "../../lib/rental-form";
import { FILTER_NAMES } from "../../lib/search-filter-table";
import { DEFAULT_ORDEM } from "../../lib/search-keys";
import { SEARCH_PAGE_SIZE, type SearchFilters } from "../../lib/search-params";
import type { Tipo } from "../../lib/vocabulary";
import { perDataVersionById } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { type CardRow, cardColumns, isPublished } from "../properties/cards.server";
import { type CoverRow, coverColumn } from "../properties/covers.server";
import { placeSpellings } from "../properties/place-spellings.server";
import { availableStays, quotedStays } from "../rentals/rentals.server";
import { area, comparedPrice, SERVER_FILTERS } from "./filters.server";
import type { IndexQuery } from "./search-index.server";
import { currentSearchIndex } from "./search-index-sync.server";
import { compileTsQuery, decodeTsQuery } from "./search-text.server";
import { textQuery } from "./text-query.server";

export type { CardRow, CoverRow };
export { SEARCH_PAGE_SIZE };

export interface SearchResult {
  total: number;
  /** A search by dates' quotes, by listing id (decision 040). */
  stays?: Map<number, StayQuote>;
  /** The page asked for (may be past pageCount when the filter shrank). */
  page: number;
  pageCount: number;
  pageSize: number;
  items: { property: CardRow; cover: CoverRow | null }[];
}

export interface SearchOptions {
  pageSize?: number;
  /** Only these tipos (the Casas screen); a tipo filter outside them is ignored. */
  restrictTipos?: readonly Tipo[];
  /**
   * A temporada stay (validated: search-stay.ts) and Maceió's today: only the listings that can
   * take it, each with its quote (decision 040). Ignored unless the finalidade is temporada.
   */
  stay?: { request: StayRequest; today: string };
}

const SOLD = ["vendido", "alugado"] as const;

/** The tipos a search keeps: the filter's, narrowed to the screen's (all of the screen's when none is left). */
function searchTipos(filters: SearchFilters, restrictTipos?: readonly Tipo[]): readonly Tipo[] {
  if (!restrictTipos) return filters.tipo;
  const allowed = filters.tipo.filter((t) => restrictTipos.includes(t));
  return allowed.length ? allowed : [...restrictTipos];
}

/** The WHERE clause: published, and every filter's condition (filters.server.ts). */
export function searchConditions(filters: SearchFilters, restrictTipos?: readonly Tipo[]): SQL {
  const input = { filters, tipos: searchTipos(filters, restrictTipos) };
  const conditions = FILTER_NAMES.map((name) => SERVER_FILTERS[name].sql(input));
  return and(isPublished, ...conditions) as SQL;
}

function orderBy(filters: SearchFilters): SQL[] {
  // Sold and rented listings stay findable but sink below the available ones in every order.
  const order: SQL[] = [
    sql`(${properties.status} in (${sql.join(
      SOLD.map((s) => sql`${s}`),
      sql`, `,
    )})) asc`,
  ];
  const newest = sql`${properties.publishedAt} desc nulls last`;
  switch (filters.ordem) {
    case "menor-preco":
      order.push(sql`${comparedPrice(filters.finalidade)} asc nulls last`);
      break;
    case "maior-preco":
      order.push(sql`${comparedPrice(filters.finalidade)} desc nulls last`);
      break;
    case "recentes":
      order.push(newest);
      break;
    case "maior-area":
      order.push(sql`${area} desc nulls last`);
      break;
    default:
      if (filters.q) order.push(sql`ts_rank(${properties.searchVector}, ${textQuery(filters.q)}) desc`);
      order.push(desc(properties.destaque), newest);
  }
  order.push(desc(properties.id)); // a total order, so pages never repeat or skip a listing
  return order;
}

/**
 * The search: the in-process index (search-index.server.ts) picks the page's ids and the total,
 * then the rows are read by id. Text queries the index cannot evaluate exactly (an AND or a phrase
 * at the top, ranked by the words' distances: `b c`, `"x y"`) go to searchPropertiesSql, which
 * gives the same answers, only slower.
 */
export async function searchProperties(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions = {},
): Promise<SearchResult> {
  if (stayOf(filters, options)) {
    // Ordered by the stay's total afterwards (withStay), the candidates come in the default order:
    // sorting every one of them by the daily price first cost a third of such a search.
    const candidates = byStayTotal(filters) ? { ...filters, ordem: DEFAULT_ORDEM } : filters;
    const ids =
      (await allIdsWithIndex(db, candidates, options)) ?? (await allIdsSql(db, candidates, options));
    return withStay(db, filters, options, ids);
  }
  return (await searchWithIndex(db, filters, options)) ?? searchPropertiesSql(db, filters, options);
}

function stayOf(filters: SearchFilters, options: SearchOptions) {
  return filters.finalidade === "temporada" ? options.stay : undefined;
}

function byStayTotal(filters: SearchFilters): boolean {
  return filters.ordem === "menor-preco" || filters.ordem === "maior-preco";
}

/**
 * The search by dates (decision 040) is a step after the search: the other filters pick every
 * matching id in the search's order (index or SQL, which agree: the module's contract), then
 * availableStays (app/server/rentals) keeps those that can take the stay, with their totals, and
 * the page is cut from what is left. "Menor preço" and "maior preço" order by the stay's total
 * (cleaning fee and seasons included), sold and rented listings still last, the default order
 * (relevância) breaking ties. Only the page's listings get the full quote, night by night (quotedStays): the
 * total a card shows is the listing page's.
 */
async function withStay(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions,
  ids: readonly number[],
): Promise<SearchResult> {
  const stay = stayOf(filters, options)!;
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const page = filters.pagina;
  const available = await availableStays(db, ids, stay.request, stay.today);
  let matching = ids.filter((id) => available.has(id));
  if (byStayTotal(filters)) {
    const direction = filters.ordem === "menor-preco" ? 1 : -1;
    // Sold last, then by total; equal keys keep the search's order (position breaks ties).
    const keys = matching.map((id) => available.get(id)!);
    const order = matching.map((_, position) => position);
    order.sort(
      (a, b) =>
        Number(keys[a]!.sold) - Number(keys[b]!.sold) ||
        direction * (keys[a]!.total - keys[b]!.total) ||
        a - b,
    );
    const inOrder = matching;
    matching = order.map((position) => inOrder[position]!);
  }
  const pageIds = matching.slice((page - 1) * pageSize, page * pageSize);
  // The cards' rows as every search reads them (once per data version); the quotes per stay.
  const [byId, stays] = await Promise.all([
    pageIds.length ? cardRowsById(db, pageIds) : new Map<number, SearchResult["items"][number]>(),
    quotedStays(db, pageIds, stay.request, stay.today),
  ]);
  return {
    total: matching.length,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(matching.length / pageSize)),
    items: pageIds.flatMap((id) => byId.get(id) ?? []),
    stays,
  };
}

/** Every id the search matches, in its order, through the index; undefined as searchWithIndex. */
async function allIdsWithIndex(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions,
): Promise<number[] | undefined> {
  const index = await currentSearchIndex(db);
  if (!index) return undefined;
  const query = await indexQuery(db, filters, options.restrictTipos, 0, Math.max(1, index.size));
  return query && index.search(query)?.ids;
}

/** Every id the search matches, in its order, in SQL alone. */
async function allIdsSql(db: Db, filters: SearchFilters, options: SearchOptions): Promise<number[]> {
  const rows = await db
    .select({ id: properties.id })
    .from(properties)
    .where(searchConditions(filters, options.restrictTipos))
    .orderBy(...orderBy(filters));
  return rows.map((row) => row.id);
}

/** The search through the index; undefined when it cannot answer this one exactly, or is not built yet. */
export async function searchWithIndex(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions = {},
): Promise<SearchResult | undefined> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const page = filters.pagina;
  const index = await currentSearchIndex(db);
  if (!index) return undefined;
  const query = await indexQuery(db, filters, options.restrictTipos, (page - 1) * pageSize, pageSize);
  const answer = query && index.search(query);
  if (!answer) return undefined;
  const byId = await cardRowsById(db, answer.ids);
  // A listing unpublished between the index's sync and this read is left out.
  const items = answer.ids.flatMap((id) => byId.get(id) ?? []);
  return {
    total: answer.total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(answer.total / pageSize)),
    items,
  };
}

/**
 * The cards' rows (with their covers) of published listings, by id, read once per data version:
 * the first pages of most searches show the same few hundred listings, and only a write a
 * visitor could see changes a card (decision 009). By primary key alone, covers in the same
 * query (one round trip: on PGlite each one holds the event loop); the rows kept are shared
 * by every search of that version: read them, never change them.
 */
const cardRowsById = perDataVersionById(
  async (db: Db, ids: number[]) => {
    const rows = await db
      .select({ ...cardColumns, publicacao: properties.publicacao, cover: coverColumn })
      .from(properties)
      .where(inArray(properties.id, ids));
    const byId = new Map<number, SearchResult["items"][number]>();
    for (const { publicacao, cover, ...property } of rows) {
      if (publicacao === "publicado") byId.set(property.id, { property, cover });
    }
    return byId;
  },
  { maxIds: 5_000 },
);

/**
 * What PostgreSQL made of a search's words and places (its parsed tsquery, the folded names),
 * by those inputs: the parser and f_unaccent are immutable, so an answer holds for good, and
 * the next search with the same words or places (most of them: a handful of cities, popular
 * words) saves a round trip. Per database handle (two PostgreSQL versions may stem apart), at
 * most MAX_PARSED each, the oldest going first.
 */
const parsedByDb = new WeakMap<Db, Map<string, Promise<ParsedInput | undefined>>>();
const MAX_PARSED = 2_000;

interface ParsedInput {
  tsquery: string | null;
  referencia: string;
  cidade: string;
  bairro: string;
}

/** What the index needs from PostgreSQL: the parsed and stemmed query and the folded place names. */
async function indexQuery(
  db: Db,
  filters: SearchFilters,
  restrictTipos: readonly Tipo[] | undefined,
  offset: number,
  limit: number,
): Promise<IndexQuery | undefined> {
  const query: IndexQuery = { filters, tipos: searchTipos(filters, restrictTipos), offset, limit };
  if (!filters.q && !filters.cidade && !filters.bairro) return query;
  const key = JSON.stringify([filters.q ?? null, filters.cidade ?? "", filters.bairro ?? ""]);
  let parsedInputs = parsedByDb.get(db);
  if (!parsedInputs) {
    parsedInputs = new Map();
    parsedByDb.set(db, parsedInputs);
  }
  const inputs = parsedInputs;
  let parsed = inputs.get(key);
  if (!parsed) {
    parsed = parseInputs(db, filters);
    inputs.set(key, parsed);
    parsed.catch(() => inputs.delete(key));
    if (inputs.size > MAX_PARSED) inputs.delete(inputs.keys().next().value!);
  }
  const row = await parsed;
  if (!row) return undefined;
  if (filters.cidade) query.cidadeKey = row.cidade;
  if (filters.bairro) query.bairroKey = row.bairro;
  if (filters.q && row.tsquery !== null) {
    const compiled = compileTsQuery(decodeTsQuery(Buffer.from(row.tsquery, "hex")));
    if (!compiled) return undefined;
    query.text = {
      query: compiled,
      referenciaKey: row.referencia,
      key: `${row.tsquery}\u0000${row.referencia}`,
    };
  }
  return query;
}

async function parseInputs(db: Db, filters: SearchFilters): Promise<ParsedInput | undefined> {
  const result = await db.execute(sql`select
    ${filters.q ? sql`encode(tsquerysend(${textQuery(filters.q)}), 'hex')` : sql`null`} as tsquery,
    upper(${filters.q ?? ""}) as referencia,
    lower(f_unaccent(${filters.cidade ?? ""})) as cidade,
    lower(f_unaccent(${filters.bairro ?? ""})) as bairro`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ParsedInput[];
  return row;
}

/**
 * The search in SQL alone: the reference the index must equal, and what answers while the index
 * is built at boot. One pass over the matching rows gives both the page's ids and the total
 * (`count(*) over ()`, computed before the LIMIT): a count(*) and an ordered page apart read every
 * match twice, and at 100 000 listings on PGlite each pass reads most of the table (the first
 * search after a restart, docs/benchmarks.md §2b). The page's rows are then read by id, like the
 * index path's.
 */
export async function searchPropertiesSql(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions = {},
): Promise<SearchResult> {
  if (stayOf(filters, options)) return withStay(db, filters, options, await allIdsSql(db, filters, options));
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const where = searchConditions(filters, options.restrictTipos);
  const page = filters.pagina;
  const pageRows = await db
    .select({ id: properties.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(properties)
    .where(where)
    .orderBy(...orderBy(filters))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A page past the end has no row to carry the total: count apart (its loader redirects).
  const total =
    pageRows[0]?.total ??
    (page > 1 ? ((await db.select({ total: count() }).from(properties).where(where))[0]?.total ?? 0) : 0);
  const ids = pageRows.map((row) => row.id);
  const rows = ids.length
    ? await db
        .select({ ...cardColumns, cover: coverColumn })
        .from(properties)
        .where(inArray(properties.id, ids))
    : [];
  const byId = new Map(rows.map(({ cover, ...property }) => [property.id, { property, cover }]));
  return {
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    items: ids.flatMap((id) => byId.get(id) ?? []),
  };
}

export interface CityFacet {
  cidade: string;
  count: number;
  bairros: { bairro: string; count: number }[];
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });

/** Cities with their bairros and listing counts, from published listings (the filter form's options). */
export async function searchFacets(
  db: Db,
  options: { restrictTipos?: readonly Tipo[] } = {},
): Promise<CityFacet[]> {
  const where = options.restrictTipos?.length
    ? and(isPublished, inArray(properties.tipo, [...options.restrictTipos]))
    : isPublished;
  const rows = await db
    .select({ cidade: properties.cidade, bairro: properties.bairro, count: count() })
    .from(properties)
    .where(where)
    .groupBy(properties.cidade, properties.bairro)
    .orderBy(asc(properties.cidade), asc(properties.bairro));
  // A place typed two ways ("Maceio", "Maceió") is one option, under its one spelling.
  const spell = await placeSpellings(db);
  const byCity = new Map<string, CityFacet>();
  for (const row of rows) {
    const cidade = spell.cidade(row.cidade);
    const city = byCity.get(cidade) ?? { cidade, count: 0, bairros: [] };
    city.count += row.count;
    const bairro = spell.bairro(row.bairro, row.cidade);
    const same = city.bairros.find((b) => b.bairro === bairro);
    if (same) same.count += row.count;
    else city.bairros.push({ bairro, count: row.count });
    byCity.set(cidade, city);
  }
  const cities = [...byCity.values()].sort((a, b) => collator.compare(a.cidade, b.cidade));
  for (const city of cities) city.bairros.sort((a, b) => collator.compare(a.bairro, b.bairro));
  return cities;
}
