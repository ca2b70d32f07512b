import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { properties, propertyPhotos } from "../db/schema.server";

const published = eq(properties.publicacao, "publicado");

/** Newest published listings with their cover photo, for cards. */
export async function listPublishedCards(db: Db, options: { limit: number; offset?: number }) {
  const rows = await db
    .select()
    .from(properties)
    .where(published)
    .orderBy(desc(properties.destaque), desc(properties.publishedAt), asc(properties.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
  const ids = rows.map((r) => r.id);
  const covers = ids.length
    ? await db
        .select()
        .from(propertyPhotos)
        .where(and(inArray(propertyPhotos.propertyId, ids), eq(propertyPhotos.isCover, true)))
    : [];
  const coverById = new Map(covers.map((c) => [c.propertyId, c]));
  return rows.map((property) => ({ property, cover: coverById.get(property.id) ?? null }));
}
