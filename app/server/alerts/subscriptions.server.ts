// Saved searches with e-mail alerts ("Receber novidades desta busca", decision 035): a visitor
// leaves an address (no account), a frequency and the LGPD consent on a search page; nothing is
// sent but the confirmation e-mail until they open its link (double opt-in). Every e-mail carries
// the saved search's token: a 256-bit random value, unique, that opens the page of the address's
// alerts (/alertas/<token>) and cancels this one in one click (RFC 8058). Cancelling deletes the
// row (its sent listings cascade), so nothing is kept about someone who left.
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import {
  ALERT_FREQUENCY_KEYS,
  ALERT_SEARCH_PATHS,
  ALERT_TOKEN_PATTERN,
  type AlertFieldErrors,
  type AlertFormValues,
  type AlertFrequency,
  type AlertSearchPath,
} from "../../lib/alerts";
import { searchTitle } from "../../lib/search-describe";
import { parseSearchFilters, type SearchFilters } from "../../lib/search-filters";
import { serializeSearchFilters } from "../../lib/search-params";
import { HOUSE_TIPOS, type Tipo } from "../../lib/vocabulary";
import { hitRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import { normalizeEmail } from "../auth/sign-in.server";
import type { Db, Tx } from "../db/client.server";
import { outbox, savedSearches } from "../db/schema.server";
import { enqueue, payloadIdIn } from "../outbox/outbox.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";

export const ALERT_CONFIRM_EMAIL_KIND = "alert-confirm-email";
export const ALERT_DIGEST_EMAIL_KIND = "alert-digest-email";
/** A confirmation link older than this no longer confirms; the unconfirmed row is then purged. */
export const CONFIRM_TTL_MS = 7 * 24 * 3600_000;
/** Saved searches one address may have (a limit on what a stranger can subscribe someone to). */
export const MAX_ALERTS_PER_EMAIL = 20;
/**
 * E-mails per address and day telling its owner that someone asked for an alert at it (subscribe's
 * notices). The form's per-IP limit (ALERT_RULE, app/server/http/form-limits.server.ts)
 * does not stop a stranger posting from many connections; this caps what the owner gets.
 */
export const OWNER_NOTICE_RULE: RateLimitRule = { limit: 3, windowMs: 24 * 3_600_000 };

export type SavedSearch = typeof savedSearches.$inferSelect;

/** What each screen lists (the loaders of app/routes/public/todos-os-imoveis.tsx and casas.tsx). */
export const SCREEN_TIPOS: Record<AlertSearchPath, readonly Tipo[] | undefined> = {
  "/todos-os-imoveis": undefined,
  "/casas": HOUSE_TIPOS,
};
const SCREEN_SUBJECT: Record<AlertSearchPath, string> = { "/todos-os-imoveis": "Imóveis", "/casas": "Casas" };

/** The frequency a form names (the search page's alert form, the /alertas/<token> page's "Salvar"). */
export const alertFrequencySchema = z.enum(ALERT_FREQUENCY_KEYS, {
  error: "Escolha com que frequência quer receber.",
});

export const alertFormSchema = z.object({
  email: z
    .string({ error: "Informe o e-mail." })
    .trim()
    .min(1, "Informe o e-mail.")
    .max(254, "E-mail longo demais.")
    .pipe(z.email({ error: "Informe um e-mail válido, ex.: nome@exemplo.com.br." })),
  frequencia: alertFrequencySchema,
  consent: z
    .string()
    .optional()
    .refine((v) => v === "on" || v === "1", "Para receber, autorize o envio marcando esta caixa."),
  busca: z
    .string({ error: "Busca inválida. Volte à página de resultados e tente de novo." })
    .max(2000, "Busca inválida. Volte à página de resultados e tente de novo.")
    .refine(
      (v) => ALERT_SEARCH_PATHS.some((path) => v === path || v.startsWith(`${path}?`)),
      "Busca inválida. Volte à página de resultados e tente de novo.",
    ),
});

export function parseAlertForm(
  form: FormData,
):
  | { ok: true; value: z.output<typeof alertFormSchema> }
  | { ok: false; errors: AlertFieldErrors; values: AlertFormValues } {
  const read = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : undefined;
  };
  const raw = {
    email: read("email"),
    frequencia: read("frequencia"),
    consent: read("consent"),
    busca: read("busca"),
  };
  const parsed = alertFormSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: AlertFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof AlertFieldErrors;
    errors[field] ??= issue.message;
  }
  return {
    ok: false,
    errors,
    values: {
      email: (raw.email ?? "").slice(0, 254),
      frequencia: raw.frequencia ?? "",
      busca: (raw.busca ?? "").slice(0, 2000),
    },
  };
}

