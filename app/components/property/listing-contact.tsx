// Contact for a listing: who answers (the listing's corretor with their CRECI, or the agency),
// WhatsApp with a message naming the referência and the page, and the form. Sold or rented
// listings get neither, only a way to similar ones.

import { Link } from "react-router";
import { creciText, whatsappUrl } from "../../lib/contact";
import type { LeadActionData } from "../../lib/lead-fields";
import { type ListingAgent, listingPath, type PublicListing } from "../../lib/listing";
import { recordWhatsappClick } from "../../lib/whatsapp-beacon";
import { WhatsAppIcon } from "../feature-icons";
import { LeadForm } from "../lead-form";

/** The WhatsApp message: greets the corretor by their first name when one answers. */
export function whatsappMessage(
  listing: Pick<PublicListing, "referencia" | "titulo" | "url">,
  agent?: Pick<ListingAgent, "name"> | null,
): string {
  const greeting = agent ? `Olá, ${agent.name.trim().split(/\s+/)[0]}!` : "Olá!";
  return `${greeting} Tenho interesse no imóvel ${listing.referencia} (${listing.titulo}): ${listing.url}`;
}

/**
 * Who answers about the listing. COFECI Resolution 1.065/2007: a corretor shown in an advert
 * comes with "Corretor de Imóveis" and their CRECI (docs/domain.md); without one, the agency
 * with its own.
 */
function WhoAnswers({
  agent,
  agency,
}: {
  agent: ListingAgent | null;
  agency: { name: string; creci: string };
}) {
  const name = agent?.name ?? agency.name;
  const initials = name
    .split(/\s+/)
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word[0])
    .slice(0, 2)
    .join("");
  return (
    <div className="listing-agent" data-testid="listing-agent">
      <span className="listing-agent__avatar" aria-hidden="true">
        {initials || name.slice(0, 1)}
      </span>
      <p className="listing-agent__who">
        <span className="listing-agent__name">{name}</span>
        <span className="listing-agent__creci">
          {agent ? <>Corretor de Imóveis · {agent.creci}</> : agency.creci ? creciText(agency.creci) : null}
        </span>
      </p>
    </div>
  );
}

export function ListingContact({
  listing,
  agent,
  agency,
  whatsapp,
  similarHref,
  hasSimilar,
  consentText,
  serverResult,
}: {
  consentText: string;
  listing: PublicListing;
  /** The listing's corretor; null = the agency answers. */
  agent: ListingAgent | null;
  agency: { name: string; creci: string };
  /** The WhatsApp number to talk to (the corretor's or the agency's); empty hides the button. */
  whatsapp: string;
  /** The search for listings like this one. */
  similarHref: string;
  /** Whether the page lists similar ones (#parecidos) to point to. */
  hasSimilar: boolean;
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
          {hasSimilar ? (
            <>
              <a href="#parecidos" className="button button--primary">
                Ver imóveis parecidos
              </a>
              <Link to={similarHref}>Buscar mais opções</Link>
            </>
          ) : (
            <Link to={similarHref} className="button button--primary">
              Buscar imóveis parecidos
            </Link>
          )}
        </p>
      </section>
    );
  }
  return (
    <section id="contato" className="listing-contact" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo">Fale com um corretor</h2>
      <WhoAnswers agent={agent} agency={agency} />
      {whatsapp ? (
        <a
          className="button button--whatsapp listing-contact__whatsapp"
          onClick={() => recordWhatsappClick(listing.referencia)}
          href={whatsappUrl(whatsapp, whatsappMessage(listing, agent))}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon /> Conversar no WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
        </a>
      ) : null}
      {/* A plain link: the free slots change with the clock, so they live on their own page,
          never in this cached one (decision 034). */}
      <Link
        className="button button--ghost listing-contact__visit"
        to={`${listingPath(listing.referencia)}/visita`}
        data-testid="agendar-visita"
      >
        Agendar uma visita
      </Link>
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
