// The search URLs' vocabulary: parameter names and their order, sort orders, limits. Both
// search-params.ts (serialising) and search-filters.ts (parsing) read it; it imports neither, so
// the two never import each other (search-params.ts indexes the filters with PARAM_ORDER, which
// checks every name is a filter).

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
export const LIST_KEYS = new Set(["tipo", "comodidades"]);

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
] as const;

/**
 * A bairro option's value in the filter forms: "Maragogi|Centro". The bairro carries its city, so
 * a "Centro" picked under Maragogi searches Maragogi's Centro, not every city's, with JavaScript
 * off too (the server turns it into cidade=Maragogi&bairro=Centro, search-filters.ts). City names
 * hold no "|"; the first one splits.
 */
export const PLACE_SEPARATOR = "|";
