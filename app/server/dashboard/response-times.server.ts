// The painel's "tempo até a primeira resposta": per agent, the median time from a lead's
// assignment (leads.assigned_at; its arrival while unassigned, or when it was reassigned after
// the answer) to the agent's first response
// (leads.first_response_at / first_response_by_id), over the leads answered in the last 30 days,
// counted in business time (the roleta's hours in Maceió, less the agency's holidays: a lead that
// arrives at night and is answered at 08:05 took 5 minutes). Calls and visits an agent recorded were answered as they
// were typed and do not count. An admin sees every agent; a corretor only their own line.
import { and, eq, gte, isNotNull, notInArray, sql } from "drizzle-orm";
import { businessMinutesBetween } from "../../lib/business-hours";
import { MANUAL_LEAD_ORIGINS } from "../../lib/vocabulary";
import type { Db } from "../db/client.server";
import { leads, users } from "../db/schema.server";
import { getDistributionRules } from "../leads/distribution.server";
import { agencyHolidays } from "../visits/schedule.server";
import type { DashboardViewer } from "./dashboard.server";

export const RESPONSE_TIME_DAYS = 30;

export interface AgentResponseTime {
  agentId: number;
  name: string;
  /** Leads they answered first in the period. */
  answered: number;
  /** Median business minutes to that first response. */
  medianMinutes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export async function responseTimes(
  db: Db,
  viewer: DashboardViewer,
  now: Date = new Date(),
): Promise<AgentResponseTime[]> {
  const [{ businessHours }, holidays] = await Promise.all([getDistributionRules(db), agencyHolidays(db)]);
  const since = new Date(now.getTime() - RESPONSE_TIME_DAYS * 86_400_000);
  const rows = await db
    .select({
      agentId: users.id,
      name: users.name,
      // A lead handed to someone else after it was answered has a later assigned_at: the wait
      // then counts from its arrival (assigned_at past the answer would read as 0 minutes).
      from: sql<Date>`coalesce(case when ${leads.assignedAt} <= ${leads.firstResponseAt} then ${leads.assignedAt} end, ${leads.createdAt})`.mapWith(
        leads.createdAt,
      ),
      answeredAt: leads.firstResponseAt,
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.firstResponseById))
    .where(
      and(
        isNotNull(leads.firstResponseAt),
        gte(leads.firstResponseAt, since),
        notInArray(leads.origin, [...MANUAL_LEAD_ORIGINS]),
        viewer.role === "admin" ? undefined : eq(leads.firstResponseById, viewer.id),
      ),
    );
  const byAgent = new Map<number, { name: string; minutes: number[] }>();
  for (const row of rows) {
    if (!row.answeredAt) continue;
    const entry = byAgent.get(row.agentId) ?? { name: row.name, minutes: [] };
    entry.minutes.push(businessMinutesBetween(row.from, row.answeredAt, businessHours, holidays));
    byAgent.set(row.agentId, entry);
  }
  return [...byAgent.entries()]
    .map(([agentId, { name, minutes }]) => ({
      agentId,
      name,
      answered: minutes.length,
      medianMinutes: median(minutes),
    }))
    .sort((a, b) => a.medianMinutes - b.medianMinutes || a.name.localeCompare(b.name, "pt-BR"));
}
