// The public search behind /todos-os-imoveis and /casas: published listings only, every filter
// bound as a parameter, Portuguese full-text search that ignores accents and case.
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { SEARCH_PAGE_SIZE, type SearchFilters } from "../../lib/search-params";
import type { Tipo } from "../../lib/vocabulary";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { type CardRow, cardColumns, isPublished } from "../properties/cards.server";
import { type CoverRow, coversFor } from "../properties/covers.server";
import type { IndexQuery } from "./search-index.server";
import { currentSearchIndex } from "./search-index-sync.server";
import { compileTsQuery, decodeTsQuery } from "./search-text.server";

export type { CardRow, CoverRow };
export { SEARCH_PAGE_SIZE };

export interface SearchResult {
  total: number;
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
}

/**
 * The query's prefix form, read with websearch's syntax: each word as a prefix ("apart" finds
 * apartamento), a word or quoted phrase after a minus left out (as websearch stems it, never as a
 * prefix: "-mar" must not hide Maragogi), `or` between alternatives, a quoted phrase as its words.
 * `apart -mobiliado or "vista mar"` gives `(apart:* & !mobiliado) | (vista:* & mar:*)`. A minus
 * counts when it starts a word or a quote (`casa -"vista mar"`), two cancel out (`--piscina`), and
 * one standing alone is no operator (withoutLoneMinuses).
 */
export function prefixQuery(q: string): string {
  const folded = withoutLoneMinuses(q.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
  const wordsOf = (text: string) => text.split(/[^a-z0-9]+/).filter((w) => w.length >= 2);
  const groups: { include: string[]; exclude: string[][] }[] = [{ include: [], exclude: [] }];
  let minuses = 0; // read before the next word or phrase
  const add = (words: string[], negated: boolean) => {
    const group = groups[groups.length - 1]!;
    if (words.length === 0) return;
    if (negated) group.exclude.push(words);
    else group.include.push(...words);
  };
  // Quoted stretches alternate with plain ones; inside quotes, "-" and "or" are words.
  folded.split('"').forEach((part, index) => {
    if (index % 2 === 1) {
      add(wordsOf(part), minuses % 2 === 1);
      minuses = 0;
      return;
    }
    for (const token of part.split(/\s+/)) {
      if (!token) continue;
      // websearch skips ( ) ! & | < before a word, and reads each minus among them as NOT.
      const lead = /^[-!&|()<]*/.exec(token)![0];
      const rest = token.slice(lead.length);
      minuses += lead.split("-").length - 1;
      if (!rest) continue; // the minus of a quote: `-"vista mar"`, `(-"vista mar")`
      const negated = minuses % 2 === 1;
      const afterMinus = minuses > 0;
      minuses = 0;
      if (rest === "or" && !afterMinus) {
        const current = groups[groups.length - 1]!;
        if (current.include.length || current.exclude.length) groups.push({ include: [], exclude: [] });
        continue;
      }
      add(wordsOf(rest), negated);
    }
  });
  let budget = 8; // words kept as prefixes, as before: a long query stays cheap
  const parts = groups.flatMap(({ include, exclude }) => {
    const kept = include.slice(0, budget);
    budget -= kept.length;
    const terms = [
      ...kept.map((w) => `${w}:*`),
      ...exclude.map((words) => (words.length === 1 ? `!${words[0]}` : `!(${words.join(" & ")})`)),
    ];
    return kept.length ? [terms.join(" & ")] : [];
  });
  return parts.length > 1 ? parts.map((p) => `(${p})`).join(" | ") : (parts[0] ?? "");
}

/**
 * The query without minuses that stand alone. websearch_to_tsquery reads `casa - piscina` as
 * "casa, without piscina"; a visitor who pastes a title ("Apartamento 3 quartos - Ponta Verde")
 * means a dash. A minus leaves out what it is attached to: `-piscina`, `-"vista mar"`.
 */
export function withoutLoneMinuses(q: string): string {
  return q.replace(/(^|\s)-+(?=\s|$)/g, "$1");
}

/** websearch syntax (quotes, -word, or) united with the prefix form of the same words. */
function textQuery(q: string): SQL {
  const websearch = sql`websearch_to_tsquery('portuguese', f_unaccent(${withoutLoneMinuses(q)}))`;
  const prefix = prefixQuery(q);
  return prefix ? sql`(${websearch} || to_tsquery('portuguese', ${prefix}))` : websearch;
}

const SOLD = ["vendido", "alugado"] as const;

/** The price a visitor compares: sale for venda, rent for aluguel/temporada; hidden prices are null. */
function visiblePrice(finalidade: SearchFilters["finalidade"]): SQL<number | null> {
  const price =
    finalidade === "venda"
      ? sql`${properties.precoVenda}`
      : finalidade
        ? sql`${properties.precoAluguel}`
        : sql`coalesce(${properties.precoVenda}, ${properties.precoAluguel})`;
  return sql<number | null>`(case when ${properties.precoSobConsulta} then null else ${price} end)`;
}

const area = sql<number | null>`coalesce(${properties.areaUtil}, ${properties.areaTotal})`;

const sameText = (column: SQLWrapper, value: string) =>
  sql`lower(f_unaccent(${column})) = lower(f_unaccent(${value}))`;

/** The tipos a search keeps: the filter's, narrowed to the screen's (all of the screen's when none is left). */
function searchTipos(filters: SearchFilters, restrictTipos?: readonly Tipo[]): readonly Tipo[] {
  if (!restrictTipos) return filters.tipo;
  const allowed = filters.tipo.filter((t) => restrictTipos.includes(t));
  return allowed.length ? allowed : [...restrictTipos];
}

export function searchConditions(filters: SearchFilters, restrictTipos?: readonly Tipo[]): SQL {
  const conditions: (SQL | undefined)[] = [isPublished];
  if (filters.q) {
    conditions.push(
      or(
        sql`${properties.searchVector} @@ ${textQuery(filters.q)}`,
        sql`upper(${properties.referencia}) = upper(${filters.q})`,
      ),
    );
  }
  if (filters.finalidade) conditions.push(arrayContains(properties.finalidades, [filters.finalidade]));
  const tipos = searchTipos(filters, restrictTipos);
  if (tipos.length) conditions.push(inArray(properties.tipo, [...tipos]));
  if (filters.cidade) conditions.push(sameText(properties.cidade, filters.cidade));
  if (filters.bairro) conditions.push(sameText(properties.bairro, filters.bairro));
  if (filters.precoMin !== undefined || filters.precoMax !== undefined) {
    // A hidden price must not leak through a range filter: "sob consulta" never matches one.
    const price = visiblePrice(filters.finalidade);
    conditions.push(sql`${price} is not null`);
    if (filters.precoMin !== undefined) conditions.push(gte(price, filters.precoMin));
    if (filters.precoMax !== undefined) conditions.push(lte(price, filters.precoMax));
  }
  if (filters.quartos) conditions.push(gte(properties.quartos, filters.quartos));
  if (filters.suites) conditions.push(gte(properties.suites, filters.suites));
  if (filters.vagas) conditions.push(gte(properties.vagas, filters.vagas));
  if (filters.areaMin !== undefined) conditions.push(gte(area, filters.areaMin));
  if (filters.areaMax !== undefined) conditions.push(lte(area, filters.areaMax));
  if (filters.comodidades.length) conditions.push(arrayContains(properties.comodidades, filters.comodidades));
  if (filters.mobiliado) conditions.push(eq(properties.mobiliado, true));
  if (filters.pet) conditions.push(eq(properties.aceitaPet, true));
  return and(...conditions) as SQL;
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
      order.push(sql`${visiblePrice(filters.finalidade)} asc nulls last`);
      break;
    case "maior-preco":
      order.push(sql`${visiblePrice(filters.finalidade)} desc nulls last`);
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
  return (await searchWithIndex(db, filters, options)) ?? searchPropertiesSql(db, filters, options);
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
  // By primary key alone (publicacao is checked here): a plan that cannot go wrong.
  const rows = answer.ids.length
    ? await db
        .select({ ...cardColumns, publicacao: properties.publicacao })
        .from(properties)
        .where(inArray(properties.id, answer.ids))
    : [];
  const byId = new Map<number, CardRow>();
  for (const { publicacao, ...row } of rows) if (publicacao === "publicado") byId.set(row.id, row);
  // A listing unpublished between the index's sync and this read is left out.
  const ordered = answer.ids.flatMap((id) => byId.get(id) ?? []);
  return withCovers(db, ordered, { total: answer.total, page, pageSize });
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
  const result = await db.execute(sql`select
    ${filters.q ? sql`encode(tsquerysend(${textQuery(filters.q)}), 'hex')` : sql`null`} as tsquery,
    upper(${filters.q ?? ""}) as referencia,
    lower(f_unaccent(${filters.cidade ?? ""})) as cidade,
    lower(f_unaccent(${filters.bairro ?? ""})) as bairro`);
  const [row] = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    tsquery: string | null;
    referencia: string;
    cidade: string;
    bairro: string;
  }[];
  if (!row) return undefined;
  if (filters.cidade) query.cidadeKey = row.cidade;
  if (filters.bairro) query.bairroKey = row.bairro;
  if (filters.q && row.tsquery !== null) {
    const compiled = compileTsQuery(decodeTsQuery(Buffer.from(row.tsquery, "hex")));
    if (!compiled) return undefined;
    query.text = { query: compiled, referenciaKey: row.referencia };
  }
  return query;
}

