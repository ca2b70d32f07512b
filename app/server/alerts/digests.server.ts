// The saved-search alerts' sweep and e-mails (decision 035). A sweep (startAlertSweep, every
// ALERT_SWEEP_INTERVAL_SECONDS, and tests calling runAlertSweep with their own `now`) looks at each
// confirmed saved search whose period is due — every sweep for "instantâneo", once a Maceió day
// from ALERT_DIGEST_HOUR for "diário", once a Maceió week (from Monday) for "semanal" — and writes,
// in one transaction, a digest row (key: saved search and period), the listings it carries
// (saved_search_sent, key: saved search, listing and reason) and its outbox message:
// - new matches: published after the search was confirmed, matching its filters by the search
//   page's own WHERE clause (searchConditions in app/server/search/search.server.ts), not sent yet;
// - price drops: listings it was sent whose visible price is now lower than any price it was sent
//   at (each further drop is news again; the same price never twice).
// The keys make it run once across app instances: a second instance's digest row (same period) or
// listing rows (the same listing as new, or the same listing at the same dropped price) conflict
// and its transaction writes nothing.
import { and, asc, eq, gt, inArray, isNotNull, lte, notExists, type SQL, sql } from "drizzle-orm";
import { ALERT_FREQUENCIES, alertLinks, manageAllLink, unsubscribeAllLink } from "../../lib/alerts";
import { formatCount, formatPrice } from "../../lib/format";
import { maceioClock } from "../../lib/maceio-time";
import { RENT_PERIODS } from "../../lib/vocabulary";
import { type ExclusiveSweep, startExclusiveSweep } from "../background-jobs.server";
import type { Db, Tx } from "../db/client.server";
import { properties, savedSearchDigests, savedSearches, savedSearchSent } from "../db/schema.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { headerSafe, type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";
import { isOnOffer } from "../properties/cards.server";
import { visiblePrice } from "../search/filters.server";
import { withResolvedCentre } from "../search/map-search.server";
import { searchConditions } from "../search/search.server";
import type { Services } from "../services.server";
import {
  ALERT_CONFIRM_EMAIL_KIND,
  ALERT_DIGEST_EMAIL_KIND,
  alertsOfEmail,
  filtersOf,
  MAX_ALERTS_PER_EMAIL,
  purgeUnconfirmed,
  type SavedSearch,
} from "./subscriptions.server";

/** The Maceió hour from which daily and weekly digests go out. */
export const ALERT_DIGEST_HOUR = 8;
/** Listings per message; more wait for the next one (the e-mail links the search for all). */
export const DIGEST_LIMIT = 20;

const SOLD = ["vendido", "alugado"];

/** The digest period `now` falls in, or null when this frequency is not due yet (before the hour). */
export function digestPeriod(frequency: SavedSearch["frequency"], now: Date): string | null {
  if (frequency === "instantaneo") return `i:${now.toISOString()}`;
  const clock = maceioClock(now);
  if (Number(clock.time.slice(0, 2)) < ALERT_DIGEST_HOUR) return null;
  if (frequency === "diario") return `d:${clock.day}`;
  // The Monday of the Maceió week.
  const day = new Date(`${clock.day}T00:00:00Z`);
  const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
  return `w:${monday.toISOString().slice(0, 10)}`;
}

const notSentAsNew = (search: SavedSearch) =>
  notExists(
    sql`(select 1 from ${savedSearchSent} where ${savedSearchSent.savedSearchId} = ${search.id} and ${savedSearchSent.propertyId} = ${properties.id} and ${savedSearchSent.reason} = 'nova')`,
  );

/** The lowest price a listing was sent to this search at (null: only ever sent without a price). */
const lowestSentPrice = (search: SavedSearch) =>
  sql`(select min(sent.price) from ${savedSearchSent} as sent where sent.saved_search_id = ${search.id} and sent.property_id = ${properties.id})`;

/** A saved search's filters as the search page reads them (a radius around a place gets its centre). */
async function resolvedFilters(db: Db, search: SavedSearch) {
  const { filters, restrictTipos } = filtersOf(search);
  return { filters: await withResolvedCentre(db, filters), restrictTipos };
}

