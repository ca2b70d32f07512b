// Where the demo catalogue's first-start seeding stands, read without loading the demo generators
// (seed.server.ts loads catalogue-seed.server.ts only when there is work to do).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { appState, properties } from "../db/schema.server";

/**
 * app_state row: absent = never seeded, 2 = the listings are in and some still wait for their
 * photos, 1 = done. (0 was an earlier version's "in progress": its listings are completed.)
 */
export const DEMO_STATE_KEY = "demo_catalogue_seeded";
export const DEMO_DONE = 1;
export const DEMO_PHOTOS_PENDING = 2;

/**
 * What the demo catalogue still needs: its listings (then their photos), only their photos, or
 * nothing. Never demo listings for a catalogue the agency has already started.
 */
export async function pendingDemoWork(db: Db): Promise<"listings" | "photos" | null> {
  const [state] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, DEMO_STATE_KEY));
  if (state?.value === DEMO_DONE) return null;
  if (state?.value === DEMO_PHOTOS_PENDING) return "photos";
  if (!state) {
    const [any] = await db.select({ id: properties.id }).from(properties).limit(1);
    if (any) return null;
  }
  // No state, or 0 (a run of an earlier version, interrupted): add the listings that are missing.
  return "listings";
}
