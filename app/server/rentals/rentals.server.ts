// Holiday rentals (temporada), decision 037: a listing's rates and rules, its taken nights
// (booked or blocked), booking requests that arrive as leads, and the agent's answer to them.
// Every write a visitor can see (terms, a blocked night, a confirmed stay) bumps the data version
// in its own transaction, so cached listing pages show it on the next request (decision 009).
// A night can be taken once: rental_nights' primary key (property_id, night) refuses a second
// confirmation of any shared night, whichever instance commits second.
import { and, arrayContains, asc, between, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { maceioClock } from "../../lib/maceio-time";
import {
  addDays,
  arrivalPassed,
  calendarMonths,
  dayNumber,
  MAX_STAY_NIGHTS,
  nightsOf,
  PRECEDENCE,
  quoteStay,
  quoteSummary,
  type StayQuote,
  type StayTerms,
} from "../../lib/rental";
import type { StayRequest } from "../../lib/rental-form";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db, Tx } from "../db/client.server";
import {
  appState,
  leadContacts,
  leads,
  type Property,
  properties,
  type RentalTerms,
  rentalBookings,
  rentalNights,
  rentalTerms,
} from "../db/schema.server";
import { safeAddress } from "../mail/mailer.server";
import { type Actor, auditOrigin, loadManageable } from "../properties/access.server";
import { isOnOffer, isPublished } from "../properties/cards.server";
import { isUniqueViolation } from "../properties/errors.server";
import { enqueueBookingEmail, enqueueCancellationEmail } from "./booking-email.server";

/** Months of the calendar on a listing's page. */
export const CALENDAR_MONTHS = 4;

export type RentalProperty = Pick<
  Property,
  "id" | "finalidades" | "precoAluguel" | "periodoAluguel" | "quartos"
>;

/** What the listing page and the quote need: the pricing terms and the rules shown to guests. */
export interface ListingRental extends StayTerms {
  securityDeposit: number;
  checkInTime: string;
  checkOutTime: string;
  houseRules: string;
  inventory: string;
}

/**
 * A temporada listing's terms: its own row, or, until the agency sets one, its daily price as the
 * only rate, one night minimum and two guests per bedroom. Null when the listing is not for
 * temporada or has no rate at all (then the page offers no quote).
 */
export function rentalOf(
  property: RentalProperty,
  row: RentalTerms | null | undefined,
): ListingRental | null {
  if (!property.finalidades.includes("temporada")) return null;
  if (row)
    return {
      defaultRate: row.defaultRate,
      minNights: row.minNights,
      cleaningFee: row.cleaningFee,
      maxGuests: row.maxGuests,
      seasons: row.seasons,
      securityDeposit: row.securityDeposit,
      checkInTime: row.checkInTime,
      checkOutTime: row.checkOutTime,
      houseRules: row.houseRules,
      inventory: row.inventory,
    };
  if (!property.precoAluguel || property.periodoAluguel !== "diaria") return null;
  return {
    defaultRate: property.precoAluguel,
    minNights: 1,
    cleaningFee: 0,
    maxGuests: Math.max(2, property.quartos * 2),
    seasons: [],
    securityDeposit: 0,
    checkInTime: "14:00",
    checkOutTime: "11:00",
    houseRules: "",
    inventory: "",
  };
}

export async function getRentalTermsRow(db: Db | Tx, propertyId: number): Promise<RentalTerms | null> {
  const [row] = await db.select().from(rentalTerms).where(eq(rentalTerms.propertyId, propertyId));
  return row ?? null;
}

export type RentalTermsWrite = Omit<RentalTerms, "propertyId" | "updatedAt">;

/** Saves a listing's terms (admin, or its corretor); the public page shows them at once. */
export async function saveRentalTerms(db: Db, actor: Actor, propertyId: number, input: RentalTermsWrite) {
  await db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId, { lock: true });
    const values = { ...input, updatedAt: new Date() };
    await tx
      .insert(rentalTerms)
      .values({ propertyId, ...values })
      .onConflictDoUpdate({ target: rentalTerms.propertyId, set: values });
    await bumpDataVersion(tx);
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-terms-updated",
      entity: "property",
      entityId: propertyId,
      details: { seasons: input.seasons.length },
    });
  });
}

