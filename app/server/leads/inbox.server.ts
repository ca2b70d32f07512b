// The leads inbox: one card per person (their contacts, from every source, are its history:
// record.server.ts), with filters; one lead with its history and notes, status changes, notes and
// assignment. A corretor sees only leads assigned to them (or unassigned ones on their listings).
import { and, asc, count, desc, eq, gte, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { LEAD_PAGE_SIZE, type LeadListQuery } from "../../lib/lead-inbox";
import { maceioClock } from "../../lib/maceio-time";
import type { LiveEventType } from "../../lib/realtime-constants";
import type { LeadOrigin, LeadStatus } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { SessionUser } from "../auth/guard.server";
import type { Db, Tx } from "../db/client.server";
import {
  leadContacts,
  leadNotes,
  leadStatusChanges,
  leads,
  properties,
  sentLists,
  users,
} from "../db/schema.server";
import { retiredReferencia } from "../properties/referencia.server";
import { agentsOf, publishEvent } from "../realtime/events.server";
import { activeListingAgentId } from "./active-agent.server";
import { byDue, nextActionOnStatusChange, nextActionView } from "./next-action-due.server";

export type Viewer = Pick<SessionUser, "id" | "role">;

export interface Actor extends Viewer {
  ip?: string;
  userAgent?: string | null;
}

/** Which leads the viewer may see. */
export function visibleLeads(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  return or(
    eq(leads.assigneeId, viewer.id),
    and(isNull(leads.assigneeId), eq(properties.corretorId, viewer.id)),
  );
}

/**
 * The agent a lead is with: its assignee, or while unassigned its listing's corretor if active —
 * the one who sees it (visibleLeads), gets its e-mails and its next actions (next-action.server.ts).
 * An unassigned lead on a deactivated corretor's listing is nobody's: the admins' summary lists it.
 */
export const leadAgentId = sql<number | null>`coalesce(${leads.assigneeId}, ${activeListingAgentId})`;

/** Maceió has no daylight saving: a day starts at 03:00 UTC. */
function dayStart(date: string): Date {
  return new Date(`${date}T00:00:00-03:00`);
}

/** `now` places the next-action sections (acao) in Maceió's day. */
export function leadFilters(viewer: Viewer, query: LeadListQuery, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleLeads(viewer)];
  if (query.status) conditions.push(eq(leads.status, query.status));
  if (query.origem)
    conditions.push(
      sql`exists (select 1 from ${leadContacts} c where c.lead_id = ${leads.id} and c.origin = ${query.origem})`,
    );
  if (query.imovel) conditions.push(eq(leads.propertyId, query.imovel));
  // What that corretor sees in their own inbox (and counts on their painel).
  if (query.corretor) conditions.push(eq(leadAgentId, query.corretor));
  if (query.de) conditions.push(gte(leads.lastContactAt, dayStart(query.de)));
  if (query.ate)
    conditions.push(lt(leads.lastContactAt, new Date(dayStart(query.ate).getTime() + 86_400_000)));
  if (query.acao) conditions.push(nextActionView(query.acao, maceioClock(now)));
  return and(...conditions);
}

export interface LeadRow {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  message: string;
  origin: LeadOrigin;
  status: LeadStatus;
  createdAt: Date;
  lastContactAt: Date;
  /** Every source the person came through, and the integrations' own names of theirs. */
  origins: LeadOrigin[];
  sourceLabels: string[] | null;
  /** Referências a sender gave that no listing has ("imóvel não encontrado"). */
  unknownReferencias: string[] | null;
  /** Referências of contacts whose listing was deleted since (retired_referencias: "imóvel excluído"). */
  deletedReferencias: string[] | null;
  contactCount: number;
  listOpenedAt: Date | null;
  propertyId: number | null;
  referencia: string | null;
  titulo: string | null;
  /** The listing's finalidades (a new proposal's default: app/components/admin/lead/proposals.tsx). */
  propertyFinalidades: string[] | null;
  assigneeId: number | null;
  assigneeName: string | null;
  /** The next action: Maceió date (YYYY-MM-DD), time (HH:MM:SS) or null, task; null when closed. */
  nextActionDate: string | null;
  nextActionTime: string | null;
  nextAction: string | null;
  /** The first-response clock (the inbox's and the lead's timer; the roleta's limit). */
  assignedAt: Date | null;
  firstResponseAt: Date | null;
}

