// The owner's report of a listing (decision 046; what it shows: app/lib/owner-report.ts).
// - The link: one secret token per listing in owner_reports, kept as is so the admin screen can
//   show it again (like the temporada calendar's, app/server/rentals/ical-sync.server.ts);
//   "Gerar novo link" replaces it and "Desativar" deletes it, both audited, after the same
//   permission check as editing the listing (access.server.ts).
// - The numbers: read when the page is opened (nothing is stored per report), from the same
//   counters as the admin's dashboard (property_views_daily, leads, visits, saved_search_sent).
// - Opening the link records when (last_opened_at, opens); the agent's preview does not.
import { randomBytes } from "node:crypto";
import { and, eq, gte, ne, type SQL, sql } from "drizzle-orm";
import { reachableOnWhatsapp } from "../../lib/contact";
import { CHART_DAYS } from "../../lib/dashboard";
import { maceioClock, maceioDayStart } from "../../lib/maceio-time";
import { type MarketComparison, MIN_COMPARABLES, type OwnerReport } from "../../lib/owner-report";
import { dayNumber } from "../../lib/rental";
import { TIPOS } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import { lastDays } from "../dashboard/dashboard.server";
import type { Db } from "../db/client.server";
import {
  captacoes,
  leads,
  ownerReports,
  type Property,
  properties,
  propertyViewsDaily,
  savedSearchSent,
  users,
  visits,
} from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { type Actor, auditOrigin, loadManageable } from "../properties/access.server";
import { isOnOffer, toCardData } from "../properties/cards.server";
import { coversFor } from "../properties/covers.server";
import { getAgencySettings } from "../settings/settings.server";

export interface OwnerReportLink {
  token: string;
  createdAt: Date;
  lastOpenedAt: Date | null;
  opens: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
const newToken = () => randomBytes(24).toString("base64url");

/** The listing's report link, or null when none is active. */
export async function ownerReportLinkOf(db: Db, propertyId: number): Promise<OwnerReportLink | null> {
  const [row] = await db
    .select({
      token: ownerReports.token,
      createdAt: ownerReports.createdAt,
      lastOpenedAt: ownerReports.lastOpenedAt,
      opens: ownerReports.opens,
    })
    .from(ownerReports)
    .where(eq(ownerReports.propertyId, propertyId));
  return row ?? null;
}

/** A new link for the listing; an earlier one (`replaced`) stops working (404) from now on. */
export async function createOwnerReportLink(
  db: Db,
  actor: Actor,
  propertyId: number,
): Promise<{ token: string; replaced: boolean }> {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId, { lock: true });
    const token = newToken();
    const [previous] = await tx
      .select({ token: ownerReports.token })
      .from(ownerReports)
      .where(eq(ownerReports.propertyId, propertyId));
    await tx
      .insert(ownerReports)
      .values({ propertyId, token, createdBy: actor.id })
      .onConflictDoUpdate({
        target: ownerReports.propertyId,
        set: { token, createdBy: actor.id, createdAt: new Date(), lastOpenedAt: null, opens: 0 },
      });
    await audit(tx, {
      ...auditOrigin(actor),
      action: previous ? "owner-report-link-replaced" : "owner-report-link-created",
      entity: "property",
      entityId: propertyId,
    });
    return { token, replaced: previous !== undefined };
  });
}

/** Turns the listing's link off (its URL answers 404). False when there was none. */
export async function revokeOwnerReportLink(db: Db, actor: Actor, propertyId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await loadManageable(tx, actor, propertyId, { lock: true });
    const removed = await tx
      .delete(ownerReports)
      .where(eq(ownerReports.propertyId, propertyId))
      .returning({ propertyId: ownerReports.propertyId });
    if (removed.length === 0) return false;
    await audit(tx, {
      ...auditOrigin(actor),
      action: "owner-report-link-revoked",
      entity: "property",
      entityId: propertyId,
    });
    return true;
  });
}

/**
 * The report behind a token; null for a token that is malformed, replaced or turned off. An
 * archived listing keeps its report (the owner may still ask how it went). `countOpen`: the
 * request is a person opening it, not a link preview (WhatsApp fetches the page when the agent
 * pastes the link) nor a prefetch — the same rule as a listing's views (countsAsView, listing-page.server.ts).
 */
