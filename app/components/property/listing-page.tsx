// The listing page (/casas/:referencia) put together from its sections.

import { Link } from "react-router";
import type { LeadActionData } from "../../lib/lead-fields";
import type { PublicListing } from "../../lib/listing";
import type { PropertyCardData } from "../../lib/property-card";
import propertyCss from "../../styles/property.css?inline";
import { FavoriteForm } from "../favorite-button";
import { PinIcon } from "../feature-icons";
import { PropertyCardGrid } from "../property-card";
import { Stylesheet } from "../stylesheet";
import { Amenities, Characteristics } from "./characteristics";
import { ContactBar } from "./contact-bar";
import { Gallery } from "./gallery";
import { ListingContact } from "./listing-contact";
import { LocationMap } from "./location-map";
import { MediaSection } from "./media-facade";
import { PriceBlock } from "./price-block";
import { ShareButtons } from "./share-buttons";

export function ListingPage({
  listing,
  similar,
  similarHref,
  cityHref,
  whatsapp,
  phone,
  consentText,
  serverResult,
}: {
  consentText: string;
  listing: PublicListing;
  similar: PropertyCardData[];
  similarHref: string;
  cityHref: string;
  whatsapp: string;
  /** The agency's phone for the phone's contact bar. */
  phone: string;
  serverResult?: LeadActionData;
}) {
  return (
    <main className="container listing">
      <Stylesheet name="property" css={propertyCss} />
      <nav className="breadcrumbs" aria-label="Você está aqui">
        <ol>
          <li>
            <Link to="/">Início</Link>
          </li>
          <li>
            <Link to="/todos-os-imoveis">Imóveis</Link>
          </li>
          <li>
            <Link to={cityHref}>{listing.cidade}</Link>
          </li>
          <li aria-current="page">Ref. {listing.referencia}</li>
        </ol>
      </nav>
      <header className="listing__header">
        <p className="listing__kicker">
          {listing.tipoLabel} · {listing.finalidadeLabels.join(" e ")} · Ref. {listing.referencia}
        </p>
        <div className="listing__title-row">
          <h1 className="listing__title">{listing.titulo}</h1>
          <FavoriteForm referencia={listing.referencia} className="favorite-form listing__save" />
        </div>
        <p className="listing__place">
          <PinIcon />
          <span>
            {listing.bairro}, {listing.cidade}
          </span>
        </p>
        {listing.destaque || listing.status !== "disponivel" ? (
          <p className="listing__badges">
            {listing.status !== "disponivel" ? (
              <span className={`badge badge--${listing.status}`}>{listing.statusLabel}</span>
            ) : null}
            {listing.destaque && !listing.closed ? (
              <span className="badge badge--featured">Destaque</span>
            ) : null}
          </p>
        ) : null}
      </header>

      <Gallery photos={listing.photos} title={listing.titulo} />

      <div className="listing__layout">
        <div className="listing__price">
          <PriceBlock listing={listing} />
        </div>
        <div className="listing__main">
          <Characteristics listing={listing} />
          {listing.paragraphs.length ? (
            <section className="listing-section" aria-labelledby="descricao">
              <h2 id="descricao">Descrição</h2>
              <div className="listing-description">
                {listing.paragraphs.map((paragraph, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static text in order
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </section>
          ) : null}
          <Amenities comodidades={listing.comodidades} />
          <MediaSection youtubeId={listing.youtubeId} tourUrl={listing.tourUrl} title={listing.titulo} />
          <LocationMap address={listing.address} location={listing.location} title={listing.titulo} />
        </div>
        <div className="listing__contact">
          <ListingContact
            listing={listing}
            whatsapp={whatsapp}
            similarHref={similarHref}
            consentText={consentText}
            serverResult={serverResult}
          />
          <ShareButtons url={listing.url} title={listing.titulo} />
        </div>
      </div>

      {similar.length ? (
        <section id="parecidos" className="listing-similar" aria-labelledby="parecidos-titulo">
          <h2 id="parecidos-titulo">Imóveis parecidos</h2>
          <PropertyCardGrid cards={similar} headingLevel={3} />
        </section>
      ) : null}
      <ContactBar listing={listing} whatsapp={whatsapp} phone={phone} />
    </main>
  );
}
