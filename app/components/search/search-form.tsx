// The search filter: a GET form whose fields carry the codec's parameter names, so without
// JavaScript it submits to the same URL the codec reads. With JavaScript it navigates straight to
// the canonical URL (no empty "key=" parameters, no redirect) and keeps focus where it belongs.
import { type FormEvent, useState } from "react";
import {
  DEFAULT_RADIUS_KM,
  filtersOfKind,
  formatRadius,
  PRICE_LEGEND,
  placeLabel,
  RADIUS_CHOICES_KM,
} from "../../lib/search-filter-table";
import type { CityFacetView, SearchPageData } from "../../lib/search-page";
import { activeFilterCount, PLACE_SEPARATOR, placeValue, type SearchFilters } from "../../lib/search-params";
import { COMODIDADE_KEYS, COMODIDADES, type Finalidade, TIPOS, type Tipo } from "../../lib/vocabulary";
import { useCanonicalSubmit, warmParser } from "./canonical-submit";

export const SEARCH_FORM_ID = "busca";
/** The element that receives focus after a search (the result count). */
export const RESULTS_ID = "resultados";

const FINALIDADE_CHOICES: [Finalidade | "", string][] = [
  ["", "Todas"],
  ["venda", "Comprar"],
  ["aluguel", "Alugar"],
  ["temporada", "Temporada"],
];

/**
 * What the legend alone does not say: a temporada search compares a weekly price per night
 * (nightlyPrice, app/server/search/filters.server.ts), so a house at R$ 3.500/semana is found
 * up to R$ 500.
 */
const PRICE_HINT: Partial<Record<Finalidade | "", string>> = {
  temporada: "Imóveis com preço por semana entram pela diária média: o valor da semana dividido por 7.",
};

const MINIMUMS = [1, 2, 3, 4];

const STAY_LABELS = { chegada: "Chegada", saida: "Saída", hospedes: "Hóspedes" } as const;

/**
 * A temporada stay: check-in, check-out and guests (the names of a listing's quote, so a card's
 * link carries them on). Shown with "Temporada" or no finalidade chosen (dates choose temporada);
 * a bad value keeps what the visitor typed, with the message under it (decision 040).
 */