export async function openOwnerReport(
  db: Db,
  storage: Storage,
  token: string,
  { now = new Date(), countOpen = true }: { now?: Date; countOpen?: boolean } = {},
): Promise<OwnerReport | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [opened] = countOpen
    ? await db
        .update(ownerReports)
        .set({ lastOpenedAt: now, opens: sql`${ownerReports.opens} + 1` })
        .where(eq(ownerReports.token, token))
        .returning({ propertyId: ownerReports.propertyId })
    : await db
        .select({ propertyId: ownerReports.propertyId })
        .from(ownerReports)
        .where(eq(ownerReports.token, token));
  if (!opened) return null;
  return buildOwnerReport(db, storage, opened.propertyId, now);
}

/** The report of one listing as of `now` (the caller has checked who may see it). */
export async function buildOwnerReport(
  db: Db,
  storage: Storage,
  propertyId: number,
  now: Date = new Date(),
): Promise<OwnerReport> {
  const [property] = await db.select().from(properties).where(eq(properties.id, propertyId));
  if (!property) throw new Error(`relatório: imóvel ${propertyId} não existe`);
  const days = lastDays(now, CHART_DAYS);
  const since = maceioDayStart(days[0] as string);
  const [daily, recent, overall, market, agent, covers, settings] = await Promise.all([
    dailyCounts(db, propertyId, days[0] as string),
    recentTotals(db, propertyId, since),
    overallTotals(db, property),
    compareWithMarket(db, property),
    agentOf(db, property.corretorId),
    coversFor(db, [propertyId]),
    getAgencySettings(db),
  ]);
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const published = property.publicacao === "publicado";
  return {
    listing: {
      ...toCardData(property, covers.get(propertyId) ?? null, storage, now),
      publishedAt: property.publishedAt?.toISOString() ?? null,
      // Calendar days in Maceió, as the date shown beside it: published last evening is 1 day.
      daysOnline: property.publishedAt
        ? Math.max(0, dayNumber(maceioClock(now).day) - dayNumber(maceioClock(property.publishedAt).day))
        : null,
      publicUrl: published ? `/casas/${property.referencia}` : null,
    },
    views: days.map((day) => ({ day, value: byDay.get(day)?.views ?? 0 })),
    whatsapp: days.map((day) => ({ day, value: byDay.get(day)?.whatsapp ?? 0 })),
    recent: {
      views: daily.reduce((sum, row) => sum + row.views, 0),
      whatsapp: daily.reduce((sum, row) => sum + row.whatsapp, 0),
      ...recent,
    },
    overall,
    market,
    // The corretor, reached on their WhatsApp or else the agency's; the agency when there is none.
    agent: agent
      ? { ...agent, phone: reachableOnWhatsapp(agent.phone) ? agent.phone : settings.whatsapp || null }
      : { name: settings.name, creci: settings.creci || null, phone: settings.whatsapp || null },
    agencyName: settings.name,
    generatedAt: now.toISOString(),
  };
}

async function dailyCounts(db: Db, propertyId: number, first: string) {
  return db
    .select({
      day: sql<string>`to_char(${propertyViewsDaily.day}, 'YYYY-MM-DD')`,
      views: propertyViewsDaily.views,
      whatsapp: propertyViewsDaily.whatsappClicks,
    })
    .from(propertyViewsDaily)
    .where(and(eq(propertyViewsDaily.propertyId, propertyId), gte(propertyViewsDaily.day, first)));
}

const countOf = async (db: Db, table: typeof leads | typeof visits | typeof savedSearchSent, where: SQL) => {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.count ?? 0;
};

/** Visits that were booked and not called off (a rescheduled one counts once: its replacement). */
const keptVisit = ne(visits.status, "cancelada");

async function recentTotals(db: Db, propertyId: number, since: Date) {
  const [contacts, visitCount, alerts] = await Promise.all([
    countOf(db, leads, and(eq(leads.propertyId, propertyId), gte(leads.createdAt, since)) as SQL),
    countOf(
      db,
      visits,
      and(eq(visits.propertyId, propertyId), gte(visits.createdAt, since), keptVisit) as SQL,
    ),
    countOf(
      db,
      savedSearchSent,
      and(eq(savedSearchSent.propertyId, propertyId), gte(savedSearchSent.createdAt, since)) as SQL,
    ),
  ]);
  return { contacts, visits: visitCount, alerts };
}