/** New matches and price drops for one saved search, oldest first, at most DIGEST_LIMIT. */
async function pendingItems(
  tx: Tx,
  search: SavedSearch,
  { filters, restrictTipos }: Awaited<ReturnType<typeof resolvedFilters>>,
  now: Date,
) {
  const price = visiblePrice(filters.finalidade);
  const since = search.confirmedAt ?? now;
  const fresh = await tx
    .select({ propertyId: properties.id, price })
    .from(properties)
    .where(
      and(
        searchConditions(filters, restrictTipos),
        sql`${properties.status} not in (${sql.join(
          SOLD.map((s) => sql`${s}`),
          sql`, `,
        )})`,
        gt(properties.publishedAt, since),
        lte(properties.publishedAt, now),
        notSentAsNew(search),
      ) as SQL,
    )
    .orderBy(asc(properties.publishedAt), asc(properties.id))
    .limit(DIGEST_LIMIT);
  const drops = await tx
    .select({ propertyId: properties.id, price })
    .from(savedSearchSent)
    .innerJoin(properties, eq(properties.id, savedSearchSent.propertyId))
    .where(
      and(
        eq(savedSearchSent.savedSearchId, search.id),
        eq(savedSearchSent.reason, "nova"),
        // A sold or rented listing's lower price (its closing price) is no news to a buyer.
        isOnOffer,
        sql`${price} < ${lowestSentPrice(search)}`,
      ),
    )
    .orderBy(asc(properties.id))
    .limit(DIGEST_LIMIT);
  return [
    ...fresh.map((r) => ({ ...r, reason: "nova" as const })),
    ...drops.map((r) => ({ ...r, reason: "preco" as const })),
  ].slice(0, DIGEST_LIMIT);
}

interface DueDigest {
  search: SavedSearch;
  period: string;
  query: Awaited<ReturnType<typeof resolvedFilters>>;
}

/**
 * One saved search's digest for its period, in the address's transaction: its id when it carries
 * listings, null when this period was written already (by another instance, or an earlier sweep)
 * or has nothing new. A daily or weekly period with nothing new stays taken (nothing new today);
 * an instant one leaves no row.
 */
async function writeDigest(tx: Tx, { search, period, query }: DueDigest, now: Date): Promise<number | null> {
  const [digest] = await tx
    .insert(savedSearchDigests)
    .values({ savedSearchId: search.id, period, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: savedSearchDigests.id });
  if (!digest) return null;
  const items = await pendingItems(tx, search, query, now);
  const written = items.length
    ? await tx
        .insert(savedSearchSent)
        .values(
          items.map((item) => ({
            savedSearchId: search.id,
            propertyId: item.propertyId,
            reason: item.reason,
            price: item.price === null ? null : Number(item.price),
            digestId: digest.id,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ propertyId: savedSearchSent.propertyId })
    : [];
  if (written.length > 0) return digest.id;
  if (period.startsWith("i:"))
    await tx.delete(savedSearchDigests).where(eq(savedSearchDigests.id, digest.id));
  return null;
}

/**
 * An address's due digests, in one transaction, go out as one message: someone with three saved
 * searches gets one e-mail per sweep, not three. True when a message was queued.
 */
async function digestAddress(db: Db, due: DueDigest[], now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const digestIds: number[] = [];
    for (const digest of due) {
      const id = await writeDigest(tx, digest, now);
      if (id !== null) digestIds.push(id);
    }
    if (digestIds.length === 0) return false;
    const outboxId = await enqueue(tx, ALERT_DIGEST_EMAIL_KIND, { digestIds });
    await tx.update(savedSearchDigests).set({ outboxId }).where(inArray(savedSearchDigests.id, digestIds));
    return true;
  });
}

/**
 * Queues every due digest at `now`, one message per address; returns how many messages. Safe from
 * every instance at once (the keys above; addresses and their searches are taken in one order, so
 * two sweeps wait on each other's rows in turn and never in a circle). Also forgets unconfirmed
 * saved searches whose link expired.
 */