const rowColumns = {
  id: leads.id,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  message: leads.message,
  origin: leads.origin,
  status: leads.status,
  createdAt: leads.createdAt,
  lastContactAt: leads.lastContactAt,
  origins: sql<
    LeadOrigin[]
  >`coalesce((select array_agg(distinct c.origin) from ${leadContacts} c where c.lead_id = ${leads.id}), array[${leads.origin}])`,
  sourceLabels: sql<
    string[] | null
  >`(select array_agg(distinct c.source_label) from ${leadContacts} c where c.lead_id = ${leads.id} and c.source_label is not null)`,
  unknownReferencias: sql<
    string[] | null
  >`(select array_agg(distinct c.referencia) from ${leadContacts} c where c.lead_id = ${leads.id} and c.property_id is null and c.referencia is not null and not ${retiredReferencia(sql`c.referencia`)})`,
  deletedReferencias: sql<
    string[] | null
  >`(select array_agg(distinct upper(c.referencia)) from ${leadContacts} c where c.lead_id = ${leads.id} and c.property_id is null and ${retiredReferencia(sql`c.referencia`)})`,
  contactCount: sql<number>`(select count(*)::int from ${leadContacts} c where c.lead_id = ${leads.id})`,
  /** When the person last opened a list of listings the agent sent (decision 049); null: never. */
  listOpenedAt:
    sql<Date | null>`(select max(s.last_opened_at) from ${sentLists} s where s.lead_id = ${leads.id})`.mapWith(
      sentLists.lastOpenedAt,
    ),
  propertyId: leads.propertyId,
  referencia: properties.referencia,
  titulo: properties.titulo,
  propertyFinalidades: properties.finalidades,
  assigneeId: leads.assigneeId,
  assigneeName: users.name,
  nextActionDate: leads.nextActionDate,
  nextActionTime: leads.nextActionTime,
  nextAction: leads.nextAction,
  assignedAt: leads.assignedAt,
  firstResponseAt: leads.firstResponseAt,
};

function leadsWithJoins(db: Db) {
  return db
    .select(rowColumns)
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(users, eq(users.id, leads.assigneeId));
}

export async function listLeads(db: Db, viewer: Viewer, query: LeadListQuery, now = new Date()) {
  const where = leadFilters(viewer, query, now);
  const [totalRow] = await db
    .select({ total: count() })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LEAD_PAGE_SIZE));
  const page = Math.min(query.pagina ?? 1, pageCount);
  const rows = await leadsWithJoins(db)
    .where(where)
    // A next-action section reads as a to-do list: the longest overdue first.
    .orderBy(...(query.acao ? byDue : [desc(leads.lastContactAt), desc(leads.id)]))
    .limit(LEAD_PAGE_SIZE)
    .offset((page - 1) * LEAD_PAGE_SIZE);
  return { rows, total, page, pageCount };
}

/** Every lead matching the filters (CSV export), newest first, bounded. */
export async function allLeads(
  db: Db,
  viewer: Viewer,
  query: LeadListQuery,
  limit = 50_000,
  now = new Date(),
): Promise<LeadRow[]> {
  return leadsWithJoins(db)
    .where(leadFilters(viewer, query, now))
    .orderBy(desc(leads.lastContactAt), desc(leads.id))
    .limit(limit);
}

