// Contact for a listing: WhatsApp with a message naming the referência and the page, and the
// form. Sold or rented listings get neither, only a way to similar ones.

import { Link } from "react-router";
import { whatsappUrl } from "../../lib/contact";
import type { LeadActionData } from "../../lib/lead-fields";
import type { PublicListing } from "../../lib/listing";
import { recordWhatsappClick } from "../../lib/whatsapp-beacon";
import { WhatsAppIcon } from "../feature-icons";
import { LeadForm } from "../lead-form";

export function whatsappMessage(listing: Pick<PublicListing, "referencia" | "titulo" | "url">): string {
  return `Olá! Tenho interesse no imóvel ${listing.referencia} (${listing.titulo}): ${listing.url}`;
}

export function ListingContact({
  listing,
  whatsapp,
  similarHref,
  consentText,
  serverResult,
}: {
  consentText: string;
  listing: PublicListing;
  /** The agency's WhatsApp number (any format); empty hides the button. */
  whatsapp: string;
  /** The search for listings like this one. */
  similarHref: string;
  serverResult?: LeadActionData;
}) {
  if (listing.closed) {
    const verb = listing.status === "alugado" ? "alugado" : "vendido";
    return (
      <section
        id="contato"
        className="listing-contact listing-contact--closed"
        aria-labelledby="contato-titulo"
      >
        <h2 id="contato-titulo">Este imóvel já foi {verb}</h2>
        <p>Temos outras opções parecidas esperando por você.</p>
        <p className="listing-contact__links">
          <a href="#parecidos" className="button button--primary">
            Ver imóveis parecidos
          </a>
          <Link to={similarHref}>Buscar mais opções</Link>
        </p>
      </section>
    );
  }
  return (
    <section id="contato" className="listing-contact" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo">Fale com um corretor</h2>
      {whatsapp ? (
        <a
          className="button button--whatsapp listing-contact__whatsapp"
          onClick={() => recordWhatsappClick(listing.referencia)}
          href={whatsappUrl(whatsapp, whatsappMessage(listing))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon /> Conversar no WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
        </a>
      ) : null}
      <p className="listing-contact__or">ou envie uma mensagem:</p>
      <LeadForm
        idPrefix="lead"
        labelledBy="contato-titulo"
        consentText={consentText}
        serverResult={serverResult}
        defaultMessage={`Olá! Tenho interesse no imóvel ${listing.referencia} e gostaria de mais informações.`}
        thanks="Obrigado pelo contato. Um corretor vai responder em breve pelo telefone ou e-mail informado."
      />
    </section>
  );
}
