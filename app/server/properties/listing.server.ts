// One published listing for its public page (/casas/:referencia): lookup with redirects,
// similar listings, and the view counters.
import { and, arrayOverlaps, desc, eq, getTableColumns, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import {
  type Property,
  type PropertyPhoto,
  properties,
  propertyPhotos,
  propertyRedirects,
  propertyViewsDaily,
} from "../db/schema.server";
import { type CardRow, cardColumns, isOnOffer, isPublished } from "./cards.server";
import { type CoverRow, coverColumn } from "./covers.server";

export interface PublishedListing {
  property: Property;
  /** Cover first, then by position. */
  photos: PropertyPhoto[];
}

export type ListingLookup =
  | ({ kind: "found" } & PublishedListing)
  | { kind: "redirect"; referencia: string }
  | null;

export const MAX_REFERENCIA = 50;

/** A photo as json_build_object spells it (timestamps as text). */
type PhotoJson = Omit<PropertyPhoto, "createdAt"> & { createdAt: string };

/** The listing's photos, cover first then by position, as one JSON column: one round trip. */
const photosColumn = sql<PhotoJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', ph.id, 'propertyId', ph.property_id, 'position', ph.position, 'isCover', ph.is_cover,
    'altText', ph.alt_text, 'width', ph.width, 'height', ph.height,
    'placeholderColor', ph.placeholder_color, 'hash', ph.hash, 'variants', ph.variants,
    'createdAt', ph.created_at) order by ph.is_cover desc, ph.position, ph.id), '[]'::json)
  from ${propertyPhotos} ph where ph.property_id = ${properties}.id)`;

/**
 * The published listing behind a referência typed in a URL. Another case of the same
 * referência, or an old one from property_redirects, answers `redirect` to the canonical one;
 * unknown, draft and archived listings answer null.
 */
export async function getPublishedListing(db: Db, referencia: string): Promise<ListingLookup> {
  const wanted = referencia.trim();
  if (!wanted || wanted.length > MAX_REFERENCIA) return null;
  const [row] = await db
    .select({ ...getTableColumns(properties), photos: photosColumn })
    .from(properties)
    .where(sql`upper(${properties.referencia}) = upper(${wanted})`)
    .limit(1);
  if (row) {
    const { photos, ...property } = row;
    if (property.publicacao !== "publicado") return null;
    if (property.referencia !== wanted) return { kind: "redirect", referencia: property.referencia };
    return {
      kind: "found",
      property,
      photos: photos.map((photo) => ({ ...photo, createdAt: new Date(photo.createdAt) })),
    };
  }
  const [moved] = await db
    .select({ referencia: properties.referencia })
    .from(propertyRedirects)
    .innerJoin(properties, eq(properties.id, propertyRedirects.propertyId))
    .where(and(sql`upper(${propertyRedirects.oldReferencia}) = upper(${wanted})`, isPublished))
    .limit(1);
  return moved ? { kind: "redirect", referencia: moved.referencia } : null;
}

/** A listing with its state, whatever its publication (for the 404 page's suggestions). */
export async function findAnyListing(db: Db, referencia: string): Promise<Property | null> {
  if (!referencia || referencia.length > MAX_REFERENCIA) return null;
  const [property] = await db
    .select()
    .from(properties)
    .where(sql`upper(${properties.referencia}) = upper(${referencia})`)
    .limit(1);
  return property ?? null;
}

type SimilarTo = Pick<Property, "id" | "tipo" | "cidade" | "finalidades" | "precoVenda" | "precoAluguel">;

/**
 * Listings on offer like this one: same tipo, then same cidade, then a shared finalidade, then
 * the closest price. Only listings sharing the cidade or the tipo qualify, and with
 * `sameFinalidade` only those sharing a finalidade too (what an agent suggests to a buyer is for
 * sale, to a tenant for rent).
 */
export async function similarListings(
  db: Db,
  property: SimilarTo,
  limit: number,
  options: { sameFinalidade?: boolean } = {},
): Promise<{ property: CardRow; cover: CoverRow | null }[]> {
  const reference = property.precoVenda ?? property.precoAluguel;
  const sharedFinalidade = arrayOverlaps(properties.finalidades, property.finalidades);
  const order: SQL[] = [
    sql`(${properties.tipo} = ${property.tipo}) desc`,
    sql`(${properties.cidade} = ${property.cidade}) desc`,
    sql`(${sharedFinalidade}) desc`,
  ];
  if (reference !== null) {
    const price = property.precoVenda !== null ? properties.precoVenda : properties.precoAluguel;
    order.push(sql`abs(${price} - ${reference}) asc nulls last`);
  }
  order.push(desc(properties.destaque), desc(properties.id));
  const rows = await db
    .select({ ...cardColumns, cover: coverColumn })
    .from(properties)
    .where(
      and(
        isOnOffer,
        ne(properties.id, property.id),
        or(eq(properties.cidade, property.cidade), eq(properties.tipo, property.tipo)),
        options.sameFinalidade ? sharedFinalidade : undefined,
      ),
    )
    .orderBy(...order)
    .limit(limit);
  return rows.map(({ cover, ...property }) => ({ property, cover }));
}

/** One view: the listing's total and today's row (Maceió's calendar day), in one statement. */
export async function recordView(db: Db, propertyId: number): Promise<void> {
  await db.execute(sql`
    with daily as (
      insert into ${propertyViewsDaily} (property_id, day, views)
      values (${propertyId}, (now() at time zone 'America/Maceio')::date, 1)
      on conflict (property_id, day) do update set views = ${propertyViewsDaily.views} + 1
    )
    update ${properties} set views = ${properties.views} + 1 where ${properties.id} = ${propertyId}`);
}
