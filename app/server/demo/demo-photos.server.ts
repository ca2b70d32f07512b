// The demo catalogue's photos. A small pool of rendered scenes (scenes.server.ts), each put
// through the media pipeline once: variant keys are content-addressed, so every listing that
// shows the same picture shares the same files.
//
// Encoding the pool is most of a first start's work (24 pictures × 4 widths × AVIF/WebP/JPEG:
// ~40 s on 2 cores), so the server makes it after it starts answering (seed.server.ts): a demo
// listing shows its "no photo" placeholder (property-card.tsx, gallery.tsx) until every one of
// its pictures is ready, then gets them all at once, in one transaction.
import { createHash } from "node:crypto";
import { and, desc, eq, exists, inArray, not } from "drizzle-orm";
import type { PhotoVariant } from "../db/schema.server";
import { properties, propertyPhotos } from "../db/schema.server";
import { processImage } from "../media/pipeline.server";
import { recordListingChange } from "../properties/changes.server";
import type { Services } from "../services.server";
import type { DemoListing } from "./catalogue.server";
import { renderScene, SCENE_KINDS, type SceneKind } from "./scenes.server";

/**
 * Distinct pictures per scene kind in the demo pool (24 in all). A listing never shows more
 * pictures of one kind than this (e.g. up to 4 land photos for a lot), so it never repeats one.
 */
export const DEMO_POOL: Record<SceneKind, number> = {
  building: 4,
  house: 3,
  beach: 3,
  land: 4,
  aerial: 2,
  pool: 2,
  living: 2,
  bedroom: 2,
  kitchen: 1,
  bathroom: 1,
};

/** The bulk pool is a subset of the demo pool, so a seeded database already has its files. */
export const BULK_POOL: Record<SceneKind, number> = {
  building: 2,
  house: 2,
  beach: 1,
  land: 1,
  aerial: 1,
  pool: 1,
  living: 1,
  bedroom: 1,
  kitchen: 1,
  bathroom: 1,
};

export type Slot = { kind: SceneKind; variant: number };

export type PoolPhoto = {
  hash: string;
  width: number;
  height: number;
  placeholderColor: string;
  variants: PhotoVariant[];
};

const slotKey = (slot: Slot) => `${slot.kind}:${slot.variant}`;

/** Spread pictures across listings (neighbours get different covers), never repeating one in a listing. */
export function assignPhotos(listing: DemoListing, index: number, pool: Record<SceneKind, number>): Slot[] {
  const seen = new Map<SceneKind, number>();
  return listing.sceneKinds.map((kind) => {
    const occurrence = seen.get(kind) ?? 0;
    seen.set(kind, occurrence + 1);
    const offset = SCENE_KINDS.indexOf(kind) * 3;
    return { kind, variant: (index + offset + occurrence) % pool[kind] };
  });
}

/** Each picture once, in the order first needed. */
export function uniqueSlots(slots: Slot[]): Slot[] {
  const map = new Map<string, Slot>();
  for (const s of slots) if (!map.has(slotKey(s))) map.set(slotKey(s), s);
  return [...map.values()];
}

/** The scene seed behind pool variant n of a kind: fixed, so every install shows the same pictures. */
const sceneSeed = (variant: number) => 1 + variant;

export class PhotoPool {
  private readonly photos = new Map<string, Promise<PoolPhoto>>();

  constructor(private readonly services: Services) {}

  get(slot: Slot): Promise<PoolPhoto> {
    const key = slotKey(slot);
    let photo = this.photos.get(key);
    if (!photo) {
      photo = this.make(slot);
      this.photos.set(key, photo);
    }
    return photo;
  }

  /**
   * Render and process `slots`, `concurrency` at a time (each processImage also encodes two
   * variants at a time), calling `onEach` as each is ready. Stops taking new ones once
   * `shouldStop` says so; resolves to whether every slot was made.
   */
  async prepare(
    slots: Slot[],
    options: { concurrency: number; onEach?: (slot: Slot) => void; shouldStop?: () => boolean },
  ): Promise<boolean> {
    let next = 0;
    const worker = async () => {
      while (next < slots.length && !options.shouldStop?.()) {
        const slot = slots[next++]!;
        await this.get(slot);
        options.onEach?.(slot);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    return next >= slots.length && !options.shouldStop?.();
  }

  private async make(slot: Slot): Promise<PoolPhoto> {
    const { db, storage } = this.services;
    const jpeg = await renderScene(slot.kind, sceneSeed(slot.variant));
    // Same hash as the media pipeline: when this exact picture is already stored (an earlier
    // seed), reuse its row's variants instead of encoding everything again.
    const hash = createHash("sha256").update(jpeg).digest("hex").slice(0, 32);
    const [known] = await db
      .select({
        width: propertyPhotos.width,
        height: propertyPhotos.height,
        placeholderColor: propertyPhotos.placeholderColor,
        variants: propertyPhotos.variants,
      })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.hash, hash))
      .limit(1);
    if (known && known.variants.length > 0) {
      const present = await Promise.all(known.variants.map((v) => storage.exists(v.key)));
      if (present.every(Boolean)) return { hash, ...known };
    }
    const processed = await processImage(jpeg, storage);
    return {
      hash: processed.hash,
      width: processed.width,
      height: processed.height,
      placeholderColor: processed.placeholderColor,
      variants: processed.variants,
    };
  }
}

