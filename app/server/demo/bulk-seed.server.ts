// Bulk seeding for benchmarks (`npm run seed -- --listings N`, bench/search.ts): generated
// listings by the thousand, sharing a small pool of demo pictures.
import { sql } from "drizzle-orm";
import { bumpDataVersion } from "../cache/data-version.server";
import { properties, propertyPhotos } from "../db/schema.server";
import type { Services } from "../services.server";
import { generateListings } from "./catalogue.server";
import { brokersForListings } from "./catalogue-seed.server";
import { assignPhotos, BULK_POOL, PhotoPool } from "./demo-photos.server";
import { SCENE_KINDS } from "./scenes.server";

export const BULK_MAX_LISTINGS = 100_000;
const BULK_PHOTOS_PER_LISTING = 5;
const BULK_BATCH = 1000;

/**
 * Add `count` published listings (up to 100 000) in batches of 1000 multi-row INSERTs, sharing a
 * pool of 12 pictures. Referências continue after the highest number already in use, so this
 * runs on an empty or an already seeded database.
 */
export async function seedBulk(
  services: Services,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > BULK_MAX_LISTINGS) {
    throw new RangeError(
      `A quantidade de imóveis deve ser um número inteiro entre 1 e ${BULK_MAX_LISTINGS}.`,
    );
  }
  const { db } = services;
  const pool = new PhotoPool(services);
  const slots = SCENE_KINDS.flatMap((kind) =>
    Array.from({ length: BULK_POOL[kind] }, (_, variant) => ({ kind, variant })),
  );
  await pool.prepare(slots, { concurrency: 2 });
  const slotIndex = new Map(slots.map((slot, index) => [`${slot.kind}:${slot.variant}`, index]));
  const poolPhotos = await Promise.all(slots.map((slot) => pool.get(slot)));
  const poolJson = JSON.stringify(
    poolPhotos.map((photo, slot) => ({
      slot,
      width: photo.width,
      height: photo.height,
      placeholder_color: photo.placeholderColor,
      hash: photo.hash,
      variants: photo.variants,
    })),
  );

  const [maxRow] = await db
    .select({
      max: sql<string | number | null>`max((substring(${properties.referencia} from '([0-9]+)$'))::bigint)`,
    })
    .from(properties);
  const firstNumber = Number(maxRow?.max ?? 0) + 1;
  const brokerIds = await brokersForListings(db);
  const now = new Date();

  let done = 0;
  for (let batch = 0; done < count; batch++) {
    const size = Math.min(BULK_BATCH, count - done);
    const listings = generateListings(size, 10_007 + batch * 31 + firstNumber, {
      firstNumber: firstNumber + done,
      now,
    });
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(properties)
        .values(
          listings.map(({ sceneKinds: _k, altTexts: _a, ...fields }, i) => ({
            ...fields,
            corretorId: brokerIds.length > 0 ? brokerIds[(done + i) % brokerIds.length]! : null,
            createdAt: fields.publishedAt,
            updatedAt: fields.publishedAt,
            statusChangedAt: fields.publishedAt,
          })),
        )
        .returning({ id: properties.id, referencia: properties.referencia });
      const ids = new Map(rows.map((r) => [r.referencia, r.id]));
      const photoRows = listings.flatMap((listing, i) => {
        const pid = ids.get(listing.referencia)!;
        return assignPhotos(listing, done + i, BULK_POOL)
          .slice(0, BULK_PHOTOS_PER_LISTING)
          .map((slot, pos) => ({
            pid,
            pos,
            alt: listing.altTexts[pos] ?? "",
            slot: slotIndex.get(`${slot.kind}:${slot.variant}`)!,
          }));
      });
      // One JSON parameter joined to the 12 pool photos: the server copies each photo's variants
      // instead of parsing 5000 copies of them.
      await tx.execute(sql`
        insert into property_photos (property_id, position, is_cover, alt_text, width, height, placeholder_color, hash, variants)
        select x.pid, x.pos, x.pos = 0, x.alt, p.width, p.height, p.placeholder_color, p.hash, p.variants
        from jsonb_to_recordset(${JSON.stringify(photoRows)}::jsonb) as x(pid int, pos int, alt text, slot int)
        join jsonb_to_recordset(${poolJson}::jsonb)
          as p(slot int, width int, height int, placeholder_color text, hash text, variants jsonb)
          on p.slot = x.slot
        order by x.pid, x.pos`);
    });
    done += size;
    onProgress?.(done);
  }
  // Running servers cache public pages by data version: new listings must invalidate them.
  await bumpDataVersion(db);
  // PGlite has no autovacuum: without statistics the planner guesses (badly) for every query.
  await db.execute(sql`analyze ${properties}, ${propertyPhotos}`);
}
