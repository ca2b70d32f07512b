import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createActor,
  insertAgency,
  insertPhotos,
  insertProperty,
  PORTAL_READY,
  PUBLIC_URL,
} from "../../../tests/support/factories";
import { samplePhoto, tempStorage } from "../../../tests/support/photos";
import { listingOgImage, type OgListing, ogImageVersion } from "../../lib/og-image";
import type { Database } from "../db/client.server";
import { agencySettings, properties, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { ProcessedImage } from "../media/pipeline.server";
import type { LocalDiskStorage } from "../media/storage.server";
import { deleteProperty, duplicateProperty } from "../properties/admin.server";
import { storeBrandImage } from "../settings/brand-images.server";
import { findOgSource, getOgImage, ogStorageKey, toOgListing } from "./og-image.server";
import { pruneUnusedOgImages } from "./og-image-prune.server";

let database: Database;
let storage: LocalDiskStorage;
let cleanup: () => Promise<void>;
let photo: ProcessedImage;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ storage, cleanup } = await tempStorage());
  await insertAgency(database.db);
  photo = await samplePhoto(storage, 180);
  const ap = await insertProperty(database.db, {
    ...PORTAL_READY,
    referencia: "AP0042",
    titulo: "Apartamento com vista mar",
  });
  await insertPhotos(database.db, ap.id, [photo], 3);
  await insertProperty(database.db, {
    ...PORTAL_READY,
    referencia: "CA0007",
    tipo: "casa",
    titulo: 'Casa de praia <com> & "aspas" em Maragogi, pé na areia',
    finalidades: ["temporada"],
    precoVenda: null,
    precoAluguel: 900,
    periodoAluguel: "diaria",
    bairro: "Centro",
    cidade: "Maragogi",
  });
  await insertProperty(database.db, { ...PORTAL_READY, referencia: "AP0099", publicacao: "rascunho" });
});

afterAll(async () => {
  await database?.close();
  await cleanup?.();
});

const services = () => ({ db: database.db, storage });

