// What each search filter (app/lib/search-filter-table.ts) selects, twice: as a SQL condition
// (the reference, searchPropertiesSql) and as a test on the in-memory index's columns
// (search-index.server.ts), which must agree row for row (search-index.server.test.ts). The
// kinds atLeast, flag and allOf are generic: their row in the shared table names a column and
// both tests follow from it (GENERIC); the others are written out here (CUSTOM), and the type
// of CUSTOM makes a new filter of such a kind fail the typecheck until it has its entry.
import { arrayContains, eq, gte, inArray, lte, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import {
  FILTER_NAMES,
  type FilterColumn,
  type FilterDefinition,
  type FilterName,
  SEARCH_FILTERS,
} from "../../lib/search-filter-table";
import type { SearchFilters } from "../../lib/search-params";
import { FINALIDADE_KEYS, TIPO_KEYS, type Tipo } from "../../lib/vocabulary";
import { properties } from "../db/schema.server";
import { publicPointSubquery } from "../properties/location.server";
import { textQuery } from "./text-query.server";

/** What a SQL condition reads: the filters, and the tipos already narrowed to the screen's. */
export interface FilterInput {
  filters: SearchFilters;
  /** The tipos to keep (already narrowed by the screen); empty = all. */
  tipos: readonly Tipo[];
}

/** The same, for the index: plus the place names as PostgreSQL folds them. */
export interface IndexFilterInput extends FilterInput {
  /** lower(f_unaccent(...)) of the cidade and bairro filters, computed by PostgreSQL. */
  cidadeKey?: string;
  bairroKey?: string;
}

/**
 * A filter on the index: of the first `count` slots (listings) in `slots`, keeps those that pass,
 * in order, at the front, and returns how many. Each kind of test is its own loop (the `keep*`
 * functions below), so V8 compiles the test into the loop; a chain of per-slot closures cost
 * more than the tests themselves. The `keep*` loops write every slot and advance by the test's
 * 0 or 1 (`kept += +(test)`) instead of branching on it: a listing passes a filter about as often
 * as not, in no order a processor can predict, and the mispredicted branches took most of the
 * time (docs/benchmarks.md, §2b, has both measurements). The map's two loops (`regiao`, `raio`)
 * still branch: not measured, they come only with the map view.
 */
export type SlotNarrow = ((slots: Int32Array, count: number) => number) & {
  /**
   * The live slots that pass, in slot order, where the index keeps them until its next write (a
   * place's listings, a finalidade's): a search starts from the shortest such list instead of
   * from every listing and skips this narrow, so a bairro's search touches that bairro's
   * listings, not the catalogue (SearchIndex.search).
   */
  passing?: () => Int32Array;
  /**
   * Names this test exactly (its filter and value) when its values are few: a place, a
   * finalidade, a tipo, a count, a flag; never a price or area range or a map area, whose values
   * are endless. The index keeps the listings that pass a set of such tests, with the words
   * (SearchIndex.keptMatches), so the next search with that set applies only its other tests.
   */
  key?: string;
};

/** A narrow with its key (and the listings that pass it, where the index keeps them). */
const named = (narrow: SlotNarrow, key: string, passing?: () => Int32Array): SlotNarrow =>
  Object.assign(narrow, passing ? { key, passing } : { key });
/** No listing can pass (a place no listing has): the search is empty without a scan. */
export const NO_MATCH = Symbol("no match");

/** The index's columns, as a filter's test reads them (SearchIndex.columns). */
export interface IndexColumns {
  /** A bit per finalidade (FINALIDADE_KEYS). */
  finalidades: Uint8Array;
  /** A bit for the tipo, at its position in TIPO_KEYS. */
  tipoBit: Uint32Array;
  /** Place codes of lower(f_unaccent(cidade/bairro)). */
  cidade: Int32Array;
  bairro: Int32Array;
  /** The code of a folded place name; undefined when no listing has it. */
  placeCode(key: string): number | undefined;
  /** The live slots with that place code, in slot order (SlotNarrow.passing). */
  slotsWithPlace(column: "cidade" | "bairro", code: number): Int32Array;
  /** The live slots with that finalidade bit, in slot order (SlotNarrow.passing). */
  slotsWithFinalidade(bit: number): Int32Array;
  /** The price a search compares (comparedPrice): NaN stands for its null. */
  price(finalidade: SearchFilters["finalidade"]): Float64Array;
  /** coalesce(area_util, area_total), NaN for null. */
  area: Float64Array;
  /** The map point a visitor sees (publicPoint: moved when the address is hidden), NaN for none. */
  mapLat: Float64Array;
  mapLng: Float64Array;
  /** A generic filter's column (GENERIC_COLUMNS). */
  column(name: FilterColumn): Int16Array | Uint8Array | Uint32Array;
}

export interface ServerFilter {
  /** The WHERE condition; undefined when the filter is not set. */
  sql(input: FilterInput): SQL | undefined;
  /** The same test on the index; undefined when not set (or, for q, evaluated apart). */
  index(input: IndexFilterInput, columns: IndexColumns): SlotNarrow | typeof NO_MATCH | undefined;
}

/** A bit per key present (keys ≤ 32). */
export const bitsOf = (keys: readonly string[], values: readonly string[]) =>
  values.reduce((mask, v) => (keys.includes(v) ? mask | (1 << keys.indexOf(v)) : mask), 0) >>> 0;

/** A price, or null when the agency hides it ("Sob consulta"): no range nor order may reveal it. */
const unlessHidden = (price: SQL) =>
  sql<number | null>`(case when ${properties.precoSobConsulta} then null else ${price} end)`;

/**
 * The number a listing's card shows for a finalidade, without its period: sale for venda, rent
 * for aluguel/temporada (per month, night or week: periodo_aluguel), the sale price first for a
 * search of every finalidade; hidden prices are null. Saved-search alerts record and quote it
 * (app/server/alerts/digests.server.ts).
 */
export function visiblePrice(finalidade: SearchFilters["finalidade"]): SQL<number | null> {
  return unlessHidden(
    finalidade === "venda"
      ? sql`${properties.precoVenda}`
      : finalidade
        ? sql`${properties.precoAluguel}`
        : sql`coalesce(${properties.precoVenda}, ${properties.precoAluguel})`,
  );
}

/**
 * A rent per night: the temporada search's form asks for "Valor da diária"
 * (app/components/search/search-form.tsx), so a price per week counts as its seventh, to the
 * nearest real, as the whole reais a visitor types (R$ 3.000/semana → R$ 429). The search index
 * reads it as PostgreSQL computes it (search-index-sync.server.ts), so both paths round alike
 * (docs/decisions/037-temporada.md).
 */
export const nightlyPrice = sql<number | null>`(case when ${properties.periodoAluguel} = 'semanal'
  then round(${properties.precoAluguel} / 7.0)::integer else ${properties.precoAluguel} end)`;

/**
 * The price a search's range (precoMin, precoMax) and its price orders compare: the visible
 * price, per night in a temporada search (nightlyPrice); hidden prices are null.
 */
export function comparedPrice(finalidade: SearchFilters["finalidade"]): SQL<number | null> {
  return finalidade === "temporada" ? unlessHidden(nightlyPrice) : visiblePrice(finalidade);
}

export const area = sql<number | null>`coalesce(${properties.areaUtil}, ${properties.areaTotal})`;

const sameText = (column: SQLWrapper, value: string) =>
  sql`lower(f_unaccent(${column})) = lower(f_unaccent(${value}))`;

const value = (filters: SearchFilters, name: string) => (filters as unknown as Record<string, unknown>)[name];

const andAll = (conditions: SQL[]): SQL | undefined =>
  conditions.length === 0 ? undefined : sql`(${sql.join(conditions, sql` and `)})`;

/** Between min and max (either may be absent); NaN (null) never passes. */
function keepBetween(
  min: number | undefined,
  max: number | undefined,
  values: Float64Array,
): SlotNarrow | undefined {
  if (min === undefined && max === undefined) return undefined;
  const low = min ?? Number.NEGATIVE_INFINITY;
  const high = max ?? Number.POSITIVE_INFINITY;
  return (slots, count) => {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const s = slots[i]!;
      const v = values[s]!;
      slots[kept] = s;
      kept += +(v >= low) & +(v <= high);
    }
    return kept;
  };
}