/**
 * A night taken from `from` (included) to `to` (excluded): booked, blocked or imported (a row of
 * rental_nights). The listing's calendar and quote read it here (takenNights); the search by
 * dates reads the same rows once per data version (takenCalendars).
 */
function takenIn(from: string, to: string): SQL {
  return and(gte(rentalNights.night, from), lt(rentalNights.night, to)) as SQL;
}

/** The taken nights from `from` (included) to `to` (excluded): booked or blocked. */
export async function takenNights(
  db: Db | Tx,
  propertyId: number,
  from: string,
  to: string,
): Promise<Map<string, "reservado" | "bloqueado">> {
  const rows = await db
    .select({ night: rentalNights.night, bookingId: rentalNights.bookingId })
    .from(rentalNights)
    .where(and(eq(rentalNights.propertyId, propertyId), takenIn(from, to)))
    .orderBy(asc(rentalNights.night));
  return new Map(rows.map((r) => [r.night, r.bookingId === null ? "bloqueado" : "reservado"] as const));
}

/**
 * A listing's terms compiled for the search by dates (decision 040): its seasons resolved once
 * into runs of days with one rate and one minimum each (seasonOf's precedence applied at each
 * run's first day), so a candidate's total and minimum are a walk over the stay's day numbers —
 * no date strings, no objects — instead of quoteStay's night-by-night dates and season lookups.
 * `stay-search.server.test.ts` holds its total to the listing page's quote for every stay of 1,
 * 3 and 7 nights over the seasons and the réveillon.
 */
interface StayPricing {
  maxGuests: number;
  minNights: number;
  cleaningFee: number;
  /** Each run's first day, ascending; the first run starts at -Infinity (the default rate). */
  starts: Float64Array;
  rates: Float64Array;
  /** A run's season minimum (0 where no season prices the night). */
  minimums: Int32Array;
}

/** The compiled terms; null when a season's date is not a real one (quoteStay then decides). */
export function compileStayPricing(terms: StayTerms): StayPricing | null {
  // Each season as day numbers and its kind's rank in seasonOf's precedence (lower wins; among
  // equals, the first in the list, as seasonOf).
  const seasons: { start: number; end: number; rank: number; season: StayTerms["seasons"][number] }[] = [];
  const bounds = new Set<number>();
  for (const season of terms.seasons) {
    const start = dayNumber(season.start);
    const end = dayNumber(season.end);
    if (Number.isNaN(start) || Number.isNaN(end)) return null;
    if (start > end) continue; // seasonOf never matches it either
    seasons.push({ start, end, rank: PRECEDENCE.indexOf(season.kind), season });
    bounds.add(start);
    bounds.add(end + 1);
  }
  const days = [...bounds].sort((a, b) => a - b);
  const starts = [Number.NEGATIVE_INFINITY];
  const rates = [terms.defaultRate];
  const minimums = [0];
  for (const day of days) {
    // Inside a run the seasons containing a night do not change, so neither does the one pricing it.
    let best: (typeof seasons)[number] | undefined;
    for (const s of seasons) if (day >= s.start && day <= s.end && (!best || s.rank < best.rank)) best = s;
    starts.push(day);
    rates.push(best?.season.rate ?? terms.defaultRate);
    minimums.push(best?.season.minNights ?? 0);
  }
  return {
    maxGuests: terms.maxGuests,
    minNights: terms.minNights,
    cleaningFee: terms.cleaningFee,
    starts: Float64Array.from(starts),
    rates: Float64Array.from(rates),
    minimums: Int32Array.from(minimums),
  };
}

/**
 * The stay's total as quoteStay computes it (the nights' rates added in order, then the cleaning
 * fee), or undefined when the stay is shorter than the longest minimum it touches. The guests
 * and the stay's own validity are checked by the caller.
 */
