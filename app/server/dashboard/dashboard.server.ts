// The numbers on /admin/painel. An admin sees the whole agency; a corretor only the listings
// assigned to them and the leads of those listings or assigned to them. Days and months are
// counted in Alagoas time (America/Maceio, UTC−3 all year).

import { and, desc, eq, gte, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { type AttentionReason, CHART_DAYS, MIN_PHOTOS, STALE_AFTER_DAYS } from "../../lib/dashboard";
import { MACEIO_TIME_ZONE, maceioClock } from "../../lib/maceio-time";
import type { Db } from "../db/client.server";
import { leads, properties, propertyPhotos, propertyViewsDaily, proposals } from "../db/schema.server";
import { openLead } from "../leads/next-action-due.server";

export interface DashboardViewer {
  id: number;
  role: "admin" | "corretor";
}

export interface AttentionItem {
  id: number;
  referencia: string;
  titulo: string;
  photoCount: number;
  updatedAt: string;
  reasons: AttentionReason[];
}

export interface DailyPoint {
  /** YYYY-MM-DD in Alagoas time */
  day: string;
  views: number;
  /** Taps on "Conversar no WhatsApp" (counted, not leads: app/server/leads/whatsapp.server.ts). */
  whatsapp: number;
  leads: number;
}

/** A listing's numbers over the chart's days. */
export interface ListingNumbers {
  views: number;
  whatsapp: number;
  leads: number;
}

export interface TopListing extends ListingNumbers {
  id: number;
  referencia: string;
  titulo: string;
}

export interface RecentLead {
  id: number;
  name: string;
  status: string;
  origin: string;
  createdAt: string;
  property: { id: number; referencia: string } | null;
}

export interface Dashboard {
  counts: {
    publicados: number;
    rascunhos: number;
    vendidosNoMes: number;
    alugadosNoMes: number;
    leadsNovos: number;
    /** Proposals waiting on the owner or on the buyer (decision 048), and those past their day. */
    propostasAbertas: number;
    propostasVencidas: number;
  };
  attention: AttentionItem[];
  recentLeads: RecentLead[];
  daily: DailyPoint[];
  /** The most sought-after listings of the chart's days: WhatsApp taps first, then views. */
  topListings: TopListing[];
}

function ownListings(viewer: DashboardViewer): SQL | undefined {
  return viewer.role === "admin" ? undefined : eq(properties.corretorId, viewer.id);
}

/**
 * A corretor's leads: those their inbox shows (visibleLeads, app/server/leads/inbox.server.ts),
 * assigned to them or, while unassigned, about one of their listings; written without the join
 * on properties. A lead on their listing that went to another agent is that agent's.
 */
function ownLeads(viewer: DashboardViewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  return or(
    eq(leads.assigneeId, viewer.id),
    and(
      isNull(leads.assigneeId),
      inArray(
        leads.propertyId,
        sql`(select ${properties.id} from ${properties} where ${properties.corretorId} = ${viewer.id})`,
      ),
    ),
  );
}

function startOfLocalMonth(now: Date): Date {
  const [year, month] = maceioClock(now).day.split("-");
  // Alagoas has no daylight saving: midnight there is 03:00 UTC.
  return new Date(`${year}-${month}-01T03:00:00.000Z`);
}

/** The last `count` days in Alagoas time, oldest first, today included ("YYYY-MM-DD"). */
export function lastDays(now: Date, count: number): string[] {
  const days: string[] = [];
  for (let i = count - 1; i >= 0; i--) days.push(maceioClock(new Date(now.getTime() - i * 86_400_000)).day);
  return days;
}

async function counts(db: Db, viewer: DashboardViewer, now: Date): Promise<Dashboard["counts"]> {
  const monthStart = startOfLocalMonth(now).toISOString();
  const [row] = await db
    .select({
      publicados: sql<number>`count(*) filter (where ${properties.publicacao} = 'publicado')::int`,
      rascunhos: sql<number>`count(*) filter (where ${properties.publicacao} = 'rascunho')::int`,
      // Sold/rented this month = is sold/rented now and its situação last changed this month;
      // later edits to the listing move updatedAt, not statusChangedAt.
      vendidosNoMes: sql<number>`count(*) filter (where ${properties.status} = 'vendido' and ${properties.statusChangedAt} >= ${monthStart}::timestamptz)::int`,
      alugadosNoMes: sql<number>`count(*) filter (where ${properties.status} = 'alugado' and ${properties.statusChangedAt} >= ${monthStart}::timestamptz)::int`,
    })
    .from(properties)
    .where(ownListings(viewer));
  const [leadRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.status, "novo"), ownLeads(viewer)));
  const [proposalRow] = await db
    .select({
      open: sql<number>`count(*)::int`,
      lapsed: sql<number>`count(*) filter (where ${proposals.validUntil} < ${maceioClock(now).day}::date)::int`,
    })
    .from(proposals)
    .innerJoin(leads, eq(leads.id, proposals.leadId))
    // A closed or lost lead's unanswered proposal is over with it.
    .where(and(inArray(proposals.status, ["em_analise", "contraproposta"]), openLead, ownLeads(viewer)));
  return {
    publicados: row?.publicados ?? 0,
    rascunhos: row?.rascunhos ?? 0,
    vendidosNoMes: row?.vendidosNoMes ?? 0,
    alugadosNoMes: row?.alugadosNoMes ?? 0,
    leadsNovos: leadRow?.count ?? 0,
    propostasAbertas: proposalRow?.open ?? 0,
    propostasVencidas: proposalRow?.lapsed ?? 0,
  };
}

