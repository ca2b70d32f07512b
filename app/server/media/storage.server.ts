import { createHash, randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Where processed media lives: the data folder (LocalDiskStorage below) or an S3-compatible
 * bucket (s3-storage.server.ts), chosen by configuration (open-storage.server.ts). Flat keys,
 * whole-buffer reads/writes: put → PutObject (with ContentType), get → GetObject, delete →
 * DeleteObject, exists → HeadObject, url → /media, or the bucket's/CDN's URL.
 */
/**
 * What the data folder's /media answered (server/app.ts: express.static with immutable, 1 year):
 * variant names carry their content hash, so a changed photo is a new object.
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** A captação's pending photos are never public (captacoes/pending-photos.server.ts). */
export const PENDING_CACHE_CONTROL = "private, no-store";

export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Resolves to null when the key does not exist. */
  get(key: string): Promise<Buffer | null>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Public URL the browser uses to fetch the object. */
  url(key: string): string;
}

export interface StoredObject {
  key: string;
  size: number;
  /** When it was last written. */
  modifiedAt: Date;
}

export interface ObjectFingerprint {
  size: number;
  /** SHA-256 of the bytes, hex. */
  sha256: string;
}

/**
 * A whole store (the data folder or a bucket: s3-storage.server.ts), for the work that walks it
 * (scripts/media-migrate.ts) rather than one photo at a time. The app's code takes `Storage`.
 */
export interface MediaStore extends Storage {
  /** Every object whose key starts with `prefix`, as the store pages them (order not promised). */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /** Size and hash of an object, null when it does not exist. */
  fingerprint(key: string): Promise<ObjectFingerprint | null>;
}

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
};

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/**
 * Keys are relative, forward-slash paths such as `ab/ab12…-640.webp`. Anything that
 * could escape the storage root (or mean different things on disk and in S3) is a
 * programming error, so we throw instead of sanitising.
 */
export function assertValidKey(key: string): void {
  const invalid =
    key.length === 0 ||
    key.length > 512 ||
    key.startsWith("/") ||
    key.includes("\\") ||
    key.includes("\0") ||
    /^[a-zA-Z]:/.test(key) ||
    key.includes("..") ||
    // Empty or "." segments ("a//b", "./a") are harmless on disk but would be
    // distinct, confusing object names in S3.
    key.split("/").some((segment) => segment === "" || segment === ".");
  if (invalid) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOTDIR: a path through a file ("og/x.jpg/…") finds nothing either.
  return code === "ENOENT" || code === "ENOTDIR";
}

export class LocalDiskStorage implements MediaStore {
  private readonly rootDir: string;
  private readonly publicBasePath: string;

  constructor(rootDir: string, publicBasePath = "/media") {
    this.rootDir = path.resolve(rootDir);
    this.publicBasePath = publicBasePath.replace(/\/+$/, "");
  }

  private pathFor(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.rootDir, key);
    // Defence in depth: the key checks above should already make this impossible.
    if (!full.startsWith(this.rootDir + path.sep)) {
      throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    }
    return full;
  }

  // contentType is unused on disk (the static file server derives it from the
  // extension) but is part of the interface because object stores need it.
  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathFor(key);
    const dir = path.dirname(target);
    await mkdir(dir, { recursive: true });

    // Write to a temp file in the same directory (same filesystem, so rename is
    // atomic), fsync it, then rename: readers and crashes see either the old
    // file, no file, or the complete new file — never a partial one.
    const temp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      const handle = await open(temp, "wx");
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathFor(key));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicBasePath}/${key}`;
  }

  /**
   * Names starting with a dot are left out: put writes each file under a hidden temporary name
   * first.
   */
  async *list(prefix = ""): AsyncIterable<StoredObject> {
    // Only the prefix's folder is read ("og/" lists og/, not every photo of the catalogue).
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    if (folder.split("/").some((segment) => segment === ".." || segment.startsWith("."))) return;
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(this.rootDir, folder), { withFileTypes: true, recursive: true });
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path
        .relative(this.rootDir, path.join(entry.parentPath, entry.name))
        .split(path.sep)
        .join("/");
      if (!key.startsWith(prefix) || key.split("/").some((segment) => segment.startsWith("."))) continue;
      try {
        const { size, mtime } = await stat(path.join(entry.parentPath, entry.name));
        yield { key, size, modifiedAt: mtime };
      } catch (error) {
        if (!isNotFound(error)) throw error; // deleted since the folder was read
      }
    }
  }

  async fingerprint(key: string): Promise<ObjectFingerprint | null> {
    const data = await this.get(key);
    if (!data) return null;
    return { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
  }
}

/** Absolute URL from a storage URL (a site path for local disk, already absolute for S3). */
export function absoluteMediaUrl(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}
