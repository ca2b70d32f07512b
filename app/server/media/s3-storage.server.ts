// The media storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces…)
// on the AWS SDK v3, chosen by S3_BUCKET (app/server/media/open-storage.server.ts). The same keys
// as the data folder has (app/server/media/storage.server.ts), so a move between the two is a
// copy (scripts/media-migrate.ts) and a configuration change; docs/decisions/038-s3-media.md.
import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { PENDING_PREFIX } from "../captacoes/pending-photos.server";
import {
  assertValidKey,
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  type ObjectFingerprint,
  PENDING_CACHE_CONTROL,
  type StoredObject,
} from "./storage.server";

/** Objects above this go up in parts (lib-storage's Upload); photos are at most 20 MB. */
const PART_SIZE = 8 * 1024 * 1024;

/** The user metadata holding the SHA-256 of the bytes, read by the migration to skip copies. */
const SHA256_META = "sha256";

export interface S3Settings {
  bucket: string;
  region: string;
  /** Another store than AWS (MinIO, R2…): its URL. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Both or neither; neither lets the SDK find credentials itself (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
    // default (a CRC32 trailer on every upload), and each object carries its SHA-256 anyway.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

export function isMissingObject(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

export function cacheControlForKey(key: string): string {
  return key.startsWith(PENDING_PREFIX) ? PENDING_CACHE_CONTROL : MEDIA_CACHE_CONTROL;
}

export class S3Storage implements MediaStore {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicBase: string;
  private readonly pageSize: number | undefined;

  /**
   * `publicBase`: MEDIA_PUBLIC_URL (a CDN or the bucket's own URL), or /media served by the app.
   * `pageSize`: keys per ListObjectsV2 page (default the store's, 1 000 on S3; tests ask for less).
   */
  constructor(client: S3Client, bucket: string, options: { publicBase?: string; pageSize?: number } = {}) {
    this.client = client;
    this.bucket = bucket;
    this.publicBase = (options.publicBase ?? "/media").replace(/\/+$/, "");
    this.pageSize = options.pageSize;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertValidKey(key);
    // One PutObject below a part's size, a multipart upload above it (lib-storage decides).
    await new Upload({
      client: this.client,
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentLength: data.length,
        CacheControl: cacheControlForKey(key),
        Metadata: { [SHA256_META]: createHash("sha256").update(data).digest("hex") },
      },
    }).done();
  }

  async get(key: string): Promise<Buffer | null> {
    assertValidKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    // S3 answers 204 for a key that is not there: idempotent as the interface asks.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  url(key: string): string {
    assertValidKey(key);
    return `${this.publicBase}/${key}`;
  }

  async *list(prefix = ""): AsyncIterable<StoredObject> {
    // ListObjectsV2 answers at most 1 000 keys a page; the continuation token asks for the next.
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
          MaxKeys: this.pageSize,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key)
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async fingerprint(key: string): Promise<ObjectFingerprint | null> {
    const head = await this.head(key);
    if (!head) return null;
    const stored = head.Metadata?.[SHA256_META];
    if (stored && /^[0-9a-f]{64}$/.test(stored)) return { size: head.ContentLength ?? 0, sha256: stored };
    // Written by something else than this class: read the bytes.
    const data = await this.get(key);
    if (!data) return null;
    return { size: data.length, sha256: createHash("sha256").update(data).digest("hex") };
  }

  private async head(key: string) {
    assertValidKey(key);
    try {
      return await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  /** The object as a stream with its headers, for /media (app/server/media/serve-media.server.ts). */
  async open(
    key: string,
    conditions: { range?: string; ifNoneMatch?: string; ifModifiedSince?: Date },
  ): Promise<
    | { status: "missing" }
    | { status: "not-modified"; etag?: string; lastModified?: Date }
    | {
        status: "ok";
        body: Readable;
        contentType?: string;
        contentLength?: number;
        contentRange?: string;
        etag?: string;
        lastModified?: Date;
        cacheControl?: string;
      }
  > {
    assertValidKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: conditions.range,
          IfNoneMatch: conditions.ifNoneMatch,
          IfModifiedSince: conditions.ifModifiedSince,
        }),
      );
      return {
        status: "ok",
        body: answer.Body as Readable,
        contentType: answer.ContentType,
        contentLength: answer.ContentLength,
        contentRange: answer.ContentRange,
        etag: answer.ETag,
        lastModified: answer.LastModified,
        cacheControl: answer.CacheControl,
      };
    } catch (error) {
      if (isMissingObject(error)) return { status: "missing" };
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 304) {
        return { status: "not-modified", etag: conditions.ifNoneMatch };
      }
      throw error;
    }
  }
}
