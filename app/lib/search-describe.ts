// Human words for a search: the page title ("Apartamentos à venda em Maceió") and the active
// filter chips, each with the link that removes it (also the empty state's suggestions).
import { formatCount } from "./format";
import { placeKey } from "./place-key";
import { FILTER_NAMES, filterChipsOf } from "./search-filter-table";
import type { CityFacetView } from "./search-page";
import { type SearchFilters, searchHref } from "./search-params";
import { type Finalidade, TIPOS } from "./vocabulary";

const FINALIDADE_PHRASE: Record<Finalidade, string> = {
  venda: "à venda",
  aluguel: "para alugar",
  temporada: "para temporada",
};

/** The cities that have a bairro of this name, in the facets' order. */
export function bairroCities(facets: readonly CityFacetView[], bairro: string): string[] {
  const key = placeKey(bairro);
  return facets.filter((c) => c.bairros.some((b) => placeKey(b.bairro) === key)).map((c) => c.cidade);
}

/**
 * "Apartamentos à venda em Pajuçara, Maceió"; `subject` names the screen when no single tipo is
 * chosen. A bairro without its city is placed by the `facets`: in its one city, or said to be in
 * several ("em Centro (4 cidades)"), never as if it were one place.
 */
export function searchTitle(
  filters: SearchFilters,
  subject = "Imóveis",
  facets: readonly CityFacetView[] = [],
): string {
  const tipo = filters.tipo.length === 1 && filters.tipo[0] ? TIPOS[filters.tipo[0]].plural : subject;
  const finalidade = filters.finalidade ? FINALIDADE_PHRASE[filters.finalidade] : "à venda e para alugar";
  const cities = filters.bairro && !filters.cidade ? bairroCities(facets, filters.bairro) : [];
  const cidade = filters.cidade ?? (cities.length === 1 ? cities[0] : undefined);
  const place =
    filters.bairro && cidade
      ? `${filters.bairro}, ${cidade}`
      : filters.bairro && cities.length > 1
        ? `${filters.bairro} (${cities.length} cidades)`
        : (filters.bairro ?? filters.cidade ?? "Alagoas");
  const title = `${tipo} ${finalidade} em ${place}`;
  return filters.q ? `“${filters.q}”: ${title.charAt(0).toLowerCase()}${title.slice(1)}` : title;
}

/** "Nenhum imóvel encontrado" / "1 imóvel encontrado" / "24 imóveis encontrados". */
export function resultCountText(total: number): string {
  return formatCount(total, "imóvel encontrado", "imóveis encontrados", "Nenhum imóvel encontrado");
}

export interface FilterChip {
  key: string;
  label: string;
  /** The same search without this filter (back to page 1). */
  removeHref: string;
}

/** A stay's dates and guests choose temporada (decision 040): without temporada they go too. */
const WITHOUT_STAY = { chegada: undefined, saida: undefined, hospedes: undefined };

export function filterChips(path: string, filters: SearchFilters): FilterChip[] {
  return FILTER_NAMES.flatMap((name) =>
    filterChipsOf(name, filters).map(({ key, label, without }) => ({
      key,
      label,
      removeHref: searchHref(path, {
        ...filters,
        ...without,
        ...(name === "finalidade" && filters.finalidade === "temporada" ? WITHOUT_STAY : {}),
        pagina: 1,
      }),
    })),
  );
}

/**
 * The line under a result page's title: the screen's own introduction until the visitor filters,
 * then what the filters are ("Filtros aplicados: À venda · Maceió · 3+ quartos."), so the page
 * never describes more than it shows.
 */
export function searchLead(path: string, filters: SearchFilters, intro: string): string {
  const chips = filterChips(path, filters);
  return chips.length ? `Filtros aplicados: ${chips.map((chip) => chip.label).join(" · ")}.` : intro;
}
