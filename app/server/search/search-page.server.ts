// The loader work shared by the search screens: parse the URL, send non-canonical URLs to their
// canonical form, search, and shape cards, facets and head data.

import { formatPrice } from "../../lib/format";
import { maceioClock } from "../../lib/maceio-time";
import type { PropertyCardData } from "../../lib/property-card";
import { resultCountText, searchTitle } from "../../lib/search-describe";
import { parseSearchFilters } from "../../lib/search-filters";
import { isIndexable, type SearchPageData } from "../../lib/search-page";
import { pageHref, type SearchFilters, searchHref } from "../../lib/search-params";
import { hasStaySearch, listingStayHref, staySearchLabel, staySearchOf } from "../../lib/search-stay";
import { TIPO_KEYS, type Tipo } from "../../lib/vocabulary";
import { perDataVersionByKey } from "../cache/per-data-version.server";
import { toCardData } from "../properties/cards.server";
import { placeSpellings } from "../properties/place-spellings.server";
import type { Services } from "../services.server";
import { mapPoints, withResolvedCentre } from "./map-search.server";
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
  services: Pick<Services, "db" | "storage" | "config">,
  url: URL,
  screen: SearchScreen,
): Promise<SearchPageResult> {
  const asked = parseSearchFilters(url.searchParams, { allowedTipos: screen.restrictTipos });
  const filters = await withPlaceSpellings(services.db, asked);
  const canonical = searchHref(screen.path, filters);
  // One URL per result page: reordered, empty or unknown parameters go to the canonical form, and
  // a place typed another way ("maceio") to the spelling the site's own links use.
  if (`${url.pathname}?${url.searchParams}` !== `${screen.path}?${new URL(canonical, url).searchParams}`) {
    return { redirect: canonical };
  }
  // A stay's page depends on today too (no check-in before it: decision 040), so its memo key
  // carries the day; the HTML cache never stores it (page-cache.server.ts).
  const key = hasStaySearch(filters) ? `${canonical}#${maceioClock(new Date()).day}` : canonical;
  // An area of the map is one visitor's pan (decision 036): read per request, not kept, so
  // panning never pushes the searches many visitors share out of the memo.
  if (filters.regiao) return searchPage(services, key, screen);
  return readSearchPage({ ...services, screen }, key);
}

/** The filters with their city and bairro as the site spells them (place-spellings.server.ts). */
async function withPlaceSpellings(db: Services["db"], filters: SearchFilters): Promise<SearchFilters> {
  if (!filters.cidade && !filters.bairro) return filters;
  const spell = await placeSpellings(db);
  return {
    ...filters,
    cidade: filters.cidade && spell.cidade(filters.cidade),
    bairro: filters.bairro && spell.bairro(filters.bairro, filters.cidade),
  };
}

/**
 * One search result page, read once per canonical URL and data version: the same filter asked
 * by many visitors (a link shared on WhatsApp, a crawler) costs one search until the next write.
 * The canonical URL starts with the screen's path, so both screens share one memo.
 */
const readSearchPage = perDataVersionByKey(
  (context: Pick<Services, "db" | "storage" | "config"> & { screen: SearchScreen }, canonical: string) =>
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
  services: Pick<Services, "db" | "storage" | "config">,
  key: string,
  screen: SearchScreen,
): Promise<SearchPageResult> {
  const url = new URL(key, "http://x");
  const canonical = `${url.pathname}${url.search}`;
  const filters = parseSearchFilters(url.searchParams, { allowedTipos: screen.restrictTipos });
  const today = url.hash.slice(1) || maceioClock(new Date()).day;
  const staySearch = staySearchOf(filters, today);
  const stay = staySearch.kind === "ok" ? staySearch.stay : undefined;
  // The URL names a place (perto); the search reads its centre. The page keeps the URL's filters.
  const searched = await withResolvedCentre(services.db, filters);
  const stayOption = stay && { request: stay, today };
  const [result, facets, points] = await Promise.all([
    searchProperties(services.db, searched, {
      restrictTipos: screen.restrictTipos,
      ...(stayOption && { stay: stayOption }),
    }),
    facetsOf(services, screen.restrictTipos),
    // The map shows what the list finds: with dates, only the listings free for the stay.
    filters.mapa ? mapPoints(services, searched, screen.restrictTipos, stayOption) : undefined,
  ]);
  if (filters.pagina > result.pageCount)
    return { redirect: pageHref(screen.path, filters, result.pageCount) };
  const title = `${searchTitle(filters, screen.subject, facets)}${stay ? ` – ${staySearchLabel(stay)}` : ""}`;
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
      cards: result.items.map((item) => {
        const card = cardOf(item, services.storage);
        const quote = result.stays?.get(item.property.id);
        if (!stay || !quote) return card;
        // The stay's total, from the listing page's own quote, and a link that carries the dates.
        return {
          ...card,
          url: listingStayHref(card.url, stay),
          stayTotal: `${formatPrice(quote.total)} por ${stay.nights} ${stay.nights === 1 ? "noite" : "noites"}`,
        };
      }),
      // A stay's page is canonical to the same search without the stay, and never indexed.
      canonicalPath: hasStaySearch(filters)
        ? searchHref(screen.path, { ...filters, chegada: undefined, saida: undefined, hospedes: undefined })
        : canonical,
      noindex: hasStaySearch(filters) || !isIndexable(filters, result.total),
      ...(hasStaySearch(filters) && {
        stay: {
          values: {
            chegada: filters.chegada ?? "",
            saida: filters.saida ?? "",
            hospedes: filters.hospedes ?? "",
          },
          errors: staySearch.kind === "invalid" ? staySearch.errors : {},
        },
      }),
      ...(points && {
        map: {
          points,
          omitted: Math.max(0, result.total - services.config.SEARCH_MAP_POINTS),
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
