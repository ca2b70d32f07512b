// Listings for the feeds and the sitemap, read in keyset batches (id > last id, 500 at a time),
// so even 50 000 listings never sit in memory at once: each batch is written out and dropped.
import { and, asc, desc, eq, getTableColumns, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { properties, propertyPhotos } from "../db/schema.server";

export const BATCH_SIZE = 500;

// Everything but the search vector, which is large and useless here.
const { searchVector: _searchVector, ...listingColumns } = getTableColumns(properties);

export type ListingRow = Omit<typeof properties.$inferSelect, "searchVector">;

export const photoColumns = {
  propertyId: propertyPhotos.propertyId,
  position: propertyPhotos.position,
  isCover: propertyPhotos.isCover,
  altText: propertyPhotos.altText,
  hash: propertyPhotos.hash,
  variants: propertyPhotos.variants,
  createdAt: propertyPhotos.createdAt,
};
export type ListingPhoto = {
  propertyId: number;
  position: number;
  isCover: boolean;
  altText: string;
  hash: string;
  variants: (typeof propertyPhotos.$inferSelect)["variants"];
  createdAt: Date;
};

export interface ListingWithPhotos {
  listing: ListingRow;
  /** The cover first, then the others by position. */
  photos: ListingPhoto[];
}

/** What the portals receive: published, available and marked "publicar nos portais". */
export const portalEligible: SQL = and(
  eq(properties.publicacao, "publicado"),
  eq(properties.status, "disponivel"),
  eq(properties.publicarPortais, true),
) as SQL;

export const publishedOnly: SQL = eq(properties.publicacao, "publicado");

/** Photos of many listings, grouped by listing, cover first. */
export async function photosFor(db: Db, ids: number[]): Promise<Map<number, ListingPhoto[]>> {
  const byListing = new Map<number, ListingPhoto[]>();
  if (ids.length === 0) return byListing;
  const rows = await db
    .select(photoColumns)
    .from(propertyPhotos)
    .where(inArray(propertyPhotos.propertyId, ids))
    .orderBy(asc(propertyPhotos.propertyId), asc(propertyPhotos.position), asc(propertyPhotos.id));
  for (const row of rows) {
    const list = byListing.get(row.propertyId) ?? [];
    list.push(row);
    byListing.set(row.propertyId, list);
  }
  for (const list of byListing.values()) {
    const cover = list.findIndex((p) => p.isCover);
    if (cover > 0) list.unshift(...list.splice(cover, 1));
  }
  return byListing;
}

export interface BatchOptions {
  batchSize?: number;
  /** Start after this id (keyset; id order only). */
  afterId?: number;
  /** Stop after this many listings in all (id order only). */
  max?: number;
  /**
   * "id" (default): oldest first, stable. "priority": the order in which listings take the places
   * of a capped feed file: destaques first, then the most recently updated, then the newest id.
   */
  order?: "id" | "priority";
}

/** updated_at cut to the millisecond: the keyset cursor carries it as text and must compare exactly. */
const updatedMs = sql<Date>`date_trunc('milliseconds', ${properties.updatedAt})`;

type PriorityCursor = { destaque: boolean; updatedAt: string; id: number };

/** One page of listings in priority order after `from`, each with its cursor. */
function priorityPage(db: Db, where: SQL, from: PriorityCursor | null, limit: number) {
  const after: SQL | undefined = from
    ? sql`(${properties.destaque}, ${updatedMs}, ${properties.id}) < (${from.destaque}::boolean, ${from.updatedAt}::timestamptz, ${from.id}::integer)`
    : undefined;
  return db
    .select({
      ...listingColumns,
      cursorAt: sql<string>`to_char(${updatedMs} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(properties)
    .where(and(where, after))
    .orderBy(desc(properties.destaque), desc(updatedMs), desc(properties.id))
    .limit(limit);
}

/** Batches in priority order, keyset on (destaque, updated_at, id), all descending. */
async function* priorityBatches(db: Db, where: SQL, batchSize: number): AsyncGenerator<ListingWithPhotos[]> {
  let cursor: PriorityCursor | null = null;
  for (;;) {
    const rows = await priorityPage(db, where, cursor, batchSize);
    if (rows.length === 0) return;
    const photos = await photosFor(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map(({ cursorAt: _cursorAt, ...listing }) => ({
      listing,
      photos: photos.get(listing.id) ?? [],
    }));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    cursor = { destaque: last.destaque, updatedAt: last.cursorAt, id: last.id };
  }
}

/** Yields batches of listings (with their photos) matching `where`, in id order. */
export async function* listingBatches(
  db: Db,
  where: SQL,
  options: BatchOptions = {},
): AsyncGenerator<ListingWithPhotos[]> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  if (options.order === "priority") {
    yield* priorityBatches(db, where, batchSize);
    return;
  }
  let remaining = options.max ?? Number.POSITIVE_INFINITY;
  let lastId = options.afterId ?? 0;
  while (remaining > 0) {
    const limit = Math.min(batchSize, remaining);
    const rows = await db
      .select(listingColumns)
      .from(properties)
      .where(and(where, gt(properties.id, lastId)))
      .orderBy(asc(properties.id))
      .limit(limit);
    if (rows.length === 0) return;
    const photos = await photosFor(
      db,
      rows.map((r) => r.id),
    );
    yield rows.map((listing) => ({ listing, photos: photos.get(listing.id) ?? [] }));
    if (rows.length < limit) return;
    remaining -= rows.length;
    lastId = rows[rows.length - 1]!.id;
  }
}
