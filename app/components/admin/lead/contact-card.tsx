// The lead's contact data (its messages are in its history: history.tsx) and the quick ways to answer
// (WhatsApp through /admin/leads/:id/whatsapp, which records the reply; a call; an e-mail).
import { Link } from "react-router";
import { reachableOnWhatsapp, telHref } from "../../../lib/contact";
import { formatDate } from "../../../lib/format";
import { LEAD_ORIGINS, type LeadOrigin } from "../../../lib/vocabulary";

export interface LeadContact {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  origin: LeadOrigin;
  propertyId: number | null;
  referencia: string | null;
  titulo: string | null;
  createdAt: Date;
  consentAt?: Date | null;
  consentVersion?: string | null;
}

export function LeadContactCard({ lead }: { lead: LeadContact }) {
  const hasPhone = reachableOnWhatsapp(lead.phone);
  return (
    <section className="lead-card" aria-labelledby="lead-dados">
      <h2 id="lead-dados">Dados do contato</h2>
      <dl className="lead-facts">
        <dt>Telefone</dt>
        <dd>{lead.phone ?? "não informado"}</dd>
        <dt>E-mail</dt>
        <dd>{lead.email ?? "não informado"}</dd>
        <dt>Primeira origem</dt>
        <dd>{LEAD_ORIGINS[lead.origin]}</dd>
        <dt>Imóvel</dt>
        <dd>
          {lead.referencia && lead.propertyId ? (
            <Link to={`/admin/imoveis/${lead.propertyId}`}>
              {lead.referencia}
              {lead.titulo ? ` — ${lead.titulo}` : ""}
            </Link>
          ) : (
            "—"
          )}
        </dd>
        <dt>Primeiro contato em</dt>
        <dd>{formatDate(lead.createdAt)}</dd>
        <dt>Consentimento</dt>
        <dd>
          {lead.consentAt
            ? `Versão ${lead.consentVersion ?? "?"}, em ${formatDate(lead.consentAt)}`
            : "Não registrado"}
        </dd>
      </dl>
      <ul className="lead-quick" aria-label="Ações rápidas">
        {hasPhone && lead.phone ? (
          <>
            <li>
              {/* A plain form, not React Router's: the reply is recorded (the first response) and the
                  answer's redirect opens wa.me with a message naming the listing, in a new tab. */}
              <form method="post" action={`/admin/leads/${lead.id}/whatsapp`} target="_blank" rel="noopener">
                <button type="submit" className="btn btn--primary">
                  Responder no WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
                </button>
              </form>
            </li>
            <li>
              <a className="btn btn--secondary" href={telHref(lead.phone)}>
                Ligar
              </a>
            </li>
          </>
        ) : null}
        {lead.email ? (
          <li>
            <a className="btn btn--secondary" href={`mailto:${encodeURIComponent(lead.email)}`}>
              Enviar e-mail
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
