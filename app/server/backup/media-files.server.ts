import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/**
 * The storage keys of the files under the media folder, sorted. Names starting with a dot are
 * left out: LocalDiskStorage writes each file under a hidden temporary name first
 * (app/server/media/storage.server.ts).
 */
export async function listMediaKeys(mediaDir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(mediaDir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(mediaDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((key) => !key.split("/").some((segment) => segment.startsWith(".")))
    .sort();
}
