import { describe, expect, it } from "vitest";
import {
  addBusinessMinutes,
  type BusinessHours,
  businessMinutesBetween,
  clockToMinutes,
  DEFAULT_BUSINESS_HOURS,
  minutesToClock,
} from "./business-hours";

/** An instant given in Maceió local time (UTC−3). */
const local = (text: string) => new Date(`${text}:00-03:00`);
const hours = DEFAULT_BUSINESS_HOURS;

// 2026-03-02 is a Monday; 2026-03-06 a Friday, 03-07 a Saturday, 03-08 a Sunday.
describe("businessMinutesBetween (Mon–Fri 08–18, Sat 08–12, Maceió)", () => {
  it("counts wall minutes inside one working day", () => {
    expect(businessMinutesBetween(local("2026-03-02T09:00"), local("2026-03-02T10:35"), hours)).toBe(95);
  });

  it("counts nothing after hours and starts the next morning", () => {
    expect(businessMinutesBetween(local("2026-03-02T19:00"), local("2026-03-02T23:59"), hours)).toBe(0);
    expect(businessMinutesBetween(local("2026-03-02T17:30"), local("2026-03-03T08:45"), hours)).toBe(75);
  });

  it("counts only the Saturday morning and skips Sunday", () => {
    // Friday 17:00 → Monday 09:00: 1 h on Friday, 4 h on Saturday, none on Sunday, 1 h on Monday.
    expect(businessMinutesBetween(local("2026-03-06T17:00"), local("2026-03-09T09:00"), hours)).toBe(360);
    expect(businessMinutesBetween(local("2026-03-07T11:00"), local("2026-03-07T15:00"), hours)).toBe(60);
    expect(businessMinutesBetween(local("2026-03-08T08:00"), local("2026-03-08T18:00"), hours)).toBe(0);
  });

  it("reads the instant in Maceió time whatever the UTC day (21:00 local is already the next UTC day)", () => {
    expect(
      businessMinutesBetween(new Date("2026-03-03T00:30:00Z"), new Date("2026-03-03T11:30:00Z"), hours),
    ).toBe(30);
  });

  it("is 0 when the end is not after the start", () => {
    expect(businessMinutesBetween(local("2026-03-02T10:00"), local("2026-03-02T09:00"), hours)).toBe(0);
  });
});

describe("addBusinessMinutes", () => {
  it("lands inside the same day when the limit fits", () => {
    expect(addBusinessMinutes(local("2026-03-02T09:00"), 120, hours)).toEqual(local("2026-03-02T11:00"));
  });

  it("a lead that arrives after hours is due two hours into the next working morning", () => {
    expect(addBusinessMinutes(local("2026-03-02T22:00"), 120, hours)).toEqual(local("2026-03-03T10:00"));
  });

  it("a Saturday 11:00 lead is due on Monday 09:00 (one hour on Saturday, Sunday closed)", () => {
    expect(addBusinessMinutes(local("2026-03-07T11:00"), 120, hours)).toEqual(local("2026-03-09T09:00"));
  });

  it("agrees with businessMinutesBetween", () => {
    const from = local("2026-03-05T16:10");
    const due = addBusinessMinutes(from, 500, hours);
    expect(due).not.toBeNull();
    expect(businessMinutesBetween(from, due as Date, hours)).toBe(500);
  });

  it("never, when no day is open", () => {
    const closed: BusinessHours = [null, null, null, null, null, null, null];
    expect(addBusinessMinutes(local("2026-03-02T09:00"), 1, closed)).toBeNull();
    expect(businessMinutesBetween(local("2026-03-02T09:00"), local("2026-03-09T09:00"), closed)).toBe(0);
  });

  it("skips the agency's holidays, whatever their weekday", () => {
    // Friday 2026-04-03 (Sexta-feira Santa) closed: Thursday 17:00 + 2 h lands on Saturday 09:00.
    const holidays = new Set(["2026-04-03"]);
    expect(addBusinessMinutes(local("2026-04-02T17:00"), 120, hours, holidays)).toEqual(
      local("2026-04-04T09:00"),
    );
    expect(addBusinessMinutes(local("2026-04-02T17:00"), 120, hours)).toEqual(local("2026-04-03T09:00"));
    expect(
      businessMinutesBetween(local("2026-04-02T17:00"), local("2026-04-04T09:00"), hours, holidays),
    ).toBe(120);
    // A holiday on a closed weekday changes nothing; a week of holidays ends.
    expect(
      businessMinutesBetween(
        local("2026-03-07T11:00"),
        local("2026-03-09T09:00"),
        hours,
        new Set(["2026-03-08"]),
      ),
    ).toBe(120);
    const week = new Set([
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(addBusinessMinutes(local("2026-03-02T09:00"), 60, hours, week)).toEqual(local("2026-03-09T09:00"));
  });

  it("every day 00:00–24:00 is wall time", () => {
    const always: BusinessHours = Array.from({ length: 7 }, () => [0, 1440] as [number, number]);
    expect(addBusinessMinutes(local("2026-03-07T23:30"), 60, always)).toEqual(local("2026-03-08T00:30"));
  });
});

describe("clock text", () => {
  it("reads and writes HH:MM", () => {
    expect(clockToMinutes("08:00")).toBe(480);
    expect(clockToMinutes("24:00")).toBe(1440);
    expect(clockToMinutes("24:01")).toBeNull();
    expect(clockToMinutes("8h")).toBeNull();
    expect(minutesToClock(720)).toBe("12:00");
  });
});
