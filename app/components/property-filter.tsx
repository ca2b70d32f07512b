// The home page's property filter: a plain GET form to /todos-os-imoveis (works with JavaScript
// off). Each bairro option carries its city (placeValue), so "Centro" under Maragogi searches
// Maragogi's Centro. With JavaScript, bairros follow the chosen city, a bairro picks its city,
// price steps follow the finalidade, and the form goes straight to the canonical URL.
import { type FormEvent, useId, useState } from "react";
import { formatPrice, plural } from "../lib/format";
import { PLACE_SEPARATOR, placeValue } from "../lib/search-params";
import { FINALIDADES, type Finalidade, TIPO_KEYS, TIPOS } from "../lib/vocabulary";
import { useCanonicalSubmit, warmParser } from "./search/canonical-submit";

export const SEARCH_PATH = "/todos-os-imoveis";

const SALE_STEPS = [
  100_000, 200_000, 300_000, 400_000, 500_000, 750_000, 1_000_000, 1_500_000, 2_000_000, 3_000_000,
];
const RENT_STEPS = [500, 800, 1_000, 1_500, 2_000, 2_500, 3_000, 4_000, 5_000, 7_500, 10_000];
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
  const [finalidade, setFinalidade] = useState<string>("");
  const [cidade, setCidade] = useState("");
  const [bairro, setBairro] = useState("");
  const steps = finalidade === "aluguel" || finalidade === "temporada" ? RENT_STEPS : SALE_STEPS;
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
          onChange={(e) => setFinalidade(e.target.value)}
        >
          <option value="">Todas</option>
          {(Object.keys(FINALIDADES) as Finalidade[]).map((key) => (
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
      <fieldset className="property-filter__field property-filter__price">
        <legend>Faixa de preço</legend>
        <label htmlFor={`${id}-precoMin`} className="visually-hidden">
          Preço mínimo
        </label>
        <select id={`${id}-precoMin`} name="precoMin" defaultValue="" key={`min-${steps[0]}`}>
          <option value="">Mínimo</option>
          {steps.map((v) => (
            <option key={v} value={v}>
              {formatPrice(v)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-precoMax`} className="visually-hidden">
          Preço máximo
        </label>
        <select id={`${id}-precoMax`} name="precoMax" defaultValue="" key={`max-${steps[0]}`}>
          <option value="">Máximo</option>
          {steps.map((v) => (
            <option key={v} value={v}>
              {formatPrice(v)}
            </option>
          ))}
        </select>
      </fieldset>
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
