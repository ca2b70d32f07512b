// The roleta's sweep, run periodically by every app instance (reassign-sweep.server.ts) with the
// clock passed in (tests drive it). With the roleta on:
// - a lead whose assignee has not answered (leads.first_response_at still null) within the
//   response limit, counted in business time since leads.assigned_at (the agency's holidays left
//   out), moves to the next eligible
//   agent (never the same one): audited, a live event to both, an e-mail to the new agent and a
//   notice to the admins. Nobody else eligible: it stays, and the admins are told once
//   (lead_overdue_alerts).
// - a lead waiting without an assignee is given to an eligible agent as soon as there is one.
// Each move is one transaction that takes the roleta's lock and changes the lead only if it is as
// the sweep read it (same assignee, same assigned_at, still unanswered): two instances sweeping at
// once move a lead once.
import { and, eq, gte, isNotNull, isNull, lte, notInArray, sql } from "drizzle-orm";
import { businessMinutesBetween } from "../../lib/business-hours";
import type { DistributionRules } from "../../lib/lead-distribution";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { leadOverdueAlerts, leads, properties } from "../db/schema.server";
import { agencyHolidays } from "../visits/schedule.server";
import { getDistributionRules, listingFacts, lockRoleta, pickAgent } from "./distribution.server";
import { enqueueAdminNotice, enqueueAgentNotice } from "./distribution-emails.server";
import { announceLeadUpdated } from "./inbox.server";
import { THREAD_WINDOW_DAYS } from "./person.server";

/** Leads looked at per sweep and kind; the rest wait for the next sweep. */
const SWEEP_BATCH = 100;

export interface SweepResult {
  /** Moved from an agent who did not answer in time. */
  reassigned: number;
  /** Given to an agent after waiting unassigned. */
  assigned: number;
  /** Overdue with nobody else eligible: admins told. */
  alerted: number;
}

const open = notInArray(leads.status, ["fechado", "perdido"]);

/**
 * The column holds `at` as read into a Date: PostgreSQL keeps microseconds, a Date milliseconds
 * (timestamps written by now() would never compare equal).
 */
function sameInstant(column: typeof leads.assignedAt, at: Date) {
  return sql`${column} > ${new Date(at.getTime() - 1).toISOString()}::timestamptz and ${column} < ${new Date(at.getTime() + 1).toISOString()}::timestamptz`;
}

export async function reassignOverdueLeads(db: Db, now: Date): Promise<SweepResult> {
  const result: SweepResult = { reassigned: 0, assigned: 0, alerted: 0 };
  const rules = await getDistributionRules(db);
  if (!rules.enabled) return result;
  // Business time never runs faster than the wall clock: only leads assigned at least the limit
  // ago can be overdue.
  const wallLimit = new Date(now.getTime() - rules.responseLimitMinutes * 60_000);
  const candidates = await db
    .select({ id: leads.id, assigneeId: leads.assigneeId, assignedAt: leads.assignedAt })
    .from(leads)
    .where(
      and(
        isNotNull(leads.assigneeId),
        isNull(leads.firstResponseAt),
        lte(leads.assignedAt, wallLimit),
        open,
        sql`not exists (select 1 from ${leadOverdueAlerts} a where a.lead_id = ${leads.id} and a.assigned_at = ${leads.assignedAt})`,
      ),
    )
    .orderBy(leads.assignedAt)
    .limit(SWEEP_BATCH);
  const holidays = candidates.length ? await agencyHolidays(db) : new Set<string>();
  for (const lead of candidates) {
    if (lead.assigneeId === null || lead.assignedAt === null) continue;
    const waited = businessMinutesBetween(lead.assignedAt, now, rules.businessHours, holidays);
    if (waited < rules.responseLimitMinutes) continue;
    const outcome = await moveOverdue(db, rules, lead.id, lead.assigneeId, lead.assignedAt, now);
    if (outcome === "reassigned") result.reassigned += 1;
    if (outcome === "alerted") result.alerted += 1;
  }
  const waiting = await db
    .select({ id: leads.id })
    .from(leads)
    .where(
      and(
        isNull(leads.assigneeId),
        isNull(leads.firstResponseAt),
        eq(leads.status, "novo"),
        gte(leads.lastContactAt, new Date(now.getTime() - THREAD_WINDOW_DAYS * 86_400_000)),
      ),
    )
    .orderBy(leads.createdAt)
    .limit(SWEEP_BATCH);
  for (const lead of waiting) {
    if (await assignWaiting(db, rules, lead.id, now)) result.assigned += 1;
  }
  return result;
}

