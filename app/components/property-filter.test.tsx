// The home filter's price steps are in the unit the search compares: a night for temporada
// (nightlyPrice, app/server/search/filters.server.ts), with a legend that says so. The first
// render, all a visitor without JavaScript gets, offers every finalidade's steps in groups.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, it } from "vitest";
import { PriceFields, PropertyFilter } from "./property-filter";

/** The option texts of the first price select, and its legend, from the markup. */
function priceOf(html: string) {
  const fieldset = /<fieldset class="property-filter__field property-filter__price">.*?<\/fieldset>/s.exec(
    html,
  )?.[0];
  if (!fieldset) throw new Error("sem a faixa de preço");
  const select = /<select[^>]*name="precoMin".*?<\/select>/s.exec(fieldset)?.[0] ?? "";
  return {
    legend: /<legend>(.*?)<\/legend>/.exec(fieldset)?.[1],
    groups: [...select.matchAll(/<optgroup label="([^"]*)">(.*?)<\/optgroup>/gs)].map((m) => ({
      label: m[1],
      options: [...(m[2] ?? "").matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((o) => o[1]),
    })),
    options: [...select.matchAll(/<option[^>]*>(.*?)<\/option>/g)].map((o) => o[1]),
  };
}

const NIGHTS = [
  "R$ 300",
  "R$ 400",
  "R$ 500",
  "R$ 600",
  "R$ 800",
  "R$ 1.000",
  "R$ 1.200",
  "R$ 1.500",
  "R$ 2.000",
  "R$ 2.500",
  "R$ 3.000",
];

it("temporada offers nightly amounts under the search page's legend for them", () => {
  const price = priceOf(renderToStaticMarkup(<PriceFields id="f" finalidade="temporada" />));
  expect(price.legend).toBe("Valor da diária (R$)");
  expect(price.groups).toEqual([]);
  expect(price.options).toEqual(["Mínimo", ...NIGHTS]);
});

it("a sale and a monthly rent keep their steps, under their own legend", () => {
  const venda = priceOf(renderToStaticMarkup(<PriceFields id="f" finalidade="venda" />));
  expect(venda.legend).toBe("Preço de venda (R$)");
  expect(venda.options.at(1)).toBe("R$ 100.000");
  const aluguel = priceOf(renderToStaticMarkup(<PriceFields id="f" finalidade="aluguel" />));
  expect(aluguel.legend).toBe("Aluguel mensal (R$)");
  expect(aluguel.options.slice(1, 3)).toEqual(["R$ 500", "R$ 800"]);
  expect(aluguel.options.at(-1)).toBe("R$ 10.000");
});

it("the first render (without JavaScript, all there is) groups every finalidade's steps", () => {
  const price = priceOf(
    renderToStaticMarkup(
      <MemoryRouter>
        <PropertyFilter cities={[{ cidade: "Maragogi", bairros: ["Centro"] }]} />
      </MemoryRouter>,
    ),
  );
  expect(price.legend).toBe("Faixa de preço");
  expect(price.groups.map((g) => g.label)).toEqual([
    "Preço de venda (R$)",
    "Aluguel mensal (R$)",
    "Valor da diária (R$)",
  ]);
  expect(price.groups[2]?.options).toEqual(NIGHTS);
});