export async function runAlertSweep(db: Db, now: Date): Promise<{ queued: number; purged: number }> {
  const purged = await purgeUnconfirmed(db, now);
  const active = await db
    .select()
    .from(savedSearches)
    .where(and(isNotNull(savedSearches.confirmedAt), lte(savedSearches.confirmedAt, now)))
    .orderBy(asc(savedSearches.email), asc(savedSearches.id));
  const byAddress = new Map<string, SavedSearch[]>();
  for (const search of active) byAddress.set(search.email, [...(byAddress.get(search.email) ?? []), search]);
  let queued = 0;
  for (const searches of byAddress.values()) {
    const due: DueDigest[] = [];
    for (const search of searches) {
      const period = digestPeriod(search.frequency, now);
      if (period) due.push({ search, period, query: await resolvedFilters(db, search) });
    }
    if (due.length > 0 && (await digestAddress(db, due, now))) queued += 1;
  }
  return { queued, purged };
}

// The e-mails.

export interface DigestListing {
  referencia: string;
  titulo: string;
  bairro: string | null;
  cidade: string | null;
  price: number | null;
  oldPrice: number | null;
  periodoAluguel: keyof typeof RENT_PERIODS | null;
  rent: boolean;
}

const priceText = (listing: Pick<DigestListing, "periodoAluguel" | "rent">, value: number) =>
  listing.rent && listing.periodoAluguel
    ? `${formatPrice(value)}/${RENT_PERIODS[listing.periodoAluguel]}`
    : formatPrice(value);

/** The headers that let a mail client offer "cancelar inscrição" and do it in one POST (RFC 8058). */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

function footer(base: string, token: string): string[] {
  const links = alertLinks(base, token);
  return [
    "",
    "—",
    `Seus alertas (ver, mudar a frequência ou apagar): ${links.manage}`,
    `Não quer mais receber este alerta? Cancele com um clique: ${links.unsubscribe}`,
  ];
}

/** One saved search's part of a digest e-mail: the search and the listings it brings. */
export interface DigestSection {
  search: Pick<SavedSearch, "email" | "title" | "path" | "query" | "token">;
  listings: DigestListing[];
}

const isDrop = (l: DigestListing) => l.oldPrice !== null;

/** "2 imóveis novos e 1 preço baixou", of the listings given. */
function newsCount(listings: DigestListing[]): string {
  const drops = listings.filter(isDrop).length;
  const fresh = listings.length - drops;
  return [
    fresh ? formatCount(fresh, "imóvel novo", "imóveis novos") : "",
    drops ? formatCount(drops, "preço baixou", "preços baixaram") : "",
  ]
    .filter(Boolean)
    .join(" e ");
}

function sectionLines(base: string, { search, listings }: DigestSection): string[] {
  const item = (l: DigestListing) => {
    const url = `${base}/casas/${encodeURIComponent(l.referencia)}`;
    const place = [l.bairro, l.cidade].filter(Boolean).join(", ");
    const price =
      l.price === null
        ? "Preço sob consulta"
        : l.oldPrice !== null
          ? `De ${priceText(l, l.oldPrice)} por ${priceText(l, l.price)}`
          : priceText(l, l.price);
    // wa.me without a number opens WhatsApp's own "send to" picker with the text filled in.
    const share = `https://wa.me/?text=${encodeURIComponent(`${l.titulo} — ${url}`)}`;
    return [
      "",
      `- ${l.titulo} (${l.referencia})${place ? ` — ${place}` : ""}`,
      `  ${price}`,
      `  Ver: ${url}`,
      `  Compartilhar no WhatsApp: ${share}`,
    ];
  };
  const fresh = listings.filter((l) => !isDrop(l));
  const drops = listings.filter(isDrop);
  return [
    ...(fresh.length ? ["", `Novos imóveis (${fresh.length}):`, ...fresh.flatMap(item)] : []),
    ...(drops.length ? ["", `Preço reduzido (${drops.length}):`, ...drops.flatMap(item)] : []),
    "",
    `Todos os resultados desta busca: ${base}${search.path}${search.query ? `?${search.query}` : ""}`,
  ];
}

