// The body of every "not found" answer (unknown path, unknown or unpublished referência):
// a plain explanation, a search box and a way back into the catalogue.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { PropertyCardData } from "../lib/property-card";
import { PropertyCardGrid } from "./property-card";

export function NotFoundContent({
  title = "Página não encontrada",
  message = "O endereço que você procurou não existe ou foi removido. Que tal fazer uma nova busca?",
  suggestions = [],
  suggestionsTitle = "Imóveis em destaque",
  children,
}: {
  title?: string;
  message?: ReactNode;
  /** Listings to offer instead (e.g. featured ones). */
  suggestions?: PropertyCardData[];
  /** Their heading: what they are ("Imóveis parecidos", "Imóveis em destaque"). */
  suggestionsTitle?: string;
  /** Extra content below the search (e.g. "this listing was sold"). */
  children?: ReactNode;
}) {
  return (
    <main className="container page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{title}</h1>
      <p className="not-found__message">{message}</p>
      <Form method="get" action="/todos-os-imoveis" className="not-found__search" role="search">
        <label htmlFor="not-found-q">Buscar imóveis</label>
        <div className="not-found__row">
          <input
            id="not-found-q"
            name="q"
            type="search"
            placeholder="Ex.: apartamento na Pajuçara"
            maxLength={100}
          />
          <button type="submit" className="button button--primary">
            Buscar
          </button>
        </div>
      </Form>
      <ul className="not-found__links">
        <li>
          <Link to="/todos-os-imoveis">Ver todos os imóveis</Link>
        </li>
        <li>
          <Link to="/casas">Ver casas</Link>
        </li>
        <li>
          <Link to="/">Voltar para a página inicial</Link>
        </li>
      </ul>
      {children}
      {suggestions.length ? (
        <section className="home-section" aria-labelledby="not-found-suggestions">
          <h2 id="not-found-suggestions">{suggestionsTitle}</h2>
          <PropertyCardGrid cards={suggestions} />
        </section>
      ) : null}
    </main>
  );
}