/** Listings that have leads (the filter's options), limited to what the viewer sees. */
export async function listingsWithLeads(db: Db, viewer: Viewer) {
  return db
    .selectDistinct({ id: properties.id, referencia: properties.referencia })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(visibleLeads(viewer))
    .orderBy(asc(properties.referencia));
}

export async function getLead(db: Db, viewer: Viewer, id: number) {
  const [lead] = await leadsWithJoins(db).where(and(eq(leads.id, id), visibleLeads(viewer)));
  if (!lead) return null;
  const [extra] = await db
    .select({ consentVersion: leads.consentVersion, consentAt: leads.consentAt })
    .from(leads)
    .where(eq(leads.id, id));
  const notes = await db
    .select({
      id: leadNotes.id,
      body: leadNotes.body,
      createdAt: leadNotes.createdAt,
      authorName: users.name,
    })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(eq(leadNotes.leadId, id))
    .orderBy(desc(leadNotes.createdAt), desc(leadNotes.id));
  const contacts = await db
    .select({
      id: leadContacts.id,
      origin: leadContacts.origin,
      sourceLabel: leadContacts.sourceLabel,
      message: leadContacts.message,
      receivedAt: leadContacts.receivedAt,
      propertyId: leadContacts.propertyId,
      referencia: sql<string | null>`coalesce(${properties.referencia}, ${leadContacts.referencia})`,
      listingFound: sql<boolean>`${properties.id} is not null`,
      listingDeleted: sql<boolean>`${properties.id} is null and ${retiredReferencia(leadContacts.referencia)}`,
      recordedByName: users.name,
    })
    .from(leadContacts)
    .leftJoin(properties, eq(properties.id, leadContacts.propertyId))
    .leftJoin(users, eq(users.id, leadContacts.recordedById))
    .where(eq(leadContacts.leadId, id))
    .orderBy(desc(leadContacts.receivedAt), desc(leadContacts.id));
  return { lead: { ...lead, ...extra }, notes, contacts };
}

/** The lead when the viewer may see it (and so act on it), else null. */
export async function canSee(db: Db, viewer: Viewer, id: number) {
  const [row] = await db
    .select({
      id: leads.id,
      assigneeId: leads.assigneeId,
      status: leads.status,
      listingCorretorId: properties.corretorId,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(and(eq(leads.id, id), visibleLeads(viewer)));
  return row ?? null;
}

/** The corretor who sees a lead (visibleLeads): its assignee, or while unassigned its listing's agent. */
export function leadAgent(assigneeId: number | null, listingCorretorId: number | null): number | null {
  return assigneeId ?? listingCorretorId;
}

/** What announceLeadUpdated needs of a lead; canSee's row has it. */
export interface AnnouncedLead {
  id: number;
  assigneeId: number | null;
  listingCorretorId: number | null;
}

/**
 * The lead changed: the open screens of its agent (leadAgent) and of every admin hear of it when
 * the transaction commits (realtime/events.server.ts). `alsoAgents` must hear too (the agent a
 * reassignment leaves). Given only an id, the lead's agent is read in the transaction.
 */
export async function announceLeadUpdated(
  tx: Tx,
  lead: AnnouncedLead | number,
  ...alsoAgents: (number | null)[]
): Promise<void> {
  await announceLead(tx, "lead-updated", lead, alsoAgents);
}

/** As announceLeadUpdated, for any lead event (a sent link opened: sent-lists.server.ts). */
export async function announceLead(
  tx: Tx,
  type: Extract<LiveEventType, `lead-${string}`>,
  lead: AnnouncedLead | number,
  alsoAgents: (number | null)[] = [],
): Promise<void> {
  const row = typeof lead === "number" ? await announcedLead(tx, lead) : lead;
  if (!row) return;
  await publishEvent(tx, {
    type,
    id: row.id,
    agentIds: agentsOf(leadAgent(row.assigneeId, row.listingCorretorId), ...alsoAgents),
  });
}

/** The lead as announceLead needs it; null when it is gone. */
export async function announcedLead(tx: Tx, id: number): Promise<AnnouncedLead | null> {
  const [row] = await tx
    .select({ id: leads.id, assigneeId: leads.assigneeId, listingCorretorId: properties.corretorId })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(leads.id, id));
  return row ?? null;
}

/**
 * The first thing an agent does with a lead (a status change, a note) is its first response: it stops
 * the first-response clock once, and later actions leave the moment as it was.
 */
export function firstResponse(actor: Viewer, now: Date) {
  return {
    firstResponseAt: sql`coalesce(${leads.firstResponseAt}, ${now.toISOString()}::timestamptz)`,
    firstResponseById: sql`coalesce(${leads.firstResponseById}, ${actor.id}::integer)`,
  };
}

/** Closing or losing a lead clears its next action; reopening one gives it one due at `now`. */
export async function changeLeadStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: LeadStatus,
  now = new Date(),
): Promise<boolean> {
  const lead = await canSee(db, actor, id);
  if (!lead) return false;
  if (lead.status === status) return true;
  await db.transaction((tx) => moveLeadStatus(tx, actor, lead, status, now));
  return true;
}

