import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, propertyFormData } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { getDataVersion } from "../cache/data-version.server";
import type { Database, Db } from "../db/client.server";
import { auditLog, properties, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { ImageRejectedError } from "../media/pipeline.server";
import { LocalDiskStorage, type Storage } from "../media/storage.server";
import type { Actor } from "./access.server";
import { createProperty } from "./admin.server";
import { PhotoRequestError, PropertyAccessError } from "./errors.server";
import {
  addPhoto,
  deletePhoto,
  listPhotos,
  movePhoto,
  reorderPhotos,
  setAltText,
  setCover,
} from "./photos.server";

let database: Database;
let db: Db;
let root: string;
let storage: LocalDiskStorage;
let ana: Actor;
let bruno: Actor;
let listingId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ana = await createActor(db, "corretor");
  bruno = await createActor(db, "corretor");
});

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "listing-photos-"));
  storage = new LocalDiskStorage(root);
  listingId = (await createProperty(db, ana, propertyFormData())).id;
});

afterAll(async () => {
  await database.close();
  await rm(root, { recursive: true, force: true });
});

async function files(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

async function rows() {
  return db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, listingId))
    .orderBy(propertyPhotos.position);
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  );
}

describe("addPhoto", () => {
  it("processes a real JPEG, stores its variants and makes the first photo the cover", async () => {
    const version = await getDataVersion(db);
    const first = await addPhoto(db, storage, ana, listingId, await makeJpeg(480, 360, 1), {
      altText: "Sala",
    });
    const second = await addPhoto(db, storage, ana, listingId, await makeJpeg(480, 360, 2));

    expect(first).toMatchObject({ position: 0, isCover: true, altText: "Sala", width: 480, height: 360 });
    expect(first.thumb).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}-320\.webp$/);
    expect(second).toMatchObject({ position: 1, isCover: false });
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(await files()).toEqual(stored.flatMap((r) => r.variants.map((v) => v.key)).sort());
    expect(await getDataVersion(db)).toBe(version + 2);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "photo-added"));
    expect(audits.filter((a) => a.entityId === String(listingId))).toHaveLength(2);
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "formato"],
    ["a text file named .jpg", Buffer.from("isto não é uma foto\n".repeat(50)), "formato"],
  ])("refuses %s: nothing written, no row", async (_name, input, code) => {
    const error = await rejection(addPhoto(db, storage, ana, listingId, input));
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ code, message: "Formato não aceito: envie JPEG, PNG, WebP ou AVIF." });
    expect(await files()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("refuses a truncated JPEG: nothing written, no row", async () => {
    const jpeg = await makeJpeg(480, 360, 3);
    const error = await rejection(addPhoto(db, storage, ana, listingId, jpeg.subarray(0, jpeg.length / 2)));
    expect(error).toMatchObject({
      code: "corrompido",
      message: "Arquivo de imagem corrompido ou incompleto.",
    });
    expect(await files()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it("refuses the same picture twice in one listing", async () => {
    const jpeg = await makeJpeg(480, 360, 4);
    await addPhoto(db, storage, ana, listingId, jpeg);
    const error = await rejection(addPhoto(db, storage, ana, listingId, jpeg));
    expect(error).toBeInstanceOf(PhotoRequestError);
    expect(error).toMatchObject({ status: 409, message: "Esta foto já está neste imóvel." });
    expect(await rows()).toHaveLength(1);
  });

  it("removes the written variants when the row cannot be saved", async () => {
    // The listing is deleted while its photo is being encoded: a real race, not a mock.
    const racing: Storage = {
      put: async (key, data, type) => {
        await db.delete(properties).where(eq(properties.id, listingId));
        await storage.put(key, data, type);
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      url: (key) => storage.url(key),
    };
    const error = await rejection(addPhoto(db, racing, ana, listingId, await makeJpeg(480, 360, 5)));
    expect(error).toBeInstanceOf(PropertyAccessError);
    expect(await files()).toEqual([]);
    expect(await db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, listingId))).toEqual(
      [],
    );
  });

  it("keeps files another listing uses when a failed upload cleans up", async () => {
    const other = (await createProperty(db, ana, propertyFormData())).id;
    const jpeg = await makeJpeg(480, 360, 6);
    await addPhoto(db, storage, ana, other, jpeg);
    const before = await files();
    const racing: Storage = {
      ...storage,
      put: async (key, data, type) => {
        await db.delete(properties).where(eq(properties.id, listingId));
        await storage.put(key, data, type);
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      url: (key) => storage.url(key),
    };
    await rejection(addPhoto(db, racing, ana, listingId, jpeg));
    expect(await files()).toEqual(before);
  });

  it("keeps the order the agent chose when a batch finishes out of order, the first one as cover", async () => {
    // Chosen: sala, then quarto. The small quarto finishes first.
    const quarto = await addPhoto(db, storage, ana, listingId, await makeJpeg(320, 240, 31), { position: 1 });
    const sala = await addPhoto(db, storage, ana, listingId, await makeJpeg(960, 720, 32), { position: 0 });
    expect(sala).toMatchObject({ position: 0, isCover: true });
    expect((await listPhotos(db, storage, ana, listingId)).map((p) => [p.id, p.isCover])).toEqual([
      [sala.id, true],
      [quarto.id, false],
    ]);

    // A second batch on the same listing goes after them in its own order; the cover stays.
    const varanda = await addPhoto(db, storage, ana, listingId, await makeJpeg(320, 240, 33), {
      position: 3,
    });
    const cozinha = await addPhoto(db, storage, ana, listingId, await makeJpeg(960, 720, 34), {
      position: 2,
    });
    expect((await listPhotos(db, storage, ana, listingId)).map((p) => [p.id, p.isCover])).toEqual([
      [sala.id, true],
      [quarto.id, false],
      [cozinha.id, false],
      [varanda.id, false],
    ]);
  });

  it("a place taken while the page was out of date does not take the cover", async () => {
    const first = await addPhoto(db, storage, ana, listingId, await makeJpeg(320, 240, 35));
    const late = await addPhoto(db, storage, ana, listingId, await makeJpeg(320, 240, 36), { position: 0 });
    expect(late.isCover).toBe(false);
    expect((await rows()).filter((r) => r.isCover).map((r) => r.id)).toEqual([first.id]);
  });

  it("another agent cannot add a photo, and nothing is processed", async () => {
    const error = await rejection(addPhoto(db, storage, bruno, listingId, await makeJpeg(480, 360, 7)));
    expect(error).toMatchObject({ status: 403 });
    expect(await files()).toEqual([]);
  });
});

describe("arranging photos", () => {
  // Fresh pictures per test: the same bytes in an earlier test's listing would share files.
  let seed = 100;
  async function threePhotos() {
    const a = await addPhoto(db, storage, ana, listingId, await makeJpeg(400, 300, seed++));
    const b = await addPhoto(db, storage, ana, listingId, await makeJpeg(400, 300, seed++));
    const c = await addPhoto(db, storage, ana, listingId, await makeJpeg(400, 300, seed++));
    return [a.id, b.id, c.id] as const;
  }

  it("reorders with a full list of the listing's photo ids", async () => {
    const [a, b, c] = await threePhotos();
    await reorderPhotos(db, ana, listingId, [c, a, b]);
    expect((await rows()).map((r) => [r.id, r.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    for (const bad of [
      [a, b],
      [a, b, c, c],
      [a, b, 999999],
    ]) {
      expect(await rejection(reorderPhotos(db, ana, listingId, bad))).toMatchObject({ status: 409 });
    }
    expect((await listPhotos(db, storage, ana, listingId)).map((p) => p.id)).toEqual([c, a, b]);
  });

  it("moves a photo up and down with its neighbour", async () => {
    const [a, b, c] = await threePhotos();
    await movePhoto(db, ana, listingId, c, "up");
    expect((await rows()).map((r) => r.id)).toEqual([a, c, b]);
    await movePhoto(db, ana, listingId, a, "up"); // already first: no change
    await movePhoto(db, ana, listingId, a, "down");
    expect((await rows()).map((r) => r.id)).toEqual([c, a, b]);
  });

  it("keeps exactly one cover", async () => {
    const [a, , c] = await threePhotos();
    await setCover(db, ana, listingId, c);
    expect((await rows()).filter((r) => r.isCover).map((r) => r.id)).toEqual([c]);
    await setCover(db, ana, listingId, a);
    await setCover(db, ana, listingId, a);
    expect((await rows()).filter((r) => r.isCover).map((r) => r.id)).toEqual([a]);
  });

  it("sets the alt text", async () => {
    const [a] = await threePhotos();
    await setAltText(db, ana, listingId, a, "Varanda com vista para o mar");
    expect((await rows())[0]?.altText).toBe("Varanda com vista para o mar");
  });

  it("deletes a photo with its files, promoting a new cover and closing the gap", async () => {
    const [a, b, c] = await threePhotos();
    const keysOfA = (await rows())[0]?.variants.map((v) => v.key) ?? [];
    await deletePhoto(db, storage, ana, listingId, a);
    const left = await rows();
    expect(left.map((r) => [r.id, r.position, r.isCover])).toEqual([
      [b, 0, true],
      [c, 1, false],
    ]);
    const remaining = await files();
    for (const key of keysOfA) expect(remaining).not.toContain(key);
    expect(remaining).toEqual(left.flatMap((r) => r.variants.map((v) => v.key)).sort());
  });

  it("refuses photos of another listing and other agents", async () => {
    const [a] = await threePhotos();
    const other = (await createProperty(db, ana, propertyFormData())).id;
    // One at a time: a call started early could fail before anything awaits it.
    for (const attempt of [
      () => setCover(db, ana, other, a),
      () => setAltText(db, ana, other, a, "x"),
      () => deletePhoto(db, storage, ana, other, a),
      () => movePhoto(db, ana, other, a, "down"),
    ]) {
      expect(await rejection(attempt())).toMatchObject({ status: 404 });
    }
    for (const attempt of [
      () => setCover(db, bruno, listingId, a),
      () => deletePhoto(db, storage, bruno, listingId, a),
      () => reorderPhotos(db, bruno, listingId, [a]),
      () => listPhotos(db, storage, bruno, listingId),
    ]) {
      expect(await rejection(attempt())).toMatchObject({ status: 403 });
    }
    expect(await rows()).toHaveLength(3);
  });
});