async function attention(
  db: Db,
  viewer: DashboardViewer,
  now: Date,
  limit: number,
): Promise<AttentionItem[]> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_DAYS * 86_400_000).toISOString();
  // Qualified by hand: inside a single-table query Drizzle prints bare column names, and a bare
  // "id" in the subquery would mean property_photos.id.
  const photoCount = sql<number>`(select count(*)::int from ${propertyPhotos} pp where pp.property_id = "properties"."id")`;
  // A price is missing when a finalidade has none and the agency has not chosen "sob consulta".
  const noPrice = sql<boolean>`(not ${properties.precoSobConsulta} and (
    ('venda' = any(${properties.finalidades}) and ${properties.precoVenda} is null)
    or (${properties.finalidades} && array['aluguel','temporada']::text[] and ${properties.precoAluguel} is null)))`;
  const stale = sql<boolean>`(${properties.updatedAt} < ${staleBefore}::timestamptz)`;
  const rows = await db
    .select({
      id: properties.id,
      referencia: properties.referencia,
      titulo: properties.titulo,
      updatedAt: properties.updatedAt,
      photoCount,
      noPrice,
      stale,
    })
    .from(properties)
    .where(
      and(
        ne(properties.publicacao, "arquivado"),
        inArray(properties.status, ["disponivel", "reservado"]),
        ownListings(viewer),
        sql`(${photoCount} < ${MIN_PHOTOS} or ${noPrice} or ${stale})`,
      ),
    )
    .orderBy(properties.updatedAt)
    .limit(limit);
  return rows.map((row) => {
    const reasons: AttentionReason[] = [];
    if (row.photoCount === 0) reasons.push("sem-fotos");
    else if (row.photoCount < MIN_PHOTOS) reasons.push("poucas-fotos");
    if (row.noPrice) reasons.push("sem-preco");
    if (row.stale) reasons.push("desatualizado");
    return {
      id: row.id,
      referencia: row.referencia,
      titulo: row.titulo,
      photoCount: row.photoCount,
      updatedAt: row.updatedAt.toISOString(),
      reasons,
    };
  });
}

async function recentLeads(db: Db, viewer: DashboardViewer, limit: number): Promise<RecentLead[]> {
  const rows = await db
    .select({
      id: leads.id,
      name: leads.name,
      status: leads.status,
      origin: leads.origin,
      createdAt: leads.createdAt,
      propertyId: properties.id,
      referencia: properties.referencia,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .where(ownLeads(viewer))
    // Leads that arrived at the same moment: the one recorded last first, the same on every engine
    // and plan (an index on created_at, migration 0013, reads ties in another order).
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
    property:
      row.propertyId !== null && row.referencia !== null
        ? { id: row.propertyId, referencia: row.referencia }
        : null,
  }));
}

