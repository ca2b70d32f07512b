// The one path every lead takes once its input is valid: a listing's or /sobre-nos' form
// (capture.server.ts), a portal (intake.server.ts), another integration, or a call or visit an
// agent records (manual.server.ts). In one transaction: the contact joins the person's card
// (same phone or e-mail within 30 days: person.server.ts) or makes a new one, its lead e-mails go
// to the outbox and its live event is published — all of it or nothing.
import { and, desc, eq, gte, or, sql } from "drizzle-orm";
import { isOpenLead } from "../../lib/next-action";
import type { LeadOrigin, LeadStatus } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leadContacts, leadStatusChanges, leads, properties, users } from "../db/schema.server";
import { agentsOf, publishEvent } from "../realtime/events.server";
import { activeListingAgentId } from "./active-agent.server";
import { type ArrivalAssignment, assignOnArrival } from "./distribution.server";
import { enqueueAdminNotice } from "./distribution-emails.server";
import { type Viewer, visibleLeads } from "./inbox.server";
import { enqueueLeadEmails } from "./lead-emails.server";
import { firstNextAction, reopenedNextAction } from "./next-action-due.server";
import { emailKey, phoneKey, THREAD_WINDOW_DAYS } from "./person.server";

export interface IncomingLead {
  name: string;
  /** As shown: (82) 99999-9999. */
  phone: string | null;
  email: string | null;
  message: string;
  origin: LeadOrigin;
  /** An integration's own name of the source. */
  sourceLabel?: string | null;
  /** The listing it is about (ours), and the referência as the sender gave it. */
  propertyId: number | null;
  referencia?: string | null;
  /**
   * The listing's corretor: a new card goes to them (or to the agent who recorded it) while the
   * roleta is off; on, the rules decide (distribution.server.ts).
   */
  assigneeId: number | null;
  /** The sender's id of this lead: the same (source, id) again is the same contact. */
  external?: { source: string; id: string } | null;
  extra?: Record<string, unknown> | null;
  consent?: { version: string; at: Date } | null;
  /**
   * An agent recording a call or visit: the contact joins only a card they can see (a corretor
   * never adds to, nor learns of, another agent's lead), and they get no e-mail of their own typing.
   */
  recordedBy?: Viewer | null;
  now?: Date;
}

export type RecordLeadResult =
  | { status: "created"; leadId: number; contactId: number; joined: boolean }
  /** The same external id was received before: nothing new. */
  | { status: "duplicate"; leadId: number | null };

class DuplicateContact extends Error {}

