// The lead distribution (the roleta): the rules an admin sets on /admin/leads/distribuicao, and who
// gets a lead. With the roleta on, a new card goes to its listing's corretor (the captador) when
// that rule is on and they take part, else round-robin among the active corretores who take part
// (and cover the listing's finalidade / city when those rules are on): whoever least recently got
// a lead. No one eligible: it stays unassigned and the admins are told. Every pick takes one
// transaction-scoped advisory lock, so two app instances never hand out the same turn.
// Record: record.server.ts (arrival); reassign.server.ts (no answer in time).
import { and, asc, eq, ne, type SQL, sql } from "drizzle-orm";
import { addBusinessMinutes, type Holidays } from "../../lib/business-hours";
import {
  DEFAULT_DISTRIBUTION_RULES,
  type DistributionMember,
  type DistributionRules,
} from "../../lib/lead-distribution";
import type { Finalidade } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leadDistribution, leadDistributionMembers, properties, users } from "../db/schema.server";
import { agencyHolidays } from "../visits/schedule.server";
import { activeAgent } from "./active-agent.server";
import type { Actor } from "./inbox.server";

export async function getDistributionRules(db: Db | Tx): Promise<DistributionRules> {
  const [row] = await db.select().from(leadDistribution).where(eq(leadDistribution.id, 1));
  if (!row) return DEFAULT_DISTRIBUTION_RULES;
  return {
    enabled: row.enabled,
    byFinalidade: row.byFinalidade,
    byCity: row.byCity,
    captadorFirst: row.captadorFirst,
    responseLimitMinutes: row.responseLimitMinutes,
    businessHours: row.businessHours,
  };
}

export interface DistributionAgent {
  id: number;
  name: string;
  member: DistributionMember;
}

/** The active corretores with their part in the roleta (no row yet: takes part, covers all). */
export async function listDistributionAgents(db: Db): Promise<DistributionAgent[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      takesPart: leadDistributionMembers.takesPart,
      finalidades: leadDistributionMembers.finalidades,
      cities: leadDistributionMembers.cities,
    })
    .from(users)
    .leftJoin(leadDistributionMembers, eq(leadDistributionMembers.userId, users.id))
    .where(and(eq(users.role, "corretor"), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    member: {
      userId: row.id,
      takesPart: row.takesPart ?? true,
      finalidades: row.finalidades ?? [],
      cities: row.cities ?? [],
    },
  }));
}

/** Saves the rules and each listed corretor's part (admin only: the route checks the role). */
export async function saveDistribution(
  db: Db,
  actor: Actor,
  rules: DistributionRules,
  members: DistributionMember[],
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(leadDistribution)
      .values({ id: 1, ...rules, updatedById: actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: leadDistribution.id,
        set: { ...rules, updatedById: actor.id, updatedAt: now },
      });
    for (const member of members) {
      const values = { takesPart: member.takesPart, finalidades: member.finalidades, cities: member.cities };
      await tx
        .insert(leadDistributionMembers)
        .values({ userId: member.userId, ...values })
        .onConflictDoUpdate({ target: leadDistributionMembers.userId, set: values });
    }
    await audit(tx, {
      userId: actor.id,
      action: "lead-distribution-updated",
      entity: "lead-distribution",
      entityId: 1,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { rules, members },
    });
  });
}

/** What the rules look at: the listing a lead is about. */
export interface LeadFacts {
  captadorId: number | null;
  finalidades: Finalidade[] | null;
  cidade: string | null;
}

export async function listingFacts(db: Db | Tx, propertyId: number | null): Promise<LeadFacts> {
  if (propertyId === null) return { captadorId: null, finalidades: null, cidade: null };
  const [row] = await db
    .select({
      captadorId: properties.corretorId,
      finalidades: properties.finalidades,
      cidade: properties.cidade,
    })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row ?? { captadorId: null, finalidades: null, cidade: null };
}

export type AutoReason = "captador" | "roleta";
export interface Pick {
  agentId: number;
  reason: AutoReason;
}