export function pricedTotal(pricing: StayPricing, checkIn: number, checkOut: number): number | undefined {
  const { starts, rates, minimums } = pricing;
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= checkIn) low = middle + 1;
    else high = middle;
  }
  let run = low - 1;
  let lodging = 0;
  let minimum = pricing.minNights;
  for (let day = checkIn; day < checkOut; day++) {
    while (run + 1 < starts.length && starts[run + 1]! <= day) run++;
    lodging += rates[run]!;
    if (minimums[run]! > minimum) minimum = minimums[run]!;
  }
  if (checkOut - checkIn < minimum) return undefined;
  return lodging + pricing.cleaningFee;
}

interface PublishedRental {
  rental: ListingRental;
  /**
   * compileStayPricing's, compiled the first time a search asks (a city's search compiles only
   * its listings); null: quoteStay prices this one.
   */
  pricing?: StayPricing | null;
  /** Sold or rented: sinks below the others in every order (search.server.ts). */
  sold: boolean;
}

/**
 * Every published temporada listing's terms (rentalOf), compiled (compileStayPricing), read once
 * per data version: saving terms bumps it, so a search by dates never prices with old rates.
 */
const publishedRentals = perDataVersion(async (db: Db): Promise<Map<number, PublishedRental>> => {
  const rows = await db
    .select({
      id: properties.id,
      finalidades: properties.finalidades,
      precoAluguel: properties.precoAluguel,
      periodoAluguel: properties.periodoAluguel,
      quartos: properties.quartos,
      status: properties.status,
      terms: rentalTerms,
    })
    .from(properties)
    .leftJoin(rentalTerms, eq(rentalTerms.propertyId, properties.id))
    .where(and(isPublished, arrayContains(properties.finalidades, ["temporada"])));
  const out = new Map<number, PublishedRental>();
  for (const { terms, status, ...property } of rows) {
    const rental = rentalOf(property, terms);
    if (rental) out.set(property.id, { rental, sold: status === "vendido" || status === "alugado" });
  }
  return out;
});

/** What the search by dates keeps of a listing that can take the stay. */
export interface AvailableStay {
  /** The stay's total, equal to the listing page's quote (quoteStay) to the cent. */
  total: number;
  sold: boolean;
}

/**
 * The search by dates (decision 040): of these listings, those that can take the stay, with the
 * total of its quote (the listing page's quoteStay): temporada terms, guests within the maximum,
 * the minimum nights of the seasons the stay touches, a check-in from today, and no night taken.
 * Each candidate costs a binary search in its taken nights and a walk over the stay's day
 * numbers (compileStayPricing); the full quote, night by night, is quotedStays' (the page's
 * cards only).
 */
export async function availableStays(
  db: Db,
  propertyIds: readonly number[],
  stay: StayRequest,
  today: string,
): Promise<Map<number, AvailableStay>> {
  const [rentals, calendars] = await Promise.all([publishedRentals(db), takenCalendars({ db }, today)]);
  const checkIn = dayNumber(stay.checkIn);
  const checkOut = dayNumber(stay.checkOut);
  const out = new Map<number, AvailableStay>();
  // What quoteStay refuses whatever the listing: then no listing takes the stay.
  if (
    Number.isNaN(checkIn) ||
    Number.isNaN(checkOut) ||
    arrivalPassed(stay.checkIn, today) ||
    checkOut <= checkIn ||
    checkOut - checkIn > MAX_STAY_NIGHTS ||
    !Number.isInteger(stay.guests) ||
    stay.guests < 1
  )
    return out;
  const rentalById = byIdArray(rentals);
  const takenById = byIdArray(calendars);
  for (const id of propertyIds) {
    const published = rentalById[id];
    if (!published) continue;
    const taken = takenById[id];
    if (taken && anyNightIn(taken, checkIn, checkOut)) continue;
    if (published.pricing === undefined) published.pricing = compileStayPricing(published.rental);
    const { rental, pricing, sold } = published;
    if (pricing) {
      if (stay.guests > pricing.maxGuests) continue;
      const total = pricedTotal(pricing, checkIn, checkOut);
      if (total !== undefined) out.set(id, { total, sold });
    } else {
      const quoted = quoteStay(rental, stay, today);
      if (quoted.ok) out.set(id, { total: quoted.quote.total, sold });
    }
  }
  return out;
}