/**
 * The digest e-mail of one address: one section per saved search with news (the sweep joins an
 * address's due digests: runAlertSweep). With several, each section has its own cancel link and
 * the footer's cancels them all (as the List-Unsubscribe header does: alertDigestEmailHandler).
 */
export function buildDigestMail(sections: DigestSection[], publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, "");
  const [only] = sections;
  if (sections.length === 1 && only) {
    return {
      subject: headerSafe(`${newsCount(only.listings)}: ${only.search.title}`, 150),
      text: [
        `Novidades da sua busca “${only.search.title}”.`,
        ...sectionLines(base, only),
        ...footer(base, only.search.token),
      ].join("\n"),
    };
  }
  const tokens = sections.map((section) => section.search.token);
  const cancelAll = unsubscribeAllLink(base, tokens);
  const subject = headerSafe(
    `${newsCount(sections.flatMap((s) => s.listings))} nas suas ${sections.length} buscas`,
    150,
  );
  const text = [
    `Novidades das suas ${sections.length} buscas salvas.`,
    ...sections.flatMap((section) => [
      "",
      `== ${section.search.title} ==`,
      ...sectionLines(base, section),
      `Não quer mais receber este alerta? Cancele com um clique: ${alertLinks(base, section.search.token).unsubscribe}`,
    ]),
    "",
    "—",
    `Seus alertas (ver, mudar a frequência ou apagar): ${manageAllLink(base, tokens)}`,
    `Não quer mais receber nenhum destes alertas? Cancele todos com um clique: ${cancelAll}`,
  ].join("\n");
  return { subject, text };
}

export function buildConfirmMail(
  search: Pick<SavedSearch, "title" | "frequency" | "token">,
  publicUrl: string,
) {
  const base = publicUrl.replace(/\/+$/, "");
  const links = alertLinks(base, search.token);
  const subject = headerSafe(`Confirme seu alerta: ${search.title}`, 150);
  const text = [
    `Recebemos um pedido para enviar a este e-mail as novidades da busca “${search.title}”.`,
    "",
    `Para confirmar, abra: ${links.confirm}`,
    "",
    "Se não foi você, ignore esta mensagem: nada será enviado sem a confirmação, e o pedido é apagado em 7 dias.",
    ...footer(base, search.token),
  ].join("\n");
  return { subject, text };
}

/** To the owner of an address whose active alert someone asked for again (subscribe). */
export function buildAlreadyActiveMail(
  search: Pick<SavedSearch, "title" | "frequency" | "token">,
  publicUrl: string,
) {
  const base = publicUrl.replace(/\/+$/, "");
  const links = alertLinks(base, search.token);
  const subject = headerSafe(`Você já recebe este alerta: ${search.title}`, 150);
  const text = [
    `Recebemos um novo pedido para enviar a este e-mail as novidades da busca “${search.title}”. Você já recebe este alerta (${ALERT_FREQUENCIES[search.frequency].toLowerCase()}), e nada mudou.`,
    "",
    `Para mudar a frequência, ver ou apagar seus alertas: ${links.manage}`,
    "",
    "Se não foi você, ignore esta mensagem.",
    ...footer(base, search.token),
  ].join("\n");
  return { subject, text };
}

/**
 * To the owner of an address that has MAX_ALERTS_PER_EMAIL alerts when someone asked for one more
 * (subscribe): `title` is the search asked for, `tokens` every alert's of the address. Its links
 * name them all (as an e-mail with several searches does), so they still open the page after the
 * owner deleted the search of the first one.
 */
