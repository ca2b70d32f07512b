// A visit as an iCalendar invitation (RFC 5545): one VEVENT in a VCALENDAR, times in UTC ("Z", so
// no VTIMEZONE is needed), lines ended by CRLF and folded at 75 octets of UTF-8 without splitting a
// character, text escaped. Small enough to own: ical.js (which writes the temporada calendars,
// app/server/rentals/ical.server.ts) folds at 75 characters, not octets, so a line with accents
// passes the 75 octets RFC 5545 3.1 asks for (checked in visits.server.test.ts).

export interface CalendarEvent {
  /**
   * Globally unique and stable for the event, so a calendar updates rather than duplicates it: a
   * rescheduled visit keeps its first visit's (visitEvent in visit-emails.server.ts).
   */
  uid: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  /** A cancelled visit's file tells calendars to remove it (METHOD:CANCEL, STATUS:CANCELLED). */
  cancelled?: boolean;
  /**
   * How many times the event has changed (RFC 5545 3.8.7.4): a calendar takes a file with a higher
   * one as the event's new state, and ignores one with a lower.
   */
  sequence: number;
}

/** 20261204T130000Z */
export function icsDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds one content line at 75 octets (RFC 5545 3.1): continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; each continuation 74 after its leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export function buildIcs(event: CalendarEvent, productId = "-//imoveis-alagoas//visitas//PT-BR"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${event.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsDate(event.stamp)}`,
    `DTSTART:${icsDate(event.start)}`,
    `DTEND:${icsDate(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
