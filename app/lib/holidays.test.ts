import { describe, expect, it } from "vitest";
import { easterSunday, publicHolidays, upcomingHolidays, withUpcomingHolidays } from "./holidays";

describe("public holidays", () => {
  it("finds Easter as the calendars print it", () => {
    const days = [2000, 2024, 2025, 2026, 2027, 2038].map((y) => easterSunday(y).toISOString().slice(0, 10));
    expect(days).toEqual([
      "2000-04-23",
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2027-03-28",
      "2038-04-25",
    ]);
  });

  it("lists the year's national and Alagoas holidays in date order, Good Friday included", () => {
    const year = publicHolidays(2026);
    expect(year.map((h) => h.date)).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-21",
      "2026-05-01",
      "2026-09-07",
      "2026-09-16",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ]);
    expect(year.find((h) => h.date === "2026-04-03")?.name).toBe("Sexta-feira da Paixão");
    expect(year.find((h) => h.date === "2026-09-16")?.name).toBe("Emancipação Política de Alagoas");
  });

  it("from today on: the rest of this year's holidays and all of next year's", () => {
    const dates = upcomingHolidays("2026-11-28").map((h) => h.date);
    expect(dates[0]).toBe("2026-12-25");
    expect(dates).toHaveLength(12);
    expect(dates.at(-1)).toBe("2027-12-25");
  });

  it("adds the holidays to the blocked dates once each, in order, keeping the typed ones", () => {
    const result = withUpcomingHolidays(["2026-12-24", "2026-12-25", "2026-12-31"], "2026-11-28", 366);
    expect(result.ok && result.dates.slice(0, 4)).toEqual([
      "2026-12-24",
      "2026-12-25",
      "2026-12-31",
      "2027-01-01",
    ]);
    expect(result.ok && result.dates).toHaveLength(14);
  });

  it("refuses a merge past the field's limit and says how many dates it would make", () => {
    // Every day from 02/01/2027: they already hold 2027's holidays from Good Friday (26/03) on, so
    // only 25/12/2026 and 01/01/2027 are new.
    const days = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        new Date(Date.UTC(2027, 0, 2) + i * 86_400_000).toISOString().slice(0, 10),
      );
    expect(withUpcomingHolidays(days(365), "2026-11-28", 366)).toEqual({ ok: false, count: 367 });
    const atTheLimit = withUpcomingHolidays(days(364), "2026-11-28", 366);
    expect(atTheLimit.ok && atTheLimit.dates.length).toBe(366);
  });
});