export interface SavedSearchQuery {
  path: AlertSearchPath;
  filters: SearchFilters;
  /** Canonical query string without order and page: the same search saved twice is one row. */
  query: string;
  title: string;
}

/** A search page's path and query as the saved search keeps it (the search code's canonical form). */
export function readSearch(busca: string): SavedSearchQuery {
  const at = busca.indexOf("?");
  const path = (at < 0 ? busca : busca.slice(0, at)) as AlertSearchPath;
  const parsed = parseSearchFilters(at < 0 ? "" : busca.slice(at + 1), { allowedTipos: SCREEN_TIPOS[path] });
  // The order, the page and the map are how the results were looked at, not what is searched.
  const filters = { ...parsed, pagina: 1, mapa: false };
  const params = serializeSearchFilters({ ...filters, ordem: undefined });
  return {
    path,
    filters,
    query: params.toString(),
    title: searchTitle(filters, SCREEN_SUBJECT[path]),
  };
}

/** The saved search's filters as the search code reads them. */
export function filtersOf(row: Pick<SavedSearch, "path" | "query">): {
  filters: SearchFilters;
  restrictTipos: readonly Tipo[] | undefined;
} {
  const restrictTipos = SCREEN_TIPOS[row.path as AlertSearchPath];
  return { filters: parseSearchFilters(row.query, { allowedTipos: restrictTipos }), restrictTipos };
}

export type SubscribeOutcome = "confirmation-sent" | "already-active" | "too-many";

/**
 * Tells the owner of `email` that someone asked for an alert at it (the page said to them what it
 * says to anyone: decision 035), in the caller's transaction: queues the message unless the address
 * had OWNER_NOTICE_RULE's count of them in the day since the first. The counter's key holds the
 * address hashed, so the rate_limits table (not part of an LGPD erasure) keeps no address as typed.
 */
async function noticeOwner(
  tx: Tx,
  email: string,
  payload: { savedSearchId: number } & Record<string, unknown>,
  now: Date,
): Promise<void> {
  const key = `alerta:aviso:${createHash("sha256").update(email).digest("base64url")}`;
  const { allowed } = await hitRateLimit(tx, key, OWNER_NOTICE_RULE, now);
  if (allowed) await enqueue(tx, ALERT_CONFIRM_EMAIL_KIND, payload);
}

/**
 * Saves the search (or finds it saved) and queues the confirmation e-mail in the same transaction.
 * Saving it again before confirming sends a new confirmation; an active one changes nothing and
 * tells the address's owner that it was asked again (buildAlreadyActiveMail). An address with
 * MAX_ALERTS_PER_EMAIL saved searches gets no new one; its owner is told (buildTooManyMail).
 */
