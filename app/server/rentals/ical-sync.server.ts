// iCal exchange for temporada listings (decision 039).
// - Export: each listing gets a secret token; /temporada/<token>.ics publishes its confirmed stays
//   and its blocked nights (ical.server.ts builds the file). The admin can replace the token.
// - Import: up to MAX_FEEDS calendars per listing (Airbnb, Booking.com…), each fetched every
//   ICAL_POLL_INTERVAL_SECONDS by a sweep that claims due feeds, one at a time, with FOR UPDATE SKIP
//   LOCKED and a lease (next_attempt_at), so one instance fetches a feed at a time. The file is read in a worker
//   thread with a time limit (ical-parse-thread.server.ts). A good fetch reconciles the
//   feed's nights in rental_nights by UID in one transaction (added, moved, removed; an unchanged
//   file writes nothing); a failed one changes nothing but the feed's status and backs off
//   exponentially (BACKOFF_BASE_MS doubling, capped at BACKOFF_CAP_MS).
// Imported nights are rows of rental_nights without booking, so takenNights — what the calendar,
// the quote and a confirmation read — sees them as "bloqueado" without any change.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, lte, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { maceioClock } from "../../lib/maceio-time";
import { addDays } from "../../lib/rental";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db, Tx } from "../db/client.server";
import {
  properties,
  type RentalIcalFeed,
  rentalBookings,
  rentalIcalExports,
  rentalIcalFeeds,
  rentalNights,
} from "../db/schema.server";
import { cleanText } from "../http/clean-input.server";
import { type Logger, logOf } from "../log/logger.server";
import { type Actor, auditOrigin, loadManageable } from "../properties/access.server";
import type { Services } from "../services.server";
import {
  buildListingCalendar,
  exportEvents,
  type ImportedCalendar,
  NotICalendarError,
  type ReadLimits,
} from "./ical.server";
import {
  FeedFetchError,
  type FetchOptions,
  fetchCalendarText,
  ICAL_FETCH_TIMEOUT_MS,
} from "./ical-fetch.server";
import { CalendarReadError, ICAL_PARSE_TIMEOUT_MS, parseCalendarInWorker } from "./ical-parse-thread.server";

export const MAX_FEEDS = 5;
export const DEFAULT_POLL_INTERVAL_SECONDS = 1800;
export const BACKOFF_BASE_MS = 5 * 60_000;
export const BACKOFF_CAP_MS = 6 * 3_600_000;
/** Imported nights are kept from today to this many days ahead. */
export const IMPORT_HORIZON_DAYS = 730;
/** Past nights the published calendar still carries. */
const EXPORT_PAST_DAYS = 30;
/** A claimed feed's lease beyond its fetch's and read's time limits: the write, a slow database. */
const LEASE_MARGIN_MS = 60_000;

export interface SyncOptions extends FetchOptions {
  /** Seconds to the next fetch after a good one (ICAL_POLL_INTERVAL_SECONDS). */
  intervalSeconds?: number;
  /** Time the calendar may take to be read, in its worker thread (ICAL_PARSE_TIMEOUT_SECONDS). */
  parseTimeoutMs?: number;
  /** What reading one calendar may cost (tests lower it); READ_LIMITS otherwise. */
  readLimits?: ReadLimits;
}

/** The wait after the n-th failure in a row: 5 min, 10, 20… up to 6 hours. */
export function backoffMs(failures: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
}

// ——— Export ———

const newToken = () => randomBytes(24).toString("base64url");

/** The listing's export token, made on first use. */
export async function exportTokenOf(db: Db, propertyId: number): Promise<string> {
  await db.insert(rentalIcalExports).values({ propertyId, token: newToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: rentalIcalExports.token })
    .from(rentalIcalExports)
    .where(eq(rentalIcalExports.propertyId, propertyId));
  if (!row) throw new Error("ical: token não gravado");
  return row.token;
}

