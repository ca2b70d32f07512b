// What the two search screens (/todos-os-imoveis, /casas) load, and their head tags.
import type { MetaDescriptor } from "react-router";
import { absoluteUrl, buildMeta, siteFromMatches } from "./meta";
import type { PropertyCardData } from "./property-card";
import { activeFilterCount, DEFAULT_ORDEM, pageHref, type SearchFilters } from "./search-params";
import type { StaySearchErrors } from "./search-stay";
import type { Tipo } from "./vocabulary";

export interface CityFacetView {
  cidade: string;
  count: number;
  bairros: { bairro: string; count: number }[];
}

/** A result on the map: where its listing page shows it (a circle when the address is hidden). */
export interface MapPoint {
  referencia: string;
  url: string;
  titulo: string;
  price: string;
  place: string;
  lat: number;
  lng: number;
  /** Metres of the approximate circle; null = the exact point. */
  radius: number | null;
}

/** What the map view gets (only when `mapa=1`). */
export interface SearchMapData {
  points: MapPoint[];
  /** The results beyond the points drawn (SEARCH_MAP_POINTS). */
  omitted: number;
  /** The radius search's circle (its centre resolved from `perto` when a place is named). */
  circle: { lat: number; lng: number; radius: number } | null;
}

export interface SearchPageData {
  path: string;
  title: string;
  intro: string;
  description: string;
  filters: SearchFilters;
  facets: CityFacetView[];
  tipoOptions: readonly Tipo[];
  total: number;
  page: number;
  pageCount: number;
  cards: PropertyCardData[];
  /** The canonical path + query of this page (without a stay's dates: decision 040). */
  canonicalPath: string;
  /** A temporada stay asked (chegada, saida, hospedes) as typed, and its messages per field. */
  stay?: { values: Record<"chegada" | "saida" | "hospedes", string>; errors: StaySearchErrors };
  noindex: boolean;
  /** "Você quis dizer: …?" when the query's words are misspelt (app/server/search/spelling.server.ts). */
  suggestion?: SpellingSuggestion;
  /** Listings to offer when nothing is found. */
  fallback?: SearchFallback;
  /** The map view's data, when it is open. */
  map?: SearchMapData;
}

export interface SpellingSuggestion {
  /** The corrected query. */
  q: string;
  /** The same search (same filters, same screen) with the corrected query. */
  href: string;
  /** How many listings the corrected search finds (at least one). */
  total: number;
}

export interface SearchFallback {
  heading: string;
  cards: PropertyCardData[];
}

/** Beyond this page, result pages are not indexed (they add nothing a search engine needs). */
export const MAX_INDEXED_PAGE = 10;
/** More filters than this make a combination too narrow to deserve its own indexed page. */
export const MAX_INDEXED_FILTERS = 2;

/**
 * Indexed: the screen itself and up to two filters, pages 1–10, default order, no free text,
 * no map area nor radius nor map view, at least one result. Everything else is "noindex,
 * follow" (still crawled for its links).
 */
export function isIndexable(filters: SearchFilters, total: number): boolean {
  return (
    total > 0 &&
    !filters.regiao &&
    filters.raio === undefined &&
    !filters.mapa &&
    !filters.q &&
    filters.ordem === DEFAULT_ORDEM &&
    filters.pagina <= MAX_INDEXED_PAGE &&
    activeFilterCount(filters) <= MAX_INDEXED_FILTERS
  );
}

type MetaArgs = {
  data: SearchPageData | undefined;
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** Title, description, canonical, robots and rel prev/next for a result page. */
export function searchPageMeta({ data, matches }: MetaArgs): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!data) return buildMeta({ title: "Imóveis", path: "/todos-os-imoveis", noindex: true }, site);
  const pageSuffix = data.page > 1 ? ` – página ${data.page}` : "";
  const tags = buildMeta(
    {
      title: `${data.title}${pageSuffix}`,
      description: data.description,
      path: data.canonicalPath,
      noindex: data.noindex,
    },
    site,
  );
  if (data.page > 1) {
    tags.push({
      tagName: "link",
      rel: "prev",
      href: absoluteUrl(pageHref(data.path, data.filters, data.page - 1), site.publicUrl),
    });
  }
  if (data.page < data.pageCount) {
    tags.push({
      tagName: "link",
      rel: "next",
      href: absoluteUrl(pageHref(data.path, data.filters, data.page + 1), site.publicUrl),
    });
  }
  return tags;
}
