// Visits booked on a listing's page (/casas/:referencia/visita) with the listing's corretor (the
// agency's calendar when it has none). The free slots come from the agent's weekly windows
// (schedule.server.ts, app/lib/visit-slots.ts); the slot is held by the database — bookings of
// one agent take turns on an advisory lock and refuse a time a booked visit overlaps, and the
// partial unique index visits_slot_idx holds one booked visit per agent and start — so two
// visitors, even on two app instances, cannot both get it: the second writes nothing (holdSlot,
// decision 034). A booking is also a lead: it takes the one lead path (recordLead), in the same
// transaction, and moves the card to "visita_agendada" as an agent's status change would.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, gte, isNull, lt, ne, sql } from "drizzle-orm";
import type { LeadFieldErrors } from "../../lib/lead-fields";
import { isHoneypotFilled, parseLeadForm } from "../../lib/lead-form";
import { listingPath } from "../../lib/listing";
import { maceioClock, maceioDayStart } from "../../lib/maceio-time";
import { freeSlots, visitMoment } from "../../lib/visit-slots";
import type { LeadStatus } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leadStatusChanges, leads, properties, users, visits } from "../db/schema.server";
import { announcedLead, announceLead, announceLeadUpdated } from "../leads/inbox.server";
import { recordLead } from "../leads/record.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";
import { scheduleFor } from "./schedule.server";
import { enqueueVisitEmails } from "./visit-emails.server";

export const SLOT_TAKEN_MESSAGE =
  "Esse horário acabou de ser reservado por outra pessoa. Escolha outro horário abaixo.";
export const SLOT_GONE_MESSAGE = "Esse horário não está mais disponível. Escolha outro horário abaixo.";
export const PICK_SLOT_MESSAGE = "Escolha um dos horários livres.";
const NEED_PHONE = "Informe seu telefone com DDD, para o corretor confirmar a visita.";
const NEED_EMAIL = "Informe seu e-mail: é para ele que enviamos a confirmação.";

/** Statuses a booking moves forward to "visita_agendada" (never back from a proposal or a close). */
const BEFORE_VISIT: LeadStatus[] = ["novo", "em_atendimento"];

export interface VisitListing {
  id: number;
  referencia: string;
  titulo: string;
  bairro: string;
  cidade: string;
  /** The listing's corretor; null: the agency's calendar. */
  agentId: number | null;
  agentName: string | null;
}

/** A published, still available listing that visits can be booked for, with its agent. */
export async function visitListing(db: Db | Tx, referencia: string): Promise<VisitListing | null> {
  const [row] = await db
    .select({
      id: properties.id,
      referencia: properties.referencia,
      titulo: properties.titulo,
      bairro: properties.bairro,
      cidade: properties.cidade,
      status: properties.status,
      agentId: users.id,
      agentName: users.name,
    })
    .from(properties)
    .leftJoin(users, and(eq(users.id, properties.corretorId), eq(users.active, true)))
    .where(and(eq(properties.referencia, referencia), eq(properties.publicacao, "publicado")));
  if (!row || row.status === "vendido" || row.status === "alugado") return null;
  const { status: _status, ...listing } = row;
  return listing;
}

const sameAgent = (agentId: number | null) =>
  agentId === null ? isNull(visits.agentId) : eq(visits.agentId, agentId);

/** The agent's booked visits from `from` on (what makes their slots busy). */
async function busyOf(db: Db | Tx, agentId: number | null, from: Date) {
  return db
    .select({ startsAt: visits.startsAt, endsAt: visits.endsAt })
    .from(visits)
    .where(and(sameAgent(agentId), eq(visits.status, "agendada"), gte(visits.endsAt, from)));
}

interface Availability {
  free: Date[];
  busy: { startsAt: Date; endsAt: Date }[];
  slotMinutes: number;
}

async function availability(db: Db | Tx, agentId: number | null, now: Date): Promise<Availability> {
  const [schedule, busy] = await Promise.all([scheduleFor(db, agentId), busyOf(db, agentId, now)]);
  return { free: freeSlots(schedule, busy, now), busy, slotMinutes: schedule.slotMinutes };
}