function StayFields({ stay }: { stay?: SearchPageData["stay"] }) {
  return (
    <fieldset className="search-group search-stay">
      <legend>Temporada: datas e hóspedes</legend>
      {(["chegada", "saida", "hospedes"] as const).map((name) => {
        const error = stay?.errors[name];
        return (
          <div className="search-field" key={name}>
            <label htmlFor={`f-${name}`}>{STAY_LABELS[name]}</label>
            <input
              id={`f-${name}`}
              name={name}
              type={name === "hospedes" ? "number" : "date"}
              {...(name === "hospedes" ? { min: 1, max: 50, inputMode: "numeric" as const } : {})}
              defaultValue={stay?.values[name] ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `f-${name}-erro` : undefined}
            />
            {error ? (
              <p id={`f-${name}-erro`} className="search-field__error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

// The "3+ quartos" selects and the yes/no boxes come from the filter table: a new one there
// appears here.
const COUNT_FILTERS = filtersOfKind("atLeast");
const FLAG_FILTERS = filtersOfKind("flag");
const fieldValue = (filters: SearchFilters, name: string) =>
  (filters as unknown as Record<string, unknown>)[name];

function CountSelect({ name, label, value }: { name: string; label: string; value?: number }) {
  // A minimum from a link (?quartos=5) is offered too, or the next "Aplicar" would drop it.
  const minimums = value !== undefined && !MINIMUMS.includes(value) ? [...MINIMUMS, value] : MINIMUMS;
  return (
    <div className="search-field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Qualquer</option>
        {minimums.map((n) => (
          <option key={n} value={n}>
            {n}+
          </option>
        ))}
      </select>
    </div>
  );
}

function RangeFields({
  legend,
  names,
  values,
  unit,
  hint,
}: {
  legend: string;
  names: [string, string];
  values: [number | undefined, number | undefined];
  unit: string;
  hint?: string;
}) {
  const hintId = hint ? `f-${names[0]}-dica` : undefined;
  return (
    <fieldset className="search-group search-range">
      <legend>{legend}</legend>
      {(["Mínimo", "Máximo"] as const).map((label, i) => (
        <div className="search-field" key={label}>
          <label htmlFor={`f-${names[i]}`}>
            {label}
            <span className="visually-hidden"> ({unit})</span>
          </label>
          <input
            id={`f-${names[i]}`}
            name={names[i]}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            defaultValue={values[i] ?? ""}
            aria-describedby={hintId}
          />
        </div>
      ))}
      {hint ? (
        <p id={hintId} className="search-range__hint">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}

export function SearchForm({
  path,
  filters,
  facets,
  tipoOptions,
  stay,
}: {
  path: string;
  filters: SearchFilters;
  facets: CityFacetView[];
  tipoOptions: readonly Tipo[];
  /** A temporada stay asked, with its messages (decision 040). */
  stay?: SearchPageData["stay"];
}) {
  const submit = useCanonicalSubmit(path, tipoOptions);
  const [finalidade, setFinalidade] = useState<Finalidade | "">(filters.finalidade ?? "");
  const [cidade, setCidade] = useState(filters.cidade ?? "");
  // Each bairro option carries its city (placeValue); a bare bairro (an old link, a typed URL)
  // keeps its own option until the visitor picks one city's.
  const [bairro, setBairro] = useState(
    filters.bairro ? (filters.cidade ? placeValue(filters.cidade, filters.bairro) : filters.bairro) : "",
  );
  const shownCities = cidade ? facets.filter((c) => c.cidade === cidade) : facets;
  const bairroListed = shownCities.some((c) =>
    c.bairros.some((b) => placeValue(c.cidade, b.bairro) === bairro),
  );
  const active = activeFilterCount(filters) - (filters.q ? 1 : 0);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const focused = document.activeElement;
    const keepScroll = focused instanceof HTMLSelectElement && focused.name === "ordem";
    void submit(event.currentTarget, keepScroll ? focused.id : RESULTS_ID, keepScroll);
  }

  function onCidadeChange(value: string) {
    setCidade(value);
    // A bairro of another city no longer applies.
    if (value && !bairro.startsWith(`${value}${PLACE_SEPARATOR}`)) setBairro("");
  }

  function onBairroChange(value: string) {
    setBairro(value);
    // A bairro picked under a city's group picks that city too (many cities have a "Centro").
    if (value.includes(PLACE_SEPARATOR)) setCidade(value.slice(0, value.indexOf(PLACE_SEPARATOR)));
  }

  return (
    <search aria-label="Buscar e filtrar imóveis">
      <form
        id={SEARCH_FORM_ID}
        method="get"
        action={path}
        className="search-form"
        onSubmit={onSubmit}
        onFocus={warmParser}
        onPointerDown={warmParser}
      >
        {/* The map's area and point, and the map view itself, stay through a new search. */}
        {filters.regiao ? (
          <input
            type="hidden"
            name="regiao"
            value={[
              filters.regiao.south,
              filters.regiao.west,
              filters.regiao.north,
              filters.regiao.east,
            ].join(",")}
          />
        ) : null}
        {filters.centro && !filters.perto ? (
          <input type="hidden" name="centro" value={`${filters.centro.lat},${filters.centro.lng}`} />
        ) : null}
        {filters.mapa ? <input type="hidden" name="mapa" value="1" /> : null}
        <div className="search-box">
          <label htmlFor="f-q">Buscar por palavra-chave</label>
          <div className="search-box__row">
            <input
              id="f-q"
              name="q"
              type="search"
              defaultValue={filters.q ?? ""}
              placeholder="Ex.: Pajuçara"
              maxLength={100}
              enterKeyHint="search"
              aria-describedby="f-q-dica"
            />
            <button type="submit" className="button button--primary">
              Buscar
            </button>
          </div>
          <p id="f-q-dica" className="search-box__hint">
            Bairro, cidade, tipo ou referência (AP0042). Entre aspas, a expressão exata: "vista mar". Com um
            sinal de menos, deixa de fora: -mobiliado.
          </p>
        </div>
        <details className="search-filters" open={stay && Object.keys(stay.errors).length ? true : undefined}>
          <summary className="search-filters__summary">
            Filtros{active ? <span className="search-filters__count"> ({active})</span> : null}
          </summary>
          <div className="search-filters__body">
            <fieldset className="search-group search-segmented">
              <legend>Finalidade</legend>
              {FINALIDADE_CHOICES.map(([value, label]) => (
                <label key={value || "todas"}>
                  <input
                    type="radio"
                    name="finalidade"
                    value={value}
                    checked={finalidade === value}
                    onChange={() => setFinalidade(value)}
                  />
                  {label}
                </label>
              ))}
            </fieldset>

            {finalidade === "" || finalidade === "temporada" ? <StayFields stay={stay} /> : null}

            {tipoOptions.length > 1 ? (
              <fieldset className="search-group">
                <legend>Tipo de imóvel</legend>
                <div className="search-checks">
                  {tipoOptions.map((tipo) => (
                    <label key={tipo}>
                      <input
                        type="checkbox"
                        name="tipo"
                        value={tipo}
                        defaultChecked={filters.tipo.includes(tipo)}
                      />
                      {TIPOS[tipo].label}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}

            <div className="search-field">
              <label htmlFor="f-cidade">Cidade</label>
              <select
                id="f-cidade"
                name="cidade"
                value={cidade}
                onChange={(e) => onCidadeChange(e.target.value)}
              >
                <option value="">Todas as cidades</option>
                {facets.map((c) => (
                  <option key={c.cidade} value={c.cidade}>
                    {c.cidade} ({c.count})
                  </option>
                ))}
                {cidade && !facets.some((c) => c.cidade === cidade) ? (
                  <option value={cidade}>{cidade}</option>
                ) : null}
              </select>
            </div>

            <div className="search-field">
              <label htmlFor="f-bairro">Bairro</label>
              <select
                id="f-bairro"
                name="bairro"
                value={bairro}
                onChange={(e) => onBairroChange(e.target.value)}
              >
                <option value="">Todos os bairros</option>
                {bairro && !bairroListed ? (
                  <option value={bairro}>
                    {bairro.includes(PLACE_SEPARATOR)
                      ? bairro.slice(bairro.indexOf(PLACE_SEPARATOR) + 1)
                      : `${bairro} (todas as cidades)`}
                  </option>
                ) : null}
                {shownCities.map((c) => (
                  <optgroup key={c.cidade} label={c.cidade}>
                    {c.bairros.map((b) => (
                      <option key={b.bairro} value={placeValue(c.cidade, b.bairro)}>
                        {b.bairro} ({b.count})
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </div>

            <DistanceFields filters={filters} facets={shownCities} />

            <RangeFields
              legend={PRICE_LEGEND[finalidade]}
              names={["precoMin", "precoMax"]}
              values={[filters.precoMin, filters.precoMax]}
              unit="reais"
              hint={PRICE_HINT[finalidade]}
            />

            <div className="search-counts">
              {COUNT_FILTERS.map(([name, { label }]) => (
                <CountSelect
                  key={name}
                  name={name}
                  label={label}
                  value={fieldValue(filters, name) as number}
                />
              ))}
            </div>

            <RangeFields
              legend="Área (m²)"
              names={["areaMin", "areaMax"]}
              values={[filters.areaMin, filters.areaMax]}
              unit="metros quadrados"
            />

            <fieldset className="search-group">
              <legend>Comodidades</legend>
              <div className="search-checks search-checks--columns">
                {COMODIDADE_KEYS.map((key) => (
                  <label key={key}>
                    <input
                      type="checkbox"
                      name="comodidades"
                      value={key}
                      defaultChecked={filters.comodidades.includes(key)}
                    />
                    {COMODIDADES[key].label}
                  </label>
                ))}
              </div>
            </fieldset>

            <fieldset className="search-group">
              <legend>Mais opções</legend>
              <div className="search-checks">
                {FLAG_FILTERS.map(([name, { label }]) => (
                  <label key={name}>
                    <input
                      type="checkbox"
                      name={name}
                      value="1"
                      defaultChecked={fieldValue(filters, name) === true}
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="search-actions">
              <button type="submit" className="button button--primary">
                Aplicar filtros
              </button>
              <a href={path} className="button button--ghost">
                Limpar filtros
              </a>
            </div>
          </div>
        </details>
      </form>
    </search>
  );
}

/**
 * "Até 2 km de Pajuçara": a place of the catalogue (its listings' centre, found by the server)
 * or the point chosen on the map / the visitor's location (kept in a hidden field), and a radius.
 * Its places follow the chosen city, as the bairros do: the search stays inside that city, so
 * another city's places would only find nothing (and repeat the whole list in every page).
 */
function DistanceFields({ filters, facets }: { filters: SearchFilters; facets: CityFacetView[] }) {
  const listed = facets.some(
    (c) =>
      c.cidade === filters.perto || c.bairros.some((b) => placeValue(c.cidade, b.bairro) === filters.perto),
  );
  const radius = filters.raio ?? DEFAULT_RADIUS_KM;
  const radii = (RADIUS_CHOICES_KM as readonly number[]).includes(radius)
    ? RADIUS_CHOICES_KM
    : [...RADIUS_CHOICES_KM, radius].sort((a, b) => a - b);
  return (
    <fieldset className="search-group search-distance">
      <legend>Distância</legend>
      <div className="search-field">
        <label htmlFor="f-perto">Perto de</label>
        <select id="f-perto" name="perto" defaultValue={filters.perto ?? ""}>
          <option value="">
            {filters.centro && !filters.perto ? "Ponto escolhido no mapa" : "Qualquer lugar"}
          </option>
          {filters.perto && !listed ? (
            <option value={filters.perto}>{placeLabel(filters.perto)}</option>
          ) : null}
          {facets.map((c) => (
            <optgroup key={c.cidade} label={c.cidade}>
              <option value={c.cidade}>{c.cidade} (cidade)</option>
              {c.bairros.map((b) => (
                <option key={b.bairro} value={placeValue(c.cidade, b.bairro)}>
                  {b.bairro}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="search-field">
        <label htmlFor="f-raio">Raio</label>
        <select id="f-raio" name="raio" defaultValue={String(radius)}>
          {radii.map((km) => (
            <option key={km} value={String(km)}>
              até {formatRadius(km)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
