// The search filters' URLs, shared by the browser (filter form, links) and the server (loaders).
// Serialising is canonical: a fixed parameter order with defaults omitted, so every result page
// has exactly one URL. Parsing (lenient, with zod) is in search-filters.ts, which the browser
// loads only when a visitor submits the form: zod is ~14 KB of the search page's script.

import { FILTER_NAMES, filterParams, isFilterActive, SEARCH_FILTERS } from "./search-filter-table";
import type { SearchFilters } from "./search-filters";

export type { SearchFilters };

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

/** Parameters that repeat (tipo=casa&tipo=apartamento). */
export const LIST_KEYS: ReadonlySet<string> = new Set(
  FILTER_NAMES.filter((name) => ["anyOf", "allOf"].includes(SEARCH_FILTERS[name].kind)),
);

/** The parameters in their canonical order: the filters' (search-filter-table.ts), then sort and page. */
export const PARAM_ORDER = [
  ...FILTER_NAMES.flatMap(filterParams),
  "ordem",
  "pagina",
] as (keyof SearchFilters)[];

/**
 * A bairro option's value in the filter forms: "Maragogi|Centro". The bairro carries its city, so
 * a "Centro" picked under Maragogi searches Maragogi's Centro, not every city's, with JavaScript
 * off too (the server turns it into cidade=Maragogi&bairro=Centro, search-filters.ts). City names
 * hold no "|"; the first one splits.
 */
export const PLACE_SEPARATOR = "|";

export function placeValue(cidade: string, bairro: string): string {
  return `${cidade}${PLACE_SEPARATOR}${bairro}`;
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

/** How many filters narrow the results (sort and page are not filters; a range is one). */
export function activeFilterCount(filters: SearchFilters): number {
  return FILTER_NAMES.filter((name) => isFilterActive(name, filters)).length;
}
