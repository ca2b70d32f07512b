// iCalendar for temporada listings (decision 039), written and read with ical.js (Mozilla's
// parser and generator): the calendar a listing publishes for Airbnb, Booking.com and others
// (one all-day VEVENT per confirmed stay and per run of blocked nights, no guest's data), and the
// nights an imported calendar's events block.
import { createHash } from "node:crypto";
import ICAL from "ical.js";
import { formatInteger } from "../../lib/format";
import { maceioClock } from "../../lib/maceio-time";
import { addDays, dayNumber, isoOfDay } from "../../lib/rental";
import { cleanText } from "../http/clean-input.server";

export const ICAL_PRODID = "-//imoveis-alagoas//temporada//PT-BR";

/** One event of a listing's published calendar: `start` is the first night, `end` the day after the last. */
export interface ExportEvent {
  uid: string;
  start: string;
  end: string;
  summary: "Reservado" | "Indisponível";
}

/**
 * The published events: one per stay, and one per run of consecutive blocked nights (by hand or
 * imported), whose UID is its first night's (so an unchanged run keeps its UID).
 */
export function exportEvents(
  propertyId: number,
  stays: { id: number; checkIn: string; checkOut: string }[],
  blocked: string[],
): ExportEvent[] {
  const events: ExportEvent[] = stays.map((s) => ({
    uid: `reserva-${s.id}@imoveis-alagoas`,
    start: s.checkIn,
    end: s.checkOut,
    summary: "Reservado",
  }));
  const nights = [...blocked].sort();
  let i = 0;
  while (i < nights.length) {
    const start = nights[i] as string;
    let end = addDays(start, 1);
    i += 1;
    while (i < nights.length && nights[i] === end) {
      end = addDays(end, 1);
      i += 1;
    }
    events.push({
      uid: `bloqueio-${propertyId}-${start}@imoveis-alagoas`,
      start,
      end,
      summary: "Indisponível",
    });
  }
  return events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** The .ics text (CRLF, folded lines) for a listing's published calendar. */
export function buildListingCalendar(name: string, events: ExportEvent[], stamp: Date): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("prodid", ICAL_PRODID);
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("method", "PUBLISH");
  calendar.addPropertyWithValue("x-wr-calname", name);
  const dtstamp = ICAL.Time.fromJSDate(stamp, true);
  for (const e of events) {
    const vevent = new ICAL.Component("vevent");
    vevent.addPropertyWithValue("uid", e.uid);
    vevent.addPropertyWithValue("dtstamp", dtstamp);
    vevent.addPropertyWithValue("dtstart", ICAL.Time.fromDateString(e.start));
    vevent.addPropertyWithValue("dtend", ICAL.Time.fromDateString(e.end));
    vevent.addPropertyWithValue("summary", e.summary);
    vevent.addPropertyWithValue("transp", "OPAQUE");
    calendar.addSubcomponent(vevent);
  }
  return `${calendar.toString()}\r\n`;
}

export class NotICalendarError extends Error {}

/** A calendar past what one may cost to read (READ_LIMITS); the message is the feed's error. */
export class CalendarTooLargeError extends Error {}

/**
 * What reading one calendar may cost (decision 039): a feed is at most 2 MB, but events spanning
 * centuries or recurring since long ago made that seconds of work and hundreds of MB. Past a limit
 * the calendar is not imported (the feed fails and keeps its nights, as on a fetch error).
 */
export interface ReadLimits {
  /** VEVENTs in the file. */
  events: number;
  /** Steps of the recurrence iterators, over all recurring events, those before the window included. */
  steps: number;
}

export const READ_LIMITS: ReadLimits = { events: 10_000, steps: 50_000 };

/** Occurrences of one recurring event read inside the window (a daily rule has 730 there). */
const MAX_OCCURRENCES = 1_000;

/** An imported calendar read over the window. */
export interface ImportedCalendar {
  /**
   * Each night it blocks inside the window (at most the window's 730), with the UID that blocks
   * it: the first in order when several events take the night, so the same file labels it alike.
   */
  nights: Map<string, string>;
  /** Events that block at least one night inside the window. */
  events: number;
  /** Events left out because they could not be read (a malformed date, a rule ical.js refuses). */
  ignored: number;
}