export type AttachOptions = {
  /** Pictures made at a time. */
  concurrency: number;
  /** Checked between pictures: true = attach nothing more and return. */
  shouldStop?: () => boolean;
  /** After each picture: how many are ready of how many this run makes. */
  onProgress?: (ready: number, total: number) => void;
};

/**
 * Give every demo listing still without a photo its pictures (`listings` as generated, whose
 * order decides which pictures each one shows). Listings the public pages show first (featured,
 * then the newest) get theirs first. A listing deleted meanwhile, or given photos by an agent, is
 * left alone. Resolves to whether every pending listing now has its photos.
 */
export async function attachDemoPhotos(
  services: Services,
  listings: DemoListing[],
  options: AttachOptions,
): Promise<boolean> {
  const { db } = services;
  const indexOf = new Map(listings.map((listing, index) => [listing.referencia, index]));
  const hasPhotos = exists(
    db
      .select({ id: propertyPhotos.id })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, properties.id)),
  );
  const pending = await db
    .select({ id: properties.id, referencia: properties.referencia })
    .from(properties)
    .where(and(inArray(properties.referencia, [...indexOf.keys()]), not(hasPhotos)))
    .orderBy(desc(properties.destaque), desc(properties.publishedAt));
  let waiting = pending.map((row) => {
    const index = indexOf.get(row.referencia)!;
    const listing = listings[index]!;
    return { id: row.id, altTexts: listing.altTexts, slots: assignPhotos(listing, index, DEMO_POOL) };
  });

  const pool = new PhotoPool(services);
  const slots = uniqueSlots(waiting.flatMap((plan) => plan.slots));
  const ready = new Set<string>();
  // Attached one at a time, in the order they became complete, while the next pictures encode.
  let attaching = Promise.resolve();
  const made = await pool.prepare(slots, {
    concurrency: options.concurrency,
    shouldStop: options.shouldStop,
    onEach(slot) {
      ready.add(slotKey(slot));
      options.onProgress?.(ready.size, slots.length);
      const complete = waiting.filter((plan) => plan.slots.every((s) => ready.has(slotKey(s))));
      waiting = waiting.filter((plan) => !complete.includes(plan));
      for (const plan of complete) {
        attaching = attaching.then(async () => {
          if (options.shouldStop?.()) return;
          const photos = await Promise.all(plan.slots.map((slot) => pool.get(slot)));
          await attachPhotos(services, plan.id, photos, plan.altTexts);
        });
      }
    },
  });
  await attaching;
  return made && waiting.length === 0 && !options.shouldStop?.();
}

async function attachPhotos(
  services: Services,
  propertyId: number,
  photos: PoolPhoto[],
  altTexts: string[],
): Promise<void> {
  await services.db.transaction(async (tx) => {
    // Under the listing's lock, as an agent's upload takes it (photos.server.ts): the listing may
    // have been deleted, or given photos, since the pictures started encoding.
    const [listing] = await tx
      .select({ corretorId: properties.corretorId })
      .from(properties)
      .where(eq(properties.id, propertyId))
      .for("update");
    if (!listing) return;
    const [existing] = await tx
      .select({ id: propertyPhotos.id })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, propertyId))
      .limit(1);
    if (existing) return;
    await tx.insert(propertyPhotos).values(
      photos.map((photo, position) => ({
        propertyId,
        position,
        isCover: position === 0,
        altText: altTexts[position] ?? "",
        width: photo.width,
        height: photo.height,
        placeholderColor: photo.placeholderColor,
        hash: photo.hash,
        variants: photo.variants,
      })),
    );
    // Cached pages showing the placeholder are stale now; open admin panels refresh the row.
    await recordListingChange(tx, propertyId, [listing.corretorId]);
  });
}