export async function subscribe(
  db: Db,
  input: { email: string; frequency: AlertFrequency; busca: string },
  now: Date,
): Promise<{ outcome: SubscribeOutcome; search: SavedSearchQuery }> {
  const email = normalizeEmail(input.email);
  const search = readSearch(input.busca);
  const outcome = await db.transaction(async (tx): Promise<SubscribeOutcome> => {
    const [existing] = await tx
      .select()
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.email, email),
          eq(savedSearches.path, search.path),
          eq(savedSearches.query, search.query),
        ),
      )
      .for("update");
    if (existing?.confirmedAt) {
      // Whoever typed the address may not own it (decision 035's double opt-in): nothing changes,
      // the page says what it says to anyone, and the address's owner is told by e-mail.
      await noticeOwner(tx, email, { savedSearchId: existing.id, again: true }, now);
      return "already-active";
    }
    if (!existing) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(savedSearches)
        .where(eq(savedSearches.email, email));
      if (n >= MAX_ALERTS_PER_EMAIL) {
        // As for an active alert: whoever typed the address may not own it, so the page answers
        // as for any subscription and only the owner hears that the address is full. The message
        // hangs on one of the address's searches (its links, and an LGPD erasure finds it).
        const [anchor] = await tx
          .select({ id: savedSearches.id })
          .from(savedSearches)
          .where(eq(savedSearches.email, email))
          .orderBy(desc(savedSearches.id))
          .limit(1);
        if (anchor)
          await noticeOwner(tx, email, { savedSearchId: anchor.id, tooMany: true, title: search.title }, now);
        return "too-many";
      }
    }
    const values = {
      email,
      path: search.path,
      query: search.query,
      title: search.title,
      frequency: input.frequency,
      cidade: search.filters.cidade ?? null,
      bairro: search.filters.bairro ?? null,
      finalidade: search.filters.finalidade ?? null,
      precoMin: search.filters.precoMin ?? null,
      precoMax: search.filters.precoMax ?? null,
      consentVersion: LGPD_CONSENT_VERSION,
      consentAt: now,
    };
    const [row] = existing
      ? await tx
          .update(savedSearches)
          .set({ ...values, createdAt: now })
          .where(eq(savedSearches.id, existing.id))
          .returning({ id: savedSearches.id })
      : await tx
          .insert(savedSearches)
          .values({ ...values, token: randomBytes(32).toString("base64url"), createdAt: now })
          .onConflictDoNothing()
          .returning({ id: savedSearches.id });
    // Saved by a concurrent request for the same address and search: that one sends the e-mail.
    if (!row) return "confirmation-sent";
    await enqueue(tx, ALERT_CONFIRM_EMAIL_KIND, { savedSearchId: row.id });
    return "confirmation-sent";
  });
  return { outcome, search };
}

export async function findByToken(db: Db | Tx, token: string): Promise<SavedSearch | undefined> {
  if (!ALERT_TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.token, token));
  return row;
}

/** Confirms the saved search of this token; "expired" when its link is older than CONFIRM_TTL_MS. */
export async function confirmSubscription(
  db: Db,
  token: string,
  now: Date,
): Promise<{ status: "confirmed" | "already" | "expired" | "not-found"; search?: SavedSearch }> {
  const row = await findByToken(db, token);
  if (!row) return { status: "not-found" };
  if (row.confirmedAt) return { status: "already", search: row };
  if (now.getTime() - row.createdAt.getTime() > CONFIRM_TTL_MS) return { status: "expired", search: row };
  const [updated] = await db
    .update(savedSearches)
    .set({ confirmedAt: now })
    .where(and(eq(savedSearches.id, row.id), isNull(savedSearches.confirmedAt)))
    .returning();
  return { status: updated ? "confirmed" : "already", search: updated ?? row };
}

/** Deletes the saved search of this token (the one-click unsubscribe); false when it was gone. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const row = await findByToken(db, token);
  if (!row) return false;
  const gone = await db
    .delete(savedSearches)
    .where(eq(savedSearches.id, row.id))
    .returning({ id: savedSearches.id });
  return gone.length > 0;
}

/**
 * The first of these tokens that still has its saved search, in one query. A link names at most the
 * searches of one e-mail, so only the first MAX_ALERTS_PER_EMAIL are looked up (a made-up link
 * with hundreds costs the same).
 */
