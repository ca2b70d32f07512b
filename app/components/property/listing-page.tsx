// The listing page (/casas/:referencia) put together from its sections.

import { useEffect } from "react";
import { Link } from "react-router";
import type { FinancingOffer, SimulationRequest } from "../../lib/financing-fields";
import { formatPhone } from "../../lib/format";
import type { LeadActionData } from "../../lib/lead-fields";
import type { ListingAgent, PublicListing } from "../../lib/listing";
import type { PropertyCardData } from "../../lib/property-card";
import { rememberViewed } from "../../lib/recently-viewed";
import type { CalendarMonth, QuoteErrors, StayQuote, StayValues } from "../../lib/rental";
import propertyCss from "../../styles/property.css?inline";
import { FavoriteForm } from "../favorite-button";
import { PinIcon } from "../feature-icons";
import { PropertyCardGrid } from "../property-card";
import { ShareButtons } from "../share-buttons";
import { Stylesheet } from "../stylesheet";
import { Amenities, Characteristics } from "./characteristics";
import { ContactBar } from "./contact-bar";
import { FinancingSimulator } from "./financing-simulator";
import { Gallery } from "./gallery";
import { ListingContact } from "./listing-contact";
import { LocationMap } from "./location-map";
import { MediaSection } from "./media-facade";
import { PriceBlock } from "./price-block";
import { type RentalInfo, RentalSection } from "./rental-section";

export function ListingPage({
  listing,
  similar,
  similarHref,
  cityHref,
  agent,
  agency,
  whatsapp,
  phone,
  consentText,
  financing,
  simulation,
  serverResult,
  financingResult,
  rental,
  calendar,
  stay,
  rentalResult,
}: {
  consentText: string;
  listing: PublicListing;
  similar: PropertyCardData[];
  similarHref: string;
  cityHref: string;
  /** The listing's corretor; null = the agency answers. */
  agent: ListingAgent | null;
  /** The agency's name and CRECI, shown when no corretor is. */
  agency: { name: string; creci: string };
  /** The agency's WhatsApp. */
  whatsapp: string;
  /** The agency's phone for the phone's contact bar. */
  phone: string;
  /** The financing simulator's price and first values (sale listings with a price). */
  financing: FinancingOffer | null;
  /** A simulation sent in the URL without JavaScript. */
  simulation: SimulationRequest | null;
  /** The contact form's answer after a post without JavaScript. */
  serverResult?: LeadActionData;
  /** The simulator's lead form's answer after a post without JavaScript. */
  financingResult?: LeadActionData;
  /** Temporada rates and rules, with the calendar from today; null = not offered. */
  rental: RentalInfo | null;
  calendar: CalendarMonth[] | null;
  /** A stay's quote sent in the URL without JavaScript. */
  stay: { values: StayValues; quote: StayQuote | null; errors: QuoteErrors } | null;
  /** The booking request's answer after a post without JavaScript. */
  rentalResult?: LeadActionData;
}) {
  // "Vistos recentemente" on the home page, in this browser only (lib/recently-viewed.ts).
  useEffect(() => rememberViewed(listing.referencia), [listing.referencia]);
  // The corretor's own WhatsApp when they have a phone: the conversation goes straight to them.
  const contactWhatsapp = agent?.whatsapp ?? whatsapp;
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
          {financing && !listing.closed ? (
            <FinancingSimulator
              listing={listing}
              offer={financing}
              simulation={simulation}
              consentText={consentText}
              leadResult={financingResult}
            />
          ) : null}
          {rental && calendar && !listing.closed ? (
            <RentalSection
              listing={listing}
              rental={rental}
              calendar={calendar}
              stay={stay}
              consentText={consentText}
              leadResult={rentalResult}
            />
          ) : null}
          <MediaSection youtubeId={listing.youtubeId} tourUrl={listing.tourUrl} title={listing.titulo} />
          <LocationMap address={listing.address} location={listing.location} title={listing.titulo} />
        </div>
        <div className="listing__contact">
          <ListingContact
            listing={listing}
            agent={agent}
            agency={agency}
            whatsapp={contactWhatsapp}
            similarHref={similarHref}
            hasSimilar={similar.length > 0}
            consentText={consentText}
            serverResult={serverResult}
          />
          <ShareButtons url={listing.url} title={listing.titulo} printable />
        </div>
      </div>

      {similar.length ? (
        <section id="parecidos" className="listing-similar" aria-labelledby="parecidos-titulo">
          <h2 id="parecidos-titulo">Imóveis parecidos</h2>
          <PropertyCardGrid cards={similar} headingLevel={3} />
        </section>
      ) : null}
      <ContactBar listing={listing} agent={agent} whatsapp={contactWhatsapp} phone={phone} />
      {/* The printed sheet's last lines, where the screen has buttons and a form. */}
      <footer className="listing__print print-only">
        {contactWhatsapp ? <p>{`WhatsApp ${formatPhone(contactWhatsapp)}`}</p> : null}
        {phone ? <p>{`Telefone ${formatPhone(phone)}`}</p> : null}
        <p>{`Fotos e mais detalhes: ${listing.url}`}</p>
      </footer>
    </main>
  );
}
