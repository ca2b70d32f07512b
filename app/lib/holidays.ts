// The public holidays an agency in Alagoas closes on (docs/domain.md, "Holidays"): the national
// ones and the state's data magna (16/09; its other days off change with the yearly decree). The
// admin adds them to the agency's blocked dates in one click (routes/admin/visitas-disponibilidade.tsx),
// which closes visits and stops the roleta's clock (app/lib/business-hours.ts). Municipal holidays
// differ by city and are typed by hand.

export interface Holiday {
  /** "YYYY-MM-DD". */
  date: string;
  name: string;
}

/** Fixed dates, "MM-DD". */
const FIXED: [string, string][] = [
  ["01-01", "Confraternização Universal"],
  ["04-21", "Tiradentes"],
  ["05-01", "Dia do Trabalho"],
  ["09-07", "Independência do Brasil"],
  ["09-16", "Emancipação Política de Alagoas"],
  ["10-12", "Nossa Senhora Aparecida"],
  ["11-02", "Finados"],
  ["11-15", "Proclamação da República"],
  ["11-20", "Dia Nacional de Zumbi e da Consciência Negra"],
  ["12-25", "Natal"],
];

/** Easter Sunday of a Gregorian year (the anonymous algorithm, Meeus/Jones/Butcher), as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** The year's national and Alagoas holidays, in date order. */
export function publicHolidays(year: number): Holiday[] {
  const goodFriday = new Date(easterSunday(year).getTime() - 2 * 86_400_000);
  const all: Holiday[] = [
    ...FIXED.map(([monthDay, name]) => ({ date: `${year}-${monthDay}`, name })),
    { date: goodFriday.toISOString().slice(0, 10), name: "Sexta-feira da Paixão" },
  ];
  return all.sort((x, y) => x.date.localeCompare(y.date));
}

/** The holidays of `today`'s year and the next, from `today` ("YYYY-MM-DD", Maceió) on. */
export function upcomingHolidays(today: string): Holiday[] {
  const year = Number(today.slice(0, 4));
  return [...publicHolidays(year), ...publicHolidays(year + 1)].filter((h) => h.date >= today);
}

/**
 * `blockedDates` ("YYYY-MM-DD") with the upcoming holidays added, sorted, each once; or, when
 * together they would pass `max` (the blocked-dates field's own limit), how many they would be,
 * so the admin is told at the field instead of saving a list the form could not show back.
 */
export function withUpcomingHolidays(
  blockedDates: string[],
  today: string,
  max: number,
): { ok: true; dates: string[] } | { ok: false; count: number } {
  const dates = [...new Set([...blockedDates, ...upcomingHolidays(today).map((h) => h.date)])].sort();
  return dates.length > max ? { ok: false, count: dates.length } : { ok: true, dates };
}
