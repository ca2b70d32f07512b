// Holiday rentals (temporada): a stay's price night by night from the listing's seasons, its
// rules (minimum nights, guests, the 90-day cap of Lei 8.245/1991 art. 48), and the months of the
// availability calendar. Pure: dates are "YYYY-MM-DD" strings (a night is named by its evening),
// so nothing here depends on the clock or the time zone (decision 037).
import { formatCount, formatPrice, MONTH_NAMES } from "./format";

export const SEASON_KINDS = {
  reveillon: "Réveillon",
  carnaval: "Carnaval",
  alta: "Alta temporada",
  baixa: "Baixa temporada",
} as const;
export type SeasonKind = keyof typeof SEASON_KINDS;
export const SEASON_KIND_KEYS = Object.keys(SEASON_KINDS) as [SeasonKind, ...SeasonKind[]];

/** When seasons overlap, the first kind here prices the night: réveillon inside an alta season. */
export const PRECEDENCE: readonly SeasonKind[] = ["reveillon", "carnaval", "alta", "baixa"];

/** The listing page's quote form: `?estadia=1&chegada=…&saida=…&hospedes=…#temporada`. */
export const STAY_PARAM = "estadia";
export const STAY_FIELDS = ["chegada", "saida", "hospedes"] as const;
export type StayValues = Record<(typeof STAY_FIELDS)[number], string>;

/** Does this query string (`?estadia=1&…`) ask for a quote? */
export function isStayQuery(search: string): boolean {
  return new URLSearchParams(search).has(STAY_PARAM);
}

/** Lei 8.245/1991 art. 48: a holiday lease lasts at most 90 days. */
export const MAX_STAY_NIGHTS = 90;

export interface Season {
  kind: SeasonKind;
  /** First and last night, both included. */
  start: string;
  end: string;
  rate: number;
  minNights: number;
}

/** What pricing a stay needs of a listing's terms. */
export interface StayTerms {
  defaultRate: number;
  minNights: number;
  cleaningFee: number;
  maxGuests: number;
  seasons: readonly Season[];
}

export interface QuoteNight {
  night: string;
  rate: number;
  /** The season's label, or "Tarifa padrão". */
  label: string;
}

export interface StayQuote {
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: QuoteNight[];
  lodging: number;
  cleaningFee: number;
  total: number;
  /** The longest minimum among the seasons the stay touches (and the listing's own). */
  minNights: number;
}

export type QuoteField = "chegada" | "saida" | "hospedes";
export type QuoteErrors = Partial<Record<QuoteField, string>>;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** "YYYY-MM-DD" → days since 1970-01-01, or NaN when it is not a real date. */
export function dayNumber(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d)
    return Number.NaN;
  return ms / DAY_MS;
}

export function isoOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoOfDay(dayNumber(iso) + days);
}

/** Every night from check-in up to (not including) check-out. */
export function nightsOf(checkIn: string, checkOut: string): string[] {
  const from = dayNumber(checkIn);
  const to = dayNumber(checkOut);
  const out: string[] = [];
  for (let d = from; d < to; d++) out.push(isoOfDay(d));
  return out;
}

