// The person's history on a lead's page: every time they got in touch, newest first, with where
// from, about which listing and what they said (app/server/leads/record.server.ts).
import { Link } from "react-router";
import { formatDate } from "../../../lib/format";
import { LEAD_ORIGINS, type LeadOrigin } from "../../../lib/vocabulary";

export interface LeadContact {
  id: number;
  origin: LeadOrigin;
  sourceLabel: string | null;
  message: string;
  receivedAt: Date;
  propertyId: number | null;
  referencia: string | null;
  listingFound: boolean;
  /** Its referência was a listing deleted since (retired_referencias), not one we never had. */
  listingDeleted: boolean;
  recordedByName: string | null;
}

export function LeadHistory({ contacts }: { contacts: LeadContact[] }) {
  return (
    <section className="lead-card" aria-labelledby="lead-historico">
      <h2 id="lead-historico">Histórico de contatos</h2>
      <ol className="lead-history">
        {contacts.map((contact) => (
          <li key={contact.id}>
            <p className="lead-history__meta">
              {formatDate(contact.receivedAt)} · <strong>{LEAD_ORIGINS[contact.origin]}</strong>
              {contact.sourceLabel ? ` (${contact.sourceLabel})` : null}
              {contact.recordedByName ? ` · registrado por ${contact.recordedByName}` : null}
              {contact.referencia && contact.listingFound && contact.propertyId ? (
                <>
                  {" · "}
                  <Link to={`/admin/imoveis/${contact.propertyId}`}>{contact.referencia}</Link>
                </>
              ) : null}
            </p>
            {contact.referencia && !contact.listingFound ? (
              <p className="lead-flag">
                {`${contact.listingDeleted ? "Imóvel excluído" : "Imóvel não encontrado"}: referência ${contact.referencia}`}
              </p>
            ) : null}
            <p className="lead-history__body">{contact.message || "Sem mensagem."}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
