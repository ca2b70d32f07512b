// Share images no listing shows any more, deleted from storage once a day (decision 024).
// recordOgImage and the listing's deletion remove the image a listing lets go of as it happens
// (og-image.server.ts); what they cannot know is an image drawn before og_images existed, or one
// stored by a process stopped between drawing it and recording it. Nothing breaks if an image in
// use goes: the next request for it draws it again (getOgImage), so a race costs a drawing.
// Started by server/app.ts startServices; one instance at a time (background-jobs.server.ts).
import { type ExclusiveSweep, startExclusiveSweep } from "../background-jobs.server";
import type { Db } from "../db/client.server";
import { ogImages } from "../db/schema.server";
import type { MediaStore } from "../media/storage.server";
import type { Services } from "../services.server";
import { removeOgImageIfUnused } from "./og-image.server";

/** The sweep's name among background jobs (its advisory lock). */
export const OG_IMAGE_PRUNE_JOB = "og-image-prune";
const DAY_SECONDS = 86_400;
/** The first turn, after the start's own work (a restart should not wait a day). */
const FIRST_AFTER_SECONDS = 600;

export type OgImagePrune = ExclusiveSweep<{ deleted: number }>;

/**
 * Deletes every stored share image (og/…) that no listing records as its current one. Each
 * candidate is asked about again just before it goes (removeOgImageIfUnused), so an image drawn and
 * recorded while the folder is listed stays.
 */
export async function pruneUnusedOgImages(services: {
  db: Db;
  storage: MediaStore;
}): Promise<{ deleted: number }> {
  const used = new Set(
    (await services.db.select({ key: ogImages.key }).from(ogImages)).map((row) => row.key),
  );
  let deleted = 0;
  for await (const object of services.storage.list("og/")) {
    if (used.has(object.key)) continue;
    if (await removeOgImageIfUnused(services, object.key)) deleted += 1;
  }
  return { deleted };
}

export function startOgImagePrune(
  services: Pick<Services, "database" | "db" | "storage" | "log">,
): OgImagePrune {
  return startExclusiveSweep(services, {
    job: OG_IMAGE_PRUNE_JOB,
    everySeconds: DAY_SECONDS,
    firstAfterSeconds: FIRST_AFTER_SECONDS,
    run: () => pruneUnusedOgImages(services),
    label: "Imagens de compartilhamento sem uso",
    worthLogging: (result) => result.deleted > 0,
  });
}
