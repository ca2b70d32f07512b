import { describe, expect, it } from "vitest";
import { easterSunday, publicHolidays } from "./holidays";

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
});
