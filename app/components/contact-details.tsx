import { creciText, telHref, whatsappUrl } from "../lib/contact";
import { formatPhone } from "../lib/format";
import type { Agency } from "../lib/root-data";
import { WHATSAPP_GREETING } from "./site-header";

/** The agency's contact card (Sobre nós and anywhere a full contact block is wanted). */
export function ContactDetails({ agency }: { agency: Agency }) {
  return (
    <section className="info-box" aria-labelledby="fale-conosco">
      <h2 id="fale-conosco">Fale conosco</h2>
      <dl className="contact-list">
        {agency.phones.length ? (
          <>
            <dt>Telefone</dt>
            {agency.phones.map((phone) => (
              <dd key={phone}>
                <a href={telHref(phone)}>{formatPhone(phone)}</a>
              </dd>
            ))}
          </>
        ) : null}
        {agency.whatsapp ? (
          <>
            <dt>WhatsApp</dt>
            <dd>
              <a
                href={whatsappUrl(agency.whatsapp, WHATSAPP_GREETING)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {formatPhone(agency.whatsapp)}
                <span className="visually-hidden"> (abre em nova aba)</span>
              </a>
            </dd>
          </>
        ) : null}
        {agency.email ? (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </dd>
          </>
        ) : null}
        {agency.address ? (
          <>
            <dt>Endereço</dt>
            <dd>{agency.address}</dd>
          </>
        ) : null}
        <dt>Registro</dt>
        <dd>{creciText(agency.creci)}</dd>
      </dl>
    </section>
  );
}