/** Equal to a code (a place). */
const keepEqual =
  (cells: Int32Array, code: number): SlotNarrow =>
  (slots, count) => {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const s = slots[i]!;
      slots[kept] = s;
      kept += +(cells[s] === code);
    }
    return kept;
  };

/** At least a number (quartos ≥ 2; a flag is at least 1). */
const keepAtLeast =
  (cells: Int16Array | Uint8Array | Uint32Array, minimum: number): SlotNarrow =>
  (slots, count) => {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const s = slots[i]!;
      slots[kept] = s;
      kept += +(cells[s]! >= minimum);
    }
    return kept;
  };

/** Holding every bit of a mask (`all`), or any of them. */
const keepBits =
  (cells: Uint8Array | Uint32Array, mask: number, all: boolean): SlotNarrow =>
  (slots, count) => {
    const wanted = all ? mask : 0;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const s = slots[i]!;
      const held = (cells[s]! & mask) >>> 0;
      slots[kept] = s;
      kept += all ? +(held === wanted) : +(held !== 0);
    }
    return kept;
  };

function placeFilter(
  name: "cidade" | "bairro",
  key: (input: IndexFilterInput) => string | undefined,
): ServerFilter {
  const column = properties[name];
  return {
    sql: ({ filters }) => (filters[name] ? sameText(column, filters[name]) : undefined),
    index: (input, columns) => {
      const folded = key(input);
      if (folded === undefined) return undefined;
      const code = columns.placeCode(folded);
      if (code === undefined) return NO_MATCH;
      return named(keepEqual(columns[name], code), `${name}=${code}`, () =>
        columns.slotsWithPlace(name, code),
      );
    },
  };
}

