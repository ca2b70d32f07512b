// The same suite against both media storages: the data folder and an S3-compatible bucket (a
// real S3 server from npm: tests/support/s3-server.ts). What only one of them does follows.
import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../../tests/support/s3-server";

import {
  contentTypeForKey,
  LocalDiskStorage,
  MEDIA_CACHE_CONTROL,
  type MediaStore,
  PENDING_CACHE_CONTROL,
} from "./storage.server";

let root: string;
let s3: TestS3;

beforeAll(async () => {
  s3 = await startTestS3();
}, 60_000);

afterAll(async () => {
  await s3?.stop();
});

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await s3.empty();
});

interface Backend {
  name: string;
  /** `pageSize` only matters to S3 (keys per ListObjectsV2 page). */
  make(options?: { publicBase?: string; pageSize?: number }): MediaStore;
  /** Every stored key, straight from the disk or the bucket. */
  stored(): Promise<string[]>;
}

const backends: Backend[] = [
  {
    name: "LocalDiskStorage (pasta de dados)",
    make: (options) => new LocalDiskStorage(root, options?.publicBase),
    stored: async () =>
      (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
        .sort(),
  },
  {
    name: "S3Storage (bucket S3)",
    make: (options) => s3.storage(options),
    stored: () => s3.keys(),
  },
];

async function collect(iterable: AsyncIterable<{ key: string; size: number }>) {
  const all: { key: string; size: number }[] = [];
  for await (const object of iterable) all.push(object);
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

describe.each(backends)("$name", (backend) => {
  it("puts, gets, checks and deletes objects", async () => {
    const storage = backend.make();
    const key = "ab/cd/abcdef-640.webp";

    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from("first"), "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("first");

    await storage.put(key, Buffer.from("second"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("second");
    // Nothing but the object itself (no temporary file, no leftover part).
    expect(await backend.stored()).toEqual([key]);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    expect(await backend.stored()).toEqual([]);
  });

  it("builds public URLs under the base path or MEDIA_PUBLIC_URL", () => {
    expect(backend.make().url("ab/x-320.avif")).toBe("/media/ab/x-320.avif");
    expect(backend.make({ publicBase: "/cdn/" }).url("ab/x-320.avif")).toBe("/cdn/ab/x-320.avif");
    expect(backend.make({ publicBase: "https://fotos.exemplo.com.br/" }).url("ab/x-320.avif")).toBe(
      "https://fotos.exemplo.com.br/ab/x-320.avif",
    );
  });

  it("refuses keys that could escape the root or mean different things on disk and in S3", async () => {
    const storage = backend.make();
    const badKeys = ["../x", "a/../../x", "a/..", "/etc/passwd", "a\\b", "C:/x", "", "a//b", "./a"];
    for (const key of badKeys) {
      await expect(storage.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.fingerprint(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.url(key), key).toThrow(/Invalid storage key/);
    }
    expect(await backend.stored()).toEqual([]);
  });

  it("lists every object with its size, across pages, and by prefix", async () => {
    const storage = backend.make({ pageSize: 3 });
    const keys = ["aa/1-320.webp", "aa/1-640.webp", "bb/2-320.webp", "bb/2-640.jpg", "captacoes/u/x.jpg"];
    for (const [i, key] of [...keys, "cc/3-320.avif", "cc/3-640.avif"].entries()) {
      await storage.put(key, Buffer.alloc(i + 1, i), contentTypeForKey(key));
    }
    const all = await collect(storage.list());
    expect(all.map((o) => o.key)).toEqual([...keys, "cc/3-320.avif", "cc/3-640.avif"]);
    expect(all.map((o) => o.size)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await collect(storage.list("bb/"))).map((o) => o.key)).toEqual(["bb/2-320.webp", "bb/2-640.jpg"]);
    expect(await collect(storage.list("zz/"))).toEqual([]);
  });

  it("fingerprints an object by its size and SHA-256", async () => {
    const storage = backend.make();
    const data = Buffer.from("uma foto qualquer");
    await storage.put("ab/f-640.jpg", data, "image/jpeg");
    expect(await storage.fingerprint("ab/f-640.jpg")).toEqual({
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
    });
    expect(await storage.fingerprint("ab/nada.jpg")).toBeNull();
  });

  it("keeps a photo bigger than one upload part whole (S3: a multipart upload)", async () => {
    const storage = backend.make();
    // 9 MB of varied bytes: above S3Storage's 8 MB part, below the 20 MB input limit.
    const data = Buffer.alloc(9 * 1024 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 11)) & 0xff;
    await storage.put("captacoes/u/grande.jpg", data, "image/jpeg");
    const back = await storage.get("captacoes/u/grande.jpg");
    expect(back?.length).toBe(data.length);
    expect(back?.equals(data)).toBe(true);
    expect(await backend.stored()).toEqual(["captacoes/u/grande.jpg"]);
  }, 60_000);
});

describe("S3Storage only", () => {
  it("stores each object with its Content-Type and the Cache-Control /media answers with", async () => {
    const storage = s3.storage();
    await storage.put("ab/abc-640.webp", Buffer.from("v"), "image/webp");
    await storage.put("captacoes/u/abc.jpg", Buffer.from("o"), "image/jpeg");
    const head = (key: string) =>
      s3.client.send(new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    const variant = await head("ab/abc-640.webp");
    expect(variant.ContentType).toBe("image/webp");
    expect(variant.CacheControl).toBe(MEDIA_CACHE_CONTROL);
    expect(MEDIA_CACHE_CONTROL).toBe("public, max-age=31536000, immutable");
    // A captação's pending photos are never public nor cached (captacoes/pending-photos.server.ts).
    expect((await head("captacoes/u/abc.jpg")).CacheControl).toBe(PENDING_CACHE_CONTROL);
  });
});

describe("LocalDiskStorage only", () => {
  it("leaves its temporary files out of the listing", async () => {
    const storage = new LocalDiskStorage(root);
    await storage.put("ab/x.webp", Buffer.from("x"), "image/webp");
    await import("node:fs/promises").then((fs) => fs.writeFile(path.join(root, "ab", ".x.webp.1.tmp"), "y"));
    expect((await collect(storage.list())).map((o) => o.key)).toEqual(["ab/x.webp"]);
  });
});

describe("contentTypeForKey", () => {
  it("maps image extensions", () => {
    expect(contentTypeForKey("a/b-1.avif")).toBe("image/avif");
    expect(contentTypeForKey("a/b-1.webp")).toBe("image/webp");
    expect(contentTypeForKey("a/b-1.jpg")).toBe("image/jpeg");
    expect(contentTypeForKey("a/b-1.JPEG")).toBe("image/jpeg");
    expect(contentTypeForKey("a/b-1.png")).toBe("image/png");
    expect(contentTypeForKey("a/b-1.svg")).toBe("application/octet-stream");
  });
});
