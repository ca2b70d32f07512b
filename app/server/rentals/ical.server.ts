// iCalendar for temporada listings (decision 039), written and read with ical.js (Mozilla's
// parser and generator): the calendar a listing publishes for Airbnb, Booking.com and others
// (one all-day VEVENT per confirmed stay and per run of blocked nights, no guest's data), and the
// nights an imported calendar's events block.
import ICAL from "ical.js";
import { addDays, nightsOf } from "../../lib/rental";

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

/** An imported event: its UID and the nights it blocks (`YYYY-MM-DD`). */
export interface ImportedEvent {
  uid: string;
  nights: string[];
}

export class NotICalendarError extends Error {}

const dayOf = (time: ICAL.Time) =>
  `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;

/** At most this many occurrences of one recurring event are read (a daily rule over the window is far fewer). */
const MAX_OCCURRENCES = 1_000;

/**
 * The events of an imported calendar, with the nights each blocks: DTSTART's day up to DTEND's
 * (excluded); an event ending the day it starts blocks that night. Cancelled events block nothing;
 * an event without UID is named by its dates. A recurring event (RRULE, RDATE) blocks the nights
 * of each of its occurrences inside the window, expanded by ical.js's own iterator, its exceptions
 * (a VEVENT with the same UID and a RECURRENCE-ID: moved, or cancelled) applied; its nights keep
 * its UID. Throws NotICalendarError on anything that is not a VCALENDAR. Only nights inside
 * `window` (from included, to excluded) count; events wholly outside it are left out.
 */
export function parseImportedCalendar(text: string, window: { from: string; to: string }): ImportedEvent[] {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    const jcal = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(jcal as unknown as unknown[]);
  } catch {
    throw new NotICalendarError("not iCal");
  }
  if (root.name !== "vcalendar") throw new NotICalendarError("not a VCALENDAR");
  const vevents = root.getAllSubcomponents("vevent");
  const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue("uid") ?? "").trim();
  const recurring = new Set(
    vevents
      .filter((v) => v.hasProperty("rrule") || v.hasProperty("rdate"))
      .map(uidOf)
      .filter(Boolean),
  );
  const isException = (v: ICAL.Component) => v.hasProperty("recurrence-id") && recurring.has(uidOf(v));
  const events: ImportedEvent[] = [];
  const keep = (start: string, end: string, into: string[]) => {
    const from = start > window.from ? start : window.from;
    const to = end < window.to ? end : window.to;
    if (from < to) into.push(...nightsOf(from, to));
  };
  for (const vevent of vevents) {
    if (isException(vevent)) continue; // read with its recurring event, below
    const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
    if (status === "CANCELLED") continue;
    const dtstart = vevent.getFirstPropertyValue("dtstart");
    if (!(dtstart instanceof ICAL.Time)) continue;
    const dtend = vevent.getFirstPropertyValue("dtend");
    const start = dayOf(dtstart);
    const endDay = dtend instanceof ICAL.Time ? dayOf(dtend) : addDays(start, 1);
    const end = endDay > start ? endDay : addDays(start, 1);
    const uid = uidOf(vevent) || `sem-uid:${start}/${end}`;
    const nights: string[] = [];
    if (recurring.has(uidOf(vevent)) && (vevent.hasProperty("rrule") || vevent.hasProperty("rdate"))) {
      const event = new ICAL.Event(vevent, {
        exceptions: vevents.filter((v) => isException(v) && uidOf(v) === uid),
      });
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
        if (dayOf(next) >= window.to) break;
        const occurrence = event.getOccurrenceDetails(next);
        const cancelled =
          String(occurrence.item.component.getFirstPropertyValue("status") ?? "").toUpperCase() ===
          "CANCELLED";
        if (cancelled) continue;
        const from = dayOf(occurrence.startDate);
        const to = occurrence.endDate ? dayOf(occurrence.endDate) : from;
        keep(from, to > from ? to : addDays(from, 1), nights);
      }
    } else keep(start, end, nights);
    if (nights.length) events.push({ uid, nights: [...new Set(nights)].sort() });
  }
  return events;
}
