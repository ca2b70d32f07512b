// On phones, a bar fixed at the bottom of the listing page: WhatsApp, call, save. The contact
// section is far down a long page; this keeps the three actions a thumb away. Plain links and
// the favourite form: nothing here needs JavaScript, nothing is added to the page's script.
// Hidden from 768 px (property.css), where the contact column sits beside the description.
import { telHref, whatsappUrl } from "../../lib/contact";
import type { ListingAgent, PublicListing } from "../../lib/listing";
import { recordWhatsappClick } from "../../lib/whatsapp-beacon";
import { FavoriteForm } from "../favorite-button";
import { WhatsAppIcon } from "../feature-icons";
import { whatsappMessage } from "./listing-contact";
import { PhoneIcon } from "./listing-icons";

export function ContactBar({
  listing,
  agent,
  whatsapp,
  phone,
}: {
  listing: PublicListing;
  /** The listing's corretor, greeted in the WhatsApp message; null = the agency. */
  agent: ListingAgent | null;
  /** The WhatsApp number (the corretor's or the agency's); empty leaves the button out. */
  whatsapp: string;
  /** The agency's phone; empty leaves the button out. */
  phone: string;
}) {
  // A sold or rented listing has no one to contact about it (listing-contact.tsx).
  if (listing.closed) return null;
  return (
    <section className="contact-bar" aria-label="Contato rápido">
      {whatsapp ? (
        <a
          className="contact-bar__action contact-bar__action--whatsapp"
          href={whatsappUrl(whatsapp, whatsappMessage(listing, agent))}
          onClick={() => recordWhatsappClick(listing.referencia)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <WhatsAppIcon /> WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
        </a>
      ) : null}
      {phone ? (
        <a className="contact-bar__action" href={telHref(phone)}>
          <PhoneIcon /> Ligar
        </a>
      ) : null}
      <FavoriteForm referencia={listing.referencia} className="favorite-form contact-bar__save" />
    </section>
  );
}