async function daily(db: Db, viewer: DashboardViewer, now: Date): Promise<DailyPoint[]> {
  const days = lastDays(now, CHART_DAYS);
  const first = days[0] as string;
  const viewRows = await db
    .select({
      day: sql<string>`to_char(${propertyViewsDaily.day}, 'YYYY-MM-DD')`,
      views: sql<number>`sum(${propertyViewsDaily.views})::int`,
      whatsapp: sql<number>`sum(${propertyViewsDaily.whatsappClicks})::int`,
    })
    .from(propertyViewsDaily)
    .innerJoin(properties, eq(properties.id, propertyViewsDaily.propertyId))
    .where(and(gte(propertyViewsDaily.day, first), ownListings(viewer)))
    .groupBy(propertyViewsDaily.day);
  const leadDay = sql<string>`to_char(${leads.createdAt} at time zone ${sql.raw(`'${MACEIO_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const leadRows = await db
    .select({ day: leadDay, count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(gte(leads.createdAt, new Date(`${first}T03:00:00.000Z`)), ownLeads(viewer)))
    .groupBy(leadDay);
  const counters = new Map(viewRows.map((row) => [row.day, row]));
  const leadCounts = new Map(leadRows.map((row) => [row.day, row.count]));
  return days.map((day) => ({
    day,
    views: counters.get(day)?.views ?? 0,
    whatsapp: counters.get(day)?.whatsapp ?? 0,
    leads: leadCounts.get(day) ?? 0,
  }));
}

/** The first day of the chart (CHART_DAYS in Alagoas time, today included). */
function chartStart(now: Date): string {
  return lastDays(now, CHART_DAYS)[0] as string;
}

/** Leads about a listing since `first`, per listing: a correlated count for the queries below. */
function leadsSince(first: string) {
  return sql<number>`(select count(*)::int from ${leads} l where l.property_id = "properties"."id"
    and l.created_at >= ${`${first}T03:00:00.000Z`}::timestamptz)`;
}

async function topListings(db: Db, viewer: DashboardViewer, now: Date, limit: number): Promise<TopListing[]> {
  const first = chartStart(now);
  const views = sql<number>`coalesce(sum(${propertyViewsDaily.views}), 0)::int`;
  const whatsapp = sql<number>`coalesce(sum(${propertyViewsDaily.whatsappClicks}), 0)::int`;
  const rows = await db
    .select({
      id: properties.id,
      referencia: properties.referencia,
      titulo: properties.titulo,
      views,
      whatsapp,
      leads: leadsSince(first),
    })
    .from(properties)
    .innerJoin(propertyViewsDaily, eq(propertyViewsDaily.propertyId, properties.id))
    .where(and(gte(propertyViewsDaily.day, first), ownListings(viewer)))
    .groupBy(properties.id)
    .having(sql`sum(${propertyViewsDaily.views}) + sum(${propertyViewsDaily.whatsappClicks}) > 0`)
    .orderBy(desc(whatsapp), desc(views), properties.referencia)
    .limit(limit);
  return rows;
}

/**
 * One listing's numbers over the chart's days (its admin screen). The caller has checked that
 * the viewer may see the listing (app/server/properties/access.server.ts).
 */
export async function getListingNumbers(
  db: Db,
  propertyId: number,
  now: Date = new Date(),
): Promise<ListingNumbers> {
  const first = chartStart(now);
  const [counters] = await db
    .select({
      views: sql<number>`coalesce(sum(${propertyViewsDaily.views}), 0)::int`,
      whatsapp: sql<number>`coalesce(sum(${propertyViewsDaily.whatsappClicks}), 0)::int`,
    })
    .from(propertyViewsDaily)
    .where(and(eq(propertyViewsDaily.propertyId, propertyId), gte(propertyViewsDaily.day, first)));
  const [leadRow] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(and(eq(leads.propertyId, propertyId), gte(leads.createdAt, new Date(`${first}T03:00:00.000Z`))));
  return { views: counters?.views ?? 0, whatsapp: counters?.whatsapp ?? 0, leads: leadRow?.count ?? 0 };
}

export async function getDashboard(
  db: Db,
  viewer: DashboardViewer,
  now: Date = new Date(),
): Promise<Dashboard> {
  const [c, a, r, d, t] = await Promise.all([
    counts(db, viewer, now),
    attention(db, viewer, now, 20),
    recentLeads(db, viewer, 8),
    daily(db, viewer, now),
    topListings(db, viewer, now, 5),
  ]);
  return { counts: c, attention: a, recentLeads: r, daily: d, topListings: t };
}
