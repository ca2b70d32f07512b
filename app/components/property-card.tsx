// The listing card used everywhere (home, search, Casas, favourites, similar listings).
// The whole card is one link (the title's ::after stretches over it); the heart sits above it.

import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatArea, formatCount } from "../lib/format";
import type { PropertyCardData } from "../lib/property-card";
import propertyCardCss from "../styles/property-card.css?inline";
import { FavoriteButton } from "./favorite-button";
import { ResponsivePicture } from "./responsive-picture";
import { Stylesheet } from "./stylesheet";

/** How wide a card image is drawn in .card-grid (1 → 2 → 3 columns, max 1200 px page). */
export const CARD_IMAGE_SIZES =
  "(min-width: 1200px) 376px, (min-width: 960px) 31vw, (min-width: 600px) 47vw, 100vw";

// A card's icons are drawn by its stylesheet (.icon-* in property-card.css), not by <svg>: a search
// page's 24 cards carried ~300 of them, for React to render on the server and hydrate here.
function Feature({
  icon,
  children,
}: {
  icon: "bed" | "suite" | "bath" | "car" | "area";
  children: ReactNode;
}) {
  return <li className={`icon-${icon}`}>{children}</li>;
}

export function PropertyCard({
  card,
  priority = false,
  headingLevel = 3,
  favorite = true,
  linked = true,
}: {
  card: PropertyCardData;
  /** The LCP candidate (first card above the fold): eager, high fetch priority. */
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** The heart that saves it to the visitor's favourites (not on the owner's report). */
  favorite?: boolean;
  /** A link to the listing's page (not for a listing off the site, whose page is a 404). */
  linked?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const unavailable = card.status !== "disponivel";
  return (
    <article className={`property-card${unavailable ? " is-unavailable" : ""}`}>
      <Stylesheet name="property-card" css={propertyCardCss} />
      <div className="property-card__media">
        {card.cover ? (
          <ResponsivePicture picture={card.cover} sizes={CARD_IMAGE_SIZES} priority={priority} />
        ) : (
          <div className="property-card__no-photo">Sem foto</div>
        )}
        <div className="property-card__badges">
          {card.destaque ? <span className="badge badge--featured">Destaque</span> : null}
          {card.priceDrop && !unavailable ? (
            <span className="badge badge--price-drop">{`Baixou ${card.priceDrop.percent}%`}</span>
          ) : null}
          {unavailable ? <span className={`badge badge--${card.status}`}>{card.statusLabel}</span> : null}
        </div>
      </div>
      {favorite ? <FavoriteButton referencia={card.referencia} titulo={card.titulo} /> : null}
      <div className="property-card__body">
        {/* One text each (a template, not JSX text around values): no `<!-- -->` between parts. */}
        <p className="property-card__kicker">{`${card.tipoLabel} · ${card.finalidades.join(" e ")}`}</p>
        <Heading className="property-card__title">
          {linked ? (
            <Link to={card.url} prefetch="intent" className="property-card__link">
              {card.titulo}
            </Link>
          ) : (
            card.titulo
          )}
        </Heading>
        <p className="property-card__place icon-pin">{`${card.bairro}, ${card.cidade}`}</p>
        <p className="property-card__price">
          {card.price}
          {card.secondaryPrice ? <span className="property-card__price2">{card.secondaryPrice}</span> : null}
        </p>
        {card.stayTotal ? <p className="property-card__stay">{card.stayTotal}</p> : null}
        {card.monthlyTotal || card.pricePerM2 ? (
          <p className="property-card__price-facts">
            {card.monthlyTotal ? <span>{`Total com taxas: ${card.monthlyTotal}`}</span> : null}
            {card.pricePerM2 ? <span>{card.pricePerM2}</span> : null}
          </p>
        ) : null}
        <ul className="property-card__features">
          {card.quartos > 0 ? (
            <Feature icon="bed">{formatCount(card.quartos, "quarto", "quartos")}</Feature>
          ) : null}
          {card.suites > 0 ? (
            <Feature icon="suite">{formatCount(card.suites, "suíte", "suítes")}</Feature>
          ) : null}
          {card.banheiros > 0 ? (
            <Feature icon="bath">{formatCount(card.banheiros, "banheiro", "banheiros")}</Feature>
          ) : null}
          {card.vagas > 0 ? <Feature icon="car">{formatCount(card.vagas, "vaga", "vagas")}</Feature> : null}
          {card.area ? <Feature icon="area">{formatArea(card.area)}</Feature> : null}
        </ul>
        <p className="property-card__ref">{`Ref. ${card.referencia}`}</p>
      </div>
    </article>
  );
}

/** A responsive grid of cards; the first `priorityCount` covers load eagerly (above the fold). */
export function PropertyCardGrid({
  cards,
  priorityCount = 0,
  headingLevel = 3,
}: {
  cards: PropertyCardData[];
  priorityCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="card-grid">
      {cards.map((card, index) => (
        <li key={card.referencia}>
          <PropertyCard card={card} priority={index < priorityCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
