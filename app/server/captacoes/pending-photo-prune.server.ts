// Pending photos no captação holds, deleted from storage once a day. A captação's files are
// written before its rows commit (submit.server.ts: storePendingPhotos, then the transaction) and
// removed after its rows go (conversion, deletion, LGPD erasure: removePendingFiles, whose failures
// are only logged), so a process stopped in between, or a delete the storage refused, leaves files
// no row names. They are an owner's originals, which may carry the camera's GPS position
// (pending-photos.server.ts), kept for no one: they go. A file written in the last hour stays, as
// its submission may still be committing.
// Started by server/app.ts startServices; one instance at a time (background-jobs.server.ts).
import { type ExclusiveSweep, startExclusiveSweep } from "../background-jobs.server";
import type { Db } from "../db/client.server";
import { captacaoPhotos } from "../db/schema.server";
import type { MediaStore } from "../media/storage.server";
import type { Services } from "../services.server";
import { PENDING_PREFIX, pendingKeys } from "./pending-photos.server";

/** The sweep's name among background jobs (its advisory lock). */
export const PENDING_PHOTO_PRUNE_JOB = "pending-photo-prune";
/** A file younger than this may belong to a submission still committing. */
export const PENDING_PHOTO_GRACE_MS = 60 * 60 * 1000;
const DAY_SECONDS = 86_400;
/** The first turn, after the start's own work (a restart should not wait a day). */
const FIRST_AFTER_SECONDS = 900;

export type PendingPhotoPrune = ExclusiveSweep<{ deleted: number }>;

/** Deletes every file under captacoes/ that no captação photo names and that is over an hour old. */
export async function prunePendingPhotos(
  services: { db: Db; storage: MediaStore },
  now: Date = new Date(),
): Promise<{ deleted: number }> {
  // Read before listing: a file committed after this read is younger than the grace period.
  const held = new Set(pendingKeys(await services.db.select().from(captacaoPhotos)));
  let deleted = 0;
  for await (const object of services.storage.list(PENDING_PREFIX)) {
    if (held.has(object.key) || now.getTime() - object.modifiedAt.getTime() < PENDING_PHOTO_GRACE_MS)
      continue;
    await services.storage.delete(object.key);
    deleted += 1;
  }
  return { deleted };
}

export function startPendingPhotoPrune(
  services: Pick<Services, "database" | "db" | "storage" | "log">,
): PendingPhotoPrune {
  return startExclusiveSweep(services, {
    job: PENDING_PHOTO_PRUNE_JOB,
    everySeconds: DAY_SECONDS,
    firstAfterSeconds: FIRST_AFTER_SECONDS,
    run: () => prunePendingPhotos(services),
    label: "Fotos de captações sem registro",
    worthLogging: (result) => result.deleted > 0,
  });
}