const DAY_MS = 86_400_000;

/** Longest UID kept as is: it is stored on each night the event blocks (up to 730 rows). */
const MAX_UID_LENGTH = 200;

/**
 * A UID as stored on rental_nights.feed_uid: without NULs and other control characters
 * (PostgreSQL refuses a NUL in text, which failed the whole sweep), and a very long one cut,
 * with a digest of the whole so two long UIDs sharing a beginning stay apart.
 */
function storedUid(raw: string): string {
  const uid = cleanText(raw)
    .replace(/[\t\r\n]/g, " ")
    .trim();
  if (uid.length <= MAX_UID_LENGTH) return uid;
  return `${uid.slice(0, MAX_UID_LENGTH)}…${createHash("sha256").update(uid).digest("hex").slice(0, 16)}`;
}

/**
 * The day (days since 1970-01-01) a value falls on in Maceió. A date, or a floating date-time (no
 * zone: the property's own clock), is read as written; a date-time at an instant (UTC, or a TZID
 * whose VTIMEZONE the calendar carries) is taken to Maceió's clock first: 28/12 01:00 UTC is
 * 27/12 at 22:00 there, a night of the 27th. A TZID without its VTIMEZONE (against RFC 5545) is
 * floating to ical.js, so read as written.
 */
function dayNumberOf(time: ICAL.Time): number {
  if (time.isDate || !time.zone || time.zone === ICAL.Timezone.localTimezone)
    return Date.UTC(time.year, time.month - 1, time.day) / DAY_MS;
  return dayNumber(maceioClock(time.toJSDate()).day);
}

/**
 * An imported calendar's nights inside `window` (from included, to excluded): each event's
 * start's day up to its end's (excluded; DTEND, or DTSTART plus DURATION, as ical.js's Event
 * reads them), days on Maceió's clock (dayNumberOf); an event ending the day it starts blocks
 * that night. Cancelled events block nothing; an event without UID is named by its dates. An
 * event that cannot be read (a malformed date, a rule ical.js refuses) is left out and counted in
 * `ignored`: the rest of the calendar is still imported. A recurring event (RRULE, RDATE)
 * blocks the nights of each of its occurrences inside the window, expanded by
 * ical.js's own iterator from DTSTART (starting it at the window would move the rule's weekday
 * and its COUNT), its exceptions (a VEVENT with the same UID and a RECURRENCE-ID: moved, or
 * cancelled) applied; occurrences before the window cost steps but do not count against the
 * event's MAX_OCCURRENCES. Throws NotICalendarError on anything that is not a VCALENDAR and
 * CalendarTooLargeError past `limits`. Runs in a worker thread with a time limit
 * (ical-parse-thread.server.ts): ical.js can loop forever inside one iterator step.
 */