/** The card this person's new contact joins, if any (the lock is held by the caller). */
async function findThread(tx: Tx, input: IncomingLead, now: Date) {
  const phone = phoneKey(input.phone);
  const email = emailKey(input.email);
  if (!phone && !email) return null;
  const since = new Date(now.getTime() - THREAD_WINDOW_DAYS * 86_400_000);
  const samePerson = or(
    phone ? eq(leads.phoneKey, phone) : undefined,
    email ? sql`lower(${leads.email}) = ${email}` : undefined,
  );
  const visible = input.recordedBy ? visibleLeads(input.recordedBy) : undefined;
  const [card] = await tx
    .select({
      id: leads.id,
      assigneeId: leads.assigneeId,
      assigneeActive: users.active,
      status: leads.status,
      propertyId: leads.propertyId,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(users, eq(users.id, leads.assigneeId))
    .where(and(samePerson, gte(leads.lastContactAt, since), visible))
    .orderBy(desc(leads.lastContactAt), desc(leads.id))
    .limit(1);
  return card ?? null;
}

/**
 * Two contacts of one person arriving at once (two app instances) must not both make a card:
 * each takes a transaction-scoped lock per key (sorted, so two never wait on each other).
 */
async function lockPerson(tx: Tx, input: IncomingLead) {
  const keys = [phoneKey(input.phone), emailKey(input.email)]
    .filter((k): k is string => k !== null)
    .map((k) => `lead-person:${k}`)
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function recordLead(db: Db, input: IncomingLead): Promise<RecordLeadResult> {
  const now = input.now ?? new Date();
  const external = input.external ?? null;
  const existing = async () => {
    if (!external) return null;
    const [row] = await db
      .select({ leadId: leadContacts.leadId })
      .from(leadContacts)
      .where(and(eq(leadContacts.externalSource, external.source), eq(leadContacts.externalId, external.id)));
    return row ?? null;
  };
  const before = await existing();
  if (before) return { status: "duplicate", leadId: before.leadId };
  try {
    return await db.transaction(async (tx) => {
      await lockPerson(tx, input);
      const card = await findThread(tx, input, now);
      let leadId: number;
      let agentId: number | null;
      if (card) {
        leadId = card.id;
        agentId = card.assigneeId;
        // A card whose agent was deactivated meanwhile is nobody's: handed out as a new card
        // would be (the roleta, the listing's active corretor, else the admins), not left with
        // someone who will never see it (active-agent.server.ts).
        const orphaned = card.assigneeId !== null && card.assigneeActive !== true;
        const assignment = orphaned ? await arrivalAssignment(tx, input, now) : null;
        if (assignment) agentId = assignment.assigneeId;
        // A lost or closed card the person comes back to is open again, with the person's history:
        // no open lead is without a next action (decision 029), and the roleta's response clock
        // counts from this contact (decision 031: assigned_at, first_response_at).
        const reopen = isOpenLead(card.status) ? null : reopenedCard(input, now);
        // What the person tells us now fills what the card lacked (never overwrites it).
        await tx
          .update(leads)
          .set({
            lastContactAt: now,
            updatedAt: now,
            phone: sql`coalesce(${leads.phone}, ${input.phone})`,
            phoneKey: sql`coalesce(${leads.phoneKey}, ${phoneKey(input.phone)})`,
            email: sql`coalesce(${leads.email}, ${input.email})`,
            propertyId: sql`coalesce(${leads.propertyId}, ${input.propertyId})`,
            ...(assignment || reopen
              ? { assigneeId: agentId, assignedAt: agentId !== null ? now : null }
              : {}),
            ...reopen,
          })
          .where(eq(leads.id, leadId));
        if (assignment) await recordReassignment(tx, leadId, card.assigneeId, assignment);
        if (reopen) await recordReopening(tx, leadId, card.status, input.recordedBy ?? null, now);
      } else {
        const assignment = await arrivalAssignment(tx, input, now);
        const [row] = await tx
          .insert(leads)
          .values({
            propertyId: input.propertyId,
            name: input.name,
            phone: input.phone,
            phoneKey: phoneKey(input.phone),
            email: input.email,
            message: input.message,
            origin: input.origin,
            consentVersion: input.consent?.version ?? null,
            consentAt: input.consent?.at ?? null,
            assigneeId: assignment.assigneeId,
            assignedAt: assignment.assigneeId !== null ? now : null,
            // An agent who records a call or a walk-in has already answered the person.
            firstResponseAt: input.recordedBy ? now : null,
            firstResponseById: input.recordedBy?.id ?? null,
            // No open lead is without a next action: a new card's is due now.
            ...firstNextAction(now, Boolean(input.recordedBy)),
            lastContactAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: leads.id });
        if (!row) throw new Error("lead: insert sem retorno");
        leadId = row.id;
        agentId = assignment.assigneeId;
        if (assignment.auto) await recordAutoAssignment(tx, leadId, assignment);
      }
      const [contact] = await tx
        .insert(leadContacts)
        .values({
          leadId,
          origin: input.origin,
          sourceLabel: input.sourceLabel ?? null,
          externalSource: external?.source ?? null,
          externalId: external?.id ?? null,
          propertyId: input.propertyId,
          referencia: input.referencia ?? null,
          message: input.message,
          extra: input.extra && Object.keys(input.extra).length > 0 ? input.extra : null,
          recordedById: input.recordedBy?.id ?? null,
          receivedAt: now,
        })
        // A concurrent request (another instance) stored the same external id first: it waited on
        // the unique index, and this whole transaction is undone (lead_contacts_external_idx).
        .onConflictDoNothing()
        .returning({ id: leadContacts.id });
      if (!contact) throw new DuplicateContact();
      if (!input.recordedBy) await enqueueLeadEmails(tx, leadId, contact.id);
      // Who may see the card (inbox.server.ts leadAgent): its assignee, or while unassigned its
      // listing's corretor; never both, or a corretor would hear of a lead that is another's.
      const agents = agentsOf(agentId ?? (await listingAgent(tx, leadId)));
      await publishEvent(tx, { type: card ? "lead-updated" : "lead-created", id: leadId, agentIds: agents });
      return { status: "created", leadId, contactId: contact.id, joined: card !== null } as const;
    });
  } catch (error) {
    if (error instanceof DuplicateContact)
      return { status: "duplicate", leadId: (await existing())?.leadId ?? null };
    throw error;
  }
}

/** A recorded call or visit is the recorder's; anything else goes by the roleta when it is on. */
async function arrivalAssignment(tx: Tx, input: IncomingLead, now: Date): Promise<ArrivalAssignment> {
  return input.recordedBy
    ? { assigneeId: input.assigneeId, auto: null }
    : assignOnArrival(tx, input.propertyId, input.assigneeId, now);
}

/**
 * The corretor of the card's listing while active, who sees it while it is unassigned
 * (inbox.server.ts visibleLeads, leadAgentId).
 */
async function listingAgent(tx: Tx, leadId: number): Promise<number | null> {
  const [row] = await tx
    .select({ corretorId: activeListingAgentId })
    .from(leads)
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .where(eq(leads.id, leadId));
  return row?.corretorId ?? null;
}

/**
 * What a closed card a new contact joins becomes: "novo" with a next action due now, and unanswered
 * (a call or visit an agent records is answered by them, as on a new card).
 */
function reopenedCard(input: IncomingLead, now: Date) {
  return {
    status: "novo" as const,
    ...reopenedNextAction(now, Boolean(input.recordedBy)),
    firstResponseAt: input.recordedBy ? now : null,
    firstResponseById: input.recordedBy?.id ?? null,
  };
}

/** The reopening in the card's status history (the funnel reads it) and the audit log. */
async function recordReopening(tx: Tx, leadId: number, from: LeadStatus, by: Viewer | null, now: Date) {
  await tx
    .insert(leadStatusChanges)
    .values({ leadId, fromStatus: from, toStatus: "novo", userId: by?.id ?? null, at: now });
  await audit(tx, {
    userId: by?.id ?? null,
    action: "lead-status",
    entity: "lead",
    entityId: leadId,
    details: { from, to: "novo", reason: "novo-contato" },
  });
}

/** A joined card taken from a deactivated agent: audited, as the roleta's choice or as a plain move. */
async function recordReassignment(
  tx: Tx,
  leadId: number,
  fromId: number | null,
  assignment: ArrivalAssignment,
) {
  if (assignment.auto) return recordAutoAssignment(tx, leadId, assignment);
  await audit(tx, {
    userId: null,
    action: "lead-assigned",
    entity: "lead",
    entityId: leadId,
    details: { from: fromId, to: assignment.assigneeId, reason: "responsavel-inativo" },
  });
}

/**
 * The roleta's choice on arrival, audited; nobody eligible: the admins are told (the agent who got
 * it hears through the lead e-mail and the live event that follow).
 */
async function recordAutoAssignment(tx: Tx, leadId: number, assignment: ArrivalAssignment) {
  await audit(tx, {
    userId: null,
    action: assignment.auto === "none" ? "lead-unassigned" : "lead-auto-assigned",
    entity: "lead",
    entityId: leadId,
    details:
      assignment.auto === "none"
        ? { reason: "sem-corretor" }
        : { to: assignment.assigneeId, reason: assignment.auto },
  });
  if (assignment.auto === "none") await enqueueAdminNotice(tx, leadId, "sem-corretor");
}