const byIdArrays = new WeakMap<Map<number, unknown>, unknown[]>();

/**
 * A map by listing id as an array indexed by the id, made once per map (the maps are per data
 * or calendar version): the loop over every candidate of a search by dates indexes it instead of
 * hashing each id twice.
 */
function byIdArray<T>(map: Map<number, T>): (T | undefined)[] {
  let array = byIdArrays.get(map) as (T | undefined)[] | undefined;
  if (!array) {
    let last = 0;
    for (const id of map.keys()) if (id > last) last = id;
    array = new Array<T | undefined>(last + 1).fill(undefined);
    for (const [id, value] of map) array[id] = value;
    byIdArrays.set(map, array);
  }
  return array;
}

/**
 * The listing page's full quote (quoteStay, night by night) of a stay, for the listings
 * availableStays kept that a page shows: a card's total is this quote's.
 */
export async function quotedStays(
  db: Db,
  propertyIds: readonly number[],
  stay: StayRequest,
  today: string,
): Promise<Map<number, StayQuote>> {
  const rentals = await publishedRentals(db);
  const quotes = new Map<number, StayQuote>();
  for (const id of propertyIds) {
    const published = rentals.get(id);
    if (!published) continue;
    const quoted = quoteStay(published.rental, stay, today);
    if (quoted.ok) quotes.set(id, quoted.quote);
  }
  return quotes;
}

/** Whether a sorted list of taken days has one from `from` (included) to `to` (excluded). */
function anyNightIn(days: Int32Array, from: number, to: number): boolean {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low < days.length && days[low]! < to;
}

/**
 * The count of writes to rental_nights (migration 0021: the table's statement trigger bumps it,
 * whoever writes), read once per data version: every such write bumps the data version too.
 */
const calendarVersion = perDataVersion(async (db: Db): Promise<number> => {
  const [row] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, "calendar_version"));
  return row?.value ?? 0;
});

const calendarMemos = new WeakMap<Db, { key: string; value: Promise<Map<number, Int32Array>> }>();

/**
 * Every listing's taken nights from `today` on (booked, blocked or imported: the rows of
 * rental_nights, as takenIn reads them), as sorted day numbers, read once per calendar version
 * (calendarVersion) and day: a write that touches no calendar leaves them in memory. The search
 * by dates checks each stay against these instead of reading the stay's window at every search
 * (decision 040; bench/search-dates.ts); stay-search.server.test.ts holds it to takenNights'
 * answer for every stay of a season.
 */
async function takenCalendars({ db }: { db: Db }, today: string): Promise<Map<number, Int32Array>> {
  const key = `${await calendarVersion(db)}|${today}`;
  const memo = calendarMemos.get(db);
  if (memo?.key === key) return memo.value;
  const value = readTakenCalendars(db, today);
  calendarMemos.set(db, { key, value });
  value.catch(() => {
    if (calendarMemos.get(db)?.value === value) calendarMemos.delete(db);
  });
  return value;
}

async function readTakenCalendars(db: Db, today: string): Promise<Map<number, Int32Array>> {
  const rows = await db
    .select({
      propertyId: rentalNights.propertyId,
      days: sql<
        number[] | string
      >`array_agg((${rentalNights.night} - date '1970-01-01') order by ${rentalNights.night})`,
    })
    .from(rentalNights)
    .where(gte(rentalNights.night, today))
    .groupBy(rentalNights.propertyId);
  const calendars = new Map<number, Int32Array>();
  for (const { propertyId, days } of rows) {
    // A driver that leaves an int[] as its text form ("{1,2,3}") is read here too.
    const list = typeof days === "string" ? days.slice(1, -1).split(",").map(Number) : days;
    calendars.set(propertyId, Int32Array.from(list));
  }
  return calendars;
}

