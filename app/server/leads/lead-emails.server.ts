// Lead e-mails: one outbox row per (contact, recipient) — the responsible agent (the
// assignee, else the listing's corretor) and the agency's address — written in the contact's own
// transaction (record.server.ts). A person who gets in touch again joins their card, and the new
// contact is e-mailed too. The message is built when it is sent, from the lead as it is then (an erased
// lead sends nothing).

import { and, eq, sql } from "drizzle-orm";
import { formatMaceioInstant } from "../../lib/maceio-time";
import { LEAD_ORIGINS } from "../../lib/vocabulary";
import type { Db, Tx } from "../db/client.server";
import { leadContacts, leads, outbox, properties, users } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";
import { retiredReferencia } from "../properties/referencia.server";

export const LEAD_EMAIL_KIND = "lead-email";

export interface LeadEmailPayload {
  leadId: number;
  to: string;
  /** Who the recipient is, for the greeting. */
  recipient: "corretor" | "agencia";
  /** The contact (lead_contacts) it tells of; absent in e-mails queued before contacts existed. */
  contactId?: number;
}

/**
 * Enqueues a new contact's e-mails in the caller's transaction (record.server.ts, right after
 * inserting the contact, with the same `tx`). Idempotent: a (lead, contact, address) already
 * queued is skipped.
 */
export async function enqueueLeadEmails(tx: Db | Tx, leadId: number, contactId?: number): Promise<number> {
  const [row] = await tx
    .select({
      assigneeEmail: users.email,
      corretorEmail: sql<
        string | null
      >`(select u.email from users u where u.id = ${properties.corretorId} and u.active)`,
      agencyEmail: sql<string | null>`(select email from agency_settings where id = 1)`,
    })
    .from(leads)
    .leftJoin(users, and(eq(users.id, leads.assigneeId), eq(users.active, true)))
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(leads.id, leadId));
  if (!row) return 0;
  const recipients: LeadEmailPayload[] = [];
  const agent = safeAddress(row.assigneeEmail ?? row.corretorEmail);
  const contact = contactId === undefined ? {} : { contactId };
  if (agent) recipients.push({ leadId, to: agent, recipient: "corretor", ...contact });
  const agency = safeAddress(row.agencyEmail);
  if (agency && agency.toLowerCase() !== agent?.toLowerCase())
    recipients.push({ leadId, to: agency, recipient: "agencia", ...contact });
  let queued = 0;
  for (const payload of recipients) {
    const existing = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, LEAD_EMAIL_KIND),
          sql`${outbox.payload}->>'leadId' = ${String(leadId)}`,
          sql`lower(${outbox.payload}->>'to') = ${payload.to.toLowerCase()}`,
          sql`coalesce(${outbox.payload}->>'contactId', '') = ${contactId === undefined ? "" : String(contactId)}`,
        ),
      )
      .limit(1);
    if (existing.length > 0) continue;
    await enqueue(tx, LEAD_EMAIL_KIND, { ...payload });
    queued += 1;
  }
  return queued;
}

export interface LeadEmailData {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  origin: keyof typeof LEAD_ORIGINS;
  createdAt: Date;
  referencia: string | null;
  titulo: string | null;
  /** An integration's name of the source ("Chaves na Mão"). */
  sourceLabel?: string | null;
  /** The referência a sender gave that no listing has. */
  unknownReferencia?: string | null;
  /** That referência was a listing deleted since (retired_referencias). */
  deletedListing?: boolean;
}

/** Subject and body in Portuguese; the subject is header-safe whatever the visitor typed. */
export function buildLeadEmail(
  lead: LeadEmailData,
  publicUrl: string,
  recipient: LeadEmailPayload["recipient"],
) {
  const about = lead.referencia ? `imóvel ${lead.referencia}` : LEAD_ORIGINS[lead.origin].toLowerCase();
  const subject = headerSafe(`Novo contato: ${lead.name} — ${about}`, 150);
  const lines = [
    recipient === "corretor" ? "Você recebeu um novo contato." : "A imobiliária recebeu um novo contato.",
    "",
    `Nome: ${lead.name}`,
    `Telefone: ${lead.phone ?? "não informado"}`,
    `E-mail: ${lead.email ?? "não informado"}`,
    `Origem: ${LEAD_ORIGINS[lead.origin]}${lead.sourceLabel ? ` (${lead.sourceLabel})` : ""}`,
    lead.referencia ? `Imóvel: ${lead.referencia}${lead.titulo ? ` — ${lead.titulo}` : ""}` : null,
    lead.unknownReferencia
      ? `${lead.deletedListing ? "Imóvel excluído" : "Imóvel não encontrado"}: referência ${lead.unknownReferencia}`
      : null,
    `Recebido em: ${formatMaceioInstant(lead.createdAt)}`,
    "",
    lead.origin === "whatsapp"
      ? "A pessoa clicou em “Conversar no WhatsApp” neste imóvel: a mensagem dela chega pelo WhatsApp da imobiliária."
      : null,
    lead.origin === "whatsapp" ? "" : null,
    lead.message ? `Mensagem:\n${lead.message}` : null,
    lead.message ? "" : null,
    `Abrir no painel: ${publicUrl.replace(/\/+$/, "")}/admin/leads/${lead.id}`,
  ].filter((line): line is string => line !== null);
  return { subject, text: lines.join("\n") };
}

async function loadLeadForEmail(db: Db, leadId: number, contactId?: number): Promise<LeadEmailData | null> {
  if (contactId !== undefined) {
    // The contact as it was received (the card may be older and about another listing).
    const [row] = await db
      .select({
        id: leads.id,
        name: leads.name,
        phone: leads.phone,
        email: leads.email,
        message: leadContacts.message,
        origin: leadContacts.origin,
        createdAt: leadContacts.receivedAt,
        referencia: properties.referencia,
        titulo: properties.titulo,
        sourceLabel: leadContacts.sourceLabel,
        givenReferencia: leadContacts.referencia,
        deletedListing: retiredReferencia(leadContacts.referencia),
      })
      .from(leadContacts)
      .innerJoin(leads, eq(leads.id, leadContacts.leadId))
      .leftJoin(properties, eq(properties.id, leadContacts.propertyId))
      .where(and(eq(leadContacts.id, contactId), eq(leadContacts.leadId, leadId)));
    if (!row) return null;
    const { givenReferencia, ...lead } = row;
    return { ...lead, unknownReferencia: lead.referencia ? null : givenReferencia };
  }
  const [row] = await db
    .select({
      id: leads.id,
      name: leads.name,
      phone: leads.phone,
      email: leads.email,
      message: leads.message,
      origin: leads.origin,
      createdAt: leads.createdAt,
      referencia: properties.referencia,
      titulo: properties.titulo,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(leads.id, leadId));
  return row ?? null;
}

/**
 * The outbox handler for lead e-mails. With `storage` (the site's), the HTML part carries the
 * agency's logo from it.
 */
export function leadEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url"> } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as LeadEmailPayload;
    const lead = await loadLeadForEmail(
      db,
      Number(payload.leadId),
      payload.contactId === undefined ? undefined : Number(payload.contactId),
    );
    if (!lead) return "skip";
    const { subject, text } = buildLeadEmail(lead, publicUrl, payload.recipient);
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to: payload.to,
      subject,
      text,
      replyTo: lead.email ?? undefined,
    });
    return undefined;
  };
}
