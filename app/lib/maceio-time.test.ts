import { expect, it } from "vitest";
import { formatDay, formatDayTime, formatMaceioInstant, maceioClock, maceioDayStart } from "./maceio-time";

it("reads Maceió's date and minute: 01:30 UTC is still the day before, 22:30 there", () => {
  expect(maceioClock(new Date("2026-11-29T01:30:00Z"))).toEqual({ day: "2026-11-28", time: "22:30" });
  expect(maceioClock(new Date("2026-11-29T03:00:00Z"))).toEqual({ day: "2026-11-29", time: "00:00" });
  // No daylight saving: January reads the same offset as July.
  expect(maceioClock(new Date("2027-01-15T12:00:00Z")).time).toBe("09:00");
  expect(maceioClock(new Date("2027-07-15T12:00:00Z")).time).toBe("09:00");
});

it("starts a Maceió day at 03:00 UTC", () => {
  expect(maceioDayStart("2026-03-01").toISOString()).toBe("2026-03-01T03:00:00.000Z");
});

it("writes days and instants the Brazilian way", () => {
  expect(formatDay("2026-03-25")).toBe("25/03/2026");
  expect(formatMaceioInstant("2026-11-28T17:32:00Z")).toBe("28/11/2026 às 14:32");
  expect(formatMaceioInstant(new Date("2026-11-29T02:05:00Z"))).toBe("28/11/2026 às 23:05");
  // A due time from the database ("14:30:00"), and a day with none.
  expect(formatDayTime("2026-03-25", "14:30:00")).toBe("25/03/2026 às 14:30");
  expect(formatDayTime("2026-03-25", null)).toBe("25/03/2026");
  // A spreadsheet's cell: a space, which a pt-BR spreadsheet reads as a date and time.
  expect(formatMaceioInstant("2026-11-28T17:32:00Z", " ")).toBe("28/11/2026 14:32");
});
