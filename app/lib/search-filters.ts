// The search filters read from a URL or a submitted form, leniently: a bad value is dropped,
// never an error. Serialising them back (canonical URLs) is search-params.ts. The server parses
// every search with this; the browser loads it only to submit the filter form (search-form.tsx).
import * as z from "zod/mini";
import {
  DEFAULT_RADIUS_KM,
  FILTER_NAMES,
  type FilterDefinition,
  type FilterFields,
  type FilterName,
  filterParams,
  SEARCH_FILTERS,
} from "./search-filter-table";
import {
  DEFAULT_ORDEM,
  LIST_KEYS,
  MAX_PAGE,
  ORDEM_KEYS,
  type Ordem,
  PARAM_ORDER,
  PLACE_SEPARATOR,
  STAY_SEARCH_KEYS,
} from "./search-keys";
import type { Tipo } from "./vocabulary";

// zod/mini keeps the browser's copy small.
const str = z.string();

/** Collapses whitespace; empty → undefined. */
const text = (max: number) =>
  z.catch(
    z.optional(
      z.pipe(
        z.pipe(
          str,
          z.transform((s: string) => s.replace(/\s+/g, " ").trim().slice(0, max)),
        ),
        z.string().check(z.minLength(1)),
      ),
    ),
    undefined,
  );

/** Money and areas as people type them: "850000", "850.000", "R$ 850.000,00". */
const amount = z.catch(
  z.optional(
    z.pipe(
      z.pipe(
        str,
        z.transform((s: string) => {
          const digits = s.replace(/,\d{1,2}\s*$/, "").replace(/\D/g, "");
          return digits && digits.length <= 12 ? Number(digits) : Number.NaN;
        }),
      ),
      z.number().check(z.int(), z.positive()),
    ),
  ),
  undefined,
);

const integerIn = (min: number, max: number) =>
  z.pipe(
    z.pipe(
      str,
      z.transform((s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN)),
    ),
    z.number().check(z.int(), z.gte(min), z.lte(max)),
  );

const minimumCount = z.catch(z.optional(integerIn(1, 20)), undefined);

const flag = z.catch(
  z.pipe(
    z.optional(str),
    z.transform((s: string | undefined) =>
      ["1", "true", "on", "sim"].includes(s?.trim().toLowerCase() ?? ""),
    ),
  ),
  false,
);

/** Keeps the known keys, once each, in the vocabulary's order (so the URL is canonical). */
const keyList = <K extends string>(keys: readonly K[]) =>
  z.catch(
    z.pipe(
      z.array(str),
      z.transform((values: string[]) => {
        const wanted = new Set(values.flatMap((v) => v.split(",")).map((v) => v.trim()));
        return keys.filter((k) => wanted.has(k));
      }),
    ),
    [],
  );

const ordered = (
  min: number | undefined,
  max: number | undefined,
): [number | undefined, number | undefined] =>
  min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];

/** Degrees as a URL carries them, to 5 decimals (about a metre): one canonical spelling. */
const degrees = (n: number) => Math.round(n * 1e5) / 1e5;

/** "a,b,…" → `count` finite numbers, or undefined. */
function numbers(s: string, count: number): number[] | undefined {
  const parts = s.split(",").map((part) => part.trim());
  if (parts.length !== count || parts.some((part) => !/^-?\d{1,3}(\.\d{1,12})?$/.test(part)))
    return undefined;
  return parts.map(Number);
}

const inLat = (n: number) => n >= -90 && n <= 90;
const inLng = (n: number) => n >= -180 && n <= 180;

/** regiao=south,west,north,east (swapped when reversed). */
const bbox = z.catch(
  z.pipe(
    z.optional(str),
    z.transform((s: string | undefined) => {
      const n = s === undefined ? undefined : numbers(s, 4);
      if (!n) return undefined;
      const [south, west, north, east] = n.map(degrees) as [number, number, number, number];
      if (![south, north].every(inLat) || ![west, east].every(inLng)) return undefined;
      return {
        south: Math.min(south, north),
        west: Math.min(west, east),
        north: Math.max(south, north),
        east: Math.max(west, east),
      };
    }),
  ),
  undefined,
);

/** centro=lat,lng. */
const point = z.catch(
  z.pipe(
    z.optional(str),
    z.transform((s: string | undefined) => {
      const n = s === undefined ? undefined : numbers(s, 2);
      if (!n) return undefined;
      const [lat, lng] = n.map(degrees) as [number, number];
      return inLat(lat) && inLng(lng) ? { lat, lng } : undefined;
    }),
  ),
  undefined,
);

/** The URL accepts any 0.1–50 km ("1,5" too), to 1 decimal. */
const kilometres = z.catch(
  z.pipe(
    z.optional(str),
    z.transform((s: string | undefined) => {
      const t = s?.trim().replace(",", ".");
      if (!t || !/^\d{1,2}(\.\d+)?$/.test(t)) return undefined;
      const km = Math.round(Number(t) * 10) / 10;
      return km >= 0.1 && km <= 50 ? km : undefined;
    }),
  ),
  undefined,
);