/** Replaces the listing's export token: the old URL answers 404 from now on. */
export async function regenerateExportToken(db: Db, actor: Actor, propertyId: number): Promise<string> {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId);
    const token = newToken();
    await tx
      .insert(rentalIcalExports)
      .values({ propertyId, token })
      .onConflictDoUpdate({ target: rentalIcalExports.propertyId, set: { token, createdAt: new Date() } });
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-ical-token-regenerated",
      entity: "property",
      entityId: propertyId,
    });
    return token;
  });
}

/** The published .ics for a token, or null for an unknown token. */
export async function exportCalendar(db: Db, token: string, now: Date): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return null;
  const [row] = await db
    .select({ propertyId: rentalIcalExports.propertyId, referencia: properties.referencia })
    .from(rentalIcalExports)
    .innerJoin(properties, eq(properties.id, rentalIcalExports.propertyId))
    .where(eq(rentalIcalExports.token, token));
  if (!row) return null;
  const from = addDays(maceioClock(now).day, -EXPORT_PAST_DAYS);
  const stays = await db
    .select({ id: rentalBookings.id, checkIn: rentalBookings.checkIn, checkOut: rentalBookings.checkOut })
    .from(rentalBookings)
    .where(
      and(
        eq(rentalBookings.propertyId, row.propertyId),
        eq(rentalBookings.status, "confirmada"),
        gte(rentalBookings.checkOut, from),
      ),
    )
    .orderBy(asc(rentalBookings.checkIn));
  const blocked = await db
    .select({ night: rentalNights.night })
    .from(rentalNights)
    .where(
      and(
        eq(rentalNights.propertyId, row.propertyId),
        gte(rentalNights.night, from),
        sql`${rentalNights.bookingId} is null`,
      ),
    );
  return buildListingCalendar(
    `Imóvel ${row.referencia}`,
    exportEvents(
      row.propertyId,
      stays,
      blocked.map((b) => b.night),
    ),
    now,
  );
}

// ——— Feeds: the admin's list ———

export const feedSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Dê um nome ao calendário (ex.: Airbnb).")
    .max(60, "Use no máximo 60 caracteres."),
  url: z
    .string()
    .trim()
    .min(1, "Informe o endereço do calendário (.ics).")
    .max(2000, "Endereço longo demais.")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
      } catch {
        return false;
      }
    }, "Informe um endereço que comece com http:// ou https://."),
});

export type FeedInput = z.infer<typeof feedSchema>;

export async function feedsOf(db: Db, propertyId: number): Promise<RentalIcalFeed[]> {
  return db
    .select()
    .from(rentalIcalFeeds)
    .where(eq(rentalIcalFeeds.propertyId, propertyId))
    .orderBy(asc(rentalIcalFeeds.id));
}

export type AddFeedResult = { ok: true; feedId: number } | { ok: false; errors: Record<string, string> };

/** Adds an imported calendar; due at once (the sweep or "Sincronizar agora" fetches it). */
export async function addFeed(
  db: Db,
  actor: Actor,
  propertyId: number,
  input: FeedInput,
  now: Date,
): Promise<AddFeedResult> {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId, { lock: true });
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(rentalIcalFeeds)
      .where(eq(rentalIcalFeeds.propertyId, propertyId));
    if ((count?.n ?? 0) >= MAX_FEEDS)
      return { ok: false as const, errors: { url: `Cada imóvel importa até ${MAX_FEEDS} calendários.` } };
    const [feed] = await tx
      .insert(rentalIcalFeeds)
      // Control characters never reach the database (a NUL is refused): the form is cleaned
      // already (cleanForm), this holds for any other caller.
      .values({ propertyId, label: cleanText(input.label), url: cleanText(input.url), nextAttemptAt: now })
      .returning({ id: rentalIcalFeeds.id });
    if (!feed) throw new Error("ical: feed sem id");
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-ical-feed-added",
      entity: "property",
      entityId: propertyId,
      details: { feedId: feed.id, label: input.label },
    });
    return { ok: true as const, feedId: feed.id };
  });
}

