// Maceió's clock, the one the agency works by: the date and minute at an instant, where a day
// starts, and how an instant reads. Alagoas is UTC−3 all year (no daylight saving), so a fixed
// offset is exact, the same on the server and in any browser, with no time-zone data needed.
// SQL that needs the same day uses `at time zone 'America/Maceio'` (MACEIO_TIME_ZONE).

export const MACEIO_TIME_ZONE = "America/Maceio";

/** How far Maceió's clock is behind UTC. */
export const MACEIO_OFFSET_MS = 3 * 3_600_000;

/**
 * Maceió's date (YYYY-MM-DD) and minute (HH:MM) at an instant. A next action's time is a minute:
 * one due at 10:00 is due throughout 10:00 and overdue from 10:01.
 */
export interface MaceioClock {
  day: string;
  time: string;
}

export function maceioClock(now: Date): MaceioClock {
  const local = new Date(now.getTime() - MACEIO_OFFSET_MS).toISOString();
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The instant a Maceió day starts (its midnight is 03:00 UTC). */
export function maceioDayStart(day: string): Date {
  return new Date(`${day}T00:00:00-03:00`);
}

/** "28/11/2026" of a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-");
  return `${date}/${month}/${year}`;
}

/**
 * A Maceió day and time as "28/11/2026 às 14:32" (`between` " " in a spreadsheet, which takes
 * "28/11/2026 14:32" as a date), or "28/11/2026" with no time (an action due any time that day).
 */
export function formatDayTime(day: string, time: string | null, between = " às "): string {
  return time ? `${formatDay(day)}${between}${time.slice(0, 5)}` : formatDay(day);
}

/** An instant as "28/11/2026 às 14:32" on Maceió's clock. */
export function formatMaceioInstant(at: Date | string, between?: string): string {
  const clock = maceioClock(typeof at === "string" ? new Date(at) : at);
  return formatDayTime(clock.day, clock.time, between);
}
