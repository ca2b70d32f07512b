// iCal exchange for temporada listings on both engines (TEST_ENGINE=postgres runs it on PostgreSQL),
// decision 039: the published .ics read back by ical.js and by node-ical; imported calendars served
// by a local HTTP server, added, moved and removed by UID, idempotent, a confirmed stay never
// overwritten (a conflict shown instead), a broken calendar changing nothing but its status, with
// backoff on the controllable clock, one that ical.js never finishes reading stopped in its thread
// while the process goes on; one sweep per feed across two instances; cancelling a
// confirmed stay; a corretor kept out of another's listing.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import nodeIcal from "node-ical";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertProperty } from "../../../tests/support/factories";
import { startTestMail } from "../../../tests/support/mail";
import { addDays } from "../../lib/rental";
import { getDataVersion } from "../cache/data-version.server";
import { auditLog, outbox, rentalBookings, rentalIcalFeeds, rentalNights } from "../db/schema.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import type { Actor } from "../properties/access.server";
import { PropertyAccessError } from "../properties/errors.server";
import { CANCELLATION_EMAIL_KIND, cancellationEmailHandler } from "./booking-email.server";
import {
  APPLY_ERROR,
  addFeed,
  BACKOFF_BASE_MS,
  BACKOFF_CAP_MS,
  backoffMs,
  exportCalendar,
  exportTokenOf,
  feedsOf,
  IMPORT_HORIZON_DAYS,
  regenerateExportToken,
  removeFeed,
  runIcalSweep,
  syncFeedNow,
} from "./ical-sync.server";
import { cancelBooking, quoteForListing, recordBooking, rentalOf, takenNights } from "./rentals.server";

let admin: Actor;
let owner: Actor;
let stranger: Actor;
let propertyId: number;
let server: Server;
let base: string;
/** What the local server answers per path: a calendar, a status, or silence (a timeout). */
const served = new Map<string, { status?: number; body?: string; hang?: boolean }>();
const hits = new Map<string, number>();
const NOW = new Date("2026-11-27T15:00:00Z");
const OPTIONS = { allowPrivate: true, timeoutMs: 2000, intervalSeconds: 1800 };
const {
  first: a,
  second: b,
  smtp,
  transport,
  close,
} = await startTestMail({ email: "contato@agencia-teste.com.br" });

