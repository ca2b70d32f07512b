// The whole search screen, shared by /todos-os-imoveis and /casas.
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { bairroCities, searchLead } from "../../lib/search-describe";
import type { SearchPageData } from "../../lib/search-page";
import { searchHref } from "../../lib/search-params";
import searchCss from "../../styles/search.css?inline";
import { Stylesheet } from "../stylesheet";
import { AlertSignup } from "./alert-form";
import { SearchForm } from "./search-form";
import { SearchMap } from "./search-map";
import { SearchResults } from "./search-results";

/** The page is re-created on every search; put focus back where the visitor was. */
function useFocusAfterSearch() {
  const location = useLocation();
  const focus = (location.state as { focus?: string } | null)?.focus;
  useEffect(() => {
    if (!focus) return;
    const element = document.getElementById(focus);
    element?.focus({ preventScroll: element.tagName === "SELECT" });
  }, [focus]);
}

/**
 * A bairro without its city that several cities have (an old link, a typed URL: ?bairro=Centro):
 * the results mix those cities, so the page says so and offers each city's own search.
 */
function BairroInSeveralCities({ data }: { data: SearchPageData }) {
  const { filters, facets, path } = data;
  if (!filters.bairro || filters.cidade) return null;
  const cities = bairroCities(facets, filters.bairro);
  if (cities.length < 2) return null;
  return (
    <div className="search-notice" data-testid="bairro-em-varias-cidades">
      <p>
        Há um bairro {filters.bairro} em {cities.length} cidades, e os resultados juntam todos. Escolha a
        cidade:
      </p>
      <ul className="search-notice__links">
        {cities.map((cidade) => (
          <li key={cidade}>
            <Link to={searchHref(path, { ...filters, cidade, pagina: 1 })}>
              {filters.bairro}, {cidade}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SearchPage({ data }: { data: SearchPageData }) {
  useFocusAfterSearch();
  return (
    <main className="container page search-page">
      <Stylesheet name="search" css={searchCss} />
      <h1>{data.title}</h1>
      <p className="page__lead">{searchLead(data.path, data.filters, data.intro)}</p>
      <BairroInSeveralCities data={data} />
      <p className="search-view">
        <Link
          to={searchHref(data.path, { ...data.filters, mapa: !data.filters.mapa })}
          className="button button--ghost search-view__toggle"
          preventScrollReset
          rel="nofollow"
          data-testid="map-toggle"
        >
          {data.filters.mapa ? "Ocultar o mapa" : "Ver no mapa"}
        </Link>
      </p>
      {data.map ? <SearchMap key={data.path} data={data} /> : null}
      <AlertSignup busca={data.canonicalPath} />
      <div className="search-layout">
        <SearchForm
          path={data.path}
          filters={data.filters}
          facets={data.facets}
          tipoOptions={data.tipoOptions}
          stay={data.stay}
        />
        <SearchResults
          path={data.path}
          filters={data.filters}
          total={data.total}
          page={data.page}
          pageCount={data.pageCount}
          cards={data.cards}
          suggestion={data.suggestion}
          fallback={data.fallback}
        />
      </div>
    </main>
  );
}