/** The zod schema of each kind of filter (search-filter-table.ts), by URL parameter. */
function fieldSchemas(name: FilterName): [string, z.ZodMiniType][] {
  const definition = SEARCH_FILTERS[name] as FilterDefinition;
  switch (definition.kind) {
    case "text":
      return [[name, text(definition.max)]];
    case "oneOf":
      return [[name, z.catch(z.optional(z.enum(definition.keys as [string, ...string[]])), undefined)]];
    case "anyOf":
    case "allOf":
      return [[name, keyList(definition.keys)]];
    case "atLeast":
      return [[name, minimumCount]];
    case "flag":
      return [[name, flag]];
    case "range":
      return filterParams(name).map((param) => [param, amount]);
    case "bbox":
      return [[name, bbox]];
    case "radius":
      return [
        ["perto", text(80)],
        ["centro", point],
        ["raio", kilometres],
      ];
  }
}

const RANGES = FILTER_NAMES.filter((name) => SEARCH_FILTERS[name].kind === "range").map(filterParams);

export const searchFiltersSchema = z.pipe(
  z.object({
    ...Object.fromEntries(FILTER_NAMES.flatMap(fieldSchemas)),
    // Kept as typed (up to 12 characters): search-stay.ts validates them against today and the
    // form shows its message beside the visitor's own value.
    ...Object.fromEntries(STAY_SEARCH_KEYS.map((key) => [key, text(12)])),
    ordem: z.catch(z.enum(ORDEM_KEYS), DEFAULT_ORDEM),
    pagina: z.catch(integerIn(1, MAX_PAGE), 1),
    mapa: flag,
  }),
  z.transform((parsed) => {
    const f = { ...parsed } as Record<string, unknown>;
    // A reversed range is a typo, not an empty search.
    for (const [min, max] of RANGES) {
      [f[min!], f[max!]] = ordered(f[min!] as number | undefined, f[max!] as number | undefined);
    }
    // A circle has one centre (a place wins over a point) and a radius (2 km unless given).
    if (f.perto) f.centro = undefined;
    f.raio = f.perto || f.centro ? (f.raio ?? DEFAULT_RADIUS_KM) : undefined;
    // Dates and guests mean a temporada stay (decision 040): they choose temporada when no
    // finalidade is chosen, and are dropped beside venda or aluguel.
    if (STAY_SEARCH_KEYS.some((key) => f[key] !== undefined)) {
      if (f.finalidade === undefined) f.finalidade = "temporada";
      if (f.finalidade !== "temporada") for (const key of STAY_SEARCH_KEYS) f[key] = undefined;
    }
    return f as SearchFilters;
  }),
);

/**
 * `mapa`: the results are shown on a map too (not a filter: the same results). `chegada`,
 * `saida`, `hospedes`: a temporada stay as typed (search-stay.ts reads it).
 */
export type SearchFilters = FilterFields & {
  ordem: Ordem;
  pagina: number;
  mapa: boolean;
} & Partial<Record<(typeof STAY_SEARCH_KEYS)[number], string>>;

export interface ParseOptions {
  /** Only these tipos are meaningful here (the Casas screen); others are dropped. */
  allowedTipos?: readonly Tipo[];
}

export function parseSearchFilters(
  input: URLSearchParams | string | FormData,
  options: ParseOptions = {},
): SearchFilters {
  const params =
    typeof input === "string"
      ? new URLSearchParams(input)
      : input instanceof URLSearchParams
        ? input
        : formDataToParams(input);
  const raw: Record<string, string | string[] | undefined> = {};
  for (const key of PARAM_ORDER) {
    if (LIST_KEYS.has(key)) raw[key] = params.getAll(key);
    else {
      // The first non-empty value wins (a GET form submits empty fields as "key=").
      raw[key] = params.getAll(key).find((v) => v.trim() !== "");
    }
  }
  // A bairro chosen under its city ("Maragogi|Centro", placeValue) names the city too, and wins
  // over a different city left in the form's other select.
  const bairro = raw.bairro;
  if (typeof bairro === "string" && bairro.includes(PLACE_SEPARATOR)) {
    const at = bairro.indexOf(PLACE_SEPARATOR);
    raw.cidade = bairro.slice(0, at);
    raw.bairro = bairro.slice(at + PLACE_SEPARATOR.length);
  }
  const filters = searchFiltersSchema.parse(raw);
  if (options.allowedTipos) {
    const allowed = new Set(options.allowedTipos);
    filters.tipo = filters.tipo.filter((t) => allowed.has(t));
  }
  return filters;
}

function formDataToParams(form: FormData): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of form.entries()) if (typeof value === "string") params.append(key, value);
  return params;
}

export function emptyFilters(): SearchFilters {
  return parseSearchFilters(new URLSearchParams());
}