function ics(events: { uid: string; start: string; end: string; status?: string }[]): string {
  const d = (iso: string) => iso.replace(/-/g, "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN",
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `DTSTAMP:20261127T120000Z`,
      `DTSTART;VALUE=DATE:${d(e.start)}`,
      `DTEND;VALUE=DATE:${d(e.end)}`,
      `UID:${e.uid}`,
      "SUMMARY:Reserved",
      ...(e.status ? [`STATUS:${e.status}`] : []),
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

/** A calendar of raw VEVENTs, each given by its lines (DTSTAMP added). */
function calendar(...events: string[][]): string {
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Agência//Bloqueios//PT",
    ...events.flatMap((lines) => ["BEGIN:VEVENT", "DTSTAMP:20261127T120000Z", ...lines, "END:VEVENT"]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

beforeAll(async () => {
  admin = await createActor(a.db, "admin");
  owner = await createActor(a.db, "corretor");
  stranger = await createActor(a.db, "corretor");
  propertyId = (
    await insertProperty(a.db, {
      referencia: "CA0950",
      titulo: "Casa na praia de Japaratinga",
      tipo: "casa",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 800,
      periodoAluguel: "diaria",
      cidade: "Japaratinga",
      quartos: 3,
      corretorId: owner.id,
    })
  ).id;
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = served.get(path);
    if (answer?.hang) return; // never answers: the fetch's timeout ends it
    res.writeHead(answer?.status ?? (answer ? 200 : 404), { "content-type": "text/calendar" });
    res.end(answer?.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await close();
});

beforeEach(async () => {
  await a.db.delete(rentalNights);
  await a.db.delete(rentalBookings);
  await a.db.delete(rentalIcalFeeds);
  await a.db.delete(outbox);
  served.clear();
  hits.clear();
});

const nightsHeld = async () =>
  Object.fromEntries(await takenNights(a.db, propertyId, "2026-01-01", "2030-01-01"));

async function feedAt(path: string, label = "Airbnb") {
  const added = await addFeed(a.db, admin, propertyId, { label, url: `${base}${path}` }, NOW);
  if (!added.ok) throw new Error(JSON.stringify(added.errors));
  return added.feedId;
}

async function feedRow(id: number) {
  const [row] = await a.db.select().from(rentalIcalFeeds).where(eq(rentalIcalFeeds.id, id));
  if (!row) throw new Error("feed sumiu");
  return row;
}

describe("the published calendar", () => {
  it("has one all-day event per stay and per run of blocked nights, read back by ical.js and node-ical", async () => {
    await recordBooking(a.db, admin, propertyId, {
      checkIn: "2026-12-27",
      checkOut: "2027-01-03",
      guests: 6,
      guestName: "Maria Hóspede",
      guestEmail: "maria@exemplo.com.br",
      total: 9000,
    });
    await a.db
      .insert(rentalNights)
      .values(
        ["2027-01-10", "2027-01-11", "2027-01-12", "2027-02-01"].map((night) => ({ propertyId, night })),
      );
    const token = await exportTokenOf(a.db, propertyId);
    expect(await exportTokenOf(a.db, propertyId)).toBe(token);
    const text = await exportCalendar(a.db, token, NOW);
    if (!text) throw new Error("sem calendário");
    expect(text).not.toContain("Maria");
    expect(text).not.toContain("maria@");

    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(
      events.map((e) => [e.summary, e.startDate.toString(), e.endDate.toString(), e.startDate.isDate]),
    ).toEqual([
      ["Reservado", "2026-12-27", "2027-01-03", true],
      ["Indisponível", "2027-01-10", "2027-01-13", true],
      ["Indisponível", "2027-02-01", "2027-02-02", true],
    ]);
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);

    const parsed = Object.values(nodeIcal.sync.parseICS(text)).filter((c) => c?.type === "VEVENT");
    expect(
      parsed.map((e) => {
        const event = e as nodeIcal.VEvent;
        return [event.summary, event.start.dateOnly, event.uid];
      }),
    ).toEqual(events.map((e) => [e.summary, true, e.uid]));

    // The same state gives the same UIDs (calendars update rather than duplicate).
    const again = await exportCalendar(a.db, token, new Date(NOW.getTime() + 3_600_000));
    const uids = new ICAL.Component(ICAL.parse(again ?? ""))
      .getAllSubcomponents("vevent")
      .map((v) => v.getFirstPropertyValue("uid"));
    expect(uids).toEqual(events.map((e) => e.uid));
  });

  it("answers nothing for an unknown or replaced token", async () => {
    const token = await exportTokenOf(a.db, propertyId);
    expect(await exportCalendar(a.db, "x".repeat(32), NOW)).toBeNull();
    const fresh = await regenerateExportToken(a.db, owner, propertyId);
    expect(fresh).not.toBe(token);
    expect(await exportCalendar(a.db, token, NOW)).toBeNull();
    expect(await exportCalendar(a.db, fresh, NOW)).toContain("BEGIN:VCALENDAR");
    await expect(regenerateExportToken(a.db, stranger, propertyId)).rejects.toBeInstanceOf(
      PropertyAccessError,
    );
  });
});

describe("an imported calendar", () => {
  it("blocks its nights, idempotently, moves and frees them by UID", async () => {
    served.set("/airbnb.ics", {
      body: ics([
        { uid: "hm-1@airbnb.com", start: "2027-01-10", end: "2027-01-13" },
        { uid: "hm-2@airbnb.com", start: "2027-02-01", end: "2027-02-03" },
        { uid: "hm-3@airbnb.com", start: "2027-03-01", end: "2027-03-05", status: "CANCELLED" },
        { uid: "old@airbnb.com", start: "2026-10-01", end: "2026-10-04" },
      ]),
    });
    const id = await feedAt("/airbnb.ics");
    const before = await getDataVersion(a.db);
    const [first] = await runIcalSweep(a.db, NOW, OPTIONS);
    expect(first).toMatchObject({ ok: true, added: 5, removed: 0, conflicts: [] });
    expect(await nightsHeld()).toEqual({
      "2027-01-10": "bloqueado",
      "2027-01-11": "bloqueado",
      "2027-01-12": "bloqueado",
      "2027-02-01": "bloqueado",
      "2027-02-02": "bloqueado",
    });
    const afterFirst = await getDataVersion(a.db);
    expect(afterFirst).toBeGreaterThan(before);
    // The quote sees the imported nights through the same reading.
    const rental = rentalOf(
      { id: propertyId, finalidades: ["temporada"], precoAluguel: 800, periodoAluguel: "diaria", quartos: 3 },
      null,
    );
    if (!rental) throw new Error("sem temporada");
    const quote = await quoteForListing(
      a.db,
      propertyId,
      rental,
      { checkIn: "2027-01-09", checkOut: "2027-01-11", guests: 2 },
      "2026-11-27",
    );
    expect(quote).toMatchObject({ ok: false, errors: { chegada: expect.stringContaining("ocupadas") } });
    const row = await feedRow(id);
    expect(row).toMatchObject({ failures: 0, lastError: null, events: 2, conflicts: [] });
    expect(row.lastSuccessAt).toEqual(NOW);
    expect(row.nextAttemptAt).toEqual(new Date(NOW.getTime() + 1800_000));

    // Not due yet: the sweep leaves it alone. Due again with the same file: nothing changes.
    expect(await runIcalSweep(a.db, new Date(NOW.getTime() + 60_000), OPTIONS)).toEqual([]);
    const later = new Date(NOW.getTime() + 1800_000);
    const [same] = await runIcalSweep(a.db, later, OPTIONS);
    expect(same).toMatchObject({ ok: true, added: 0, removed: 0, moved: 0 });
    expect(await getDataVersion(a.db)).toBe(afterFirst);

    // hm-1 moves two nights later, hm-2 leaves the calendar.
    served.set("/airbnb.ics", {
      body: ics([{ uid: "hm-1@airbnb.com", start: "2027-01-12", end: "2027-01-15" }]),
    });
    const [moved] = await syncFeedNowAs(id, later);
    expect(moved).toMatchObject({ ok: true, added: 2, removed: 4 });
    expect(await nightsHeld()).toEqual({
      "2027-01-12": "bloqueado",
      "2027-01-13": "bloqueado",
      "2027-01-14": "bloqueado",
    });
    expect(await getDataVersion(a.db)).toBeGreaterThan(afterFirst);

    // Removing the calendar frees what it blocked.
    expect(await removeFeed(a.db, owner, propertyId, id)).toBe(true);
    expect(await nightsHeld()).toEqual({});
  });

  it("expands a recurring event (RRULE) inside the window, with its exceptions, as ical.js iterates it", async () => {
    const lines = (...rows: string[]) => rows.join("\r\n");
    served.set("/recorrente.ics", {
      body: lines(
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Agência//Bloqueios//PT",
        // Every weekend (Saturday and Sunday nights) of January 2027, four times.
        "BEGIN:VEVENT",
        "DTSTAMP:20261127T120000Z",
        "UID:fim-de-semana@agencia",
        "DTSTART;VALUE=DATE:20270102",
        "DTEND;VALUE=DATE:20270104",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "SUMMARY:Uso do proprietário",
        "END:VEVENT",
        // The second weekend is cancelled; the third moves to Monday night.
        "BEGIN:VEVENT",
        "DTSTAMP:20261127T120000Z",
        "UID:fim-de-semana@agencia",
        "RECURRENCE-ID;VALUE=DATE:20270109",
        "DTSTART;VALUE=DATE:20270109",
        "DTEND;VALUE=DATE:20270111",
        "STATUS:CANCELLED",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "DTSTAMP:20261127T120000Z",
        "UID:fim-de-semana@agencia",
        "RECURRENCE-ID;VALUE=DATE:20270116",
        "DTSTART;VALUE=DATE:20270118",
        "DTEND;VALUE=DATE:20270119",
        "END:VEVENT",
        // Every night of every month's first day, with no end: only the window's count.
        "BEGIN:VEVENT",
        "DTSTAMP:20261127T120000Z",
        "UID:dia-primeiro@agencia",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261202",
        "RRULE:FREQ=MONTHLY",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ),
    });
    const id = await feedAt("/recorrente.ics");
    const [result] = await runIcalSweep(a.db, NOW, OPTIONS);
    expect(result).toMatchObject({ ok: true, conflicts: [] });
    const held = Object.keys(await nightsHeld());
    expect(held.filter((night) => night >= "2027-01-02" && night < "2027-02-01")).toEqual([
      "2027-01-02",
      "2027-01-03",
      "2027-01-18",
      "2027-01-23",
      "2027-01-24",
    ]);
    // The monthly rule: the first of each month from December 2026 up to the horizon, no further.
    const firsts = held.filter((night) => night.endsWith("-01"));
    const horizon = addDays("2026-11-27", IMPORT_HORIZON_DAYS);
    expect(firsts[0]).toBe("2026-12-01");
    expect(firsts.at(-1)! < horizon).toBe(true);
    expect(firsts.length).toBe(24);
    expect((await feedRow(id)).events).toBe(2);
  });

  it("a rule that began long before today blocks every night of the window it covers", async () => {
    // Every night since 1 January 2023, with no end: more than 1 000 occurrences before today.
    served.set("/diario.ics", {
      body: calendar([
        "UID:todo-dia@proprietario",
        "DTSTART;VALUE=DATE:20230101",
        "DTEND;VALUE=DATE:20230102",
        "RRULE:FREQ=DAILY",
      ]),
    });
    const id = await feedAt("/diario.ics", "Proprietário");
    const [result] = await runIcalSweep(a.db, NOW, OPTIONS);
    expect(result).toMatchObject({ ok: true, added: IMPORT_HORIZON_DAYS });
    const held = Object.keys(await nightsHeld());
    expect(held).toHaveLength(IMPORT_HORIZON_DAYS);
    expect([held[0], held.at(-1)]).toEqual(["2026-11-27", addDays("2026-11-27", IMPORT_HORIZON_DAYS - 1)]);
    expect(await feedRow(id)).toMatchObject({ events: 1, lastError: null });
  });

  it("reads DURATION, a date-time on Maceió's clock, and leaves out only the events it cannot read, counting them", async () => {
    served.set("/pms.ics", {
      body: calendar(
        // Seven nights from 27/12, written as a duration.
        ["UID:duracao@pms", "DTSTART;VALUE=DATE:20261227", "DURATION:P7D"],
        // 05/02 01:00 UTC is 04/02 at 22:00 in Maceió: the night of the 4th; out at 07/02 10:00.
        ["UID:utc@pms", "DTSTART:20270205T010000Z", "DTEND:20270207T130000Z"],
        // In a zone the calendar defines (UTC+1): 15/03 01:00 there is 14/03 at 21:00 here.
        [
          "UID:paris@pms",
          "DTSTART;TZID=Europe/Paris:20270315T010000",
          "DTEND;TZID=Europe/Paris:20270316T120000",
        ],
        ["UID:bom@pms", "DTSTART;VALUE=DATE:20270301", "DTEND;VALUE=DATE:20270303"],
        // A date without VALUE=DATE (ical.js: "invalid date-time value"), and an hourly rule on a
        // date, which ical.js refuses ("Same occurrence found twice").
        ["UID:data-ruim@pms", "DTSTART:20000101"],
        ["UID:hora@pms", "DTSTART;VALUE=DATE:20270401", "RRULE:FREQ=HOURLY;COUNT=5"],
      ).replace(
        "BEGIN:VEVENT",
        [
          "BEGIN:VTIMEZONE",
          "TZID:Europe/Paris",
          "BEGIN:STANDARD",
          "DTSTART:19700101T000000",
          "TZOFFSETFROM:+0100",
          "TZOFFSETTO:+0100",
          "END:STANDARD",
          "END:VTIMEZONE",
          "BEGIN:VEVENT",
        ].join("\r\n"),
      ),
    });
    const id = await feedAt("/pms.ics", "PMS");
    const [result] = await syncFeedNowAs(id, NOW);
    expect(result).toMatchObject({ ok: true, ignored: 2 });
    expect(Object.keys(await nightsHeld())).toEqual([
      ...["2026-12-27", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"],
      ...["2027-02-04", "2027-02-05", "2027-02-06"],
      ...["2027-03-01", "2027-03-02"],
      ...["2027-03-14", "2027-03-15"],
    ]);
    expect(await feedRow(id)).toMatchObject({ lastError: null, events: 4, ignoredEvents: 2 });

    // Once the source fixes them, the count goes back to zero.
    served.set("/pms.ics", { body: ics([{ uid: "bom@pms", start: "2027-03-01", end: "2027-03-03" }]) });
    await syncFeedNowAs(id, NOW);
    expect(await feedRow(id)).toMatchObject({ events: 1, ignoredEvents: 0 });
  });

  it("past what a calendar may cost to read (events, recurrence steps) it is not imported and says why", async () => {
    served.set("/muitos.ics", {
      body: ics(
        [1, 2, 3, 4].map((n) => ({ uid: `r${n}`, start: `2027-01-0${n}`, end: `2027-01-0${n + 1}` })),
      ),
    });
    served.set("/desde-2000.ics", {
      body: calendar([
        "UID:todo-dia@proprietario",
        "DTSTART;VALUE=DATE:20000101",
        "DTEND;VALUE=DATE:20000102",
        "RRULE:FREQ=DAILY",
      ]),
    });
    const many = await feedAt("/muitos.ics", "PMS");
    const old = await feedAt("/desde-2000.ics", "Proprietário");
    const results = await runIcalSweep(a.db, NOW, { ...OPTIONS, readLimits: { events: 3, steps: 5_000 } });
    expect(results.map((r) => r.error)).toEqual([
      "O calendário tem mais de 3 eventos e não foi importado.",
      "As regras de repetição do calendário passam de 5.000 ocorrências; ele não foi importado.",
    ]);
    expect(await feedRow(many)).toMatchObject({ failures: 1, lastErrorAt: NOW });
    expect(await feedRow(old)).toMatchObject({ failures: 1, lastErrorAt: NOW });
    expect(await nightsHeld()).toEqual({});
  });

  it("never overwrites a confirmed stay: the clash is a conflict, and the night is taken once the stay is cancelled", async () => {
    const stay = await recordBooking(a.db, admin, propertyId, {
      checkIn: "2027-01-05",
      checkOut: "2027-01-08",
      guests: 2,
      guestName: "Hóspede direto",
      guestEmail: "direto@exemplo.com.br",
      total: 2400,
    });
    if (stay.status !== "confirmed") throw new Error("reserva não gravada");
    served.set("/booking.ics", {
      body: ics([{ uid: "bk-1", start: "2027-01-07", end: "2027-01-10" }]),
    });
    const id = await feedAt("/booking.ics", "Booking.com");
    const [result] = await runIcalSweep(a.db, NOW, OPTIONS);
    expect(result).toMatchObject({ ok: true, added: 2, conflicts: ["2027-01-07"] });
    expect(await nightsHeld()).toMatchObject({
      "2027-01-05": "reservado",
      "2027-01-07": "reservado",
      "2027-01-08": "bloqueado",
      "2027-01-09": "bloqueado",
    });
    expect((await feedRow(id)).conflicts).toEqual(["2027-01-07"]);

    // Cancelling the stay frees its nights; the next fetch takes the one the calendar wants.
    const cancelled = await cancelBooking(a.db, owner, propertyId, stay.bookingId, NOW);
    expect(cancelled).toEqual({ status: "cancelled", emailed: true, nights: 3 });
    const [after] = await syncFeedNowAs(id, NOW);
    expect(after).toMatchObject({ ok: true, added: 1, conflicts: [] });
    expect(Object.keys(await nightsHeld())).toEqual(["2027-01-07", "2027-01-08", "2027-01-09"]);
  });

  it("a broken calendar changes nothing, shows its error and backs off; a good fetch resets it", async () => {
    served.set("/cal.ics", { body: ics([{ uid: "x", start: "2027-01-10", end: "2027-01-12" }]) });
    const id = await feedAt("/cal.ics");
    await runIcalSweep(a.db, NOW, OPTIONS);
    const held = await nightsHeld();
    const version = await getDataVersion(a.db);

    let now = new Date(NOW.getTime() + 1800_000);
    const failures: [number, string][] = [];
    for (const answer of [
      { status: 500 },
      { body: "<!doctype html><title>Entrar</title>" },
      { hang: true },
    ]) {
      served.set("/cal.ics", answer);
      const [result] = await runIcalSweep(a.db, now, { ...OPTIONS, timeoutMs: 300 });
      const row = await feedRow(id);
      failures.push([row.failures, result?.error ?? ""]);
      expect(row.lastErrorAt).toEqual(now);
      expect(row.nextAttemptAt).toEqual(new Date(now.getTime() + backoffMs(row.failures)));
      expect(await nightsHeld()).toEqual(held);
      expect(await getDataVersion(a.db)).toBe(version);
      now = row.nextAttemptAt;
    }
    expect(failures).toEqual([
      [1, "O endereço respondeu HTTP 500."],
      [2, "O endereço não devolveu um calendário iCal (.ics)."],
      [3, "O calendário não respondeu em 1 segundo."],
    ]);
    expect([backoffMs(1), backoffMs(2), backoffMs(3), backoffMs(30)]).toEqual([
      BACKOFF_BASE_MS,
      2 * BACKOFF_BASE_MS,
      4 * BACKOFF_BASE_MS,
      BACKOFF_CAP_MS,
    ]);

    // Still backing off: a sweep before its time does not fetch it.
    const hitsBefore = hits.get("/cal.ics");
    expect(await runIcalSweep(a.db, new Date(now.getTime() - 1000), OPTIONS)).toEqual([]);
    expect(hits.get("/cal.ics")).toBe(hitsBefore);

    served.set("/cal.ics", { body: ics([]) });
    const [ok] = await runIcalSweep(a.db, now, OPTIONS);
    expect(ok).toMatchObject({ ok: true, removed: 2 });
    expect(await feedRow(id)).toMatchObject({ failures: 0, lastError: null });
  });

  it("one whose rule ical.js never finishes reading fails alone after the time limit; the process keeps answering and the next calendar is imported", async () => {
    // ical.js 2.2.1 loops forever inside one iterator step on this rule (no 30th of February).
    served.set("/sem-fim.ics", {
      body: [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Proprietário//Bloqueios//PT",
        "BEGIN:VEVENT",
        "DTSTAMP:20261127T120000Z",
        "UID:impossivel@proprietario",
        "DTSTART;VALUE=DATE:20261201",
        "DTEND;VALUE=DATE:20261202",
        "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    });
    served.set("/bom.ics", { body: ics([{ uid: "bom-1", start: "2027-01-10", end: "2027-01-12" }]) });
    const stuck = await feedAt("/sem-fim.ics", "Proprietário");
    await feedAt("/bom.ics", "Booking.com");

    // The main thread keeps running while the calendar is read: this timer keeps ticking.
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 50);
    const started = Date.now();
    const results = await runIcalSweep(a.db, NOW, { ...OPTIONS, parseTimeoutMs: 1000 }).finally(() =>
      clearInterval(ticker),
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(ticks).toBeGreaterThanOrEqual(10);

    expect(results.map((r) => [r.ok, r.error])).toEqual([
      [false, "O calendário levou mais de 1 segundo para ser lido e não foi importado."],
      [true, undefined],
    ]);
    const row = await feedRow(stuck);
    expect(row).toMatchObject({
      failures: 1,
      lastError: "O calendário levou mais de 1 segundo para ser lido e não foi importado.",
      lastErrorAt: NOW,
      nextAttemptAt: new Date(NOW.getTime() + backoffMs(1)),
    });
    expect(await nightsHeld()).toEqual({ "2027-01-10": "bloqueado", "2027-01-11": "bloqueado" });
  });

  it("stores a UID without its control characters: a NUL, which PostgreSQL refuses, no longer ends the sweep", async () => {
    served.set("/nul.ics", {
      body: ics([{ uid: "hm-1\u0000\u0007@airbnb.com", start: "2027-01-10", end: "2027-01-12" }]),
    });
    served.set("/bom.ics", { body: ics([{ uid: "bk-1", start: "2027-02-01", end: "2027-02-02" }]) });
    await feedAt("/nul.ics");
    await feedAt("/bom.ics", "Booking.com");
    const results = await runIcalSweep(a.db, NOW, OPTIONS);
    expect(results.map((r) => [r.ok, r.added])).toEqual([
      [true, 2],
      [true, 1],
    ]);
    const rows = await a.db
      .select({ night: rentalNights.night, uid: rentalNights.feedUid })
      .from(rentalNights)
      .orderBy(rentalNights.night);
    expect(rows).toEqual([
      { night: "2027-01-10", uid: "hm-1@airbnb.com" },
      { night: "2027-01-11", uid: "hm-1@airbnb.com" },
      { night: "2027-02-01", uid: "bk-1" },
    ]);
  });

  it("a write the database refuses fails that calendar alone: its error shown, backing off, the next one imported; 'Sincronizar agora' answers with it", async () => {
    // The database refusing this calendar's nights, as it refused a NUL before UIDs were cleaned.
    await a.db.execute(sql`
      create function test_refuse_night() returns trigger language plpgsql as $$
      begin
        if new.feed_uid = 'recusado@teste' then raise exception 'recusado pelo banco'; end if;
        return new;
      end $$`);
    await a.db.execute(sql`
      create trigger test_refuse_night before insert on rental_nights
      for each row execute function test_refuse_night()`);
    try {
      served.set("/recusado.ics", {
        body: ics([{ uid: "recusado@teste", start: "2027-01-10", end: "2027-01-12" }]),
      });
      served.set("/bom.ics", { body: ics([{ uid: "bk-1", start: "2027-02-01", end: "2027-02-02" }]) });
      const refused = await feedAt("/recusado.ics");
      await feedAt("/bom.ics", "Booking.com");
      const results = await runIcalSweep(a.db, NOW, OPTIONS);
      expect(results.map((r) => [r.ok, r.error])).toEqual([
        [false, APPLY_ERROR],
        [true, undefined],
      ]);
      expect(await feedRow(refused)).toMatchObject({
        failures: 1,
        lastError: "Erro ao gravar as noites do calendário; nova tentativa mais tarde.",
        lastErrorAt: NOW,
        nextAttemptAt: new Date(NOW.getTime() + backoffMs(1)),
      });
      expect(await nightsHeld()).toEqual({ "2027-02-01": "bloqueado" });

      const [now] = await syncFeedNowAs(refused, NOW);
      expect(now).toMatchObject({ ok: false, error: APPLY_ERROR });
      expect((await feedRow(refused)).failures).toBe(2);
    } finally {
      await a.db.execute(sql`drop trigger test_refuse_night on rental_nights`);
      await a.db.execute(sql`drop function test_refuse_night()`);
    }
  });

  it("is refused on a private address unless allowed, and too large a file is not imported", async () => {
    const id = await feedAt("/x.ics");
    served.set("/x.ics", { body: ics([{ uid: "y", start: "2027-01-10", end: "2027-01-12" }]) });
    const [refused] = await runIcalSweep(a.db, NOW, { ...OPTIONS, allowPrivate: false });
    expect(refused?.error).toBe("Endereço de rede interna não permitido para calendários importados.");
    expect(hits.get("/x.ics")).toBeUndefined();
    const [big] = await runIcalSweep(a.db, new Date(NOW.getTime() + BACKOFF_BASE_MS), {
      ...OPTIONS,
      maxBytes: 100,
    });
    expect(big?.error).toMatch(/^O calendário passa de 1 KB/);
    expect((await feedRow(id)).failures).toBe(2);
    expect(await nightsHeld()).toEqual({});
  });

  it("is fetched once when two app instances sweep at the same time", async () => {
    for (const n of [1, 2, 3])
      served.set(`/c${n}.ics`, {
        body: ics([{ uid: `u${n}`, start: `2027-0${n}-10`, end: `2027-0${n}-12` }]),
      });
    for (const n of [1, 2, 3]) await feedAt(`/c${n}.ics`, `Canal ${n}`);
    const [one, two] = await Promise.all([
      runIcalSweep(a.db, NOW, OPTIONS),
      runIcalSweep(b.db, NOW, OPTIONS),
    ]);
    expect((one?.length ?? 0) + (two?.length ?? 0)).toBe(3);
    expect([...hits.values()]).toEqual([1, 1, 1]);
    expect(Object.keys(await nightsHeld())).toHaveLength(6);
  });

  it("a long sweep claims each calendar when it reaches it, at the time it is then", async () => {
    served.set("/lento.ics", { hang: true });
    served.set("/c1.ics", { body: ics([{ uid: "u1", start: "2027-01-10", end: "2027-01-11" }]) });
    served.set("/c2.ics", { body: ics([{ uid: "u2", start: "2027-02-10", end: "2027-02-11" }]) });
    const slow = await feedAt("/lento.ics", "Lento");
    const one = await feedAt("/c1.ics", "Canal 1");
    const two = await feedAt("/c2.ics", "Canal 2");
    // Ten minutes pass between one reading of the clock and the next: a sweep of slow calendars.
    let readings = 0;
    const clock = () => new Date(NOW.getTime() + ++readings * 600_000);
    const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
    const options = { ...OPTIONS, timeoutMs: 2000, parseTimeoutMs: 1000 };
    const sweep = runIcalSweep(a.db, clock, options);

    // While the first one is being fetched, the others are not claimed: another instance may take them.
    await expect.poll(() => hits.get("/lento.ics")).toBe(1);
    expect((await feedRow(slow)).nextAttemptAt).toEqual(
      new Date(minutes(10).getTime() + 2000 + 1000 + 60_000),
    );
    expect((await feedRow(one)).nextAttemptAt).toEqual(NOW);
    expect((await feedRow(two)).nextAttemptAt).toEqual(NOW);

    expect((await sweep).map((r) => r.ok)).toEqual([false, true, true]);
    expect(await feedRow(slow)).toMatchObject({ lastErrorAt: minutes(10) });
    expect(await feedRow(one)).toMatchObject({ lastSuccessAt: minutes(20), nextAttemptAt: minutes(50) });
    expect(await feedRow(two)).toMatchObject({ lastSuccessAt: minutes(30), nextAttemptAt: minutes(60) });
    // Due again by the sweep's last reading (its backoff is 5 minutes), the failed one waits for the next sweep.
    expect(hits.get("/lento.ics")).toBe(1);
  });

  it("is added and synced only by whoever manages the listing, with Portuguese errors at the field", async () => {
    await expect(
      addFeed(a.db, stranger, propertyId, { label: "Airbnb", url: `${base}/a.ics` }, NOW),
    ).rejects.toBeInstanceOf(PropertyAccessError);
    const id = await feedAt("/a.ics");
    await expect(syncFeedNow(a.db, stranger, propertyId, id, NOW, OPTIONS)).rejects.toBeInstanceOf(
      PropertyAccessError,
    );
    await expect(removeFeed(a.db, stranger, propertyId, id)).rejects.toBeInstanceOf(PropertyAccessError);
    expect(await feedsOf(a.db, propertyId)).toHaveLength(1);
    const { feedSchema } = await import("./ical-sync.server");
    const bad = feedSchema.safeParse({ label: "", url: "ftp://exemplo.com/cal.ics" });
    expect(
      bad.success ? {} : Object.fromEntries(bad.error.issues.map((i) => [i.path[0], i.message])),
    ).toEqual({
      label: "Dê um nome ao calendário (ex.: Airbnb).",
      url: "Informe um endereço que comece com http:// ou https://.",
    });
  });
});

describe("cancelling a confirmed stay", () => {
  it("frees its nights, is audited, e-mails the guest, and is refused to another corretor", async () => {
    const stay = await recordBooking(a.db, admin, propertyId, {
      checkIn: "2027-03-01",
      checkOut: "2027-03-04",
      guests: 2,
      guestName: "Joana Viajante",
      guestEmail: "joana@exemplo.com.br",
      total: 2400,
    });
    if (stay.status !== "confirmed") throw new Error("reserva não gravada");
    await expect(cancelBooking(a.db, stranger, propertyId, stay.bookingId, NOW)).rejects.toBeInstanceOf(
      PropertyAccessError,
    );
    const version = await getDataVersion(a.db);
    expect(await cancelBooking(a.db, owner, propertyId, stay.bookingId, NOW)).toEqual({
      status: "cancelled",
      emailed: true,
      nights: 3,
    });
    expect(await nightsHeld()).toEqual({});
    expect(await getDataVersion(a.db)).toBeGreaterThan(version);
    const [booking] = await a.db.select().from(rentalBookings).where(eq(rentalBookings.id, stay.bookingId));
    expect(booking).toMatchObject({ status: "cancelada", cancelledAt: NOW });
    const audited = await a.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "rental-booking-cancelled"), eq(auditLog.userId, owner.id)));
    expect(audited.filter((row) => row.details?.bookingId === stay.bookingId)).toHaveLength(1);
    expect(await cancelBooking(a.db, owner, propertyId, stay.bookingId, NOW)).toEqual({
      status: "not-found",
    });

    smtp.received.length = 0;
    const worker = createOutboxWorker({
      database: a,
      handlers: {
        [CANCELLATION_EMAIL_KIND]: cancellationEmailHandler(a.db, transport, "https://site.teste"),
      },
      pollIntervalMs: 600_000,
      log: () => {},
    });
    expect(await worker.runOnce()).toMatchObject({ sent: 1, failed: 0 });
    const mail = smtp.received[0];
    expect(mail?.to).toEqual(["joana@exemplo.com.br"]);
    const text = decoded(mail?.raw ?? "");
    expect(text).toContain("Reserva cancelada: Casa na praia de Japaratinga");
    expect(text).toContain("de 01/03/2027 a 04/03/2027, foi cancelada");
  });
});

async function syncFeedNowAs(id: number, now: Date) {
  return [await syncFeedNow(a.db, owner, propertyId, id, now, OPTIONS)];
}

function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"));
}