async function moveOverdue(
  db: Db,
  rules: DistributionRules,
  leadId: number,
  fromId: number,
  assignedAt: Date,
  now: Date,
): Promise<"reassigned" | "alerted" | "skipped"> {
  return db.transaction(async (tx) => {
    await lockRoleta(tx);
    const [lead] = await tx
      .select({ propertyId: leads.propertyId })
      .from(leads)
      .where(
        and(
          eq(leads.id, leadId),
          eq(leads.assigneeId, fromId),
          sameInstant(leads.assignedAt, assignedAt),
          isNull(leads.firstResponseAt),
          open,
        ),
      )
      .for("update");
    // Answered, reassigned or closed since the sweep read it (another instance, an agent).
    if (!lead) return "skipped";
    const details = { fromId, limitMinutes: rules.responseLimitMinutes };
    const pick = await pickAgent(tx, rules, await listingFacts(tx, lead.propertyId), fromId, now);
    if (!pick) {
      // The lead's own assigned_at (to the microsecond), so the sweep's "not exists" matches it.
      const inserted = await tx.execute(sql`
        insert into ${leadOverdueAlerts} (lead_id, assigned_at, at)
        select id, assigned_at, ${now.toISOString()}::timestamptz from ${leads} where id = ${leadId}
        on conflict do nothing returning lead_id`);
      const rows = Array.isArray(inserted) ? inserted : (inserted as { rows: unknown[] }).rows;
      if (rows.length === 0) return "skipped";
      await audit(tx, { userId: null, action: "lead-overdue", entity: "lead", entityId: leadId, details });
      await enqueueAdminNotice(tx, leadId, "atrasado", details);
      return "alerted";
    }
    await tx
      .update(leads)
      .set({ assigneeId: pick.agentId, assignedAt: now, updatedAt: now })
      .where(eq(leads.id, leadId));
    await audit(tx, {
      userId: null,
      action: "lead-auto-assigned",
      entity: "lead",
      entityId: leadId,
      details: {
        from: fromId,
        to: pick.agentId,
        reason: "sem-resposta",
        limitMinutes: rules.responseLimitMinutes,
      },
    });
    const moved = { ...details, toId: pick.agentId };
    await enqueueAgentNotice(tx, leadId, pick.agentId, "reatribuido", moved);
    await enqueueAdminNotice(tx, leadId, "reatribuido", moved);
    // The agent it leaves hears of it too, so their open inbox drops it.
    await announceLeadUpdated(tx, leadId, fromId);
    return "reassigned";
  });
}

async function assignWaiting(db: Db, rules: DistributionRules, leadId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockRoleta(tx);
    const [lead] = await tx
      .select({ propertyId: leads.propertyId, listingAgent: properties.corretorId })
      .from(leads)
      .leftJoin(properties, eq(properties.id, leads.propertyId))
      .where(and(eq(leads.id, leadId), isNull(leads.assigneeId), isNull(leads.firstResponseAt)))
      .for("update", { of: leads });
    if (!lead) return false;
    const pick = await pickAgent(tx, rules, await listingFacts(tx, lead.propertyId), null, now);
    if (!pick) return false;
    await tx
      .update(leads)
      .set({ assigneeId: pick.agentId, assignedAt: now, updatedAt: now })
      .where(eq(leads.id, leadId));
    await audit(tx, {
      userId: null,
      action: "lead-auto-assigned",
      entity: "lead",
      entityId: leadId,
      details: { to: pick.agentId, reason: "sem-responsavel" },
    });
    await enqueueAgentNotice(tx, leadId, pick.agentId, "atribuido", { toId: pick.agentId });
    // The listing's agent, who saw it while it waited, hears of it too.
    await announceLeadUpdated(tx, leadId, lead.listingAgent);
    return true;
  });
}