describe("per-listing social image", () => {
  it("renders a 1200×630 JPEG from the cover and stores it under its version", async () => {
    const image = await getOgImage(services(), "ap0042");
    expect(image).not.toBeNull();
    const meta = await sharp(image!.bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(630);
    expect(image!.bytes.length).toBeLessThan(300 * 1024);
    expect(await storage.exists(ogStorageKey(image!.version))).toBe(true);
    // The second request reads the stored bytes.
    const again = await getOgImage(services(), "AP0042");
    expect(again!.version).toBe(image!.version);
    expect(Buffer.compare(again!.bytes, image!.bytes)).toBe(0);
  });

  it("draws a plain background when there is no cover, escaping the text", async () => {
    const image = await getOgImage(services(), "CA0007");
    const meta = await sharp(image!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it("is not found for unknown or unpublished listings", async () => {
    expect(await getOgImage(services(), "XX0000")).toBeNull();
    expect(await getOgImage(services(), "AP0099")).toBeNull();
  });

  it("gets a new version (and URL) when the price changes, and the page links that version", async () => {
    const before = (await findOgSource(database.db, "AP0042"))!;
    await database.db
      .update(properties)
      .set({ precoVenda: 799_000 })
      .where(eq(properties.referencia, "AP0042"));
    const after = (await findOgSource(database.db, "AP0042"))!;
    expect(ogImageVersion(after.listing)).not.toBe(ogImageVersion(before.listing));
    expect(after.listing.coverHash).toBe(photo.hash);
    // What the listing page computes from its own rows links exactly the image served.
    const [row] = await database.db.select().from(properties).where(eq(properties.referencia, "AP0042"));
    const rows = await database.db
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, row!.id));
    expect(ogImageVersion(toOgListing(row!, rows))).toBe(ogImageVersion(after.listing));
    const og = listingOgImage(after.listing, PUBLIC_URL);
    expect(og).toEqual({
      url: `${PUBLIC_URL}/og/AP0042.jpg?v=${ogImageVersion(after.listing)}`,
      width: 1200,
      height: 630,
      alt: "Apartamento com vista mar — R$ 799.000, Ponta Verde, Maceió",
    });
  });
});

describe("stored social images", () => {
  it("keep only the listing's current one: a new version removes the old, a copy's shared one stays until both let go, a deleted listing's goes", async () => {
    const admin = await createActor(database.db, "admin");
    const ap = await insertProperty(database.db, {
      ...PORTAL_READY,
      referencia: "AP0500",
      precoVenda: 500_000,
    });
    await insertPhotos(database.db, ap.id, [photo], 2);
    const first = (await getOgImage(services(), "AP0500"))!;
    const firstKey = ogStorageKey(first.version);
    expect(await storage.exists(firstKey)).toBe(true);
    const setPrice = (referencia: string, precoVenda: number) =>
      database.db.update(properties).set({ precoVenda }).where(eq(properties.referencia, referencia));

    // The price changes: the next image replaces the first, which is gone.
    await setPrice("AP0500", 480_000);
    const second = (await getOgImage(services(), "AP0500"))!;
    expect(second.version).not.toBe(first.version);
    expect(await storage.exists(ogStorageKey(second.version))).toBe(true);
    expect(await storage.exists(firstKey)).toBe(false);

    // A published copy draws the same image (same cover, price and place): one file, two users.
    const copy = await duplicateProperty(database.db, admin, ap.id);
    await database.db
      .update(properties)
      .set({ publicacao: "publicado", publishedAt: new Date(), titulo: "Apartamento com vista mar" })
      .where(eq(properties.id, copy.id));
    await database.db
      .update(properties)
      .set({ titulo: "Apartamento com vista mar" })
      .where(eq(properties.id, ap.id));
    const shared = (await getOgImage(services(), "AP0500"))!;
    expect((await getOgImage(services(), copy.referencia))!.version).toBe(shared.version);
    const sharedKey = ogStorageKey(shared.version);

    // The copy changes price: its new image is drawn, the shared one stays for the original.
    await setPrice(copy.referencia, 470_000);
    const copyImage = (await getOgImage(services(), copy.referencia))!;
    expect(await storage.exists(sharedKey)).toBe(true);

    // Deleting a listing removes its image; the other's is untouched.
    await deleteProperty(database.db, storage, admin, ap.id);
    expect(await storage.exists(sharedKey)).toBe(false);
    expect(await storage.exists(ogStorageKey(copyImage.version))).toBe(true);
    await deleteProperty(database.db, storage, admin, copy.id);
    expect(await storage.exists(ogStorageKey(copyImage.version))).toBe(false);
  });
});

describe("the daily prune of share images", () => {
  it("deletes the images no listing shows (drawn before og_images, or never recorded), keeps the current ones, and a pruned one is drawn again", async () => {
    const current = (await getOgImage(services(), "AP0042"))!;
    const currentKey = ogStorageKey(current.version);
    const stale = ["og/antiga-1.jpg", "og/antiga-2.jpg"];
    for (const key of stale) await storage.put(key, current.bytes, "image/jpeg");

    expect(await pruneUnusedOgImages(services())).toEqual({ deleted: 2 });
    for (const key of stale) expect(await storage.exists(key)).toBe(false);
    expect(await storage.exists(currentKey)).toBe(true);
    // Photos are not share images: they stay.
    expect(await storage.exists(photo.variants[0]!.key)).toBe(true);
    expect(await pruneUnusedOgImages(services())).toEqual({ deleted: 0 });

    // A listing's image gone meanwhile (a race with a drawing) is drawn again on the next request.
    await storage.delete(currentKey);
    expect((await getOgImage(services(), "AP0042"))!.version).toBe(current.version);
    expect(await storage.exists(currentKey)).toBe(true);
  });
});

describe("the agency's logo on the social image", () => {
  it("is drawn on a white plate in the band, under a new version that the listing page links", async () => {
    const before = (await getOgImage(services(), "CA0007"))!;
    const mark = await sharp({
      create: { width: 400, height: 120, channels: 4, background: { r: 150, g: 20, b: 60, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const logo = await storeBrandImage(storage, "logo", mark);
    await database.db.update(agencySettings).set({ logo }).where(eq(agencySettings.id, 1));
    const source = (await findOgSource(database.db, "CA0007"))!;
    expect(source.listing.logoHash).toBe(logo.hash);
    const after = (await getOgImage(services(), "CA0007"))!;
    expect(after.version).not.toBe(before.version);
    // The plate's white and the logo's colour at the band's right end; the plain background's
    // blue where the band has no logo.
    const { data, info } = await sharp(after.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const plateCorner = pixel(1200 - 64 - 260 - 28 + 6, 630 - 85);
    expect(plateCorner.every((c) => c > 235)).toBe(true);
    const [r, g, b] = pixel(1200 - 64 - 14 - 130, 630 - 85) as [number, number, number];
    expect(r).toBeGreaterThan(120);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(100);
    await database.db.update(agencySettings).set({ logo: null }).where(eq(agencySettings.id, 1));
    expect((await getOgImage(services(), "CA0007"))!.version).toBe(before.version);
  });
});

describe("listingOgImage", () => {
  const base: OgListing = {
    referencia: "CA0001",
    titulo: "Casa na Garça Torta",
    tipo: "casa",
    finalidades: ["aluguel"],
    precoVenda: null,
    precoAluguel: 4500,
    periodoAluguel: "mensal",
    precoSobConsulta: false,
    bairro: "Garça Torta",
    cidade: "Maceió",
    coverHash: "abc",
  };

  it("describes the rent, or Sob consulta, in the alt text", () => {
    expect(listingOgImage(base, "https://x.com.br/").alt).toBe(
      "Casa na Garça Torta — R$ 4.500/mês, Garça Torta, Maceió",
    );
    expect(listingOgImage({ ...base, precoSobConsulta: true }, "https://x.com.br").alt).toContain(
      "Sob consulta",
    );
    expect(listingOgImage(base, "https://x.com.br/").url).toMatch(
      /^https:\/\/x\.com\.br\/og\/CA0001\.jpg\?v=[0-9a-f]{14}$/,
    );
  });

  it("keeps the version when nothing drawn changes, and changes it when the cover does", () => {
    expect(ogImageVersion(base)).toBe(ogImageVersion({ ...base, titulo: "Outro título" }));
    expect(ogImageVersion(base)).not.toBe(ogImageVersion({ ...base, coverHash: "def" }));
    expect(ogImageVersion(base)).not.toBe(ogImageVersion({ ...base, bairro: "Ipioca" }));
  });
});
