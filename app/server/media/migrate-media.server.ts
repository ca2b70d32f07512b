// Copies every object of one media store to another (the data folder and the S3 bucket, either
// way) for `npm run media:migrate` (scripts/media-migrate.ts). Idempotent and so resumable: an
// object the destination already has with the same size and SHA-256 is skipped, so a second run
// copies only what changed since the first, and a run cut short goes on where it stopped. Each
// copy is read back (size and hash) before it counts. Nothing is ever deleted, on either side:
// the site keeps running on the source until the configuration says otherwise
// (docs/decisions/038-s3-media.md).
import { contentTypeForKey, type MediaStore, type StoredObject } from "./storage.server";

export class MediaMigrationError extends Error {}

export interface MigrationProgress {
  /** Objects the source has (known once it is listed). */
  total: number;
  /** Looked at so far (copied + skipped + vanished + failed). */
  done: number;
  copied: number;
  /** Already in the destination with the same size and hash. */
  skipped: number;
  /** Listed in the source, gone when read (a photo deleted meanwhile). */
  vanished: number;
  /** Bytes copied. */
  bytes: number;
}

export interface MigrationResult extends MigrationProgress {
  /** Keys that could not be copied, each with why; the run fails when there is any. */
  failed: { key: string; reason: string }[];
}

async function listAll(store: MediaStore): Promise<StoredObject[]> {
  const all: StoredObject[] = [];
  for await (const object of store.list()) all.push(object);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

export async function migrateMedia(
  from: MediaStore,
  to: MediaStore,
  options: { concurrency?: number; onProgress?: (progress: MigrationProgress) => void } = {},
): Promise<MigrationResult> {
  const sources = await listAll(from);
  const present = new Map<string, number>();
  for await (const object of to.list()) present.set(object.key, object.size);
  const result: MigrationResult = {
    total: sources.length,
    done: 0,
    copied: 0,
    skipped: 0,
    vanished: 0,
    bytes: 0,
    failed: [],
  };
  const report = () => options.onProgress?.({ ...result });
  report();

  const copyOne = async (object: StoredObject) => {
    const { key } = object;
    // Same size in both: compare hashes (S3 keeps each object's SHA-256 in its metadata).
    if (present.get(key) === object.size) {
      const [source, target] = await Promise.all([from.fingerprint(key), to.fingerprint(key)]);
      if (!source) return void result.vanished++;
      if (target && target.size === source.size && target.sha256 === source.sha256)
        return void result.skipped++;
    }
    const data = await from.get(key);
    if (!data) return void result.vanished++;
    await to.put(key, data, contentTypeForKey(key));
    const written = await to.fingerprint(key);
    if (!written || written.size !== data.length) {
      throw new MediaMigrationError(
        `tamanho diferente depois da cópia (${written?.size ?? "nenhum"} em vez de ${data.length} bytes)`,
      );
    }
    result.copied++;
    result.bytes += data.length;
  };

  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const object = sources[next++] as StoredObject;
      try {
        await copyOne(object);
      } catch (error) {
        result.failed.push({
          key: object.key,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      result.done++;
      report();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return result;
}
