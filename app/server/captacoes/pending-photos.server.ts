// A captação's photos while they wait for an agent ("pending"): each one checked by its bytes as an
// agent's upload is (app/server/media/pipeline.server.ts: format, size, pixels, a full decode), then
// kept as sent plus a small preview for the admin screen. They live in the media storage under
// `captacoes/`, which /media never serves (server/app.ts): the owner's originals may carry the
// camera's GPS position, and an agent, not the public, decides what becomes a listing photo. Being
// under the media folder, they go into every backup with the listing photos.
import { createHash, randomUUID } from "node:crypto";
import { posix } from "node:path";
import { type InputFormat, inspectImage, previewImage } from "../media/pipeline.server";
import { contentTypeForKey, type Storage } from "../media/storage.server";

/** The storage folder of pending photos; nothing under it is public. */
export const PENDING_PREFIX = "captacoes/";
/** The preview's longest side, in pixels (the admin's thumbnails and a click to enlarge). */
export const PREVIEW_SIDE = 960;

const EXTENSIONS: Record<InputFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };

/**
 * True for a /media path that names a pending photo, however it is written (`//captacoes`,
 * `%63aptacoes`, `./captacoes`, another case on a case-insensitive disk).
 */
export function isPendingMediaPath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true; // unreadable: nothing to serve anyway
  }
  const normalized = posix.normalize(`/${decoded.replace(/\\/g, "/")}`).replace(/^\/+/, "");
  const folder = PENDING_PREFIX.slice(0, -1);
  const lower = normalized.toLowerCase();
  return lower === folder || lower.startsWith(PENDING_PREFIX);
}

export interface CheckedPhoto {
  /** First 32 hex chars of the SHA-256 of the bytes: the same hash the pipeline gives them. */
  hash: string;
  format: InputFormat;
  width: number;
  height: number;
  original: Buffer;
  preview: Buffer;
}

/** Checks one photo (throws ImageRejectedError with a message to show); writes nothing. */
export async function checkPendingPhoto(original: Buffer): Promise<CheckedPhoto> {
  const { format, width, height } = await inspectImage(original);
  const preview = await previewImage(original, PREVIEW_SIDE);
  const hash = createHash("sha256").update(original).digest("hex").slice(0, 32);
  return { hash, format, width, height, original, preview };
}

export interface StoredPhoto {
  hash: string;
  originalKey: string;
  previewKey: string;
  width: number;
  height: number;
  bytes: number;
}

/**
 * Writes every photo's original and preview under a folder of their own, or none: on a failure
 * the files already written are removed and the error goes on.
 */
export async function storePendingPhotos(storage: Storage, photos: CheckedPhoto[]): Promise<StoredPhoto[]> {
  if (photos.length === 0) return [];
  const folder = `${PENDING_PREFIX}${randomUUID()}`;
  const written: string[] = [];
  const put = async (key: string, data: Buffer) => {
    await storage.put(key, data, contentTypeForKey(key));
    written.push(key);
  };
  try {
    const stored: StoredPhoto[] = [];
    for (const photo of photos) {
      const originalKey = `${folder}/${photo.hash}.${EXTENSIONS[photo.format]}`;
      const previewKey = `${folder}/${photo.hash}-previa.webp`;
      await put(originalKey, photo.original);
      await put(previewKey, photo.preview);
      stored.push({
        hash: photo.hash,
        originalKey,
        previewKey,
        width: photo.width,
        height: photo.height,
        bytes: photo.original.length,
      });
    }
    return stored;
  } catch (error) {
    await removePendingFiles(storage, written);
    throw error;
  }
}

/** The files of pending photos whose rows are gone (committed); returns the keys it could not remove. */
export async function removePendingFiles(storage: Storage, keys: string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return keys.filter((_, i) => results[i]?.status === "rejected");
}

/** Both files of each photo row. */
export function pendingKeys(photos: { originalKey: string; previewKey: string }[]): string[] {
  return photos.flatMap((p) => [p.originalKey, p.previewKey]);
}
