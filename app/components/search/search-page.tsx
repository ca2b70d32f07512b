// The whole search screen, shared by /todos-os-imoveis and /casas.
import { useEffect } from "react";
import { useLocation } from "react-router";
import type { SearchPageData } from "../../lib/search-page";
import searchCss from "../../styles/search.css?inline";
import { Stylesheet } from "../stylesheet";
import { SearchForm } from "./search-form";
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

export function SearchPage({ data }: { data: SearchPageData }) {
  useFocusAfterSearch();
  return (
    <main className="container page search-page">
      <Stylesheet name="search" css={searchCss} />
      <h1>{data.title}</h1>
      <p className="page__lead">{data.intro}</p>
      <div className="search-layout">
        <SearchForm
          path={data.path}
          filters={data.filters}
          facets={data.facets}
          tipoOptions={data.tipoOptions}
        />
        <SearchResults
          path={data.path}
          filters={data.filters}
          total={data.total}
          page={data.page}
          pageCount={data.pageCount}
          cards={data.cards}
        />
      </div>
    </main>
  );
}
