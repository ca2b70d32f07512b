// When a lead's next action is due, in SQL: overdue, due today, and the values a lead's next action
// takes when it is made, reopened or closed. The same rule as nextActionState (app/lib/next-action.ts),
// which the screens use on the rows these queries return: both compare the stored Maceió date and
// time with maceioClock(now).
import { and, asc, eq, gte, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type MaceioClock, maceioClock } from "../../lib/maceio-time";
import {
  CHOOSE_NEXT_TASK,
  CLOSED_LEAD_STATUSES,
  FIRST_CONTACT_TASK,
  isOpenLead,
  type NextActionView,
  REOPENED_TASK,
} from "../../lib/next-action";
import type { LeadStatus } from "../../lib/vocabulary";
import { leads } from "../db/schema.server";

/** Not fechado nor perdido. */
export const openLead: SQL = notInArray(leads.status, [...CLOSED_LEAD_STATUSES]);

/** Open, and its day is past, or it is today and its minute has passed (clock.time is HH:MM). */
export function overdue(clock: MaceioClock): SQL {
  return and(
    openLead,
    or(
      lt(leads.nextActionDate, clock.day),
      and(eq(leads.nextActionDate, clock.day), lt(leads.nextActionTime, clock.time)),
    ),
  ) as SQL;
}

/** Open, due today and not overdue yet (any time today, or a time still to come). */
export function dueToday(clock: MaceioClock): SQL {
  return and(
    openLead,
    eq(leads.nextActionDate, clock.day),
    or(isNull(leads.nextActionTime), gte(leads.nextActionTime, clock.time)),
  ) as SQL;
}

/** Soonest due first: an action for any time of a day comes before that day's timed ones. */
export const byDue: SQL[] = [
  asc(leads.nextActionDate),
  sql`${leads.nextActionTime} asc nulls first`,
  asc(leads.id),
];

export function nextActionView(view: NextActionView, clock: MaceioClock): SQL {
  return view === "atrasadas" ? overdue(clock) : dueToday(clock);
}

export interface NextActionValues {
  nextActionDate: string | null;
  nextActionTime: string | null;
  nextAction: string | null;
}

/** A next action due at `now` (to the minute). */
export function dueNow(task: string, now: Date): NextActionValues {
  const clock = maceioClock(now);
  return { nextActionDate: clock.day, nextActionTime: clock.time, nextAction: task };
}

/** A new lead's, due at once: the first contact, or the step after it when an agent recorded the call or visit. */
export function firstNextAction(now: Date, recordedByAgent: boolean): NextActionValues {
  return dueNow(recordedByAgent ? CHOOSE_NEXT_TASK : FIRST_CONTACT_TASK, now);
}

/**
 * A closed card a new contact of the person reopens (record.server.ts): taking the contact up again,
 * due at once, or the step after it when an agent recorded the call or visit.
 */
export function reopenedNextAction(now: Date, recordedByAgent: boolean): NextActionValues {
  return dueNow(recordedByAgent ? CHOOSE_NEXT_TASK : REOPENED_TASK, now);
}

/**
 * What a status change does to the next action: closing or losing a lead clears it, bringing one
 * back gives it one due at once; between open steps it stays as the agent set it (undefined).
 */
export function nextActionOnStatusChange(
  from: LeadStatus,
  to: LeadStatus,
  now: Date,
): NextActionValues | undefined {
  if (!isOpenLead(to)) return { nextActionDate: null, nextActionTime: null, nextAction: null };
  if (!isOpenLead(from)) return dueNow(REOPENED_TASK, now);
  return undefined;
}
