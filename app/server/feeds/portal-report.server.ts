// The report behind /admin/portais: every listing marked for the portals, checked in keyset
// batches, with counts and the listings that need attention (errors first).
import { and, asc, count, eq, getTableColumns, gt, inArray, type SQL, sql } from "drizzle-orm";
import { PUBLICATION_STATES, STATUSES } from "../../lib/vocabulary";
import type { Db } from "../db/client.server";
import { properties, propertyPhotos } from "../db/schema.server";
import { BATCH_SIZE, type ListingRow } from "./listing-source.server";
import { IMAGE_MAX_BYTES, VRSYNC_MAX_LISTINGS } from "./mapping.server";
import { type PortalProblem, type ProblemField, validatePortalListing } from "./validation.server";
import { vrsyncFileIds } from "./vrsync.server";

export interface ListingReport {
  id: number;
  referencia: string;
  titulo: string;
  /** True when the listing is in the feeds (published, available, marked for the portals). */
  inFeed: boolean;
  /** Why a listing marked for the portals is not in the feeds. */
  outOfFeedReason: string | null;
  photoCount: number;
  problems: PortalProblem[];
}

export interface PortalReport {
  /** Listings marked "publicar nos portais" that are in the feeds. */
  inFeed: number;
  /** Of those, how many have at least one erro / aviso. */
  withErrors: number;
  withWarnings: number;
  /** Marked for the portals but out of the feeds (rascunho, vendido…). */
  outOfFeed: number;
  /** In the feeds, but left out of the VRSync file by its 50,000-listing cap. */
  cutFromVrsync: number;
  /** The VRSync file's cap (docs/domain.md: 50,000 listings). */
  vrsyncMax: number;
  /** Listings with problems or out of the feed, errors first. */
  listings: ListingReport[];
}

const { searchVector: _searchVector, ...listingColumns } = getTableColumns(properties);

function outOfFeedReason(listing: Pick<ListingRow, "publicacao" | "status">): string | null {
  if (listing.publicacao !== "publicado") {
    return `${PUBLICATION_STATES[listing.publicacao]}: só imóveis publicados vão para os portais.`;
  }
  if (listing.status !== "disponivel") {
    return `${STATUSES[listing.status]}: só imóveis disponíveis vão para os portais.`;
  }
  return null;
}

/** Photos per listing the portals can take: those with a JPEG variant within the size limit (portalJpeg). */
async function jpegPhotoCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ propertyId: propertyPhotos.propertyId, photos: count() })
    .from(propertyPhotos)
    .where(
      and(
        inArray(propertyPhotos.propertyId, ids),
        sql`exists (select 1 from jsonb_array_elements(${propertyPhotos.variants}) v
          where v->>'format' = 'jpeg' and (v->>'bytes')::bigint <= ${IMAGE_MAX_BYTES})`,
      ),
    )
    .groupBy(propertyPhotos.propertyId);
  return new Map(rows.map((r) => [r.propertyId, r.photos]));
}

/** The problem of a listing the VRSync file's cap left out (see vrsyncListings for the order). */
export function cutProblem(max: number): PortalProblem {
  return {
    code: "limite-arquivo",
    severity: "erro",
    portals: ["vrsync"],
    field: "destaque",
    message: `Ficou fora do arquivo: o ZAP/VivaReal/OLX lê no máximo ${max.toLocaleString("pt-BR")} imóveis por arquivo. Têm prioridade os anúncios que o portal aceita e, entre eles, os destaques e os atualizados mais recentemente.`,
  };
}

/**
 * Every listing marked for the portals, checked; `corretorId` limits it to one agent's listings
 * (the VRSync cap is still worked out over the whole agency, as the file is).
 */
export async function portalReport(
  db: Db,
  options: { corretorId?: number; vrsyncMax?: number } = {},
): Promise<PortalReport> {
  const vrsyncMax = options.vrsyncMax ?? VRSYNC_MAX_LISTINGS;
  const inVrsyncFile = await vrsyncFileIds(db, vrsyncMax);
  const scope: SQL = (
    options.corretorId === undefined
      ? eq(properties.publicarPortais, true)
      : and(eq(properties.publicarPortais, true), eq(properties.corretorId, options.corretorId))
  ) as SQL;
  const report: PortalReport = {
    inFeed: 0,
    withErrors: 0,
    withWarnings: 0,
    outOfFeed: 0,
    cutFromVrsync: 0,
    vrsyncMax,
    listings: [],
  };
  let lastId = 0;
  for (;;) {
    const rows = await db
      .select(listingColumns)
      .from(properties)
      .where(and(scope, gt(properties.id, lastId)))
      .orderBy(asc(properties.id))
      .limit(BATCH_SIZE);
    const photoCounts = await jpegPhotoCounts(
      db,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const reason = outOfFeedReason(row);
      const photoCount = photoCounts.get(row.id) ?? 0;
      const problems = reason ? [] : validatePortalListing(row, photoCount);
      if (!reason && inVrsyncFile && !inVrsyncFile.has(row.id)) {
        problems.unshift(cutProblem(vrsyncMax));
        report.cutFromVrsync++;
      }
      if (reason) report.outOfFeed++;
      else {
        report.inFeed++;
        if (problems.some((p) => p.severity === "erro")) report.withErrors++;
        if (problems.some((p) => p.severity === "aviso")) report.withWarnings++;
      }
      if (reason || problems.length > 0) {
        report.listings.push({
          id: row.id,
          referencia: row.referencia,
          titulo: row.titulo,
          inFeed: !reason,
          outOfFeedReason: reason,
          photoCount,
          problems,
        });
      }
    }
    if (rows.length < BATCH_SIZE) break;
    lastId = rows[rows.length - 1]!.id;
  }
  const rank = (l: ListingReport) =>
    !l.inFeed ? 3 : l.problems.some((p) => p.severity === "erro") ? 0 : l.problems.length ? 1 : 2;
  report.listings.sort((a, b) => rank(a) - rank(b) || a.referencia.localeCompare(b.referencia));
  return report;
}

/**
 * Where to fix a problem: the listing form at the field (its inputs have id="imovel-{field}",
 * see fieldId in app/components/admin/form-controls.tsx), or the photos screen.
 */
export function fixHref(listingId: number, field: ProblemField): string {
  return field === "fotos"
    ? `/admin/imoveis/${listingId}/fotos`
    : `/admin/imoveis/${listingId}#imovel-${field}`;
}

export type ReportFilter = "pendencias" | "erros" | "avisos" | "fora";

/** The listings a filter shows: with any problem (default), with errors, with warnings, out of the feed. */
export function filterReport(listings: readonly ListingReport[], filter: ReportFilter): ListingReport[] {
  switch (filter) {
    case "erros":
      return listings.filter((l) => l.problems.some((p) => p.severity === "erro"));
    case "avisos":
      return listings.filter((l) => l.problems.some((p) => p.severity === "aviso"));
    case "fora":
      return listings.filter((l) => !l.inFeed);
    default:
      return listings.filter((l) => l.inFeed);
  }
}