/**
 * The listing page's calendar: `CALENDAR_MONTHS` months from today's (Maceió), or from the month
 * of a quoted stay's check-in (`from`), so a quote shows the nights around it.
 */
export async function listingCalendar(db: Db, propertyId: number, today: string, from: string = today) {
  const start = `${(from > today ? from : today).slice(0, 8)}01`;
  const taken = await takenNights(db, propertyId, start, "9999-12-31");
  return calendarMonths(today, CALENDAR_MONTHS, taken, from);
}

/** Blocks the nights from `from` to `to` (both included) that are still free. Returns how many. */
export async function blockNights(db: Db, actor: Actor, propertyId: number, from: string, to: string) {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId);
    const nights = nightsOf(from, addDays(to, 1));
    const inserted = await tx
      .insert(rentalNights)
      .values(nights.map((night) => ({ propertyId, night })))
      .onConflictDoNothing()
      .returning({ night: rentalNights.night });
    if (inserted.length) await bumpDataVersion(tx);
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-nights-blocked",
      entity: "property",
      entityId: propertyId,
      details: { from, to, nights: inserted.length },
    });
    return inserted.length;
  });
}

/**
 * Frees the nights the agency blocked between `from` and `to` (both included); booked nights stay,
 * and so do nights an imported calendar blocks (they leave when they leave that calendar).
 */
export async function unblockNights(db: Db, actor: Actor, propertyId: number, from: string, to: string) {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId);
    const deleted = await tx
      .delete(rentalNights)
      .where(
        and(
          eq(rentalNights.propertyId, propertyId),
          between(rentalNights.night, from, to),
          isNull(rentalNights.bookingId),
          isNull(rentalNights.feedId),
        ),
      )
      .returning({ night: rentalNights.night });
    if (deleted.length) await bumpDataVersion(tx);
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-nights-unblocked",
      entity: "property",
      entityId: propertyId,
      details: { from, to, nights: deleted.length },
    });
    return deleted.length;
  });
}

/** What a booking request's lead contact keeps (`extra.temporada`). */
export interface StayRequestExtra {
  checkIn: string;
  checkOut: string;
  guests: number;
  nights: number;
  lodging: number;
  cleaningFee: number;
  total: number;
  /**
   * Who sent the request, as the form had it: the lead card it joins (same phone or e-mail,
   * record.server.ts) keeps its first name and e-mail, which may be an older address or another
   * person sharing the phone. Absent on requests stored before it was kept (requestGuest).
   */
  guestName?: string;
  guestEmail?: string | null;
}

export function stayNote(
  quote: StayQuote,
  guest: { name: string; email: string | null },
): { text: string; extra: { temporada: StayRequestExtra } } {
  return {
    text: quoteSummary(quote),
    extra: {
      temporada: {
        checkIn: quote.checkIn,
        checkOut: quote.checkOut,
        guests: quote.guests,
        nights: quote.nights.length,
        lodging: quote.lodging,
        cleaningFee: quote.cleaningFee,
        total: quote.total,
        guestName: guest.name,
        guestEmail: guest.email,
      },
    },
  };
}

/**
 * The guest a request's answer goes to: its sender as stored with the request (stayNote); for a
 * request stored before the sender was kept, the lead card's name and e-mail.
 */
export function requestGuest(
  stay: StayRequestExtra,
  card: { name: string; email: string | null },
): { name: string; email: string | null } {
  if (typeof stay.guestName !== "string") return { name: card.name, email: card.email };
  return { name: stay.guestName, email: typeof stay.guestEmail === "string" ? stay.guestEmail : null };
}

/** A stay quoted against a listing's terms and its taken nights. */
export async function quoteForListing(
  db: Db | Tx,
  propertyId: number,
  rental: ListingRental,
  stay: StayRequest,
  today: string,
) {
  const quoted = quoteStay(rental, stay, today);
  if (!quoted.ok) return quoted;
  const taken = await takenNights(db, propertyId, stay.checkIn, stay.checkOut);
  if (taken.size)
    return { ok: false as const, errors: { chegada: "Há noites ocupadas nessas datas: veja o calendário." } };
  return quoted;
}