/** The agent's free slot starts at `now` (Maceió days, their schedule, less what is booked). */
export async function agentFreeSlots(db: Db | Tx, agentId: number | null, now: Date): Promise<Date[]> {
  return (await availability(db, agentId, now)).free;
}

export type BookingFieldErrors = LeadFieldErrors & { slot?: string };

export type BookingResult =
  | { status: "booked"; visitId: number; leadId: number }
  /** The honeypot was filled: answered as a success, nothing stored. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: BookingFieldErrors }
  /** Someone else's booking of the same slot committed first (the unique index said so). */
  | { status: "taken"; message: string }
  | { status: "not-found" };

export class SlotTaken extends Error {}

/**
 * Reads the chosen slot: an ISO instant among the agent's free ones now, or an error message — the
 * "just booked" one when another visitor's visit now holds it (their page was older than the booking).
 */
function chosenSlot(raw: unknown, { free, busy }: Availability): Date | string {
  if (typeof raw !== "string" || raw === "") return PICK_SLOT_MESSAGE;
  const time = new Date(raw).getTime();
  if (Number.isNaN(time)) return PICK_SLOT_MESSAGE;
  const slot = free.find((s) => s.getTime() === time);
  if (slot) return slot;
  return busy.some((b) => b.startsAt.getTime() <= time && b.endsAt.getTime() > time)
    ? SLOT_TAKEN_MESSAGE
    : SLOT_GONE_MESSAGE;
}

/**
 * A visitor's booking from the listing's visit page: name, phone, e-mail, consent and a slot.
 * The form is the lead form's (app/lib/lead-form.ts) with phone and e-mail both required.
 */
export async function bookVisit(
  db: Db,
  referencia: string,
  form: FormData,
  now: Date = new Date(),
): Promise<BookingResult> {
  if (isHoneypotFilled(form)) return { status: "ignored" };
  const listing = await visitListing(db, referencia);
  if (!listing) return { status: "not-found" };
  const parsed = parseLeadForm(form);
  const fieldErrors: BookingFieldErrors = parsed.ok ? {} : { ...parsed.fieldErrors };
  if (!String(form.get("phone") ?? "").trim()) fieldErrors.phone = NEED_PHONE;
  if (!String(form.get("email") ?? "").trim()) fieldErrors.email = NEED_EMAIL;
  const open = await availability(db, listing.agentId, now);
  const slot = chosenSlot(form.get("slot"), open);
  if (typeof slot === "string") fieldErrors.slot = slot;
  if (!parsed.ok || typeof slot === "string" || Object.keys(fieldErrors).length > 0)
    return { status: "invalid", fieldErrors };
  const { name, phone, email, message } = parsed.values;
  if (!phone || !email) return { status: "invalid", fieldErrors };
  const endsAt = new Date(slot.getTime() + open.slotMinutes * 60_000);
  try {
    return await db.transaction(async (tx) => {
      const visitId = await holdSlot(tx, {
        propertyId: listing.id,
        agentId: listing.agentId,
        startsAt: slot,
        endsAt,
        name,
        phone,
        email,
      });
      const lead = await recordLead(tx as unknown as Db, {
        name,
        phone,
        email,
        message: [`Visita agendada para ${visitMoment(slot)}.`, message].filter(Boolean).join("\n\n"),
        origin: "formulario_imovel",
        extra: { visita: { id: visitId, inicio: slot.toISOString() } },
        propertyId: listing.id,
        referencia: listing.referencia,
        assigneeId: listing.agentId,
        consent: { version: LGPD_CONSENT_VERSION, at: now },
        now,
      });
      if (lead.status !== "created") throw new Error("visita: lead sem id externo tido como repetido");
      await tx.update(visits).set({ leadId: lead.leadId }).where(eq(visits.id, visitId));
      await markVisitScheduled(
        tx,
        lead.leadId,
        { startsAt: slot, referencia: listing.referencia, agentId: listing.agentId },
        now,
      );
      await enqueueVisitEmails(tx, visitId, "confirmacao", slot, now);
      return { status: "booked", visitId, leadId: lead.leadId } as const;
    });
  } catch (error) {
    if (error instanceof SlotTaken) return { status: "taken", message: SLOT_TAKEN_MESSAGE };
    throw error;
  }
}