/** "27/12/2026" */
export function formatIsoDate(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

/** The season pricing a night: the highest in precedence among those containing it. */
export function seasonOf(seasons: readonly Season[], night: string): Season | null {
  let best: Season | null = null;
  for (const season of seasons) {
    if (night < season.start || night > season.end) continue;
    if (!best || PRECEDENCE.indexOf(season.kind) < PRECEDENCE.indexOf(best.kind)) best = season;
  }
  return best;
}

/**
 * Whether a stay's check-in is before `today` (Maceió's date): the quote refuses it, and a booking
 * request that reached it can no longer be confirmed (rentals.server.ts answerBookingRequest).
 */
export function arrivalPassed(checkIn: string, today: string): boolean {
  return checkIn < today;
}

/**
 * A stay's price: each night at its season's rate (or the default), plus the cleaning fee; or the
 * reasons it cannot be booked, per field. `today` is the visitor's date in Maceió: no check-in
 * before it.
 */
export function quoteStay(
  terms: StayTerms,
  request: { checkIn: string; checkOut: string; guests: number },
  today: string,
): { ok: true; quote: StayQuote } | { ok: false; errors: QuoteErrors } {
  const errors: QuoteErrors = {};
  const inDay = dayNumber(request.checkIn);
  const outDay = dayNumber(request.checkOut);
  if (Number.isNaN(inDay)) errors.chegada = "Informe a data de chegada.";
  else if (arrivalPassed(request.checkIn, today)) errors.chegada = "A chegada não pode ser antes de hoje.";
  if (Number.isNaN(outDay)) errors.saida = "Informe a data de saída.";
  else if (!errors.chegada && outDay <= inDay) errors.saida = "A saída deve ser depois da chegada.";
  else if (!errors.chegada && outDay - inDay > MAX_STAY_NIGHTS)
    errors.saida = `A locação por temporada vai até ${MAX_STAY_NIGHTS} dias (Lei 8.245/1991, art. 48).`;
  if (!Number.isInteger(request.guests) || request.guests < 1) errors.hospedes = "Informe quantos hóspedes.";
  else if (request.guests > terms.maxGuests)
    errors.hospedes = `Este imóvel recebe até ${terms.maxGuests} hóspedes.`;
  if (errors.chegada || errors.saida) return { ok: false, errors };
  const nights: QuoteNight[] = [];
  let minNights = terms.minNights;
  for (const night of nightsOf(request.checkIn, request.checkOut)) {
    const season = seasonOf(terms.seasons, night);
    if (season) minNights = Math.max(minNights, season.minNights);
    nights.push({
      night,
      rate: season?.rate ?? terms.defaultRate,
      label: season ? SEASON_KINDS[season.kind] : "Tarifa padrão",
    });
  }
  if (nights.length < minNights)
    errors.saida = `Nestas datas a estadia mínima é de ${formatCount(minNights, "noite", "noites")}.`;
  if (errors.saida || errors.hospedes) return { ok: false, errors };
  const lodging = nights.reduce((sum, n) => sum + n.rate, 0);
  return {
    ok: true,
    quote: {
      checkIn: request.checkIn,
      checkOut: request.checkOut,
      guests: request.guests,
      nights,
      lodging,
      cleaningFee: terms.cleaningFee,
      total: lodging + terms.cleaningFee,
      minNights,
    },
  };
}

/** The quote in the few lines a lead, the inbox and the confirmation e-mail show. */
export function quoteSummary(quote: StayQuote): string {
  const groups: string[] = [];
  let i = 0;
  while (i < quote.nights.length) {
    const first = quote.nights[i] as QuoteNight;
    let j = i;
    while (j + 1 < quote.nights.length) {
      const next = quote.nights[j + 1] as QuoteNight;
      if (next.rate !== first.rate || next.label !== first.label) break;
      j++;
    }
    const count = j - i + 1;
    groups.push(`${count} ${count === 1 ? "noite" : "noites"} × ${formatPrice(first.rate)} (${first.label})`);
    i = j + 1;
  }
  return [
    `Pedido de reserva (temporada): chegada ${formatIsoDate(quote.checkIn)}, saída ${formatIsoDate(quote.checkOut)}, ${formatCount(quote.nights.length, "noite", "noites")}, ${formatCount(quote.guests, "hóspede", "hóspedes")}.`,
    `${groups.join("; ")}.`,
    `Hospedagem ${formatPrice(quote.lodging)}; taxa de limpeza ${formatPrice(quote.cleaningFee)}; total ${formatPrice(quote.total)}.`,
  ].join("\n");
}

export type DayState = "livre" | "reservado" | "bloqueado" | "passado";
export const DAY_STATE_LABELS: Record<DayState, string> = {
  livre: "livre",
  reservado: "reservado",
  bloqueado: "bloqueado",
  passado: "passado",
};

export interface CalendarMonth {
  /** "dezembro de 2026" */
  label: string;
  /** Weeks from Sunday; null = a day of another month. */
  weeks: ({ day: number; iso: string; state: DayState } | null)[][];
}

/**
 * `count` months from today's (or from `from`'s, a later day's), each night's state: taken nights
 * (booked or blocked) from the database, days before today shown as past.
 */
export function calendarMonths(
  today: string,
  count: number,
  taken: ReadonlyMap<string, "reservado" | "bloqueado">,
  from: string = today,
): CalendarMonth[] {
  const [y0, m0] = (from > today ? from : today).split("-").map(Number) as [number, number];
  const months: CalendarMonth[] = [];
  for (let k = 0; k < count; k++) {
    const year = y0 + Math.floor((m0 - 1 + k) / 12);
    const month = (m0 - 1 + k) % 12; // 0-based
    const first = new Date(Date.UTC(year, month, 1));
    const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const cells: CalendarMonth["weeks"][number] = Array.from({ length: first.getUTCDay() }, () => null);
    for (let d = 1; d <= days; d++) {
      const iso = `${year}-${String(month + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
      cells.push({ day: d, iso, state: iso < today ? "passado" : (taken.get(iso) ?? "livre") });
    }
    while (cells.length % 7) cells.push(null);
    const weeks: CalendarMonth["weeks"] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    months.push({ label: `${MONTH_NAMES[month]} de ${year}`, weeks });
  }
  return months;
}