export function buildTooManyMail(title: string, tokens: readonly string[], publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, "");
  const subject = headerSafe(`Limite de ${MAX_ALERTS_PER_EMAIL} alertas atingido: ${title}`, 150);
  const text = [
    `Recebemos um pedido para enviar a este e-mail as novidades da busca “${title}”. Este e-mail já tem o máximo de ${MAX_ALERTS_PER_EMAIL} alertas, e o novo alerta não foi criado.`,
    "",
    "Para receber esta busca, apague um dos seus alertas e peça de novo na página da busca.",
    `Seus alertas (ver, mudar a frequência ou apagar): ${manageAllLink(base, tokens)}`,
    "",
    "Se não foi você, ignore esta mensagem: seus alertas continuam como estão.",
    "",
    "—",
    `Não quer mais receber nenhum alerta? Cancele todos com um clique: ${unsubscribeAllLink(base, tokens)}`,
  ].join("\n");
  return { subject, text };
}

interface HandlerOptions {
  storage?: Pick<Storage, "url">;
}

/** Both alert e-mails go out the same way: branded, with one-click unsubscribe headers. */
function sendAlertMail(
  context: Parameters<typeof sendBrandedMail>[0],
  outboxRowId: number,
  unsubscribeUrl: string,
  to: string,
  mail: { subject: string; text: string },
) {
  return sendBrandedMail(context, outboxRowId, { to, ...mail, headers: unsubscribeHeaders(unsubscribeUrl) });
}

/**
 * The confirmation e-mail, as the saved search is when sent (gone or confirmed: nothing to send),
 * and the notices subscribe queues under the same kind (`again`: asked for an active alert;
 * `tooMany`: asked for one more than the address may have), so an LGPD erasure finds them all.
 */
export function alertConfirmEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: HandlerOptions = {},
): OutboxHandler {
  return async (row) => {
    const [search] = await db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.id, Number(row.payload.savedSearchId)));
    const to = safeAddress(search?.email);
    if (!search || !to) return "skip";
    const base = publicUrl.replace(/\/+$/, "");
    const context = { db, transport, publicUrl, storage: options.storage };
    if (row.payload.tooMany === true) {
      // Every alert of the address; confirmed ones first, as the page prefers them (deleteAlertOfLink).
      const alerts = await alertsOfEmail(db, search.email);
      const tokens = [
        ...alerts.filter((alert) => alert.confirmedAt !== null),
        ...alerts.filter((alert) => alert.confirmedAt === null),
      ].map((alert) => alert.token);
      const mail = buildTooManyMail(String(row.payload.title ?? ""), tokens, publicUrl);
      // The header names the first search only: a header stops at 900 characters (mailer.server.ts),
      // fewer than 20 tokens take; that search finds the address as long as it is there.
      await sendAlertMail(context, row.id, unsubscribeAllLink(base, tokens.slice(0, 1)), to, mail);
      return undefined;
    }
    // Asked again once active: the owner hears of it; a plain confirmation is moot by then.
    const again = row.payload.again === true;
    if (Boolean(search.confirmedAt) !== again) return "skip";
    const mail = again ? buildAlreadyActiveMail(search, publicUrl) : buildConfirmMail(search, publicUrl);
    await sendAlertMail(context, row.id, alertLinks(base, search.token).unsubscribe, to, mail);
    return undefined;
  };
}