function readExtra(extra: Record<string, unknown> | null): StayRequestExtra | null {
  const t = extra?.temporada as Partial<StayRequestExtra> | undefined;
  if (!t || typeof t.checkIn !== "string" || typeof t.checkOut !== "string") return null;
  if (!Number.isInteger(t.guests) || !Number.isInteger(t.total)) return null;
  return t as StayRequestExtra;
}

export interface BookingRequestView extends StayRequestExtra {
  contactId: number;
  referencia: string | null;
  status: "pendente" | "confirmada" | "recusada" | "cancelada";
  /** Unanswered and its check-in before `today`: it can only be declined (answerBookingRequest). */
  expired: boolean;
  /** Who the answer goes to (requestGuest), and whether the mailer takes the address. */
  guestName: string;
  guestEmail: string | null;
  emailable: boolean;
}

/**
 * The booking requests among a lead's contacts, with the agency's answer to each; `today` is
 * Maceió's date, which marks the unanswered ones whose check-in has passed.
 */
export async function bookingRequestsOf(
  db: Db,
  leadId: number,
  contacts: { id: number; referencia: string | null }[],
  today: string,
) {
  if (!contacts.length) return [];
  const rows = await db
    .select({ id: leadContacts.id, extra: leadContacts.extra, name: leads.name, email: leads.email })
    .from(leadContacts)
    .innerJoin(leads, eq(leads.id, leadContacts.leadId))
    .where(and(eq(leadContacts.leadId, leadId), sql`${leadContacts.extra} ? 'temporada'`));
  if (!rows.length) return [];
  const answers = await db
    .select({ contactId: rentalBookings.leadContactId, status: rentalBookings.status })
    .from(rentalBookings)
    .where(
      inArray(
        rentalBookings.leadContactId,
        rows.map((r) => r.id),
      ),
    );
  const out: BookingRequestView[] = [];
  for (const row of rows) {
    const stay = readExtra(row.extra);
    if (!stay) continue;
    const status = answers.find((a) => a.contactId === row.id)?.status ?? "pendente";
    const guest = requestGuest(stay, row);
    out.push({
      ...stay,
      guestName: guest.name,
      guestEmail: guest.email,
      emailable: safeAddress(guest.email) !== null,
      contactId: row.id,
      referencia: contacts.find((c) => c.id === row.id)?.referencia ?? null,
      status,
      expired: status === "pendente" && arrivalPassed(stay.checkIn, today),
    });
  }
  return out;
}

export type BookingAnswer =
  | { status: "confirmed"; bookingId: number; emailed: boolean }
  | { status: "declined" }
  /** Another confirmation or a block took one of its nights first. */
  | { status: "taken" }
  /** Already confirmed or declined. */
  | { status: "answered" }
  /** Not confirmed: its check-in is before today (Maceió). */
  | { status: "expired"; checkIn: string }
  /** Not confirmed: the listing is no longer on offer for temporada (unpublished, sold, rented, no rate). */
  | { status: "unavailable" }
  /** Not confirmed: the listing's terms now refuse the stay (quoteStay's message: guests, minimum). */
  | { status: "refused"; reason: string }
  | { status: "not-found" };

/**
 * The agent's answer to a booking request (one lead contact). Confirming writes the stay and one
 * row per night in one transaction: if any night is already taken the unique key refuses the
 * insert and nothing is written; the guest's e-mail is queued in the same transaction.
 * Confirming checks the request again as the listing page would quote it now (`now`, Maceió's
 * day): a check-in before today, a listing no longer on offer for temporada (isOnOffer, rentalOf)
 * or terms that now refuse the stay (quoteStay: fewer guests, a longer minimum) confirm nothing;
 * the listing's row is locked meanwhile, so its terms or status cannot change under the check.
 * Declining is always possible.
 * Answering takes the right to manage the listing (loadManageable: its corretor or an admin, 403
 * otherwise), as blocking, recordBooking and cancelBooking do: whoever confirms a stay can cancel it
 * on the temporada screen. Seeing the lead is not enough (a roleta may hand it to another corretor).
 */