async function firstFound(db: Db, tokens: readonly string[]): Promise<SavedSearch | undefined> {
  const wanted = tokens.filter((token) => ALERT_TOKEN_PATTERN.test(token)).slice(0, MAX_ALERTS_PER_EMAIL);
  if (wanted.length === 0) return undefined;
  const rows = await db.select().from(savedSearches).where(inArray(savedSearches.token, wanted));
  for (const token of wanted) {
    const row = rows.find((r) => r.token === token);
    if (row) return row;
  }
  return undefined;
}

/** Every saved search of an address, newest first. */
export function alertsOfEmail(db: Db, email: string): Promise<SavedSearch[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.email, email))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/**
 * Deletes every alert of the address that owns these tokens (the one-click unsubscribe of an
 * e-mail that carried several searches: any of its searches still there finds the address); how
 * many went.
 */
export async function unsubscribeAll(db: Db, tokens: readonly string[]): Promise<number> {
  const row = await firstFound(db, tokens);
  if (!row) return 0;
  const gone = await db
    .delete(savedSearches)
    .where(eq(savedSearches.email, row.email))
    .returning({ id: savedSearches.id });
  return gone.length;
}

/** The alerts of the address that owns this token (the /alertas/<token> page), newest first. */
export async function alertsOfToken(
  db: Db,
  token: string | readonly string[],
): Promise<{ email: string; alerts: SavedSearch[] } | null> {
  const row = await firstFound(db, typeof token === "string" ? [token] : token);
  if (!row) return null;
  return { email: row.email, alerts: await alertsOfEmail(db, row.email) };
}

/**
 * Deletes one alert of the address a manage link's tokens find (the /alertas/<token> page's
 * buttons): null when the link finds no address; otherwise whether it was deleted, and the token
 * that still opens the address's page — the link's own while one of its searches is left, else a
 * confirmed search's (an unconfirmed one's token would confirm it without its e-mail), null when
 * none is.
 */
export async function deleteAlertOfLink(
  db: Db,
  tokens: readonly string[],
  id: number,
): Promise<{ deleted: boolean; pageToken: string | null } | null> {
  const row = await firstFound(db, tokens);
  if (!row) return null;
  const gone = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.email, row.email)))
    .returning({ id: savedSearches.id });
  const left = await alertsOfEmail(db, row.email);
  const stays =
    left.find((alert) => tokens.includes(alert.token)) ?? left.find((alert) => alert.confirmedAt !== null);
  return { deleted: gone.length > 0, pageToken: stays?.token ?? null };
}

/**
 * Changes the frequency of one alert of the address a manage link's tokens find (the
 * /alertas/<token> page's "Salvar"), under deleteAlertOfLink's rule: the link is the key to its
 * address's alerts and no other's. Null when the link finds no address; else the alert as changed,
 * `changed` null when it is not one of that address's (another's, or deleted since). The next sweep
 * goes by the new frequency; what was sent is not sent again (saved_search_sent's keys).
 */
export async function changeFrequencyOfLink(
  db: Db,
  tokens: readonly string[],
  id: number,
  frequency: AlertFrequency,
): Promise<{ changed: SavedSearch | null } | null> {
  const row = await firstFound(db, tokens);
  if (!row) return null;
  const [changed] = await db
    .update(savedSearches)
    .set({ frequency })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.email, row.email)))
    .returning();
  return { changed: changed ?? null };
}

/** Unconfirmed saved searches past the link's life: an address nobody confirmed is not kept. */
export async function purgeUnconfirmed(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(savedSearches)
    .where(
      and(
        isNull(savedSearches.confirmedAt),
        lt(savedSearches.createdAt, new Date(now.getTime() - CONFIRM_TTL_MS)),
      ),
    )
    .returning({ id: savedSearches.id });
  return gone.length;
}

// LGPD (app/server/leads/lgpd.server.ts): a person's saved searches, found by e-mail.

