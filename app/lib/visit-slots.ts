// The slots a visitor may book with an agent: their weekly windows in Maceió's time
// (maceio-time.ts), cut into 30- or 60-minute slots, less blocked days, booked
// visits and what is already past (or too soon to prepare). Shared by the server, which decides,
// and the availability editor's schema.
import { z } from "zod";
import { WEEKDAYS } from "./business-hours";
import { MACEIO_OFFSET_MS, maceioClock, maceioDayStart } from "./maceio-time";

/** Blocked dates one calendar keeps (a year's worth, every day). */
export const MAX_BLOCKED_DATES = 366;

/** Per weekday (index 0 = domingo … 6 = sábado), windows as [start, end) minutes from local midnight. */
export type VisitWeek = [number, number][][];

export const SLOT_LENGTHS = [30, 60] as const;
export type SlotMinutes = (typeof SLOT_LENGTHS)[number];

export interface VisitSchedule {
  slotMinutes: SlotMinutes;
  weekly: VisitWeek;
  blockedDates: string[];
}

/** Until an agency sets its own: Mon–Fri 09:00–12:00 and 14:00–18:00, Sat 09:00–12:00, 60 min. */
export const DEFAULT_VISIT_SCHEDULE: VisitSchedule = {
  slotMinutes: 60,
  weekly: [
    [],
    [
      [540, 720],
      [840, 1080],
    ],
    [
      [540, 720],
      [840, 1080],
    ],
    [
      [540, 720],
      [840, 1080],
    ],
    [
      [540, 720],
      [840, 1080],
    ],
    [
      [540, 720],
      [840, 1080],
    ],
    [[540, 720]],
  ],
  blockedDates: [],
};

