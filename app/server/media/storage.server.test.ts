import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentTypeForKey, LocalDiskStorage } from "./storage.server";

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("LocalDiskStorage", () => {
  it("puts, gets, checks and deletes objects", async () => {
    const storage = new LocalDiskStorage(root);
    const key = "ab/cd/abcdef-640.webp";

    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, Buffer.from("first"), "image/webp");
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key))?.toString()).toBe("first");

    await storage.put(key, Buffer.from("second"), "image/webp");
    expect((await storage.get(key))?.toString()).toBe("second");
    // Atomic writes go through temp files; none may be left behind.
    expect(await readdir(path.join(root, "ab/cd"))).toEqual(["abcdef-640.webp"]);

    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("builds public URLs under the base path", () => {
    expect(new LocalDiskStorage(root).url("ab/x-320.avif")).toBe("/media/ab/x-320.avif");
    expect(new LocalDiskStorage(root, "/cdn/").url("ab/x-320.avif")).toBe("/cdn/ab/x-320.avif");
  });

  it("refuses keys that could escape the root", async () => {
    const storage = new LocalDiskStorage(path.join(root, "media"));
    const badKeys = ["../x", "a/../../x", "a/..", "/etc/passwd", "a\\b", "C:/x", "", "a//b", "./a"];
    for (const key of badKeys) {
      await expect(storage.put(key, Buffer.from("x"), "image/png"), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
      expect(() => storage.url(key), key).toThrow(/Invalid storage key/);
    }
    expect(await readdir(root)).toEqual([]);
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
