// Business time in Maceió (its clock: maceio-time.ts): how many
// minutes of opening hours lie between two instants, and when a number of them will have passed.
// The first-response limit of a lead counts only these minutes (app/server/leads/reassign.server.ts):
// a lead that arrives on Saturday night waits for Monday morning. The agency's holidays (the dates
// it blocks for visits, app/server/visits/schedule.server.ts) are closed whatever their weekday.
import { MACEIO_OFFSET_MS } from "./maceio-time";

/** Opening hours per weekday (index 0 = domingo … 6 = sábado), minutes from local midnight; null = closed. */
export type BusinessHours = ([number, number] | null)[];

/** Mon–Fri 08:00–18:00, Sat 08:00–12:00, closed on Sunday. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = [
  null,
  [480, 1080],
  [480, 1080],
  [480, 1080],
  [480, 1080],
  [480, 1080],
  [480, 720],
];

export const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;

/** Days closed whatever their weekday: Maceió dates, "YYYY-MM-DD". */
export type Holidays = ReadonlySet<string>;
const NO_HOLIDAYS: Holidays = new Set();

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The UTC instant of local midnight (Maceió) of the day `instant` falls in. */
function localMidnight(instant: number): number {
  const local = instant - MACEIO_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) + MACEIO_OFFSET_MS;
}

function weekdayOf(midnight: number): number {
  return new Date(midnight - MACEIO_OFFSET_MS).getUTCDay();
}

/** "2026-03-02" for the day starting at `midnight`. */
function dateOf(midnight: number): string {
  return new Date(midnight - MACEIO_OFFSET_MS).toISOString().slice(0, 10);
}

/** The open window of the day starting at `midnight`, as UTC instants; null when closed. */
function windowOf(hours: BusinessHours, holidays: Holidays, midnight: number): [number, number] | null {
  const day = hours[weekdayOf(midnight)];
  if (!day || day[1] <= day[0]) return null;
  if (holidays.size > 0 && holidays.has(dateOf(midnight))) return null;
  return [midnight + day[0] * MINUTE_MS, midnight + day[1] * MINUTE_MS];
}

/** Minutes of opening hours in a week: 0 means business time never passes. */
export function weeklyBusinessMinutes(hours: BusinessHours): number {
  return hours.reduce((sum, day) => sum + (day && day[1] > day[0] ? day[1] - day[0] : 0), 0);
}

/** Business minutes (fractional) from `from` to `to`; 0 when `to` is not after `from`. */
export function businessMinutesBetween(
  from: Date,
  to: Date,
  hours: BusinessHours,
  holidays: Holidays = NO_HOLIDAYS,
): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  let total = 0;
  for (let midnight = localMidnight(start); midnight < end; midnight += DAY_MS) {
    const open = windowOf(hours, holidays, midnight);
    if (!open) continue;
    const a = Math.max(open[0], start);
    const b = Math.min(open[1], end);
    if (b > a) total += b - a;
  }
  return total / MINUTE_MS;
}

/**
 * The instant at which `minutes` business minutes will have passed since `from`; null when never.
 * Holidays are a finite list, so an open weekday always comes.
 */
export function addBusinessMinutes(
  from: Date,
  minutes: number,
  hours: BusinessHours,
  holidays: Holidays = NO_HOLIDAYS,
): Date | null {
  if (weeklyBusinessMinutes(hours) === 0) return null;
  let left = minutes * MINUTE_MS;
  const start = from.getTime();
  for (let midnight = localMidnight(start); ; midnight += DAY_MS) {
    const open = windowOf(hours, holidays, midnight);
    if (!open) continue;
    const a = Math.max(open[0], start);
    if (open[1] <= a) continue;
    if (a + left <= open[1]) return new Date(a + left);
    left -= open[1] - a;
  }
}

/** "08:00" for 480. */
export function minutesToClock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** 480 for "08:00", 1440 for "24:00"; null when it is not a time of day. */
export function clockToMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}