export interface NewVisit {
  propertyId: number | null;
  agentId: number | null;
  startsAt: Date;
  endsAt: Date;
  name: string;
  phone: string;
  email: string;
  leadId?: number | null;
}

/**
 * Inserts the booked visit or throws SlotTaken. Bookings of one agent take turns on a
 * transaction-scoped lock, and each refuses a time another booked visit of the agent overlaps: two
 * pages read before a change of the slot length (30 → 60 minutes) offer 09:00 and 09:30, and only
 * one of them gets in. A concurrent booking of the same agent and start also waits on
 * visits_slot_idx until the first commits, then conflicts and writes nothing; on PGlite's single
 * connection the transactions run one after the other and decide the same way.
 */
export async function holdSlot(tx: Tx, visit: NewVisit): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`visit-agent:${visit.agentId ?? 0}`}))`);
  const [overlapping] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        sameAgent(visit.agentId),
        eq(visits.status, "agendada"),
        lt(visits.startsAt, visit.endsAt),
        gt(visits.endsAt, visit.startsAt),
      ),
    )
    .limit(1);
  if (overlapping) throw new SlotTaken();
  const [row] = await tx
    .insert(visits)
    .values({ ...visit, linkKey: randomBytes(18).toString("base64url") })
    .onConflictDoNothing()
    .returning({ id: visits.id });
  if (!row) throw new SlotTaken();
  return row.id;
}

/**
 * The card moves to "visita_agendada" by itself (no user: lead_status_changes.user_id null), and
 * its next action becomes the visit, at its Maceió day and time.
 */
async function markVisitScheduled(
  tx: Tx,
  leadId: number,
  visit: { startsAt: Date; referencia: string; agentId: number | null },
  now: Date,
) {
  const { startsAt, referencia } = visit;
  const [lead] = await tx
    .select({ status: leads.status, assigneeId: leads.assigneeId })
    .from(leads)
    .where(eq(leads.id, leadId));
  if (!lead) return;
  const nextAction = {
    nextActionDate: maceioClock(startsAt).day,
    nextActionTime: `${maceioClock(startsAt).time}:00`,
    nextAction: `Visita ao imóvel ${referencia}`.slice(0, 140),
  };
  if (!BEFORE_VISIT.includes(lead.status)) {
    await tx
      .update(leads)
      .set({ updatedAt: now, ...nextAction })
      .where(eq(leads.id, leadId));
    await announceVisit(tx, "lead-visit-booked", leadId, visit.agentId);
    return;
  }
  await tx
    .update(leads)
    .set({ status: "visita_agendada", updatedAt: now, ...nextAction })
    .where(eq(leads.id, leadId));
  await tx
    .insert(leadStatusChanges)
    .values({ leadId, fromStatus: lead.status, toStatus: "visita_agendada", userId: null, at: now });
  await audit(tx, {
    userId: null,
    action: "lead-status",
    entity: "lead",
    entityId: leadId,
    details: { from: lead.status, to: "visita_agendada", reason: "visita-agendada-pelo-site" },
  });
  await announceVisit(tx, "lead-visit-booked", leadId, visit.agentId);
}

/**
 * Open screens of the lead's agent and of the visit's (a person's card may be with another agent
 * than the listing's) hear the lead changed, and what happened.
 */
async function announceVisit(
  tx: Tx,
  type: "lead-visit-booked" | "lead-visit-cancelled",
  leadId: number,
  visitAgent: number | null = null,
) {
  const lead = await announcedLead(tx, leadId);
  if (!lead) return;
  await announceLeadUpdated(tx, lead, visitAgent);
  await announceLead(tx, type, lead, [visitAgent]);
}

// ------------------------------------------------------------------------------------------------
// The visitor's own links: see, cancel, reschedule (links.server.ts signs them)

export interface VisitView {
  id: number;
  status: "agendada" | "cancelada";
  startsAt: Date;
  endsAt: Date;
  name: string;
  email: string;
  phone: string;
  agentId: number | null;
  agentName: string | null;
  propertyId: number | null;
  referencia: string | null;
  titulo: string | null;
  bairro: string | null;
  cidade: string | null;
  leadId: number | null;
  linkKey: string;
  rescheduledToId: number | null;
}

export async function getVisit(db: Db | Tx, id: number): Promise<VisitView | null> {
  const [row] = await db
    .select({
      id: visits.id,
      status: visits.status,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      name: visits.name,
      email: visits.email,
      phone: visits.phone,
      agentId: visits.agentId,
      agentName: users.name,
      propertyId: visits.propertyId,
      referencia: properties.referencia,
      titulo: properties.titulo,
      bairro: properties.bairro,
      cidade: properties.cidade,
      leadId: visits.leadId,
      linkKey: visits.linkKey,
      rescheduledToId: visits.rescheduledToId,
    })
    .from(visits)
    .leftJoin(users, eq(users.id, visits.agentId))
    .leftJoin(properties, eq(properties.id, visits.propertyId))
    .where(eq(visits.id, id));
  return row ?? null;
}

/** A visit a reschedule replaced, and the time it was for. */
export interface EarlierVisit {
  id: number;
  startsAt: Date;
}

/**
 * The visits this one was rescheduled from, the first booked first; empty for a visit booked as it
 * is. Each reschedule points the visit it cancels at the new one (rescheduled_to_id), so the chain
 * is walked back one visit at a time: a visitor moves a visit a few times at most.
 */
export async function rescheduledFrom(db: Db | Tx, id: number): Promise<EarlierVisit[]> {
  const earlier: EarlierVisit[] = [];
  for (let current = id; ; ) {
    const [row] = await db
      .select({ id: visits.id, startsAt: visits.startsAt })
      .from(visits)
      .where(eq(visits.rescheduledToId, current));
    if (!row) return earlier.reverse();
    earlier.push(row);
    current = row.id;
  }
}

export type ChangeResult =
  | { status: "ok"; visitId: number }
  | { status: "gone" }
  | { status: "invalid"; message: string }
  | { status: "taken"; message: string };

/** The visitor cancels (from the e-mail's link): the slot frees at once, both are told. */
export async function cancelVisit(db: Db, id: number, now: Date = new Date()): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(visits)
      .set({ status: "cancelada", cancelledAt: now })
      .where(and(eq(visits.id, id), eq(visits.status, "agendada")))
      .returning({
        id: visits.id,
        leadId: visits.leadId,
        agentId: visits.agentId,
        startsAt: visits.startsAt,
      });
    if (!row) return { status: "gone" } as const;
    await enqueueVisitEmails(tx, id, "cancelamento", row.startsAt, now);
    if (row.leadId !== null) await announceVisit(tx, "lead-visit-cancelled", row.leadId, row.agentId);
    return { status: "ok", visitId: id } as const;
  });
}

/**
 * The visitor moves the visit to another free slot: the old one is cancelled and a new one booked
 * in one transaction, held by the same unique index (a slot taken meanwhile undoes both). The old
 * one's cancellation e-mail is not sent: the new one's confirmation says "remarcada" and its .ics
 * moves the old calendar event (visitEvent in visit-emails.server.ts).
 */
export async function rescheduleVisit(
  db: Db,
  id: number,
  rawSlot: unknown,
  now: Date = new Date(),
): Promise<ChangeResult> {
  const visit = await getVisit(db, id);
  if (visit?.status !== "agendada" || visit.startsAt.getTime() <= now.getTime()) return { status: "gone" };
  const slot = chosenSlot(rawSlot, await availability(db, visit.agentId, now));
  if (typeof slot === "string") return { status: "invalid", message: slot };
  const length = visit.endsAt.getTime() - visit.startsAt.getTime();
  try {
    return await db.transaction(async (tx) => {
      const [old] = await tx
        .update(visits)
        .set({ status: "cancelada", cancelledAt: now })
        .where(and(eq(visits.id, id), eq(visits.status, "agendada")))
        .returning({ id: visits.id });
      if (!old) return { status: "gone" } as const;
      const newId = await holdSlot(tx, {
        propertyId: visit.propertyId,
        agentId: visit.agentId,
        startsAt: slot,
        endsAt: new Date(slot.getTime() + length),
        name: visit.name,
        phone: visit.phone,
        email: visit.email,
        leadId: visit.leadId,
      });
      await tx.update(visits).set({ rescheduledToId: newId }).where(eq(visits.id, id));
      if (visit.leadId !== null)
        await markVisitScheduled(
          tx,
          visit.leadId,
          { startsAt: slot, referencia: visit.referencia ?? "", agentId: visit.agentId },
          now,
        );
      await enqueueVisitEmails(tx, newId, "confirmacao", slot, now);
      return { status: "ok", visitId: newId } as const;
    });
  } catch (error) {
    if (error instanceof SlotTaken) return { status: "taken", message: SLOT_TAKEN_MESSAGE };
    throw error;
  }
}

// ------------------------------------------------------------------------------------------------
// What agents see: the day's visits on the painel, the list on /admin/visitas

export interface AgentVisit {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: "agendada" | "cancelada";
  name: string;
  phone: string;
  email: string;
  leadId: number | null;
  referencia: string | null;
  titulo: string | null;
  agentName: string | null;
}

interface Viewer {
  id: number;
  role: "admin" | "corretor";
}

/** A corretor's own visits; an admin's: everyone's and the agency's. */
const visibleVisits = (viewer: Viewer) =>
  viewer.role === "admin" ? undefined : eq(visits.agentId, viewer.id);

export async function listVisits(
  db: Db,
  viewer: Viewer,
  range: { from: Date; to?: Date; includeCancelled?: boolean },
): Promise<AgentVisit[]> {
  return db
    .select({
      id: visits.id,
      startsAt: visits.startsAt,
      endsAt: visits.endsAt,
      status: visits.status,
      name: visits.name,
      phone: visits.phone,
      email: visits.email,
      leadId: visits.leadId,
      referencia: properties.referencia,
      titulo: properties.titulo,
      agentName: users.name,
    })
    .from(visits)
    .leftJoin(properties, eq(properties.id, visits.propertyId))
    .leftJoin(users, eq(users.id, visits.agentId))
    .where(
      and(
        visibleVisits(viewer),
        gte(visits.startsAt, range.from),
        range.to ? lt(visits.startsAt, range.to) : undefined,
        range.includeCancelled ? undefined : ne(visits.status, "cancelada"),
        // A rescheduled visit is listed once, at its new time.
        range.includeCancelled ? isNull(visits.rescheduledToId) : undefined,
      ),
    )
    .orderBy(asc(visits.startsAt), asc(visits.id))
    .limit(500);
}

/** The booked visits from the start of `now`'s Maceió day over `days` days (the painel: today and the week). */
export async function upcomingVisits(db: Db, viewer: Viewer, now: Date, days = 1): Promise<AgentVisit[]> {
  const from = maceioDayStart(maceioClock(now).day);
  return listVisits(db, viewer, { from, to: new Date(from.getTime() + days * 86_400_000) });
}

/** Where a visit's listing is, for pages and e-mails (the bairro, never the street: decision 017). */
export function visitPlace(visit: Pick<VisitView, "bairro" | "cidade">): string {
  return [visit.bairro, visit.cidade].filter(Boolean).join(", ");
}

export const visitListingPath = (referencia: string) => `${listingPath(referencia)}/visita`;
