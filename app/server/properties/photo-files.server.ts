// Variant files are content-addressed and may be shared by several photo rows (a duplicated
// listing, the same picture uploaded twice), so a file goes only when no row references it.
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { type PhotoVariant, propertyPhotos } from "../db/schema.server";
import type { Storage } from "../media/storage.server";

type StoredPhoto = { hash: string; variants: Pick<PhotoVariant, "key">[] };

/**
 * Delete the files of `photos` that no remaining photo row uses. Runs after the rows are gone
 * (committed), so a failure here can leave a stray file but never a row without its file.
 */
export async function removeUnusedFiles(db: Db, storage: Storage, photos: StoredPhoto[]): Promise<string[]> {
  const keys = new Set(photos.flatMap((p) => p.variants.map((v) => v.key)));
  if (keys.size === 0) return [];
  // Keys derive from the content hash, so only rows with the same hash can share them.
  const hashes = [...new Set(photos.map((p) => p.hash))];
  const remaining = await db
    .select({ variants: propertyPhotos.variants })
    .from(propertyPhotos)
    .where(inArray(propertyPhotos.hash, hashes));
  const inUse = new Set(remaining.flatMap((row) => row.variants.map((v) => v.key)));
  const unused = [...keys].filter((key) => !inUse.has(key));
  await Promise.all(unused.map((key) => storage.delete(key)));
  return unused;
}