/** Removes an imported calendar and frees the nights it blocked. */
export async function removeFeed(db: Db, actor: Actor, propertyId: number, feedId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId);
    const freed = await tx
      .delete(rentalNights)
      .where(and(eq(rentalNights.propertyId, propertyId), eq(rentalNights.feedId, feedId)))
      .returning({ night: rentalNights.night });
    const [gone] = await tx
      .delete(rentalIcalFeeds)
      .where(and(eq(rentalIcalFeeds.id, feedId), eq(rentalIcalFeeds.propertyId, propertyId)))
      .returning({ id: rentalIcalFeeds.id });
    if (!gone) return false;
    if (freed.length) await bumpDataVersion(tx);
    await audit(tx, {
      ...auditOrigin(actor),
      action: "rental-ical-feed-removed",
      entity: "property",
      entityId: propertyId,
      details: { feedId, nights: freed.length },
    });
    return true;
  });
}

// ——— Feeds: fetching and applying ———

export interface SyncResult {
  feedId: number;
  ok: boolean;
  added: number;
  removed: number;
  moved: number;
  conflicts: string[];
  /** Events left out because they could not be read (a good fetch). */
  ignored?: number;
  error?: string;
  /** The exception behind a failed write, for the log. */
  cause?: unknown;
}

/**
 * Applies a good fetch: the feed's nights from today on become exactly the calendar's `wanted`
 * nights (each with its event's UID), minus nights already taken here by anything else.
 * `conflicts` are the nights a confirmed stay holds; a block (by hand or by another calendar) is
 * no conflict.
 */
