// The search URLs' vocabulary: parameter names and their order (from the filter table,
// search-filter-table.ts), sort orders, limits. Both search-params.ts (serialising) and
// search-filters.ts (parsing) read it; it imports neither, so the two never import each other.
import { FILTER_NAMES, filterParams, SEARCH_FILTERS } from "./search-filter-table";

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

export const MAX_PAGE = 10_000;

/** Parameters that repeat (tipo=casa&tipo=apartamento). */
export const LIST_KEYS: ReadonlySet<string> = new Set(
  FILTER_NAMES.filter((name) => ["anyOf", "allOf"].includes(SEARCH_FILTERS[name].kind)),
);

/**
 * A temporada search's stay (decision 040): the same names as a listing's quote
 * (`?estadia=1&chegada=…&saida=…&hospedes=…`), so a card's link carries them unchanged.
 */
export const STAY_SEARCH_KEYS = ["chegada", "saida", "hospedes"] as const;

/**
 * The parameters in their canonical order: the filters' (search-filter-table.ts), the stay's
 * dates and guests, then sort, page and the map view.
 */
export const PARAM_ORDER: readonly string[] = [
  ...FILTER_NAMES.flatMap(filterParams),
  ...STAY_SEARCH_KEYS,
  "ordem",
  "pagina",
  "mapa",
];

/**
 * A bairro option's value in the filter forms: "Maragogi|Centro". The bairro carries its city, so
 * a "Centro" picked under Maragogi searches Maragogi's Centro, not every city's, with JavaScript
 * off too (the server turns it into cidade=Maragogi&bairro=Centro, search-filters.ts). City names
 * hold no "|"; the first one splits.
 */
export const PLACE_SEPARATOR = "|";