export async function answerBookingRequest(
  db: Db,
  actor: Actor,
  leadId: number,
  contactId: number,
  answer: "confirmar" | "recusar",
  now: Date,
): Promise<BookingAnswer> {
  const [contact] = await db
    .select({
      propertyId: leadContacts.propertyId,
      extra: leadContacts.extra,
      name: leads.name,
      email: leads.email,
    })
    .from(leadContacts)
    .innerJoin(leads, eq(leads.id, leadContacts.leadId))
    .where(and(eq(leadContacts.id, contactId), eq(leadContacts.leadId, leadId)));
  const stay = readExtra(contact?.extra ?? null);
  if (!contact || !stay || contact.propertyId === null) return { status: "not-found" };
  const propertyId = contact.propertyId;
  const guest = requestGuest(stay, contact);
  const base = {
    propertyId,
    leadContactId: contactId,
    leadId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    total: stay.total,
    guestName: guest.name,
    guestEmail: guest.email,
    decidedById: actor.id,
  };
  try {
    return await db.transaction(async (tx): Promise<BookingAnswer> => {
      await loadManageable(tx, actor, propertyId, { lock: answer === "confirmar" });
      const [answered] = await tx
        .select({ id: rentalBookings.id })
        .from(rentalBookings)
        .where(eq(rentalBookings.leadContactId, contactId));
      if (answered) return { status: "answered" };
      if (answer === "confirmar") {
        const refusal = await confirmationRefusal(tx, propertyId, stay, maceioClock(now).day);
        if (refusal) return refusal;
      }
      const [booking] = await tx
        .insert(rentalBookings)
        .values({ ...base, status: answer === "confirmar" ? "confirmada" : "recusada" })
        .onConflictDoNothing()
        .returning({ id: rentalBookings.id });
      if (!booking) return { status: "answered" };
      await audit(tx, {
        ...auditOrigin(actor),
        action: answer === "confirmar" ? "rental-booking-confirmed" : "rental-booking-declined",
        entity: "lead",
        entityId: leadId,
        details: { contactId, propertyId, checkIn: stay.checkIn, checkOut: stay.checkOut },
      });
      if (answer === "recusar") return { status: "declined" };
      await takeNights(tx, propertyId, booking.id, stay.checkIn, stay.checkOut);
      await bumpDataVersion(tx);
      const emailed = await enqueueBookingEmail(tx, booking.id, guest.email);
      return { status: "confirmed", bookingId: booking.id, emailed };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
}

/**
 * Why a booking request can no longer be confirmed as it was sent, by the rules the listing page's
 * quote applies today (decision 037): null when it still can. Taken nights are left to the unique
 * key of rental_nights (the insert that follows).
 */
async function confirmationRefusal(
  tx: Tx,
  propertyId: number,
  stay: StayRequestExtra,
  today: string,
): Promise<Extract<BookingAnswer, { status: "expired" | "unavailable" | "refused" }> | null> {
  if (arrivalPassed(stay.checkIn, today)) return { status: "expired", checkIn: stay.checkIn };
  const [listing] = await tx
    .select({
      id: properties.id,
      finalidades: properties.finalidades,
      precoAluguel: properties.precoAluguel,
      periodoAluguel: properties.periodoAluguel,
      quartos: properties.quartos,
      terms: rentalTerms,
    })
    .from(properties)
    .leftJoin(rentalTerms, eq(rentalTerms.propertyId, properties.id))
    .where(and(eq(properties.id, propertyId), isOnOffer));
  const rental = listing ? rentalOf(listing, listing.terms) : null;
  if (!rental) return { status: "unavailable" };
  const quoted = quoteStay(rental, stay, today);
  if (quoted.ok) return null;
  return { status: "refused", reason: Object.values(quoted.errors)[0] ?? "refaça a cotação." };
}

async function takeNights(tx: Tx, propertyId: number, bookingId: number, checkIn: string, checkOut: string) {
  const nights = nightsOf(checkIn, checkOut);
  if (!nights.length || nights.length > MAX_STAY_NIGHTS) throw new Error("temporada: estadia inválida");
  await tx.insert(rentalNights).values(nights.map((night) => ({ propertyId, night, bookingId })));
}

/**
 * A stay the agency confirmed elsewhere (by phone, a portal), recorded by hand on the listing's
 * temporada page: the same night-level guarantee as a request's confirmation.
 */
export async function recordBooking(
  db: Db,
  actor: Actor,
  propertyId: number,
  input: {
    checkIn: string;
    checkOut: string;
    guests: number;
    guestName: string;
    guestEmail: string | null;
    total: number;
  },
): Promise<{ status: "confirmed"; bookingId: number } | { status: "taken" }> {
  try {
    return await db.transaction(async (tx) => {
      await loadManageable(tx, actor, propertyId);
      const [booking] = await tx
        .insert(rentalBookings)
        .values({ ...input, propertyId, status: "confirmada", decidedById: actor.id })
        .returning({ id: rentalBookings.id });
      if (!booking) throw new Error("temporada: reserva sem id");
      await takeNights(tx, propertyId, booking.id, input.checkIn, input.checkOut);
      await bumpDataVersion(tx);
      await audit(tx, {
        ...auditOrigin(actor),
        action: "rental-booking-recorded",
        entity: "property",
        entityId: propertyId,
        details: { checkIn: input.checkIn, checkOut: input.checkOut },
      });
      return { status: "confirmed" as const, bookingId: booking.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
}

/** A listing's confirmed stays from `today` on, for its temporada admin page. */
export async function upcomingBookings(db: Db, propertyId: number, today: string) {
  return db
    .select({
      id: rentalBookings.id,
      checkIn: rentalBookings.checkIn,
      checkOut: rentalBookings.checkOut,
      guests: rentalBookings.guests,
      total: rentalBookings.total,
      guestName: rentalBookings.guestName,
      leadId: rentalBookings.leadId,
    })
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.propertyId, propertyId),
        eq(rentalBookings.status, "confirmada"),
        gte(rentalBookings.checkOut, today),
      ),
    )
    .orderBy(asc(rentalBookings.checkIn));
}

export type CancelResult =
  | { status: "cancelled"; emailed: boolean; nights: number }
  /** Not a confirmed stay of this listing (already cancelled, declined, or another listing's). */
  | { status: "not-found" };

/**
 * Cancels a confirmed stay: its nights are freed, the cancellation is audited and the guest (when
 * the stay has an address) gets an e-mail through the outbox, all in one transaction. A second
 * cancellation of the same stay finds nothing to do.
 */
export async function cancelBooking(
  db: Db,
  actor: Actor,
  propertyId: number,
  bookingId: number,
  now: Date,
): Promise<CancelResult> {
  return db.transaction(async (tx): Promise<CancelResult> => {
    await loadManageable(tx, actor, propertyId);
    const [booking] = await tx
      .update(rentalBookings)
      .set({ status: "cancelada", cancelledAt: now })
      .where(
        and(
          eq(rentalBookings.id, bookingId),
          eq(rentalBookings.propertyId, propertyId),
          eq(rentalBookings.status, "confirmada"),
        ),
      )
      .returning();
    if (!booking) return { status: "not-found" };
    const freed = await tx
      .delete(rentalNights)
      .where(eq(rentalNights.bookingId, booking.id))
      .returning({ night: rentalNights.night });
    await bumpDataVersion(tx);
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-booking-cancelled",
      entity: booking.leadId ? "lead" : "property",
      entityId: booking.leadId ?? propertyId,
      details: { bookingId, propertyId, checkIn: booking.checkIn, checkOut: booking.checkOut },
    });
    const emailed = await enqueueCancellationEmail(tx, booking.id, booking.guestEmail);
    return { status: "cancelled", emailed, nights: freed.length };
  });
}