async function applyEvents(
  tx: Tx,
  feed: Pick<RentalIcalFeed, "id" | "propertyId">,
  wanted: Map<string, string>,
  today: string,
) {
  const held = await tx
    .select({ night: rentalNights.night, uid: rentalNights.feedUid })
    .from(rentalNights)
    .where(and(eq(rentalNights.feedId, feed.id), gte(rentalNights.night, today)));
  const heldNights = new Set(held.map((h) => h.night));
  const gone = held.filter((h) => !wanted.has(h.night)).map((h) => h.night);
  const relabel = new Map<string, string[]>();
  for (const h of held) {
    const uid = wanted.get(h.night);
    if (uid !== undefined && uid !== h.uid) relabel.set(uid, [...(relabel.get(uid) ?? []), h.night]);
  }
  const fresh = [...wanted.keys()].filter((night) => !heldNights.has(night)).sort();
  if (gone.length)
    await tx
      .delete(rentalNights)
      .where(and(eq(rentalNights.feedId, feed.id), inArray(rentalNights.night, gone)));
  for (const [uid, nights] of relabel)
    await tx
      .update(rentalNights)
      .set({ feedUid: uid })
      .where(and(eq(rentalNights.feedId, feed.id), inArray(rentalNights.night, nights)));
  let added = 0;
  let conflicts: string[] = [];
  if (fresh.length) {
    const inserted = await tx
      .insert(rentalNights)
      .values(
        fresh.map((night) => ({
          propertyId: feed.propertyId,
          night,
          feedId: feed.id,
          feedUid: wanted.get(night) ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ night: rentalNights.night });
    added = inserted.length;
    if (added < fresh.length) {
      const got = new Set(inserted.map((i) => i.night));
      const refused = fresh.filter((night) => !got.has(night));
      const booked = await tx
        .select({ night: rentalNights.night })
        .from(rentalNights)
        .where(
          and(
            eq(rentalNights.propertyId, feed.propertyId),
            inArray(rentalNights.night, refused),
            isNotNull(rentalNights.bookingId),
          ),
        )
        .orderBy(asc(rentalNights.night));
      conflicts = booked.map((b) => b.night);
    }
  }
  if (added || gone.length) await bumpDataVersion(tx);
  return {
    added,
    removed: gone.length,
    moved: [...relabel.values()].reduce((n, l) => n + l.length, 0),
    conflicts,
  };
}

/** Shown on the feed when its nights could not be written (the database refused them). */
export const APPLY_ERROR = "Erro ao gravar as noites do calendário; nova tentativa mais tarde.";

/** A failed fetch, read or write: only the feed's status changes (its nights stay), and it backs off. */
async function recordFailure(
  db: Db,
  feed: Pick<RentalIcalFeed, "id" | "failures">,
  now: Date,
  message: string,
  cause?: unknown,
): Promise<SyncResult> {
  const failures = feed.failures + 1;
  await db
    .update(rentalIcalFeeds)
    .set({
      failures,
      lastError: message,
      lastErrorAt: now,
      nextAttemptAt: new Date(now.getTime() + backoffMs(failures)),
    })
    .where(eq(rentalIcalFeeds.id, feed.id));
  return { feedId: feed.id, ok: false, added: 0, removed: 0, moved: 0, conflicts: [], error: message, cause };
}

/**
 * Fetches one (claimed) feed and applies it, or records its failure — the fetch's, the read's or
 * the write's — and backs off; throws only when the failure cannot be recorded either.
 */
export async function syncFeed(
  db: Db,
  feed: Pick<RentalIcalFeed, "id" | "propertyId" | "url" | "failures">,
  now: Date,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const today = maceioClock(now).day;
  const intervalMs = (options.intervalSeconds ?? DEFAULT_POLL_INTERVAL_SECONDS) * 1000;
  let calendar: ImportedCalendar;
  try {
    const text = await fetchCalendarText(feed.url, options);
    calendar = await parseCalendarInWorker(
      text,
      { from: today, to: addDays(today, IMPORT_HORIZON_DAYS) },
      options.parseTimeoutMs ?? ICAL_PARSE_TIMEOUT_MS,
      options.readLimits,
    );
  } catch (error) {
    const message =
      error instanceof FeedFetchError || error instanceof CalendarReadError
        ? error.message
        : error instanceof NotICalendarError
          ? "O endereço não devolveu um calendário iCal (.ics)."
          : "Erro ao ler o calendário.";
    // What went wrong reading it, for the log (the feed shows the message).
    const cause = error instanceof CalendarReadError ? error.cause : undefined;
    return recordFailure(db, feed, now, message, cause);
  }
  // A write the database refuses (a value it cannot store, the feed removed meanwhile) is this
  // feed's failure, recorded like a fetch's: before, it ended the whole sweep and the other
  // feeds it had claimed, and "Sincronizar agora" answered 500.
  let applied: Awaited<ReturnType<typeof applyEvents>>;
  try {
    applied = await db.transaction(async (tx) => {
      const result = await applyEvents(tx, feed, calendar.nights, today);
      await tx
        .update(rentalIcalFeeds)
        .set({
          failures: 0,
          lastError: null,
          lastSuccessAt: now,
          nextAttemptAt: new Date(now.getTime() + intervalMs),
          events: calendar.events,
          ignoredEvents: calendar.ignored,
          conflicts: result.conflicts,
        })
        .where(eq(rentalIcalFeeds.id, feed.id));
      return result;
    });
  } catch (error) {
    return recordFailure(db, feed, now, APPLY_ERROR, error);
  }
  return { feedId: feed.id, ok: true, ...applied, ignored: calendar.ignored };
}

/**
 * Claims the next due feed (not one of `done`) for a lease; a feed is never handed to two sweeps
 * at once.
 */
async function claimDueFeed(db: Db, now: Date, leaseUntil: Date, done: number[]) {
  const due = db
    .select({ id: rentalIcalFeeds.id })
    .from(rentalIcalFeeds)
    .where(
      and(
        lte(rentalIcalFeeds.nextAttemptAt, now),
        done.length ? notInArray(rentalIcalFeeds.id, done) : undefined,
      ),
    )
    .orderBy(asc(rentalIcalFeeds.nextAttemptAt), asc(rentalIcalFeeds.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return db
    .update(rentalIcalFeeds)
    .set({ nextAttemptAt: leaseUntil })
    .where(inArray(rentalIcalFeeds.id, due))
    .returning();
}

/**
 * One sweep: every due feed fetched and applied, with its outcome. Each is claimed when its turn
 * comes, with the clock read then, for as long as one feed may take (its fetch's and read's time
 * limits, and a margin). Until 2026-12 ten were claimed at the sweep's start with one 2-minute
 * lease and one time for all: a batch of slow feeds outlived the lease, so another instance
 * fetched the rest again, and the last ones' times were stale. `clock` gives the time (a fixed
 * Date in tests); a feed handled once is not taken again in the same sweep.
 */
export async function runIcalSweep(
  db: Db,
  clock: Date | (() => Date),
  options: SyncOptions = {},
): Promise<SyncResult[]> {
  const nowOf = typeof clock === "function" ? clock : () => clock;
  const leaseMs =
    (options.timeoutMs ?? ICAL_FETCH_TIMEOUT_MS) +
    (options.parseTimeoutMs ?? ICAL_PARSE_TIMEOUT_MS) +
    LEASE_MARGIN_MS;
  const results: SyncResult[] = [];
  const done: number[] = [];
  for (;;) {
    const now = nowOf();
    const feeds = await claimDueFeed(db, now, new Date(now.getTime() + leaseMs), done);
    if (!feeds.length) return results;
    for (const feed of feeds) {
      done.push(feed.id);
      try {
        results.push(await syncFeed(db, feed, now, options));
      } catch (error) {
        // Not even the failure could be written: the next feeds are still tried; this one is
        // due again when its lease ends.
        results.push({
          feedId: feed.id,
          ok: false,
          added: 0,
          removed: 0,
          moved: 0,
          conflicts: [],
          error: APPLY_ERROR,
          cause: error,
        });
      }
    }
  }
}

/** "Sincronizar agora" on the admin screen: this listing's feed fetched now, whatever its schedule. */
export async function syncFeedNow(
  db: Db,
  actor: Actor,
  propertyId: number,
  feedId: number,
  now: Date,
  options: SyncOptions = {},
): Promise<SyncResult | null> {
  await loadManageable(db, actor, propertyId);
  const [feed] = await db
    .select()
    .from(rentalIcalFeeds)
    .where(and(eq(rentalIcalFeeds.id, feedId), eq(rentalIcalFeeds.propertyId, propertyId)));
  if (!feed) return null;
  return syncFeed(db, feed, now, options);
}

export function syncOptionsOf(config: Services["config"]): SyncOptions {
  return {
    intervalSeconds: config.ICAL_POLL_INTERVAL_SECONDS,
    allowPrivate: config.ICAL_ALLOW_PRIVATE_ADDRESSES,
    parseTimeoutMs: config.ICAL_PARSE_TIMEOUT_SECONDS * 1000,
  };
}

export interface IcalSweep {
  stop(): Promise<void>;
}

/** The process's import sweep: at start, then every ICAL_POLL_INTERVAL_SECONDS (server/app.ts). */
export function startIcalSweep(
  services: Pick<Services, "config" | "db" | "log">,
  now: () => Date = () => new Date(),
): IcalSweep {
  const log: Logger = logOf(services);
  const options = syncOptionsOf(services.config);
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = runIcalSweep(services.db, now, options)
      .then((results) => {
        for (const r of results)
          if (!r.ok)
            log.warn({ feedId: r.feedId, error: r.error, err: r.cause }, "Calendário importado: falha");
          else if (r.added + r.removed > 0) log.info(r, "Calendário importado");
      })
      .catch((error: unknown) => log.error({ err: error }, "Calendários importados: a varredura falhou"))
      .finally(() => {
        running = undefined;
      });
  };
  // The poll interval is the feeds' own schedule; the sweep looks more often (at most every
  // 5 minutes) so a feed added or backed off is fetched near its time.
  const every = Math.min(services.config.ICAL_POLL_INTERVAL_SECONDS, 300) * 1000;
  const timer = setInterval(sweep, every);
  timer.unref?.();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
