import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { properties, propertyPhotos } from "../db/schema.server";

export type CoverRow = Pick<
  typeof propertyPhotos.$inferSelect,
  "propertyId" | "altText" | "width" | "height" | "placeholderColor" | "variants"
>;

/** Cover photos of many listings in one query, by property id. */
export async function coversFor(db: Db, propertyIds: number[]): Promise<Map<number, CoverRow>> {
  if (propertyIds.length === 0) return new Map();
  const covers = await db
    .select({
      propertyId: propertyPhotos.propertyId,
      altText: propertyPhotos.altText,
      width: propertyPhotos.width,
      height: propertyPhotos.height,
      placeholderColor: propertyPhotos.placeholderColor,
      variants: propertyPhotos.variants,
    })
    .from(propertyPhotos)
    .where(and(inArray(propertyPhotos.propertyId, propertyIds), eq(propertyPhotos.isCover, true)));
  return new Map(covers.map((c) => [c.propertyId, c]));
}

/**
 * A listing's cover as one JSON column of a query on `properties` (null without photos): the
 * cards and their covers in one round trip. One field to decode instead of a row of six, too.
 * (`properties`.id spelled out: in a one-table query Drizzle writes a bare "id", which inside
 * the subquery would be the photo's.)
 */
export const coverColumn = sql<CoverRow | null>`(
  select json_build_object(
    'propertyId', c.property_id, 'altText', c.alt_text, 'width', c.width, 'height', c.height,
    'placeholderColor', c.placeholder_color, 'variants', c.variants)
  from ${propertyPhotos} c where c.property_id = ${properties}.id and c.is_cover)`;