const METRES_PER_DEGREE = 111_320;

/**
 * The radius test's constants: a flat-earth distance (errors far below a metre at a few
 * kilometres), whose every operation is one IEEE-754 double operation, so PostgreSQL and
 * JavaScript round alike; the cosine of the centre's latitude is computed once, here.
 */
function circle(centre: { lat: number; lng: number }, km: number) {
  return {
    lat: centre.lat,
    lng: centre.lng,
    kx: METRES_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180),
    r2: km * 1000 * (km * 1000),
  };
}

const float = (n: number) => sql.raw(`${n}::float8`);

/** A condition on the listing's public map point (publicPointSubquery: `point.lat`, `point.lng`). */
const onPublicPoint = (condition: SQL) =>
  sql`exists (select 1 from ${publicPointSubquery()} where ${condition})`;

type GenericKind = "atLeast" | "flag" | "allOf";
type Definitions = typeof SEARCH_FILTERS;
type CustomName = {
  [K in FilterName]: Definitions[K]["kind"] extends GenericKind ? never : K;
}[FilterName];

/** The filters whose kind has no generic test: written out, each in SQL and on the index. */
const CUSTOM: Record<CustomName, ServerFilter> = {
  q: {
    // The words match the search vector, or the text is a referência (AP0042).
    sql: ({ filters }) =>
      filters.q
        ? or(
            sql`${properties.searchVector} @@ ${textQuery(filters.q)}`,
            sql`upper(${properties.referencia}) = upper(${filters.q})`,
          )
        : undefined,
    // On the index the text is matched and ranked apart (SearchIndex.search: matchAll, rankAll).
    index: () => undefined,
  },
  finalidade: {
    sql: ({ filters }) =>
      filters.finalidade ? arrayContains(properties.finalidades, [filters.finalidade]) : undefined,
    index: ({ filters }, columns) => {
      if (!filters.finalidade) return undefined;
      const bit = 1 << FINALIDADE_KEYS.indexOf(filters.finalidade);
      return named(keepBits(columns.finalidades, bit, false), `finalidade=${bit}`, () =>
        columns.slotsWithFinalidade(bit),
      );
    },
  },
  tipo: {
    // The screen's tipos narrow the filter's (searchTipos in search.server.ts).
    sql: ({ tipos }) => (tipos.length ? inArray(properties.tipo, [...tipos]) : undefined),
    index: ({ tipos }, { tipoBit }) => {
      if (!tipos.length) return undefined;
      const mask = bitsOf(TIPO_KEYS, tipos);
      return named(keepBits(tipoBit, mask, false), `tipo=${mask}`);
    },
  },
  cidade: placeFilter("cidade", (input) => input.cidadeKey),
  bairro: placeFilter("bairro", (input) => input.bairroKey),
  preco: {
    // A hidden price must not leak through a range filter: "sob consulta" never matches one.
    sql: ({ filters: { precoMin, precoMax, finalidade } }) => {
      if (precoMin === undefined && precoMax === undefined) return undefined;
      const price = comparedPrice(finalidade);
      return andAll([
        sql`${price} is not null`,
        ...(precoMin === undefined ? [] : [gte(price, precoMin)]),
        ...(precoMax === undefined ? [] : [lte(price, precoMax)]),
      ]);
    },
    index: ({ filters: { precoMin, precoMax, finalidade } }, columns) =>
      keepBetween(precoMin, precoMax, columns.price(finalidade)),
  },
  area: {
    sql: ({ filters: { areaMin, areaMax } }) =>
      andAll([
        ...(areaMin === undefined ? [] : [gte(area, areaMin)]),
        ...(areaMax === undefined ? [] : [lte(area, areaMax)]),
      ]),
    index: ({ filters: { areaMin, areaMax } }, columns) => keepBetween(areaMin, areaMax, columns.area),
  },
  // The map filters read the point the visitor sees, never the hidden true point: a narrowing
  // box would otherwise find it (docs/decisions/017-address-privacy.md, 036-map-search.md).
  regiao: {
    sql: ({ filters: { regiao } }) =>
      regiao
        ? onPublicPoint(
            sql`point.lat >= ${float(regiao.south)} and point.lat <= ${float(regiao.north)} and point.lng >= ${float(regiao.west)} and point.lng <= ${float(regiao.east)}`,
          )
        : undefined,
    index: ({ filters: { regiao } }, { mapLat, mapLng }) => {
      if (!regiao) return undefined;
      const { south, north, west, east } = regiao;
      return (slots, count) => {
        let kept = 0;
        for (let i = 0; i < count; i++) {
          const s = slots[i]!;
          const lat = mapLat[s]!;
          const lng = mapLng[s]!;
          if (lat >= south && lat <= north && lng >= west && lng <= east) slots[kept++] = s;
        }
        return kept;
      };
    },
  },
  raio: {
    // A place that names no listing's place (perto, unresolved: centro unset) finds nothing.
    sql: ({ filters: { centro, raio } }) => {
      if (raio === undefined) return undefined;
      if (!centro) return sql`false`;
      const c = circle(centro, raio);
      const dy = sql`((point.lat - ${float(c.lat)}) * ${float(METRES_PER_DEGREE)})`;
      const dx = sql`((point.lng - ${float(c.lng)}) * ${float(c.kx)})`;
      return onPublicPoint(sql`${dx} * ${dx} + ${dy} * ${dy} <= ${float(c.r2)}`);
    },
    index: ({ filters: { centro, raio } }, { mapLat, mapLng }) => {
      if (raio === undefined) return undefined;
      if (!centro) return NO_MATCH;
      const c = circle(centro, raio);
      return (slots, count) => {
        let kept = 0;
        for (let i = 0; i < count; i++) {
          const s = slots[i]!;
          const dy = (mapLat[s]! - c.lat) * METRES_PER_DEGREE;
          const dx = (mapLng[s]! - c.lng) * c.kx;
          if (dx * dx + dy * dy <= c.r2) slots[kept++] = s;
        }
        return kept;
      };
    },
  },
};

