// The loader work shared by the search screens: parse the URL, send non-canonical URLs to their
// canonical form, search, and shape cards, facets and head data.

import type { PropertyCardData } from "../../lib/property-card";
import { resultCountText, searchTitle } from "../../lib/search-describe";
import { parseSearchFilters } from "../../lib/search-filters";
import { isIndexable, type SearchPageData } from "../../lib/search-page";
import { pageHref, searchHref } from "../../lib/search-params";
import { TIPO_KEYS, type Tipo } from "../../lib/vocabulary";
import { perDataVersionByKey } from "../cache/per-data-version.server";
import { toCardData } from "../properties/cards.server";
import type { Services } from "../services.server";
import { MAP_POINT_LIMIT, mapPoints, withResolvedCentre } from "./map-search.server";
import { type SearchResult, searchFacets, searchProperties } from "./search.server";
import { searchFallback, suggestSpelling } from "./spelling.server";

export interface SearchScreen {
  path: string;
  /** What the screen lists when no single tipo is chosen: "Imóveis", "Casas". */
  subject: string;
  intro: string;
  /** The tipos this screen may show (all when absent). */
  restrictTipos?: readonly Tipo[];
}

export type SearchPageResult = { redirect: string } | { data: SearchPageData };

export async function loadSearchPage(
  services: Pick<Services, "db" | "storage">,
  url: URL,
  screen: SearchScreen,
): Promise<SearchPageResult> {
  const filters = parseSearchFilters(url.searchParams, { allowedTipos: screen.restrictTipos });
  const canonical = searchHref(screen.path, filters);
  // One URL per result page: reordered, empty or unknown parameters go to the canonical form.
  if (`${url.pathname}?${url.searchParams}` !== `${screen.path}?${new URL(canonical, url).searchParams}`) {
    return { redirect: canonical };
  }
  return readSearchPage({ ...services, screen }, canonical);
}

/**
 * One search result page, read once per canonical URL and data version: the same filter asked
 * by many visitors (a link shared on WhatsApp, a crawler) costs one search until the next write.
 * The canonical URL starts with the screen's path, so both screens share one memo.
 */
const readSearchPage = perDataVersionByKey(
  (context: Pick<Services, "db" | "storage"> & { screen: SearchScreen }, canonical: string) =>
    searchPage(context, canonical, context.screen),
  { maxKeys: 1000 },
);

/**
 * The filter form's cities and bairros with their counts: a GROUP BY over every published listing
 * that no filter changes, so it is read once per data version and screen, not on each new URL
 * (a crawler walking price bounds would otherwise pay it on every page).
 */
const facetsPerVersion = perDataVersionByKey(
  (context: Pick<Services, "db">, tipos: string) =>
    searchFacets(context.db, { restrictTipos: tipos ? (tipos.split(",") as Tipo[]) : undefined }),
  { maxKeys: 8 },
);

const facetsOf = (services: Pick<Services, "db">, restrictTipos: readonly Tipo[] | undefined) =>
  facetsPerVersion(services, restrictTipos?.join(",") ?? "");

/**
 * A result's card, shaped once per result row: the index path's rows are shared by every search
 * of a data version (search.server.ts, cardRowsById), so their cards are too.
 */
const cards = new WeakMap<SearchResult["items"][number], PropertyCardData>();

function cardOf(item: SearchResult["items"][number], storage: Services["storage"]): PropertyCardData {
  let card = cards.get(item);
  if (!card) {
    card = toCardData(item.property, item.cover, storage);
    cards.set(item, card);
  }
  return card;
}

async function searchPage(
  services: Pick<Services, "db" | "storage">,
  canonical: string,
  screen: SearchScreen,
): Promise<SearchPageResult> {
  const filters = parseSearchFilters(new URL(canonical, "http://x").searchParams, {
    allowedTipos: screen.restrictTipos,
  });
  // The URL names a place (perto); the search reads its centre. The page keeps the URL's filters.
  const searched = await withResolvedCentre(services.db, filters);
  const [result, facets, points] = await Promise.all([
    searchProperties(services.db, searched, { restrictTipos: screen.restrictTipos }),
    facetsOf(services, screen.restrictTipos),
    filters.mapa ? mapPoints(services, searched, screen.restrictTipos) : undefined,
  ]);
  if (filters.pagina > result.pageCount)
    return { redirect: pageHref(screen.path, filters, result.pageCount) };
  const title = searchTitle(filters, screen.subject, facets);
  const [suggestion, fallback] = await Promise.all([
    suggestSpelling({
      db: services.db,
      path: screen.path,
      filters: searched,
      restrictTipos: screen.restrictTipos,
      total: result.total,
    }),
    result.total === 0 ? searchFallback(services.db, services.storage) : undefined,
  ]);
  return {
    data: {
      path: screen.path,
      title,
      intro: screen.intro,
      description: `${resultCountText(result.total)}: ${title.charAt(0).toLowerCase()}${title.slice(1)}. Veja fotos, preços e detalhes e fale com um corretor pelo WhatsApp.`,
      filters,
      facets,
      tipoOptions: screen.restrictTipos ?? TIPO_KEYS,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      cards: result.items.map((item) => cardOf(item, services.storage)),
      canonicalPath: canonical,
      noindex: !isIndexable(filters, result.total),
      ...(points && {
        map: {
          points,
          omitted: Math.max(0, result.total - MAP_POINT_LIMIT),
          circle:
            searched.centro && searched.raio !== undefined
              ? { ...searched.centro, radius: searched.raio * 1000 }
              : null,
        },
      }),
      ...(suggestion && { suggestion }),
      ...(fallback && { fallback }),
    },
  };
}
