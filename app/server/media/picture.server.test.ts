// The compact picture data must spell out exactly the URLs the pipeline stored, on any storage prefix.
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PictureData, pictureSources, pictureSrc, pictureSrcSet, pictureUrls } from "../../lib/photos";
import { toPictureData } from "./picture.server";
import { type ProcessedImage, processImage, srcSet } from "./pipeline.server";
import { LocalDiskStorage } from "./storage.server";

let root: string;
let processed: ProcessedImage;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "picture-"));
  const photo = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#3a7ca5" } })
    .jpeg()
    .toBuffer();
  processed = await processImage(photo, new LocalDiskStorage(root), { widths: [320, 640, 1280, 1920] });
}, 30_000);

afterAll(() => rm(root, { recursive: true, force: true }));

const asStored = (image: ProcessedImage) => ({ ...image, altText: "Sala com vista" });

describe("toPictureData", () => {
  for (const prefix of ["/media", "/cdn/fotos"]) {
    it(`writes the pipeline's own srcsets and fallback (${prefix})`, () => {
      const storage = new LocalDiskStorage(root, prefix);
      const picture = toPictureData(asStored(processed), storage);
      const url = (key: string) => storage.url(key);
      for (const format of ["avif", "webp", "jpeg"] as const) {
        expect(pictureSrcSet(picture, format)).toBe(srcSet(processed.variants, format, url));
      }
      expect(pictureSources(picture).map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      expect(pictureSrc(picture)).toBe(`${prefix}/${processed.hash.slice(0, 2)}/${processed.hash}-1280.jpg`);
      // Every URL is a file the storage holds.
      for (const format of ["avif", "webp", "jpeg"] as const) {
        for (const entry of pictureSrcSet(picture, format).split(", ")) {
          const key = entry.split(" ")[0]!.slice(prefix.length + 1);
          expect(existsSync(path.join(root, key)), key).toBe(true);
        }
      }
      expect(picture).toMatchObject({
        alt: "Sala com vista",
        width: processed.width,
        height: processed.height,
      });
    });
  }

  it("writes a photo's URLs once per photo object (the server reuses a version's page data)", () => {
    const picture = toPictureData(asStored(processed), new LocalDiskStorage(root));
    const urls = pictureUrls(picture);
    expect(urls).toEqual({
      src: pictureSrc(picture),
      srcSet: pictureSrcSet(picture, "jpeg"),
      sources: pictureSources(picture),
    });
    expect(pictureUrls(picture)).toBe(urls);
    expect(pictureUrls({ ...picture })).not.toBe(urls);
  });

  it("leaves out a variant whose address does not follow the pipeline's names, keeping the rest", () => {
    const storage = new LocalDiskStorage(root);
    const odd = { format: "webp" as const, width: 800, height: 533, key: "zz/outra-coisa.webp", bytes: 1 };
    const picture: PictureData = toPictureData(
      { ...asStored(processed), variants: [...processed.variants, odd] },
      storage,
    );
    expect(pictureSrcSet(picture, "webp")).toBe(srcSet(processed.variants, "webp", (k) => storage.url(k)));
    expect(pictureSrcSet(picture, "webp")).not.toContain("outra-coisa");
  });

  it("gives no sources and no fallback for a photo without variants", () => {
    const picture = toPictureData({ ...asStored(processed), variants: [] }, new LocalDiskStorage(root));
    expect(pictureSources(picture)).toEqual([]);
    expect(pictureSrc(picture)).toBe("");
  });
});
