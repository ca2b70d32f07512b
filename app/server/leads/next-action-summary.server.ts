// The daily summary of next actions: once a Maceió day, from a configured hour (LEAD_SUMMARY_HOUR,
// 07:00 by default), each active agent gets one e-mail listing their overdue and today's next
// actions with links; an agent with nothing due gets none. An administrator's also lists what is
// due on leads nobody has (no assignee, no active listing agent: the /sobre-nos form's, or one on
// a deactivated corretor's listing), which would otherwise reach no one.
//
// Once a day, even with several app instances: the outbox worker's poll calls
// enqueueNextActionSummaries (app/server/outbox/worker.server.ts); it writes the agent's
// next_action_summaries row (key: agent and day) in the same transaction as the outbox message, so
// a second instance finds the row taken and writes nothing. The message is built when sent, from
// the leads as they are then (as lead e-mails are); one still unsent when its day is over is dropped,
// the next day's takes over.
import { and, asc, eq, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import { formatCount } from "../../lib/format";
import { formatDay, formatDayTime, type MaceioClock, maceioClock } from "../../lib/maceio-time";
import { nextActionState } from "../../lib/next-action";
import type { Db, Tx } from "../db/client.server";
import { leads, nextActionSummaries, properties, users } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";
import { leadAgentId } from "./inbox.server";
import { byDue, dueToday, overdue } from "./next-action-due.server";

export const NEXT_ACTION_SUMMARY_KIND = "next-action-summary";
/** Leads listed per section; the rest are counted, with the link to the inbox. */
const LIST_LIMIT = 30;

export interface NextActionSummaryPayload {
  userId: number;
  /** The Maceió day (YYYY-MM-DD) it summarises. */
  day: string;
}

interface Agent {
  id: number;
  name: string;
  email: string;
  role: "admin" | "corretor";
}

/** The leads whose next actions an agent's summary lists: theirs, and for an admin also nobody's. */
function summarised(agent: Pick<Agent, "id" | "role">): SQL {
  const theirs = eq(leadAgentId, agent.id);
  return (agent.role === "admin" ? or(theirs, isNull(leadAgentId)) : theirs) as SQL;
}

const due = (clock: MaceioClock) => or(overdue(clock), dueToday(clock)) as SQL;

async function hasSomethingDue(tx: Db | Tx, agent: Agent, clock: MaceioClock): Promise<boolean> {
  const [row] = await tx
    .select({ id: leads.id })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(and(summarised(agent), due(clock)))
    .limit(1);
  return row !== undefined;
}

/**
 * Writes today's summary of every active agent who has none yet, when `now` is at or past `hour`
 * in Maceió (null: never); returns how many messages it queued. Safe to call often and from every
 * instance: after the first call of the day it is one query that finds nobody left.
 */
export async function enqueueNextActionSummaries(db: Db, now: Date, hour: number | null): Promise<number> {
  if (hour === null) return 0;
  const clock = maceioClock(now);
  if (Number(clock.time.slice(0, 2)) < hour) return 0;
  const pending = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(nextActionSummaries)
            .where(and(eq(nextActionSummaries.userId, users.id), eq(nextActionSummaries.day, clock.day))),
        ),
      ),
    )
    .orderBy(asc(users.id));
  let queued = 0;
  for (const agent of pending) {
    await db.transaction(async (tx) => {
      // Taken by another instance first: it waited on the key, and finds it now.
      const [claimed] = await tx
        .insert(nextActionSummaries)
        .values({ userId: agent.id, day: clock.day })
        .onConflictDoNothing()
        .returning({ userId: nextActionSummaries.userId });
      if (!claimed) return;
      // The row stays either way: nothing due this morning means no summary today.
      if (!safeAddress(agent.email) || !(await hasSomethingDue(tx, agent, clock))) return;
      const outboxId = await enqueue(tx, NEXT_ACTION_SUMMARY_KIND, {
        userId: agent.id,
        day: clock.day,
      } satisfies NextActionSummaryPayload);
      await tx
        .update(nextActionSummaries)
        .set({ outboxId })
        .where(and(eq(nextActionSummaries.userId, agent.id), eq(nextActionSummaries.day, clock.day)));
      queued += 1;
    });
  }
  return queued;
}

export interface SummaryItem {
  leadId: number;
  name: string;
  task: string;
  day: string;
  time: string | null;
  referencia: string | null;
}

export interface SummarySection {
  overdue: SummaryItem[];
  today: SummaryItem[];
  overdueCount: number;
  todayCount: number;
}

