// The search filter codec shared by the browser (filter form, links) and the server (loaders).
// Parsing is lenient: a bad value is dropped, never an error. Serialising is canonical: a
// fixed parameter order with defaults omitted, so every result page has exactly one URL.
import * as z from "zod/mini";
import { COMODIDADE_KEYS, type Comodidade, FINALIDADE_KEYS, TIPO_KEYS, type Tipo } from "./vocabulary";

export const ORDENS = {
  relevancia: "Relevância",
  "menor-preco": "Menor preço",
  "maior-preco": "Maior preço",
  recentes: "Mais recentes",
  "maior-area": "Maior área",
} as const;
export type Ordem = keyof typeof ORDENS;
export const ORDEM_KEYS = Object.keys(ORDENS) as [Ordem, ...Ordem[]];
export const DEFAULT_ORDEM: Ordem = "relevancia";

/** Results per page on /todos-os-imoveis and /casas. */
export const SEARCH_PAGE_SIZE = 24;
export const MAX_PAGE = 10_000;
const MAX_TEXT = 100;

// zod/mini keeps the browser bundle small (the search form parses in the browser too).
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

export const searchFiltersSchema = z.pipe(
  z.object({
    q: text(MAX_TEXT),
    finalidade: z.catch(z.optional(z.enum(FINALIDADE_KEYS)), undefined),
    tipo: keyList<Tipo>(TIPO_KEYS),
    cidade: text(80),
    bairro: text(80),
    precoMin: amount,
    precoMax: amount,
    quartos: minimumCount,
    suites: minimumCount,
    vagas: minimumCount,
    areaMin: amount,
    areaMax: amount,
    comodidades: keyList<Comodidade>(COMODIDADE_KEYS),
    mobiliado: flag,
    pet: flag,
    ordem: z.catch(z.enum(ORDEM_KEYS), DEFAULT_ORDEM),
    pagina: z.catch(integerIn(1, MAX_PAGE), 1),
  }),
  z.transform((f) => {
    // A reversed range is a typo, not an empty search.
    const [precoMin, precoMax] = ordered(f.precoMin, f.precoMax);
    const [areaMin, areaMax] = ordered(f.areaMin, f.areaMax);
    return { ...f, precoMin, precoMax, areaMin, areaMax };
  }),
);

export type SearchFilters = z.output<typeof searchFiltersSchema>;

const LIST_KEYS = new Set(["tipo", "comodidades"]);

/** The parameters in their canonical order. */
export const PARAM_ORDER = [
  "q",
  "finalidade",
  "tipo",
  "cidade",
  "bairro",
  "precoMin",
  "precoMax",
  "quartos",
  "suites",
  "vagas",
  "areaMin",
  "areaMax",
  "comodidades",
  "mobiliado",
  "pet",
  "ordem",
  "pagina",
] as const satisfies readonly (keyof SearchFilters)[];

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

/** Canonical parameters: fixed order, defaults and empty values omitted, lists repeated. */
export function serializeSearchFilters(filters: Partial<SearchFilters>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of PARAM_ORDER) {
    const value = filters[key];
    if (value === undefined || value === null || value === false) continue;
    if (key === "ordem" && value === DEFAULT_ORDEM) continue;
    if (key === "pagina" && value === 1) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value === true) params.append(key, "1");
    else params.append(key, String(value));
  }
  return params;
}

/** "?finalidade=venda&tipo=apartamento" or "" (no filters). */
export function searchQueryString(filters: Partial<SearchFilters>): string {
  const query = serializeSearchFilters(filters).toString();
  return query ? `?${query}` : "";
}

/** The canonical URL path + query of a result page. */
export function searchHref(path: string, filters: Partial<SearchFilters>): string {
  return `${path}${searchQueryString(filters)}`;
}

/** The same filters on another page (page 1 has no parameter). */
export function pageHref(path: string, filters: SearchFilters, page: number): string {
  return searchHref(path, { ...filters, pagina: page });
}

/** How many filters narrow the results (sort and page are not filters). */
export function activeFilterCount(filters: SearchFilters): number {
  let count = 0;
  if (filters.q) count++;
  if (filters.finalidade) count++;
  if (filters.tipo.length) count++;
  if (filters.cidade) count++;
  if (filters.bairro) count++;
  if (filters.precoMin !== undefined || filters.precoMax !== undefined) count++;
  if (filters.quartos) count++;
  if (filters.suites) count++;
  if (filters.vagas) count++;
  if (filters.areaMin !== undefined || filters.areaMax !== undefined) count++;
  if (filters.comodidades.length) count++;
  if (filters.mobiliado) count++;
  if (filters.pet) count++;
  return count;
}