async function withCovers(
  db: Db,
  rows: CardRow[],
  counts: { total: number; page: number; pageSize: number },
): Promise<SearchResult> {
  const covers = await coversFor(
    db,
    rows.map((r) => r.id),
  );
  return {
    ...counts,
    pageCount: Math.max(1, Math.ceil(counts.total / counts.pageSize)),
    items: rows.map((property) => ({ property, cover: covers.get(property.id) ?? null })),
  };
}

/** The search in SQL alone: a count(*) and an ordered page. The reference the index must equal. */
export async function searchPropertiesSql(
  db: Db,
  filters: SearchFilters,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const where = searchConditions(filters, options.restrictTipos);
  const [countRow] = await db.select({ total: count() }).from(properties).where(where);
  const total = countRow?.total ?? 0;
  const page = filters.pagina;
  const rows =
    total > (page - 1) * pageSize
      ? await db
          .select(cardColumns)
          .from(properties)
          .where(where)
          .orderBy(...orderBy(filters))
          .limit(pageSize)
          .offset((page - 1) * pageSize)
      : [];
  return withCovers(db, rows, { total, page, pageSize });
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
  const byCity = new Map<string, CityFacet>();
  for (const row of rows) {
    const city = byCity.get(row.cidade) ?? { cidade: row.cidade, count: 0, bairros: [] };
    city.count += row.count;
    city.bairros.push({ bairro: row.bairro, count: row.count });
    byCity.set(row.cidade, city);
  }
  const cities = [...byCity.values()].sort((a, b) => collator.compare(a.cidade, b.cidade));
  for (const city of cities) city.bairros.sort((a, b) => collator.compare(a.bairro, b.bairro));
  return cities;
}