async function overallTotals(db: Db, property: Property) {
  const [contacts, visitCount] = await Promise.all([
    countOf(db, leads, eq(leads.propertyId, property.id)),
    countOf(db, visits, and(eq(visits.propertyId, property.id), keptVisit) as SQL),
  ]);
  return { views: property.views, contacts, visits: visitCount };
}

async function agentOf(db: Db, corretorId: number | null) {
  if (corretorId === null) return null;
  const [agent] = await db
    .select({ name: users.name, creci: users.creci, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, corretorId), eq(users.active, true)));
  return agent ?? null;
}

/** What the listing is compared on: its sale price, or a monthly rent. Null otherwise (temporada). */
function comparedPrice(property: Property) {
  if (property.precoSobConsulta) return null;
  if (property.finalidades.includes("venda") && property.precoVenda) {
    return {
      finalidade: "venda" as const,
      price: property.precoVenda,
      column: properties.precoVenda,
      unit: "",
    };
  }
  if (
    property.finalidades.includes("aluguel") &&
    property.precoAluguel &&
    (property.periodoAluguel ?? "mensal") === "mensal"
  ) {
    return {
      finalidade: "aluguel" as const,
      price: property.precoAluguel,
      column: properties.precoAluguel,
      unit: "/mês",
    };
  }
  return null;
}

const PLACE_SCOPES = ["bairro", "cidade"] as const;

/**
 * The median price per m² of listings on offer like this one (same tipo and finalidade, a price
 * and an area), in its bairro when there are MIN_COMPARABLES there, else in its city. Null for a
 * listing whose price is not compared (temporada, a weekly or daily rent, "sob consulta").
 */
async function compareWithMarket(db: Db, property: Property): Promise<MarketComparison | null> {
  const compared = comparedPrice(property);
  if (!compared) return null;
  const area = sql`coalesce(${properties.areaUtil}, ${properties.areaTotal})`;
  const ownArea = property.areaUtil ?? property.areaTotal;
  const ownPerM2 = ownArea && ownArea > 0 ? compared.price / ownArea : null;
  const tipoLabel = TIPOS[property.tipo].plural.toLowerCase();
  const finalidadeLabel = compared.finalidade === "venda" ? "à venda" : "para alugar";
  let result: MarketComparison | null = null;
  for (const scope of PLACE_SCOPES) {
    const place =
      scope === "bairro"
        ? and(eq(properties.bairro, property.bairro), eq(properties.cidade, property.cidade))
        : eq(properties.cidade, property.cidade);
    const [row] = await db
      .select({
        count: sql<number>`count(*)::int`,
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by ${compared.column}::float8 / ${area})`,
      })
      .from(properties)
      .where(
        and(
          isOnOffer,
          ne(properties.id, property.id),
          eq(properties.tipo, property.tipo),
          sql`${compared.finalidade} = any(${properties.finalidades})`,
          eq(properties.precoSobConsulta, false),
          sql`${compared.column} > 0`,
          sql`${area} > 0`,
          compared.finalidade === "aluguel"
            ? sql`coalesce(${properties.periodoAluguel}, 'mensal') = 'mensal'`
            : undefined,
          place,
        ),
      );
    const count = row?.count ?? 0;
    const where = scope === "bairro" ? `${property.bairro}, ${property.cidade}` : property.cidade;
    result = {
      scope: `${tipoLabel} ${finalidadeLabel} em ${where}`,
      count,
      // A median of 0 (free land?) is no measure to divide by.
      medianPerM2: count >= MIN_COMPARABLES && Number(row?.median) > 0 ? Number(row?.median) : null,
      ownPerM2,
      unit: compared.unit,
    };
    if (result.medianPerM2 !== null) return result;
  }
  return result;
}

/**
 * Who offered the listing through /anuncie-seu-imovel, when it came from a captação: the report's
 * addressee. Only for who may see that captação (an admin, or the corretor it is assigned to, as
 * in its queue: app/server/captacoes/queue.server.ts).
 */
export async function ownerContactOf(
  db: Db,
  actor: Actor,
  propertyId: number,
): Promise<{ name: string; phone: string; email: string | null } | null> {
  const [row] = await db
    .select({ name: captacoes.name, phone: captacoes.phone, email: captacoes.email })
    .from(captacoes)
    .where(
      and(
        eq(captacoes.propertyId, propertyId),
        actor.role === "admin" ? undefined : eq(captacoes.assigneeId, actor.id),
      ),
    )
    .orderBy(sql`${captacoes.convertedAt} desc nulls last`)
    .limit(1);
  return row ?? null;
}
