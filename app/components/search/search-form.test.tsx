// The price fields say in which unit a search compares: per night in a temporada search, where a
// weekly price counts as its seventh (nightlyPrice, app/server/search/filters.server.ts).
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { parseSearchFilters } from "../../lib/search-filters";
import { TIPO_KEYS } from "../../lib/vocabulary";
import { SearchForm } from "./search-form";

function priceGroup(query: string): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <SearchForm
        path="/todos-os-imoveis"
        filters={parseSearchFilters(query)}
        facets={[]}
        tipoOptions={TIPO_KEYS}
      />
    </MemoryRouter>,
  );
  const group = /<fieldset class="search-group search-range">.*?<\/fieldset>/s.exec(html)?.[0];
  if (!group) throw new Error("sem o grupo de preço");
  return group;
}

it("a temporada search asks for the nightly price and says how a weekly one counts", () => {
  const group = priceGroup("finalidade=temporada");
  expect(group).toContain("<legend>Valor da diária (R$)</legend>");
  expect(group).toContain(
    '<p id="f-precoMin-dica" class="search-range__hint">Imóveis com preço por semana entram pela diária média: o valor da semana dividido por 7.</p>',
  );
  // Both fields are described by it.
  expect(group.match(/aria-describedby="f-precoMin-dica"/g)).toHaveLength(2);
});

it("the other finalidades keep their legend, with nothing about weeks", () => {
  expect(priceGroup("finalidade=aluguel")).toContain("<legend>Aluguel mensal (R$)</legend>");
  for (const query of ["finalidade=aluguel", "finalidade=venda", ""]) {
    expect(priceGroup(query), query).not.toContain("semana");
    expect(priceGroup(query), query).not.toContain("aria-describedby");
  }
});