/** How far ahead slots are offered, and how soon the earliest may start (time to get there). */
export const BOOKING_DAYS = 14;
export const BOOKING_NOTICE_MINUTES = 120;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** "sexta-feira, 4 de dezembro" style label of a Maceió day: "Sexta, 04/12". */
export function dayLabel(day: string): string {
  const weekday = WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()];
  return `${weekday}, ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** "Sexta, 04/12/2026 às 10:00" — how a visit's moment reads in e-mails and pages. */
export function visitMoment(startsAt: Date): string {
  const day = maceioClock(startsAt).day;
  return `${dayLabel(day)}/${day.slice(0, 4)} às ${maceioClock(startsAt).time}`;
}

export interface Busy {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Free slot starts from `now` over `days` Maceió days: in a window, not on a blocked day, not
 * overlapping a busy interval, and at least `noticeMinutes` after `now`.
 */
export function freeSlots(
  schedule: VisitSchedule,
  busy: readonly Busy[],
  now: Date,
  options: { days?: number; noticeMinutes?: number } = {},
): Date[] {
  const days = options.days ?? BOOKING_DAYS;
  const earliest = now.getTime() + (options.noticeMinutes ?? BOOKING_NOTICE_MINUTES) * MINUTE_MS;
  const blocked = new Set(schedule.blockedDates);
  const length = schedule.slotMinutes * MINUTE_MS;
  const firstMidnight = maceioDayStart(maceioClock(now).day).getTime();
  const slots: Date[] = [];
  for (let d = 0; d < days; d++) {
    const midnight = firstMidnight + d * DAY_MS;
    const day = maceioClock(new Date(midnight)).day;
    if (blocked.has(day)) continue;
    const windows = schedule.weekly[new Date(midnight - MACEIO_OFFSET_MS).getUTCDay()] ?? [];
    for (const [from, to] of [...windows].sort((a, b) => a[0] - b[0])) {
      for (
        let start = midnight + from * MINUTE_MS;
        start + length <= midnight + to * MINUTE_MS;
        start += length
      ) {
        if (start < earliest) continue;
        const end = start + length;
        if (busy.some((b) => b.startsAt.getTime() < end && b.endsAt.getTime() > start)) continue;
        slots.push(new Date(start));
      }
    }
  }
  return slots;
}

export interface SlotDay {
  day: string;
  label: string;
  slots: { value: string; time: string }[];
}

/** Slots grouped by Maceió day, as the booking page lists them; `value` is the ISO instant. */
export function slotsByDay(slots: readonly Date[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = maceioClock(slot).day;
    let group = days[days.length - 1];
    if (group?.day !== day) {
      group = { day, label: dayLabel(day), slots: [] };
      days.push(group);
    }
    group.slots.push({ value: slot.toISOString(), time: maceioClock(slot).time });
  }
  return days;
}

// ------------------------------------------------------------------------------------------------
// The availability editor's form: per weekday a morning and an afternoon window ("09:00"–"12:00",
// both empty = none), the slot length, and blocked dates one per line (DD/MM/AAAA or AAAA-MM-DD).

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const clockMinutes = (value: string) => Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));

export function minutesClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export type ScheduleFieldErrors = Record<string, string>;

export type ScheduleFormResult =
  | { ok: true; schedule: VisitSchedule }
  | { ok: false; fieldErrors: ScheduleFieldErrors };

const slotSchema = z.enum(["30", "60"], { error: "Escolha 30 ou 60 minutos." });

function readDate(raw: string): string | null {
  const text = raw.trim();
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = br ? `${br[3]}-${br[2]}-${br[1]}` : text;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** The field names of one window: `d1-w0-inicio`, `d1-w0-fim` (segunda, manhã). */
export const windowField = (day: number, window: number, end: "inicio" | "fim") =>
  `d${day}-w${window}-${end}`;
export const WINDOWS_PER_DAY = 2;

export function parseScheduleForm(form: FormData): ScheduleFormResult {
  const fieldErrors: ScheduleFieldErrors = {};
  const slot = slotSchema.safeParse(form.get("slotMinutes"));
  if (!slot.success) fieldErrors.slotMinutes = "Escolha 30 ou 60 minutos.";
  const weekly: VisitWeek = [];
  for (let day = 0; day < 7; day++) {
    const windows: [number, number][] = [];
    for (let w = 0; w < WINDOWS_PER_DAY; w++) {
      const start = String(form.get(windowField(day, w, "inicio")) ?? "").trim();
      const end = String(form.get(windowField(day, w, "fim")) ?? "").trim();
      if (!start && !end) continue;
      const key = windowField(day, w, "inicio");
      if (!CLOCK.test(start) || !CLOCK.test(end)) {
        fieldErrors[key] = `${WEEKDAYS[day]}: informe início e fim no formato 09:00.`;
        continue;
      }
      const [a, b] = [clockMinutes(start), clockMinutes(end)];
      if (b <= a) {
        fieldErrors[key] = `${WEEKDAYS[day]}: o fim deve ser depois do início.`;
        continue;
      }
      if (windows.some(([x, y]) => a < y && b > x)) {
        fieldErrors[key] = `${WEEKDAYS[day]}: os dois horários se sobrepõem.`;
        continue;
      }
      windows.push([a, b]);
    }
    weekly.push(windows.sort((x, y) => x[0] - y[0]));
  }
  const blockedDates: string[] = [];
  const lines = String(form.get("blockedDates") ?? "")
    .split(/[\n,;]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length > MAX_BLOCKED_DATES)
    fieldErrors.blockedDates = `Informe no máximo ${MAX_BLOCKED_DATES} datas.`;
  for (const line of lines.slice(0, MAX_BLOCKED_DATES)) {
    const date = readDate(line);
    if (!date) {
      fieldErrors.blockedDates = `Data inválida: "${line.slice(0, 20)}". Use DD/MM/AAAA, uma por linha.`;
      break;
    }
    if (!blockedDates.includes(date)) blockedDates.push(date);
  }
  if (Object.keys(fieldErrors).length > 0 || !slot.success) return { ok: false, fieldErrors };
  return {
    ok: true,
    schedule: { slotMinutes: Number(slot.data) as SlotMinutes, weekly, blockedDates: blockedDates.sort() },
  };
}