/** Serialises every pick across app instances until the caller's transaction ends. */
export async function lockRoleta(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('lead-roleta'))`);
}

const takesPart = sql`coalesce(${leadDistributionMembers.takesPart}, true)`;

/**
 * The agent the rules give a lead to, never `exclude` (the one it is leaving); null when nobody is
 * eligible. Counts the turn (last_assigned_at) of whoever it picks. Call inside the transaction
 * that assigns, after lockRoleta.
 */
export async function pickAgent(
  tx: Tx,
  rules: DistributionRules,
  facts: LeadFacts,
  exclude: number | null,
  now: Date,
): Promise<Pick | null> {
  let pick: Pick | null = null;
  if (rules.captadorFirst && facts.captadorId !== null && facts.captadorId !== exclude) {
    const [captador] = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(leadDistributionMembers, eq(leadDistributionMembers.userId, users.id))
      .where(and(eq(users.id, facts.captadorId), eq(users.active, true), takesPart));
    if (captador) pick = { agentId: captador.id, reason: "captador" };
  }
  if (!pick) {
    const conditions: (SQL | undefined)[] = [
      eq(users.role, "corretor"),
      eq(users.active, true),
      takesPart,
      exclude !== null ? ne(users.id, exclude) : undefined,
    ];
    if (rules.byFinalidade && facts.finalidades && facts.finalidades.length > 0)
      conditions.push(
        sql`(coalesce(cardinality(${leadDistributionMembers.finalidades}), 0) = 0 or ${leadDistributionMembers.finalidades} && array[${sql.join(
          facts.finalidades.map((f) => sql`${f}`),
          sql`, `,
        )}]::text[])`,
      );
    if (rules.byCity && facts.cidade)
      conditions.push(
        sql`(coalesce(cardinality(${leadDistributionMembers.cities}), 0) = 0 or exists (select 1 from unnest(${leadDistributionMembers.cities}) c where lower(f_unaccent(c)) = lower(f_unaccent(${facts.cidade}))))`,
      );
    const [next] = await tx
      .select({ id: users.id })
      .from(users)
      .leftJoin(leadDistributionMembers, eq(leadDistributionMembers.userId, users.id))
      .where(and(...conditions))
      .orderBy(sql`${leadDistributionMembers.lastAssignedAt} asc nulls first`, asc(users.id))
      .limit(1);
    if (next) pick = { agentId: next.id, reason: "roleta" };
  }
  if (pick)
    await tx
      .insert(leadDistributionMembers)
      .values({ userId: pick.agentId, lastAssignedAt: now })
      .onConflictDoUpdate({ target: leadDistributionMembers.userId, set: { lastAssignedAt: now } });
  return pick;
}

/** What recordLead does with a new card: who gets it, and whether the roleta decided it. */
export type ArrivalAssignment =
  | { assigneeId: number | null; auto: null }
  | { assigneeId: number; auto: AutoReason }
  | { assigneeId: null; auto: "none" };

/**
 * A new card's assignee (record.server.ts, inside its transaction). Roleta off: `fallback`, the
 * listing's corretor, as always, while active; deactivated, nobody (the admins see it:
 * active-agent.server.ts).
 */
export async function assignOnArrival(
  tx: Tx,
  propertyId: number | null,
  fallback: number | null,
  now: Date,
): Promise<ArrivalAssignment> {
  const rules = await getDistributionRules(tx);
  if (!rules.enabled) return { assigneeId: await activeAgent(tx, fallback), auto: null };
  await lockRoleta(tx);
  const pick = await pickAgent(tx, rules, await listingFacts(tx, propertyId), null, now);
  return pick ? { assigneeId: pick.agentId, auto: pick.reason } : { assigneeId: null, auto: "none" };
}

/**
 * When the roleta moves an unanswered lead on (reassign.server.ts): its assignment plus the limit
 * in business time, the agency's holidays left out. Null when it will not: roleta off, unassigned,
 * answered, or closed.
 */
export function responseDue(
  rules: DistributionRules,
  holidays: Holidays,
  lead: { assignedAt: Date | null; firstResponseAt: Date | null; status: string },
): Date | null {
  if (!rules.enabled || !lead.assignedAt || lead.firstResponseAt) return null;
  if (lead.status === "fechado" || lead.status === "perdido") return null;
  return addBusinessMinutes(lead.assignedAt, rules.responseLimitMinutes, rules.businessHours, holidays);
}

/** `responseDue` with the roleta's rules and the agency's holidays as they are now (screens). */
export async function readResponseDue(
  db: Db,
): Promise<(lead: Parameters<typeof responseDue>[2]) => Date | null> {
  const [rules, holidays] = await Promise.all([getDistributionRules(db), agencyHolidays(db)]);
  return (lead) => responseDue(rules, holidays, lead);
}
