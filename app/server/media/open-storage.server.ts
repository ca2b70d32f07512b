// The media storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set,
// DATA_DIR/media otherwise; photo URLs under MEDIA_PUBLIC_URL when set, /media on this site
// otherwise (docs/decisions/038-s3-media.md). The AWS SDK is imported only when a bucket is
// configured: loading it took ~0.1–0.2 s of every start that never used it.
import { join, resolve } from "node:path";
import type { Config } from "../config.server";
import type { S3Settings, S3Storage } from "./s3-storage.server";
import { LocalDiskStorage, type MediaStore } from "./storage.server";

type MediaConfig = Pick<
  Config,
  | "DATA_DIR"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "MEDIA_PUBLIC_URL"
>;

export const MEDIA_PATH = "/media";

export function mediaDir(config: Pick<Config, "DATA_DIR">): string {
  return resolve(join(config.DATA_DIR, "media"));
}

/** The bucket's settings, or null when the photos live in the data folder. */
export function s3Settings(config: MediaConfig): S3Settings | null {
  if (!config.S3_BUCKET) return null;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
}

export function openLocalStorage(config: MediaConfig): LocalDiskStorage {
  return new LocalDiskStorage(mediaDir(config), config.MEDIA_PUBLIC_URL ?? MEDIA_PATH);
}

export async function openS3Storage(config: MediaConfig): Promise<S3Storage> {
  const settings = s3Settings(config);
  if (!settings) throw new Error("S3_BUCKET não configurado");
  const { createS3Client, S3Storage } = await import("./s3-storage.server");
  return new S3Storage(createS3Client(settings), settings.bucket, {
    publicBase: config.MEDIA_PUBLIC_URL ?? MEDIA_PATH,
  });
}

export async function openStorage(config: MediaConfig): Promise<MediaStore> {
  return config.S3_BUCKET ? openS3Storage(config) : openLocalStorage(config);
}
