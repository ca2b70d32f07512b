// LGPD requests (docs/domain.md) about one person, found by e-mail or phone: export everything we hold about
// them (their leads, every contact in their history and the notes on those leads) as JSON, or
// erase it. Erasure deletes the leads (contacts and notes cascade) and their unsent lead e-mails, and leaves an audit entry that records
// what was erased without repeating the personal data.
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { leadContacts, leadNotes, leads, outbox, properties } from "../db/schema.server";
import type { Actor } from "./inbox.server";
import { LEAD_EMAIL_KIND } from "./lead-emails.server";
import { phoneKey } from "./person.server";

/** Leads of the person with this e-mail or phone (phone compared by its digits, DDD included). */
export function personMatch(contato: string): SQL {
  const value = contato.trim();
  if (value.includes("@")) return eq(sql`lower(${leads.email})`, value.toLowerCase());
  let digits = value.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  const byDigits = sql`regexp_replace(coalesce(${leads.phone}, ''), '\\D', '', 'g') = ${digits}`;
  // The same phone written another way (without the ninth digit, with a trunk 0): person.server.ts.
  const key = phoneKey(value);
  return key ? (or(byDigits, eq(leads.phoneKey, key)) as SQL) : byDigits;
}

export interface PersonData {
  contato: string;
  exportedAt: string;
  leads: {
    id: number;
    name: string;
    phone: string | null;
    email: string | null;
    message: string;
    origin: string;
    status: string;
    referencia: string | null;
    consentVersion: string | null;
    consentAt: string | null;
    createdAt: string;
    notes: { body: string; createdAt: string }[];
    /** Every time they got in touch: source, listing, message, what the sender added. */
    contacts: {
      origin: string;
      sourceLabel: string | null;
      referencia: string | null;
      message: string;
      extra: Record<string, unknown> | null;
      receivedAt: string;
    }[];
  }[];
}

export async function exportPersonData(db: Db, contato: string, now = new Date()): Promise<PersonData> {
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      phone: leads.phone,
      email: leads.email,
      message: leads.message,
      origin: leads.origin,
      status: leads.status,
      referencia: properties.referencia,
      consentVersion: leads.consentVersion,
      consentAt: leads.consentAt,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(personMatch(contato))
    .orderBy(leads.createdAt);
  const ids = rows.map((r) => r.id);
  const notes = ids.length
    ? await db
        .select({ leadId: leadNotes.leadId, body: leadNotes.body, createdAt: leadNotes.createdAt })
        .from(leadNotes)
        .where(inArray(leadNotes.leadId, ids))
        .orderBy(leadNotes.createdAt)
    : [];
  const contacts = ids.length
    ? await db
        .select({
          leadId: leadContacts.leadId,
          origin: leadContacts.origin,
          sourceLabel: leadContacts.sourceLabel,
          referencia: sql<string | null>`coalesce(${properties.referencia}, ${leadContacts.referencia})`,
          message: leadContacts.message,
          extra: leadContacts.extra,
          receivedAt: leadContacts.receivedAt,
        })
        .from(leadContacts)
        .leftJoin(properties, eq(properties.id, leadContacts.propertyId))
        .where(inArray(leadContacts.leadId, ids))
        .orderBy(leadContacts.receivedAt)
    : [];
  return {
    contato,
    exportedAt: now.toISOString(),
    leads: rows.map((r) => ({
      ...r,
      consentAt: r.consentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      notes: notes
        .filter((n) => n.leadId === r.id)
        .map((n) => ({ body: n.body, createdAt: n.createdAt.toISOString() })),
      contacts: contacts
        .filter((c) => c.leadId === r.id)
        .map(({ leadId: _, receivedAt, ...c }) => ({ ...c, receivedAt: receivedAt.toISOString() })),
    })),
  };
}

/** Counts without loading (the LGPD screen's preview). */
export async function countPersonLeads(db: Db, contato: string): Promise<number> {
  const rows = await db.select({ id: leads.id }).from(leads).where(personMatch(contato));
  return rows.length;
}

export async function erasePersonData(db: Db, actor: Actor, contato: string): Promise<{ erased: number }> {
  return db.transaction(async (tx) => {
    const found = await tx.select({ id: leads.id }).from(leads).where(personMatch(contato));
    const ids = found.map((r) => r.id);
    if (ids.length > 0) {
      // Unsent lead e-mails would only be skipped; remove them so nothing refers to the person.
      await tx
        .delete(outbox)
        .where(
          and(
            eq(outbox.kind, LEAD_EMAIL_KIND),
            isNull(outbox.sentAt),
            or(...ids.map((id) => sql`${outbox.payload}->>'leadId' = ${String(id)}`)),
          ),
        );
      await tx.delete(leads).where(inArray(leads.id, ids));
    }
    await audit(tx, {
      userId: actor.id,
      action: "lgpd-erased",
      entity: "lead",
      ip: actor.ip,
      userAgent: actor.userAgent,
      // A hash identifies a repeated request without keeping the e-mail or phone.
      details: {
        leadIds: ids,
        contactHash: createHash("sha256").update(contato.trim().toLowerCase()).digest("hex").slice(0, 16),
      },
    });
    return { erased: ids.length };
  });
}