/**
 * A lead's move to another pipeline step, in the caller's transaction: the step and its history
 * (the funnel), the first response, the next action a closing or reopening implies, the audit
 * log, and open screens hear of it. `lead` is canSee's row.
 */
export async function moveLeadStatus(
  tx: Tx,
  actor: Actor,
  lead: NonNullable<Awaited<ReturnType<typeof canSee>>>,
  status: LeadStatus,
  now: Date,
): Promise<void> {
  const id = lead.id;
  await tx
    .update(leads)
    .set({
      status,
      updatedAt: now,
      ...firstResponse(actor, now),
      ...nextActionOnStatusChange(lead.status, status, now),
    })
    .where(eq(leads.id, id));
  await tx
    .insert(leadStatusChanges)
    .values({ leadId: id, fromStatus: lead.status, toStatus: status, userId: actor.id, at: now });
  await audit(tx, {
    userId: actor.id,
    action: "lead-status",
    entity: "lead",
    entityId: id,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { from: lead.status, to: status },
  });
  await announceLeadUpdated(tx, lead);
}

export async function addLeadNote(db: Db, actor: Actor, id: number, body: string): Promise<boolean> {
  const lead = await canSee(db, actor, id);
  if (!lead) return false;
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.insert(leadNotes).values({ leadId: id, authorId: actor.id, body, createdAt: now });
    await tx
      .update(leads)
      .set({ updatedAt: now, ...firstResponse(actor, now) })
      .where(eq(leads.id, id));
    await announceLeadUpdated(tx, lead);
  });
  return true;
}

export type AssignResult = "ok" | "not-found" | "invalid-agent";

/** Admin only (the route checks the role). */
export async function assignLead(
  db: Db,
  actor: Actor,
  id: number,
  assigneeId: number | null,
): Promise<AssignResult> {
  const lead = await canSee(db, actor, id);
  if (!lead) return "not-found";
  if (assigneeId !== null) {
    const [agent] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, assigneeId), eq(users.active, true)));
    if (!agent) return "invalid-agent";
  }
  await db.transaction(async (tx) => {
    const now = new Date();
    // A new assignee's first-response clock starts now (leads.assigned_at).
    const assignedAt = assigneeId === null ? null : assigneeId === lead.assigneeId ? undefined : now;
    await tx.update(leads).set({ assigneeId, assignedAt, updatedAt: now }).where(eq(leads.id, id));
    await audit(tx, {
      userId: actor.id,
      action: "lead-assigned",
      entity: "lead",
      entityId: id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { from: lead.assigneeId, to: assigneeId },
    });
    // The agent it leaves hears of it too, so their open inbox drops it.
    await announceLeadUpdated(tx, lead, leadAgent(assigneeId, lead.listingCorretorId));
  });
  return "ok";
}
