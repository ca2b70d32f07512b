// The results column: count, sort, "Você quis dizer" for misspelt words, active filters (each
// removable), the cards and pagination, or an empty state that offers to loosen the search one
// filter at a time, with the featured listings under it.

import { Link, useNavigation } from "react-router";
import type { PropertyCardData } from "../../lib/property-card";
import { type FilterChip, filterChips, resultCountText } from "../../lib/search-describe";
import type { SearchFallback, SpellingSuggestion } from "../../lib/search-page";
import { DEFAULT_ORDEM, ORDEM_KEYS, ORDENS, type SearchFilters } from "../../lib/search-params";
import { PropertyCardGrid } from "../property-card";
import { Pagination } from "./pagination";
import { RESULTS_ID, SEARCH_FORM_ID } from "./search-form";
import { DidYouMean, FallbackListings } from "./search-suggestions";

function SortSelect({ filters }: { filters: SearchFilters }) {
  return (
    <div className="search-sort">
      <label htmlFor="f-ordem">Ordenar por</label>
      <select
        id="f-ordem"
        name="ordem"
        form={SEARCH_FORM_ID}
        defaultValue={filters.ordem}
        onChange={(e) => {
          // Focus tells the form to keep the visitor here (on the select) after the new results.
          e.currentTarget.focus();
          e.currentTarget.form?.requestSubmit();
        }}
      >
        {ORDEM_KEYS.map((key) => (
          <option key={key} value={key}>
            {ORDENS[key]}
          </option>
        ))}
      </select>
      {/* Without JavaScript the select cannot submit itself; <noscript> keeps the layout still when it can. */}
      <noscript>
        <button type="submit" form={SEARCH_FORM_ID} className="button button--ghost search-sort__apply">
          Ordenar
        </button>
      </noscript>
    </div>
  );
}

function Chips({ chips, path }: { chips: FilterChip[]; path: string }) {
  return (
    <ul className="search-chips">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link to={chip.removeHref} className="search-chip" aria-label={`Remover filtro: ${chip.label}`}>
            {chip.label} <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link to={path} className="search-chip search-chip--clear">
            Limpar tudo
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

export function SearchResults({
  path,
  filters,
  total,
  page,
  pageCount,
  cards,
  suggestion,
  fallback,
}: {
  path: string;
  filters: SearchFilters;
  total: number;
  page: number;
  pageCount: number;
  cards: PropertyCardData[];
  suggestion?: SpellingSuggestion;
  fallback?: SearchFallback;
}) {
  const chips = filterChips(path, filters);
  // A new search of this page is on its way: what is shown answers the previous one. Marked busy
  // until the new results are painted, which is after the address has changed.
  const navigation = useNavigation();
  const outdated = navigation.state !== "idle" && navigation.location.pathname === path;
  return (
    <section className="search-results" aria-labelledby={RESULTS_ID} aria-busy={outdated || undefined}>
      <div className="search-toolbar">
        <p id={RESULTS_ID} className="search-count" tabIndex={-1}>
          {resultCountText(total)}
          {pageCount > 1 ? (
            <span className="search-count__page">
              {" "}
              · página {page} de {pageCount}
            </span>
          ) : null}
        </p>
        {total > 1 ? (
          <SortSelect filters={filters} />
        ) : filters.ordem !== DEFAULT_ORDEM ? (
          // No choice to show for one result or none, but the chosen order stays with the search:
          // widening it again keeps the visitor's sort.
          <input type="hidden" name="ordem" form={SEARCH_FORM_ID} value={filters.ordem} />
        ) : null}
      </div>
      <DidYouMean suggestion={suggestion} />
      {total > 0 && chips.length ? <Chips chips={chips} path={path} /> : null}
      {total > 0 ? (
        <>
          <PropertyCardGrid cards={cards} priorityCount={1} headingLevel={2} />
          <Pagination path={path} filters={filters} page={page} pageCount={pageCount} />
        </>
      ) : (
        <div className="empty-state search-empty">
          <h2 className="empty-state__title">Nenhum imóvel encontrado com esses filtros</h2>
          {chips.length ? (
            <>
              <p>Tente remover um dos filtros abaixo para ver mais opções:</p>
              <Chips chips={chips} path={path} />
            </>
          ) : (
            <p>No momento não há imóveis publicados aqui. Volte em breve!</p>
          )}
          <p>
            <Link to="/todos-os-imoveis">Ver todos os imóveis</Link>
          </p>
        </div>
      )}
      {total === 0 ? <FallbackListings fallback={fallback} /> : null}
    </section>
  );
}