async function section(db: Db, who: SQL, clock: MaceioClock): Promise<SummarySection> {
  const rows = await db
    .select({
      leadId: leads.id,
      name: leads.name,
      task: leads.nextAction,
      day: leads.nextActionDate,
      time: leads.nextActionTime,
      referencia: properties.referencia,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(and(who, due(clock)))
    .orderBy(...byDue)
    // Due means it has one (due(clock) compares its date): the columns are set together.
    .then((found) => found.map((row) => ({ ...row, task: row.task ?? "", day: row.day ?? "" })));
  const overdueRows = rows.filter((row) => nextActionState(row.day, row.time, clock) === "atrasada");
  const todayRows = rows.filter((row) => nextActionState(row.day, row.time, clock) === "hoje");
  return {
    overdue: overdueRows.slice(0, LIST_LIMIT),
    today: todayRows.slice(0, LIST_LIMIT),
    overdueCount: overdueRows.length,
    todayCount: todayRows.length,
  };
}

export interface SummaryData {
  agentName: string;
  /** The agent's own leads; for an admin, also `unassigned`. */
  own: SummarySection;
  unassigned: SummarySection | null;
  day: string;
  /** The inbox filtered to the agent's own leads ("corretor=<id>" for an admin, who sees all). */
  inboxQuery: string;
}

function lines(items: SummaryItem[], base: string, overdueItems: boolean): string[] {
  return items.flatMap((item) => {
    const when = overdueItems
      ? `era para ${formatDayTime(item.day, item.time)}`
      : item.time
        ? `hoje às ${item.time.slice(0, 5)}`
        : "hoje";
    return [
      `- ${item.name}${item.referencia ? ` (${item.referencia})` : ""} — ${item.task} (${when})`,
      `  ${base}/admin/leads/${item.leadId}`,
    ];
  });
}

function sectionLines(title: string, summary: SummarySection, base: string, inboxQuery: string): string[] {
  const out: string[] = [];
  const more = (shown: number, total: number) =>
    total > shown ? [`  … e mais ${formatCount(total - shown, "lead", "leads")}.`] : [];
  if (summary.overdueCount > 0)
    out.push(
      "",
      `${title}Atrasadas (${summary.overdueCount}):`,
      ...lines(summary.overdue, base, true),
      ...more(summary.overdue.length, summary.overdueCount),
      `  Todas: ${base}/admin/leads?acao=atrasadas${inboxQuery}`,
    );
  if (summary.todayCount > 0)
    out.push(
      "",
      `${title}Para hoje (${summary.todayCount}):`,
      ...lines(summary.today, base, false),
      ...more(summary.today.length, summary.todayCount),
      `  Todas: ${base}/admin/leads?acao=hoje${inboxQuery}`,
    );
  return out;
}

/** Subject and body in Portuguese. */
export function buildNextActionSummary(data: SummaryData, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, "");
  const overdueTotal = data.own.overdueCount + (data.unassigned?.overdueCount ?? 0);
  const todayTotal = data.own.todayCount + (data.unassigned?.todayCount ?? 0);
  const subject = headerSafe(
    `Próximas ações: ${formatCount(overdueTotal, "atrasada", "atrasadas", "nenhuma atrasada")}, ${formatCount(
      todayTotal,
      "para hoje",
      "para hoje",
      "nenhuma para hoje",
    )}`,
    150,
  );
  const text = [
    `Olá, ${data.agentName.split(" ")[0]}.`,
    "",
    `Estas são as suas próximas ações em ${formatDay(data.day)}.`,
    ...sectionLines("", data.own, base, data.inboxQuery),
    ...(data.unassigned ? sectionLines("Sem responsável — ", data.unassigned, base, "") : []),
    "",
    `Para mudar uma próxima ação, abra o lead e use “Próxima ação”. Painel: ${base}/admin/painel`,
  ].join("\n");
  return { subject, text };
}

/** The outbox handler: the summary as the leads are when it is sent (`now`: the tests' clock). */
export function nextActionSummaryHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { storage?: Pick<Storage, "url">; now?: () => Date } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as NextActionSummaryPayload;
    const clock = maceioClock(options.now?.() ?? new Date());
    // Its day is over: tomorrow's summary says what is due now.
    if (payload.day !== clock.day) return "skip";
    const [agent] = await db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.id, Number(payload.userId)), eq(users.active, true)));
    const to = safeAddress(agent?.email);
    if (!agent || !to) return "skip";
    const own = await section(db, eq(leadAgentId, agent.id), clock);
    const unassigned = agent.role === "admin" ? await section(db, isNull(leadAgentId), clock) : null;
    const empty = (s: SummarySection | null) => !s || s.overdueCount + s.todayCount === 0;
    // Everything was done (or moved) since it was queued.
    if (empty(own) && empty(unassigned)) return "skip";
    const data: SummaryData = {
      agentName: agent.name,
      own,
      unassigned: empty(unassigned) ? null : unassigned,
      day: clock.day,
      inboxQuery: agent.role === "admin" ? `&corretor=${agent.id}` : "",
    };
    const { subject, text } = buildNextActionSummary(data, publicUrl);
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to,
      subject,
      text,
    });
    return undefined;
  };
}