export function parseImportedCalendar(
  text: string,
  window: { from: string; to: string },
  limits: ReadLimits = READ_LIMITS,
): ImportedCalendar {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    const jcal = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(jcal as unknown as unknown[]);
  } catch {
    throw new NotICalendarError("not iCal");
  }
  if (root.name !== "vcalendar") throw new NotICalendarError("not a VCALENDAR");
  // Date-times with a TZID are read in the zone the calendar itself defines (a fresh worker
  // thread per calendar: no other calendar's zones are registered).
  for (const vtimezone of root.getAllSubcomponents("vtimezone")) {
    try {
      ICAL.TimezoneService.register(vtimezone);
    } catch {
      // A zone without TZID: its date-times stay floating.
    }
  }
  const vevents = root.getAllSubcomponents("vevent");
  if (vevents.length > limits.events)
    throw new CalendarTooLargeError(
      `O calendário tem mais de ${formatInteger(limits.events)} eventos e não foi importado.`,
    );
  const uidOf = (vevent: ICAL.Component) => {
    try {
      return storedUid(String(vevent.getFirstPropertyValue("uid") ?? ""));
    } catch {
      return "";
    }
  };
  const recurring = new Set(
    vevents
      .filter((v) => v.hasProperty("rrule") || v.hasProperty("rdate"))
      .map(uidOf)
      .filter(Boolean),
  );
  const isException = (v: ICAL.Component) => v.hasProperty("recurrence-id") && recurring.has(uidOf(v));
  const exceptionsOf = new Map<string, ICAL.Component[]>();
  for (const v of vevents) {
    if (!isException(v)) continue;
    const list = exceptionsOf.get(uidOf(v));
    if (list) list.push(v);
    else exceptionsOf.set(uidOf(v), [v]);
  }

  // The window's nights by day number, each with the UID that blocks it: one array, whatever
  // the number of events or of nights each spans.
  const first = dayNumber(window.from);
  const end = dayNumber(window.to);
  const owners: (string | undefined)[] = new Array(Math.max(0, end - first));
  const block = (from: number, to: number, uid: string): boolean => {
    const a = Math.max(from, first);
    const b = Math.min(to, end);
    for (let day = a; day < b; day++) {
      const owner = owners[day - first];
      if (owner === undefined || uid < owner) owners[day - first] = uid;
    }
    return a < b;
  };

  let steps = 0;
  /** The nights (day numbers, end excluded) one event takes: blocked once it is read whole. */
  const rangesOf = (vevent: ICAL.Component): [number, number][] => {
    const ranges: [number, number][] = [];
    const uid = uidOf(vevent);
    if (recurring.has(uid) && (vevent.hasProperty("rrule") || vevent.hasProperty("rdate"))) {
      const event = new ICAL.Event(vevent, { exceptions: exceptionsOf.get(uid) ?? [] });
      const iterator = event.iterator();
      let inside = 0;
      for (let next = iterator.next(); next && inside < MAX_OCCURRENCES; next = iterator.next()) {
        if (++steps > limits.steps)
          throw new CalendarTooLargeError(
            `As regras de repetição do calendário passam de ${formatInteger(limits.steps)} ocorrências; ele não foi importado.`,
          );
        if (dayNumberOf(next) >= end) break;
        const occurrence = event.getOccurrenceDetails(next);
        const cancelled =
          String(occurrence.item.component.getFirstPropertyValue("status") ?? "").toUpperCase() ===
          "CANCELLED";
        if (cancelled) continue;
        const from = dayNumberOf(occurrence.startDate);
        const to = Math.max(dayNumberOf(occurrence.endDate), from + 1);
        if (to <= first) continue; // before the window: not counted
        inside += 1;
        ranges.push([from, to]);
      }
    } else {
      const event = new ICAL.Event(vevent);
      const from = dayNumberOf(event.startDate);
      ranges.push([from, Math.max(dayNumberOf(event.endDate), from + 1)]);
    }
    if (ranges.some(([from, to]) => Number.isNaN(from) || Number.isNaN(to))) throw new Error("data inválida");
    return ranges;
  };

  let events = 0;
  let ignored = 0;
  for (const vevent of vevents) {
    if (isException(vevent)) continue; // read with its recurring event, in rangesOf
    let ranges: [number, number][];
    try {
      const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
      if (status === "CANCELLED") continue;
      if (!(vevent.getFirstPropertyValue("dtstart") instanceof ICAL.Time)) throw new Error("sem DTSTART");
      ranges = rangesOf(vevent);
    } catch (error) {
      if (error instanceof CalendarTooLargeError) throw error;
      ignored += 1;
      continue;
    }
    const [firstRange] = ranges;
    const uid =
      uidOf(vevent) || (firstRange ? `sem-uid:${isoOfDay(firstRange[0])}/${isoOfDay(firstRange[1])}` : "");
    let blocked = false;
    for (const [from, to] of ranges) if (block(from, to, uid)) blocked = true;
    if (blocked) events += 1;
  }
  const nights = new Map<string, string>();
  owners.forEach((uid, i) => {
    if (uid !== undefined) nights.set(isoOfDay(first + i), uid);
  });
  return { nights, events, ignored };
}
