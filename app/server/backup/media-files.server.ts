import { LocalDiskStorage } from "../media/storage.server";

/**
 * The storage keys of the files under the media folder, sorted. Names starting with a dot are
 * left out: LocalDiskStorage writes each file under a hidden temporary name first
 * (app/server/media/storage.server.ts).
 */
export async function listMediaKeys(mediaDir: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of new LocalDiskStorage(mediaDir).list()) keys.push(key);
  return keys.sort();
}
