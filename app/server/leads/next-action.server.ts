// A lead's next action: what its agent does next and when (a Maceió day, an optional time, a short
// task). Every open lead has one — a new lead's is the first contact, due at once
// (record.server.ts); closing or losing it clears it (inbox.server.ts changeLeadStatus). The agent
// sets it on the lead's screen; the painel counts what is overdue and due today per agent, the
// inbox lists them (?acao=), and each agent gets a morning e-mail (next-action-summary.server.ts).
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { LeadListQuery } from "../../lib/lead-inbox";
import { type MaceioClock, maceioClock } from "../../lib/maceio-time";
import { isOpenLead, type NextActionErrors, nextActionSchema } from "../../lib/next-action";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { leads, properties, users } from "../db/schema.server";
import {
  type Actor,
  announceLeadUpdated,
  canSee,
  leadAgentId,
  leadFilters,
  type Viewer,
  visibleLeads,
} from "./inbox.server";
import { dueToday, overdue } from "./next-action-due.server";

export type SetNextActionResult =
  | { ok: true }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "closed" }
  | { ok: false; reason: "invalid"; fieldErrors: NextActionErrors };

/** The form's fields as posted (data, hora, tarefa); validated here. Audited, and open screens hear of it. */
export async function setNextAction(
  db: Db,
  actor: Actor,
  id: number,
  input: Record<"data" | "hora" | "tarefa", unknown>,
  now = new Date(),
): Promise<SetNextActionResult> {
  const parsed = nextActionSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: NextActionErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof NextActionErrors | undefined;
      if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { ok: false, reason: "invalid", fieldErrors };
  }
  const lead = await canSee(db, actor, id);
  if (!lead) return { ok: false, reason: "not-found" };
  if (!isOpenLead(lead.status)) return { ok: false, reason: "closed" };
  const { data: day, hora: time, tarefa: task } = parsed.data;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ day: leads.nextActionDate, time: leads.nextActionTime, task: leads.nextAction })
      .from(leads)
      .where(eq(leads.id, id))
      .for("update");
    const to = { day, time: time ? `${time}:00` : null, task };
    // Saved again as it was: nothing to record.
    if (before && before.day === to.day && before.time === to.time && before.task === to.task) return;
    await tx
      .update(leads)
      .set({ nextActionDate: day, nextActionTime: time, nextAction: task, updatedAt: now })
      .where(eq(leads.id, id));
    await audit(tx, {
      userId: actor.id,
      action: "lead-next-action",
      entity: "lead",
      entityId: id,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { from: before?.day ? before : null, to },
    });
    await announceLeadUpdated(tx, lead);
  });
  return { ok: true };
}

export interface NextActionCount {
  overdue: number;
  today: number;
}

export interface AgentNextActions extends NextActionCount {
  /** The agent (an active user, or an inactive one who still has leads). */
  id: number;
  name: string;
}

export interface NextActionCounts {
  /** An admin: every active agent, and whoever else still has overdue or today's leads; a corretor: themself. */
  agents: AgentNextActions[];
  /** The whole agency, leads without an agent included (admin only). */
  total: NextActionCount | null;
}

/** Overdue and due-today counts of the rows a query selects. */
function dueCounts(clock: MaceioClock) {
  return {
    overdue: sql<number>`count(*) filter (where ${overdue(clock)})::int`,
    today: sql<number>`count(*) filter (where ${dueToday(clock)})::int`,
  };
}

/** Only what could count: a past or today's day (leads_next_action_idx). */
const dueByToday = (clock: MaceioClock) => lte(leads.nextActionDate, clock.day);

function sum(rows: NextActionCount[]): NextActionCount {
  return rows.reduce(
    (total, row) => ({ overdue: total.overdue + row.overdue, today: total.today + row.today }),
    {
      overdue: 0,
      today: 0,
    },
  );
}

/** Overdue and due-today counts per agent (the agent: leadAgentId), for the painel. */
export async function nextActionCounts(db: Db, viewer: Viewer, now = new Date()): Promise<NextActionCounts> {
  const clock = maceioClock(now);
  const rows = await db
    .select({ agentId: leadAgentId, ...dueCounts(clock) })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(and(visibleLeads(viewer), dueByToday(clock)))
    .groupBy(leadAgentId);
  const byAgent = new Map(rows.map((row) => [row.agentId, row]));
  if (viewer.role !== "admin") {
    const [me] = await db.select({ name: users.name }).from(users).where(eq(users.id, viewer.id));
    // A corretor sees their own leads only, so every row is theirs (visibleLeads = leadAgentId).
    return { agents: [{ id: viewer.id, name: me?.name ?? "", ...sum(rows) }], total: null };
  }
  const busyIds = rows.map((row) => row.agentId).filter((id): id is number => id !== null);
  const people = await db
    .select({ id: users.id, name: users.name, active: users.active })
    .from(users)
    .where(
      busyIds.length > 0 ? sql`${users.active} or ${inArray(users.id, busyIds)}` : eq(users.active, true),
    )
    .orderBy(asc(users.name));
  const agents = people.map((person) => ({
    id: person.id,
    name: person.active ? person.name : `${person.name} (inativo)`,
    overdue: byAgent.get(person.id)?.overdue ?? 0,
    today: byAgent.get(person.id)?.today ?? 0,
  }));
  return { agents, total: sum(rows) };
}

/** The inbox's two sections' sizes under its other filters (etapa, origem, imóvel…). */
export async function nextActionTotals(
  db: Db,
  viewer: Viewer,
  query: LeadListQuery,
  now = new Date(),
): Promise<NextActionCount> {
  const clock = maceioClock(now);
  const [row] = await db
    .select(dueCounts(clock))
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(
      and(leadFilters(viewer, { ...query, acao: undefined, pagina: undefined }, now), dueByToday(clock)),
    );
  return { overdue: row?.overdue ?? 0, today: row?.today ?? 0 };
}
