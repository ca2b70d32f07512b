// The production server reads imported temporada calendars in a worker thread (decision 039;
// app/server/rentals/ical-parse-thread.server.ts): the build bundles the server into
// build/server/, and the worker's code must be there too. A calendar whose rule ical.js never
// finishes reading is stopped after ICAL_PARSE_TIMEOUT_SECONDS and fails alone, with its error on
// the feed; the server answers all along, and the next calendar's nights are imported. The
// listing and its calendars are written to the data folder before the server starts, whose sweep
// at start fetches them (before the fix, that sweep froze the process before it listened).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../app/server/db/client.server";
import { rentalIcalFeeds, rentalNights } from "../app/server/db/schema.server";
import { insertProperty } from "../tests/support/factories";
import { type ServerProcess, startSiteForTests } from "../tests/support/server";

/** Days from today in Maceió (UTC−3), as the calendars write them (YYYYMMDD). */
function dayFromToday(days: number): string {
  return new Date(Date.now() - 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

const calendar = (...event: string[]) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//teste//PT",
    "BEGIN:VEVENT",
    "DTSTAMP:20260101T000000Z",
    ...event,
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

const checkIn = dayFromToday(40);
const checkOut = dayFromToday(42);
const FEEDS = {
  // ical.js 2.2.1 loops forever inside one iterator step on this rule (no 30th of February).
  "/sem-fim.ics": calendar(
    "UID:impossivel@proprietario",
    `DTSTART;VALUE=DATE:${dayFromToday(5).replaceAll("-", "")}`,
    "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
  ),
  "/bom.ics": calendar(
    "UID:hospede@booking",
    `DTSTART;VALUE=DATE:${checkIn.replaceAll("-", "")}`,
    `DTEND;VALUE=DATE:${checkOut.replaceAll("-", "")}`,
  ),
};
const TIMEOUT_SECONDS = 8;

let channel: Server;
let dataDir: string;
let site: ServerProcess | undefined;
const fetched: string[] = [];

beforeAll(async () => {
  channel = createServer((req, res) => {
    fetched.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(FEEDS[req.url as keyof typeof FEEDS] ?? "");
  });
  await new Promise<void>((resolve) => channel.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(channel.address() as AddressInfo).port}`;

  dataDir = mkdtempSync(join(tmpdir(), "imoveis-ical-"));
  const database = await openDatabase({ engine: "pglite", dataDir });
  try {
    await database.migrate();
    const listing = await insertProperty(database.db, {
      tipo: "casa",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 700,
      periodoAluguel: "diaria",
      cidade: "Maragogi",
    });
    const due = new Date(Date.now() - 60_000);
    // One after the other: the sweep takes them in this order.
    for (const [label, path] of [
      ["Proprietário", "/sem-fim.ics"],
      ["Booking.com", "/bom.ics"],
    ] as const)
      await database.db
        .insert(rentalIcalFeeds)
        .values({ propertyId: listing.id, label, url: `${base}${path}`, nextAttemptAt: due });
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => channel?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("imported calendars on the production server", () => {
  it("a calendar that never finishes being read fails alone in its thread; the server answers and the next calendar is imported", async () => {
    site = await startSiteForTests({
      dataDir,
      env: { ICAL_ALLOW_PRIVATE_ADDRESSES: "true", ICAL_PARSE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
    });
    const server = site;
    const failed = () => server.output().includes("Calendário importado: falha");

    // While the stuck calendar is being read, the server answers.
    await expect.poll(() => fetched.includes("/sem-fim.ics"), { timeout: 60_000 }).toBe(true);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(failed(), "the time limit was already over: the check proved nothing").toBe(false);

    await expect
      .poll(() => server.output().includes('"msg":"Calendário importado"'), { timeout: 60_000 })
      .toBe(true);
    expect(failed()).toBe(true);
    expect(fetched).toEqual(["/sem-fim.ics", "/bom.ics"]);
    await server.stop();
    site = undefined;

    const database = await openDatabase({ engine: "pglite", dataDir });
    try {
      const feeds = await database.db
        .select({ label: rentalIcalFeeds.label, lastError: rentalIcalFeeds.lastError })
        .from(rentalIcalFeeds)
        .orderBy(asc(rentalIcalFeeds.id));
      expect(feeds).toEqual([
        {
          label: "Proprietário",
          lastError: `O calendário levou mais de ${TIMEOUT_SECONDS} segundos para ser lido e não foi importado.`,
        },
        { label: "Booking.com", lastError: null },
      ]);
      const nights = await database.db
        .select({ night: rentalNights.night, uid: rentalNights.feedUid })
        .from(rentalNights)
        .where(eq(rentalNights.feedUid, "hospede@booking"))
        .orderBy(asc(rentalNights.night));
      expect(nights.map((n) => n.night)).toEqual([checkIn, dayFromToday(41)]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
