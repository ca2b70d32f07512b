// The home page's property filter: a plain GET form to /todos-os-imoveis (works with JavaScript
// off). Each bairro option carries its city (placeValue), so "Centro" under Maragogi searches
// Maragogi's Centro. The price steps of "Todas" (the first render, so every one without
// JavaScript) are every finalidade's, a group each. With JavaScript, bairros follow the chosen
// city, a bairro picks its city, a chosen finalidade shows its own price steps and legend, and
// the form goes straight to the canonical URL.
import { type FormEvent, useId, useState } from "react";
import { formatPrice, plural } from "../lib/format";
import { PRICE_LEGEND } from "../lib/search-filter-table";
import { PLACE_SEPARATOR, placeValue } from "../lib/search-params";
import { FINALIDADE_KEYS, type Finalidade, TIPO_KEYS, TIPOS } from "../lib/vocabulary";
import { useCanonicalSubmit, warmParser } from "./search/canonical-submit";

export const SEARCH_PATH = "/todos-os-imoveis";

/**
 * Each finalidade's price steps, in the unit its search compares (PRICE_LEGEND): a sale price, a
 * month's rent, a night of temporada. A night on the Alagoas coast costs R$ 350–2.500
 * (docs/domain.md; the demo catalogue's range, app/server/demo/prices.server.ts), a weekly price
 * counting as its seventh (nightlyPrice, app/server/search/filters.server.ts).
 */
const PRICE_STEPS: Record<Finalidade, readonly number[]> = {
  venda: [100_000, 200_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000],
  aluguel: [500, 800, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000],
  temporada: [300, 400, 500, 600, 800, 1_000, 1_200, 1_500, 2_000, 2_500, 3_000],
};
const FINALIDADE_LABELS: Record<Finalidade, string> = {
  venda: "Comprar",
  aluguel: "Alugar",
  temporada: "Temporada",
};

export interface CityOption {
  cidade: string;
  bairros: string[];
}

export function PropertyFilter({ cities }: { cities: CityOption[] }) {
  const id = useId();
  const submit = useCanonicalSubmit(SEARCH_PATH);
  const [finalidade, setFinalidade] = useState<Finalidade | "">("");
  const [cidade, setCidade] = useState("");
  const [bairro, setBairro] = useState("");
  const shownCities = cidade ? cities.filter((c) => c.cidade === cidade) : cities;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(event.currentTarget, "");
  }

  return (
    <form
      method="get"
      action={SEARCH_PATH}
      className="property-filter"
      onSubmit={onSubmit}
      onFocus={warmParser}
      onPointerDown={warmParser}
      aria-label="Buscar imóveis"
    >
      <div className="property-filter__field">
        <label htmlFor={`${id}-finalidade`}>Finalidade</label>
        <select
          id={`${id}-finalidade`}
          name="finalidade"
          value={finalidade}
          onChange={(e) => setFinalidade(e.target.value as Finalidade | "")}
        >
          <option value="">Todas</option>
          {FINALIDADE_KEYS.map((key) => (
            <option key={key} value={key}>
              {FINALIDADE_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      <div className="property-filter__field">
        <label htmlFor={`${id}-tipo`}>Tipo de imóvel</label>
        <select id={`${id}-tipo`} name="tipo" defaultValue="">
          <option value="">Todos os tipos</option>
          {TIPO_KEYS.map((key) => (
            <option key={key} value={key}>
              {TIPOS[key].label}
            </option>
          ))}
        </select>
      </div>
      <div className="property-filter__field">
        <label htmlFor={`${id}-cidade`}>Cidade</label>
        <select
          id={`${id}-cidade`}
          name="cidade"
          value={cidade}
          onChange={(e) => {
            setCidade(e.target.value);
            setBairro("");
          }}
        >
          <option value="">Todas as cidades</option>
          {cities.map((c) => (
            <option key={c.cidade} value={c.cidade}>
              {c.cidade}
            </option>
          ))}
        </select>
      </div>
      <div className="property-filter__field">
        <label htmlFor={`${id}-bairro`}>Bairro</label>
        <select
          id={`${id}-bairro`}
          name="bairro"
          value={bairro}
          onChange={(e) => {
            const value = e.target.value;
            setBairro(value);
            // A bairro picked under a city's group picks that city too.
            if (value.includes(PLACE_SEPARATOR)) setCidade(value.slice(0, value.indexOf(PLACE_SEPARATOR)));
          }}
        >
          <option value="">Todos os bairros</option>
          {shownCities.map((c) => (
            <optgroup key={c.cidade} label={c.cidade}>
              {c.bairros.map((b) => (
                <option key={`${c.cidade}-${b}`} value={placeValue(c.cidade, b)}>
                  {b}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <PriceFields id={id} finalidade={finalidade} />
      <div className="property-filter__field">
        <label htmlFor={`${id}-quartos`}>Quartos</label>
        <select id={`${id}-quartos`} name="quartos" defaultValue="">
          <option value="">Qualquer</option>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}+ {plural(n, "quarto", "quartos")}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--accent property-filter__submit">
        Buscar imóveis
      </button>
    </form>
  );
}

function PriceOptions({ steps }: { steps: readonly number[] }) {
  return steps.map((v) => (
    <option key={v} value={v}>
      {formatPrice(v)}
    </option>
  ));
}

/**
 * The price range: a chosen finalidade's steps under its legend ("Valor da diária (R$)"), or, for
 * "Todas", every finalidade's in a group named by its legend, so a visitor without JavaScript who
 * picks Temporada finds nightly amounts too.
 */
export function PriceFields({ id, finalidade }: { id: string; finalidade: Finalidade | "" }) {
  const options = finalidade ? (
    <PriceOptions steps={PRICE_STEPS[finalidade]} />
  ) : (
    FINALIDADE_KEYS.map((key) => (
      <optgroup key={key} label={PRICE_LEGEND[key]}>
        <PriceOptions steps={PRICE_STEPS[key]} />
      </optgroup>
    ))
  );
  return (
    <fieldset className="property-filter__field property-filter__price">
      <legend>{finalidade ? PRICE_LEGEND[finalidade] : "Faixa de preço"}</legend>
      {/* The selects are keyed by the finalidade: a new one's list starts at "Mínimo"/"Máximo". */}
      <label htmlFor={`${id}-precoMin`} className="visually-hidden">
        Preço mínimo
      </label>
      <select id={`${id}-precoMin`} name="precoMin" defaultValue="" key={`min-${finalidade}`}>
        <option value="">Mínimo</option>
        {options}
      </select>
      <label htmlFor={`${id}-precoMax`} className="visually-hidden">
        Preço máximo
      </label>
      <select id={`${id}-precoMax`} name="precoMax" defaultValue="" key={`max-${finalidade}`}>
        <option value="">Máximo</option>
        {options}
      </select>
    </fieldset>
  );
}