export interface AlertExport {
  busca: string;
  title: string;
  frequency: string;
  consentVersion: string;
  consentAt: string;
  createdAt: string;
  confirmedAt: string | null;
}

const byPerson = (contato: string) => eq(savedSearches.email, normalizeEmail(contato));

export async function exportPersonAlerts(db: Db, contato: string): Promise<AlertExport[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(byPerson(contato))
    .orderBy(savedSearches.createdAt);
  return rows.map((r) => ({
    busca: r.query ? `${r.path}?${r.query}` : r.path,
    title: r.title,
    frequency: r.frequency,
    consentVersion: r.consentVersion,
    consentAt: r.consentAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
  }));
}

export async function countPersonAlerts(db: Db, contato: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(byPerson(contato));
  return row?.n ?? 0;
}

/** In the caller's transaction: the person's saved searches and their unsent e-mails. */
export async function erasePersonAlerts(tx: Tx, contato: string): Promise<number[]> {
  const found = await tx.select({ id: savedSearches.id }).from(savedSearches).where(byPerson(contato));
  const ids = found.map((r) => r.id);
  if (ids.length === 0) return ids;
  await tx
    .delete(outbox)
    .where(
      and(
        eq(outbox.kind, ALERT_CONFIRM_EMAIL_KIND),
        isNull(outbox.sentAt),
        payloadIdIn("savedSearchId", ids),
      ),
    );
  // Digest messages point at digests, which cascade with the saved search: their handler skips them.
  await tx.delete(savedSearches).where(inArray(savedSearches.id, ids));
  return ids;
}

// The admin's view: how many alerts are active, and what people ask for.

export async function countActiveAlerts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(isNotNull(savedSearches.confirmedAt));
  return row?.n ?? 0;
}

export interface AlertDemand {
  places: { cidade: string | null; bairro: string | null; count: number }[];
  prices: { band: string; count: number }[];
  total: number;
}

/** Price bands of the saved searches' ceilings (or floors, when only a floor was given). */
const BANDS: { label: string; max: number }[] = [
  { label: "Até R$ 300 mil", max: 300_000 },
  { label: "De R$ 300 mil a R$ 600 mil", max: 600_000 },
  { label: "De R$ 600 mil a R$ 1 milhão", max: 1_000_000 },
  { label: "Acima de R$ 1 milhão", max: Number.POSITIVE_INFINITY },
];

/** The active saved searches by place and by price band, most asked first (/admin/relatorios). */
export async function alertDemand(db: Db, limit = 15): Promise<AlertDemand> {
  const active = isNotNull(savedSearches.confirmedAt);
  const n = count();
  const places = await db
    .select({ cidade: savedSearches.cidade, bairro: savedSearches.bairro, count: n })
    .from(savedSearches)
    .where(active)
    .groupBy(savedSearches.cidade, savedSearches.bairro)
    .orderBy(desc(n), savedSearches.cidade, savedSearches.bairro)
    .limit(limit);
  const prices = await db
    .select({
      min: savedSearches.precoMin,
      max: savedSearches.precoMax,
      finalidade: savedSearches.finalidade,
    })
    .from(savedSearches)
    .where(active);
  const bands = new Map<string, number>();
  for (const row of prices) {
    const bound = row.max ?? row.min;
    const label =
      bound === null
        ? "Sem faixa de preço"
        : row.finalidade && row.finalidade !== "venda"
          ? "Aluguel com faixa de preço"
          : (BANDS.find((b) => bound <= b.max)?.label ?? "Sem faixa de preço");
    bands.set(label, (bands.get(label) ?? 0) + 1);
  }
  const order = [...BANDS.map((b) => b.label), "Aluguel com faixa de preço", "Sem faixa de preço"];
  return {
    places,
    prices: order.filter((label) => bands.has(label)).map((band) => ({ band, count: bands.get(band) ?? 0 })),
    total: prices.length,
  };
}
