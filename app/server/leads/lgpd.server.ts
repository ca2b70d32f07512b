// LGPD requests (docs/domain.md) about one person, found by e-mail or phone: export everything we hold about
// them (their leads, every contact in their history, the notes, proposals and lists sent on those leads, and the
// properties they offered on /anuncie-seu-imovel: captações; the searches they saved for e-mail
// alerts; the visits they booked; their temporada stays) as JSON, or erase it. Erasure deletes the leads (contacts,
// notes, proposals and sent lists cascade), the captações (notes and pending photos cascade; their files go after the
// commit), the saved searches (app/server/alerts/subscriptions.server.ts), the visits
// (app/server/visits/lgpd.server.ts) and their unsent e-mails, takes the guest's name and e-mail off their stays
// (app/server/rentals/lgpd.server.ts: the nights stay booked), and leaves an audit entry that records what was erased
// without repeating the personal data.
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type AlertExport, erasePersonAlerts, exportPersonAlerts } from "../alerts/subscriptions.server";
import { audit } from "../audit/audit.server";
import { type CaptacaoExport, erasePersonCaptacoes, exportPersonCaptacoes } from "../captacoes/lgpd.server";
import { removePendingFiles } from "../captacoes/pending-photos.server";
import type { Db, Tx } from "../db/client.server";
import { leadContacts, leadNotes, leads, outbox, properties } from "../db/schema.server";
import { defaultLogger, type Logger } from "../log/logger.server";
import type { Storage } from "../media/storage.server";
import { payloadIdIn } from "../outbox/outbox.server";
import {
  countPersonStays,
  erasePersonStays,
  exportPersonStays,
  type StayExport,
} from "../rentals/lgpd.server";
import {
  countPersonVisits,
  erasePersonVisits,
  exportPersonVisits,
  type VisitExport,
} from "../visits/lgpd.server";
import type { Actor } from "./inbox.server";
import { LEAD_EMAIL_KIND } from "./lead-emails.server";
import { personMatchOn } from "./person-match.server";
import { proposalsOfLeads } from "./proposals.server";
import { sentListsOfLeads } from "./sent-lists.server";

/** Leads of the person with this e-mail or phone. */
export function personMatch(contato: string): SQL {
  return personMatchOn(leads, contato);
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
    /** The proposals they made (decision 048): listing, amount, terms and the answer. */
    proposals: {
      referencia: string;
      finalidade: string;
      amount: number;
      payment: string | null;
      conditions: string;
      validUntil: string;
      status: string;
      counterAmount: number | null;
      createdAt: string;
    }[];
    /** The lists of listings an agent sent them, and when they opened each (decision 049). */
    sentLists: {
      referencias: string[];
      sentAt: string;
      opens: number;
      firstOpenedAt: string | null;
      lastOpenedAt: string | null;
    }[];
  }[];
  /** The properties they offered the agency (/anuncie-seu-imovel). */
  captacoes: CaptacaoExport[];
  /** The searches they saved for e-mail alerts ("Receber novidades desta busca"). */
  alertas: AlertExport[];
  /** The visits they booked on listing pages (or an agent booked on one of their leads). */
  visitas: VisitExport[];
  /** The temporada stays booked in their name. */
  estadias: StayExport[];
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
  // Oldest first, like the rest of the export.
  const offers = ids.length ? (await proposalsOfLeads(db, ids)).reverse() : [];
  const sent = ids.length ? (await sentListsOfLeads(db, ids)).reverse() : [];
  const captacoes = await exportPersonCaptacoes(db, contato);
  const alertas = await exportPersonAlerts(db, contato);
  const visitas = await exportPersonVisits(db, contato, ids);
  const estadias = await exportPersonStays(db, contato, ids);
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
      proposals: offers
        .filter((o) => o.leadId === r.id)
        .map((o) => ({
          referencia: o.referencia,
          finalidade: o.finalidade,
          amount: o.amount,
          payment: o.payment,
          conditions: o.conditions,
          validUntil: o.validUntil,
          status: o.status,
          counterAmount: o.counterAmount,
          createdAt: o.createdAt.toISOString(),
        })),
      sentLists: sent
        .filter((l) => l.leadId === r.id)
        .map((l) => ({
          referencias: l.referencias,
          sentAt: l.sentAt.toISOString(),
          opens: l.opens,
          firstOpenedAt: l.firstOpenedAt?.toISOString() ?? null,
          lastOpenedAt: l.lastOpenedAt?.toISOString() ?? null,
        })),
    })),
    captacoes,
    alertas,
    visitas,
    estadias,
  };
}

async function personLeadIds(db: Db | Tx, contato: string): Promise<number[]> {
  const rows = await db.select({ id: leads.id }).from(leads).where(personMatch(contato));
  return rows.map((r) => r.id);
}

/** Counts without loading (the LGPD screen's preview): leads, visits and stays. */
export async function countPersonRecords(
  db: Db,
  contato: string,
): Promise<{ leads: number; visitas: number; estadias: number }> {
  const ids = await personLeadIds(db, contato);
  const [visitas, estadias] = await Promise.all([
    countPersonVisits(db, contato, ids),
    countPersonStays(db, contato, ids),
  ]);
  return { leads: ids.length, visitas, estadias };
}

export async function erasePersonData(
  db: Db,
  actor: Actor,
  contato: string,
  /** Where the captações' photos are (the site's storage); without it their files stay. */
  files: { storage?: Storage; log?: Logger } = {},
): Promise<{ erased: number; captacoes: number; alertas: number; visitas: number; estadias: number }> {
  const { erased, captacaoIds, keys, alertIds, visitIds, stayIds } = await db.transaction(async (tx) => {
    const ids = await personLeadIds(tx, contato);
    // Before the leads go: their ids find the visits and stays booked on them.
    const visitIds = await erasePersonVisits(tx, contato, ids);
    const stayIds = await erasePersonStays(tx, contato, ids);
    if (ids.length > 0) {
      // Unsent lead e-mails would only be skipped; remove them so nothing refers to the person.
      await tx
        .delete(outbox)
        .where(and(eq(outbox.kind, LEAD_EMAIL_KIND), isNull(outbox.sentAt), payloadIdIn("leadId", ids)));
      await tx.delete(leads).where(inArray(leads.id, ids));
    }
    const captacoes = await erasePersonCaptacoes(tx, contato);
    const alertIds = await erasePersonAlerts(tx, contato);
    await audit(tx, {
      userId: actor.id,
      action: "lgpd-erased",
      entity: "lead",
      ip: actor.ip,
      userAgent: actor.userAgent,
      // A hash identifies a repeated request without keeping the e-mail or phone.
      details: {
        leadIds: ids,
        captacaoIds: captacoes.ids,
        savedSearchIds: alertIds,
        visitIds,
        stayIds,
        contactHash: createHash("sha256").update(contato.trim().toLowerCase()).digest("hex").slice(0, 16),
      },
    });
    return {
      erased: ids.length,
      captacaoIds: captacoes.ids,
      keys: captacoes.fileKeys,
      alertIds,
      visitIds,
      stayIds,
    };
  });
  if (files.storage && keys.length > 0) {
    const left = await removePendingFiles(files.storage, keys);
    if (left.length > 0)
      (files.log ?? defaultLogger()).warn({ keys: left }, "LGPD: arquivos de fotos não removidos");
  }
  return {
    erased,
    captacoes: captacaoIds.length,
    alertas: alertIds.length,
    visitas: visitIds.length,
    estadias: stayIds.length,
  };
}
