// Slot computation on a fixed clock: Maceió's time (UTC−3, no daylight saving), blocked days,
// booked visits, past and too-soon slots, and the availability editor's form.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_VISIT_SCHEDULE,
  freeSlots,
  parseScheduleForm,
  slotsByDay,
  type VisitSchedule,
  visitMoment,
  windowField,
} from "./visit-slots";

const maceio = (local: string) => new Date(`${local}-03:00`);
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

/** Only Mondays 09:00–11:00 (2026-11-30 is a Monday). */
const mondays = (slotMinutes: 30 | 60, blockedDates: string[] = []): VisitSchedule => ({
  slotMinutes,
  weekly: [[], [[540, 660]], [], [], [], [], []],
  blockedDates,
});

describe("freeSlots", () => {
  it("cuts a window into slots in Maceió's time, stored as UTC instants", () => {
    const now = maceio("2026-11-27T10:00:00"); // a Friday
    expect(iso(freeSlots(mondays(60), [], now, { days: 7 }))).toEqual([
      "2026-11-30T12:00:00.000Z",
      "2026-11-30T13:00:00.000Z",
    ]);
    expect(freeSlots(mondays(30), [], now, { days: 7 }).length).toBe(4);
  });

  it("finds Maceió's day by Maceió's clock: 23:30 on Sunday is still Sunday there", () => {
    // 02:30 UTC on Monday is 23:30 on Sunday in Maceió: Monday's slots are the next day's.
    const now = new Date("2026-11-30T02:30:00Z");
    const slots = freeSlots(mondays(60), [], now, { days: 1 });
    expect(slots).toEqual([]);
    expect(iso(freeSlots(mondays(60), [], now, { days: 2 }))[0]).toBe("2026-11-30T12:00:00.000Z");
  });

  it("skips blocked days", () => {
    const now = maceio("2026-11-27T10:00:00");
    expect(freeSlots(mondays(60, ["2026-11-30"]), [], now, { days: 7 })).toEqual([]);
    expect(iso(freeSlots(mondays(60, ["2026-11-30"]), [], now, { days: 11 }))).toEqual([
      "2026-12-07T12:00:00.000Z",
      "2026-12-07T13:00:00.000Z",
    ]);
  });

  it("skips a slot already booked, and one a longer booking overlaps", () => {
    const now = maceio("2026-11-27T10:00:00");
    const booked = [{ startsAt: maceio("2026-11-30T09:00:00"), endsAt: maceio("2026-11-30T10:00:00") }];
    expect(iso(freeSlots(mondays(60), booked, now, { days: 7 }))).toEqual(["2026-11-30T13:00:00.000Z"]);
    expect(iso(freeSlots(mondays(30), booked, now, { days: 7 }))).toEqual([
      "2026-11-30T13:00:00.000Z",
      "2026-11-30T13:30:00.000Z",
    ]);
  });

  it("offers neither past slots nor those within the notice", () => {
    const now = maceio("2026-11-30T08:30:00");
    expect(freeSlots(mondays(30), [], now, { days: 1, noticeMinutes: 0 }).length).toBe(4);
    expect(iso(freeSlots(mondays(30), [], now, { days: 1, noticeMinutes: 60 }))).toEqual([
      "2026-11-30T12:30:00.000Z",
      "2026-11-30T13:00:00.000Z",
      "2026-11-30T13:30:00.000Z",
    ]);
    expect(freeSlots(mondays(30), [], maceio("2026-11-30T11:00:00"), { days: 1, noticeMinutes: 0 })).toEqual(
      [],
    );
  });

  it("groups slots by Maceió day with their local times", () => {
    const now = maceio("2026-11-27T10:00:00");
    const days = slotsByDay(freeSlots(DEFAULT_VISIT_SCHEDULE, [], now, { days: 3 }));
    expect(days.map((d) => d.label)).toEqual(["Sexta, 27/11", "Sábado, 28/11"]);
    expect(days[0]?.slots.map((s) => s.time)).toEqual(["14:00", "15:00", "16:00", "17:00"]);
    expect(visitMoment(maceio("2026-12-04T10:00:00"))).toBe("Sexta, 04/12/2026 às 10:00");
  });
});

describe("parseScheduleForm", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return data;
  };

  it("reads windows, the slot length and blocked dates", () => {
    const result = parseScheduleForm(
      form({
        slotMinutes: "30",
        [windowField(1, 0, "inicio")]: "09:00",
        [windowField(1, 0, "fim")]: "12:00",
        [windowField(1, 1, "inicio")]: "14:00",
        [windowField(1, 1, "fim")]: "17:30",
        blockedDates: "25/12/2026\n2027-01-01",
      }),
    );
    expect(result).toEqual({
      ok: true,
      schedule: {
        slotMinutes: 30,
        weekly: [
          [],
          [
            [540, 720],
            [840, 1050],
          ],
          [],
          [],
          [],
          [],
          [],
        ],
        blockedDates: ["2026-12-25", "2027-01-01"],
      },
    });
  });

  it("says what is wrong, in Portuguese, at the field", () => {
    const result = parseScheduleForm(
      form({
        slotMinutes: "45",
        [windowField(2, 0, "inicio")]: "12:00",
        [windowField(2, 0, "fim")]: "09:00",
        blockedDates: "31/02/2026",
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors.slotMinutes).toBe("Escolha 30 ou 60 minutos.");
    expect(result.fieldErrors[windowField(2, 0, "inicio")]).toBe("Terça: o fim deve ser depois do início.");
    expect(result.fieldErrors.blockedDates).toContain("Data inválida");
  });
});