/** How a generic filter's column is held on the index (one number per listing). */
export interface GenericColumn {
  column: FilterColumn;
  array: typeof Int16Array | typeof Uint8Array | typeof Uint32Array;
  encode: (value: unknown) => number;
}

function genericFilter(name: FilterName, definition: Extract<FilterDefinition, { kind: GenericKind }>) {
  const column = properties[definition.column];
  const spec: GenericColumn =
    definition.kind === "atLeast"
      ? { column: definition.column, array: Int16Array, encode: (v) => Number(v) }
      : definition.kind === "flag"
        ? { column: definition.column, array: Uint8Array, encode: (v) => (v === true ? 1 : 0) }
        : {
            column: definition.column,
            array: Uint32Array,
            encode: (v) => bitsOf(definition.keys, (v as string[] | null) ?? []),
          };
  if (definition.kind === "allOf" && definition.keys.length > 32)
    throw new Error(`filtro ${name}: mais de 32 opções não cabem no índice`);
  const filter: ServerFilter = {
    sql: ({ filters }) => {
      const v = value(filters, name);
      if (definition.kind === "atLeast") return v ? gte(column, v as number) : undefined;
      if (definition.kind === "flag") return v ? eq(column, true) : undefined;
      return (v as string[]).length ? arrayContains(column, v as string[]) : undefined;
    },
    index: ({ filters }, columns) => {
      const v = value(filters, name);
      const cells = columns.column(definition.column);
      if (definition.kind === "atLeast")
        return v ? named(keepAtLeast(cells, v as number), `${name}>=${v}`) : undefined;
      if (definition.kind === "flag") return v ? named(keepAtLeast(cells, 1), name) : undefined;
      if (!(v as string[]).length) return undefined;
      const mask = bitsOf(definition.keys, v as string[]);
      return named(keepBits(cells as Uint8Array | Uint32Array, mask, true), `${name}=${mask}`);
    },
  };
  return { filter, spec };
}

const generic = FILTER_NAMES.flatMap((name) => {
  const definition = SEARCH_FILTERS[name] as FilterDefinition;
  return definition.kind === "atLeast" || definition.kind === "flag" || definition.kind === "allOf"
    ? [{ name, ...genericFilter(name, definition) }]
    : [];
});

/** Every filter's SQL condition and index test, in the table's order. */
export const SERVER_FILTERS: Record<FilterName, ServerFilter> = Object.fromEntries(
  FILTER_NAMES.map((name) => [
    name,
    (CUSTOM as Partial<Record<FilterName, ServerFilter>>)[name] ??
      generic.find((g) => g.name === name)!.filter,
  ]),
) as Record<FilterName, ServerFilter>;

/** The columns the generic filters need on the index, once each. */
export const GENERIC_COLUMNS: GenericColumn[] = [
  ...new Map(generic.map(({ spec }) => [spec.column, spec])).values(),
];
