// The demo catalogue of a first start: its 64 listings (catalogue.server.ts), then their photos
// (demo-photos.server.ts). Loaded by seed.server.ts only while the catalogue is not finished, so
// the generators, their texts and the scene drawing stay out of a running site's memory.
import { and, asc, eq } from "drizzle-orm";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db, Tx } from "../db/client.server";
import { appState, properties, propertyViewsDaily, users } from "../db/schema.server";
import type { BackgroundJob, Services } from "../services.server";
import { demoActivity, demoPriceHistory } from "./activity.server";
import { generateListings } from "./catalogue.server";
import { type AttachOptions, attachDemoPhotos } from "./demo-photos.server";
import { DEMO_DONE, DEMO_PHOTOS_PENDING, DEMO_STATE_KEY } from "./demo-state.server";

export const DEMO_LISTING_COUNT = 64;
const DEMO_SEED = 42;

/**
 * The demo listings themselves, in one transaction; their photos are then pending
 * (demo-state.server.ts says when this is to be done).
 */
export async function insertDemoListings(services: Services): Promise<void> {
  const { db } = services;
  const listings = generateListings(DEMO_LISTING_COUNT, DEMO_SEED);
  const brokerIds = await brokersForListings(db);
  const now = new Date();
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(properties)
      .values(
        listings.map(({ sceneKinds: _kinds, altTexts: _alts, ...fields }, i) => ({
          ...fields,
          corretorId: brokerIds.length > 0 ? brokerIds[i % brokerIds.length]! : null,
          createdAt: fields.publishedAt,
          updatedAt: fields.publishedAt,
          statusChangedAt: fields.publishedAt,
          ...demoPriceHistory(fields, now, DEMO_SEED + i),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: properties.id, referencia: properties.referencia });
    await insertDemoActivity(tx, listings, inserted, now);
    await tx
      .insert(appState)
      .values({ key: DEMO_STATE_KEY, value: DEMO_PHOTOS_PENDING })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: DEMO_PHOTOS_PENDING, updatedAt: new Date() },
      });
    await bumpDataVersion(tx);
  });
}

/** Views and WhatsApp taps a day for the listings just inserted (activity.server.ts). */
async function insertDemoActivity(
  tx: Tx,
  listings: ReturnType<typeof generateListings>,
  inserted: { id: number; referencia: string }[],
  now: Date,
): Promise<void> {
  const ids = new Map(inserted.map((row) => [row.referencia, row.id]));
  for (const [index, listing] of listings.entries()) {
    const id = ids.get(listing.referencia);
    if (id === undefined) continue;
    const days = demoActivity(listing, now, DEMO_SEED + index);
    if (days.length === 0) continue;
    await tx.insert(propertyViewsDaily).values(days.map((day) => ({ propertyId: id, ...day })));
    const views = days.reduce((sum, day) => sum + day.views, 0);
    await tx.update(properties).set({ views }).where(eq(properties.id, id));
  }
}

/**
 * Photos for the demo listings that have none yet, then the catalogue is marked done. Resolves
 * to false when stopped first (the next start carries on).
 */
export async function finishDemoCatalogue(services: Services, options: AttachOptions): Promise<boolean> {
  const listings = generateListings(DEMO_LISTING_COUNT, DEMO_SEED);
  if (!(await attachDemoPhotos(services, listings, options))) return false;
  await services.db
    .update(appState)
    .set({ value: DEMO_DONE, updatedAt: new Date() })
    .where(and(eq(appState.key, DEMO_STATE_KEY), eq(appState.value, DEMO_PHOTOS_PENDING)));
  return true;
}

/**
 * The demo photos, made while the site already answers: one picture at a time (each encodes
 * two variants at once), leaving the other core to the visitors. closeServices stops it; `done`
 * settles when every demo listing has its photos. Stopped, it finishes the picture in hand and
 * attaches nothing more.
 */
export function startDemoPhotos(services: Services): BackgroundJob {
  let stopping = false;
  const done = finishDemoCatalogue(services, { concurrency: 1, shouldStop: () => stopping }).then(
    () => undefined,
    (error: unknown) => {
      if (!stopping) console.error("Falha ao gerar as fotos de demonstração:", error);
    },
  );
  return {
    done,
    async stop() {
      stopping = true;
      await done;
    },
  };
}

/** Active brokers (round-robin owners of demo listings); admins when there are none. */
export async function brokersForListings(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(asc(users.id));
  const brokers = rows.filter((r) => r.role === "corretor").map((r) => r.id);
  return brokers.length > 0 ? brokers : rows.map((r) => r.id);
}