/** One digest's section as it is when sent: the listings still published; null when none are (or it is gone). */
async function digestSection(db: Db, digestId: number): Promise<DigestSection | null> {
  const [found] = await db
    .select({ search: savedSearches })
    .from(savedSearchDigests)
    .innerJoin(savedSearches, eq(savedSearches.id, savedSearchDigests.savedSearchId))
    .where(eq(savedSearchDigests.id, digestId));
  const search = found?.search;
  if (!search) return null;
  const { filters } = filtersOf(search);
  const items = await db
    .select({
      propertyId: savedSearchSent.propertyId,
      reason: savedSearchSent.reason,
      sentPrice: savedSearchSent.price,
      referencia: properties.referencia,
      titulo: properties.titulo,
      bairro: properties.bairro,
      cidade: properties.cidade,
      periodoAluguel: properties.periodoAluguel,
      price: visiblePrice(filters.finalidade),
      precoVenda: properties.precoVenda,
    })
    .from(savedSearchSent)
    .innerJoin(properties, eq(properties.id, savedSearchSent.propertyId))
    .where(and(eq(savedSearchSent.digestId, digestId), isOnOffer))
    .orderBy(asc(savedSearchSent.reason), asc(savedSearchSent.createdAt), asc(properties.id));
  if (items.length === 0) return null;
  // The price a drop is "from": the lowest this search was sent before it (sent prices only fall).
  const dropIds = items.filter((i) => i.reason === "preco").map((i) => i.propertyId);
  const sent = dropIds.length
    ? await db
        .select({ propertyId: savedSearchSent.propertyId, price: savedSearchSent.price })
        .from(savedSearchSent)
        .where(
          and(
            eq(savedSearchSent.savedSearchId, search.id),
            inArray(savedSearchSent.propertyId, dropIds),
            isNotNull(savedSearchSent.price),
          ),
        )
    : [];
  const sentBefore = (propertyId: number, price: number | null) => {
    const higher = sent
      .filter((b) => b.propertyId === propertyId && price !== null && Number(b.price) > price)
      .map((b) => Number(b.price));
    return higher.length ? Math.min(...higher) : null;
  };
  const listings: DigestListing[] = items.map((i) => ({
    referencia: i.referencia,
    titulo: i.titulo,
    bairro: i.bairro,
    cidade: i.cidade,
    periodoAluguel: i.periodoAluguel,
    // The rent is the price shown (visiblePrice): a rent search, or a listing with no sale price.
    rent: filters.finalidade ? filters.finalidade !== "venda" : i.precoVenda === null,
    price: i.price === null ? null : Number(i.price),
    oldPrice: i.reason === "preco" ? sentBefore(i.propertyId, i.sentPrice) : null,
  }));
  return { search, listings };
}

/** The digests an outbox row carries: `digestIds`, or one `digestId` (rows queued before 2026-11-28). */
function digestIdsOf(payload: Record<string, unknown>): number[] {
  const ids = Array.isArray(payload.digestIds) ? payload.digestIds : [payload.digestId];
  return ids.map(Number).filter(Number.isSafeInteger);
}

/**
 * An address's digest e-mail, with the listings as they are when sent; a search cancelled since,
 * or whose listings all left the site, drops out, and with none left nothing is sent. Its
 * one-click unsubscribe cancels the search, or every alert of the address when the e-mail
 * carries several.
 */
export function alertDigestEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: HandlerOptions = {},
): OutboxHandler {
  return async (row) => {
    const sections: DigestSection[] = [];
    for (const id of digestIdsOf(row.payload)) {
      const section = await digestSection(db, id);
      if (section) sections.push(section);
    }
    const [first] = sections;
    const to = safeAddress(first?.search.email);
    if (!to || !first) return "skip";
    const base = publicUrl.replace(/\/+$/, "");
    const unsubscribe =
      sections.length === 1
        ? alertLinks(base, first.search.token).unsubscribe
        : unsubscribeAllLink(
            base,
            sections.map((section) => section.search.token),
          );
    const mail = buildDigestMail(sections, publicUrl);
    await sendAlertMail(
      { db, transport, publicUrl, storage: options.storage },
      row.id,
      unsubscribe,
      to,
      mail,
    );
    return undefined;
  };
}

/** The sweep's name among background jobs (its advisory lock). */
export const ALERT_SWEEP_JOB = "alert-sweep";

export type AlertSweep = ExclusiveSweep<{ queued: number; purged: number }>;

/**
 * The process's alert sweep every ALERT_SWEEP_INTERVAL_SECONDS (started by server/app.ts
 * startServices). One instance at a time sweeps (Database.exclusive); the others skip that turn.
 */
export function startAlertSweep(
  services: Pick<Services, "config" | "database" | "db" | "log">,
  now: () => Date = () => new Date(),
): AlertSweep {
  return startExclusiveSweep(services, {
    job: ALERT_SWEEP_JOB,
    everySeconds: services.config.ALERT_SWEEP_INTERVAL_SECONDS,
    run: () => runAlertSweep(services.db, now()),
    label: "Alertas de busca",
    worthLogging: (result) => result.queued + result.purged > 0,
  });
}

export { ALERT_CONFIRM_EMAIL_KIND, ALERT_DIGEST_EMAIL_KIND };
