// The search filters' URLs, shared by the browser (filter form, links) and the server (loaders).
// Serialising is canonical: a fixed parameter order with defaults omitted, so every result page
// has exactly one URL. Parsing (lenient, with zod) is in search-filters.ts, which the browser
// loads only when a visitor submits the form: zod is ~14 KB of the search page's script.

import { FILTER_NAMES, isFilterActive } from "./search-filter-table";
import type { SearchFilters } from "./search-filters";
import { DEFAULT_ORDEM, PARAM_ORDER, PLACE_SEPARATOR } from "./search-keys";

export {
  DEFAULT_ORDEM,
  LIST_KEYS,
  MAX_PAGE,
  ORDEM_KEYS,
  ORDENS,
  type Ordem,
  PARAM_ORDER,
  PLACE_SEPARATOR,
} from "./search-keys";
export type { SearchFilters };

/** Results per page on /todos-os-imoveis and /casas. */
export const SEARCH_PAGE_SIZE = 24;

export function placeValue(cidade: string, bairro: string): string {
  return `${cidade}${PLACE_SEPARATOR}${bairro}`;
}

/** Canonical parameters: fixed order, defaults and empty values omitted, lists repeated. */
export function serializeSearchFilters(filters: Partial<SearchFilters>): URLSearchParams {
  const params = new URLSearchParams();
  // search-keys.ts builds the order from the filter table, whose names are SearchFilters' keys.
  for (const key of PARAM_ORDER as readonly (keyof SearchFilters)[]) {
    const value = filters[key];
    if (value === undefined || value === null || value === false) continue;
    if (key === "ordem" && value === DEFAULT_ORDEM) continue;
    if (key === "pagina" && value === 1) continue;
    // A place's centre is the server's reading of `perto`, never a second centre in the URL.
    if (key === "centro" && filters.perto) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (typeof value === "object" && "south" in value)
      params.append(key, [value.south, value.west, value.north, value.east].join(","));
    else if (typeof value === "object" && "lat" in value) params.append(key, `${value.lat},${value.lng}`);
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
