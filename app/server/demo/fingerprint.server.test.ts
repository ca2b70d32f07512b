// Pins the demo catalogue's exact output: the listings a first start writes and the pictures
// it draws. Every install shows the same demo, and the photo files are content-addressed
// (demo-photos.server.ts), so a refactor of the generators must not move a single byte; when a
// change to the demo is meant, update the hashes here in the same commit.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generateListings } from "./catalogue.server";
import { DEMO_POOL } from "./demo-photos.server";
import { renderScene, SCENE_KINDS, sceneSvg } from "./scenes.server";

const NOW = new Date("2026-11-20T12:00:00Z");

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

describe("demo fingerprint", () => {
  it("generates the same catalogue rows for a fixed seed", () => {
    // The first start's 64 (seed 42, catalogue-seed.server.ts) and a bulk batch large enough to reach
    // every type, place and text branch.
    expect(sha256(JSON.stringify(generateListings(64, 42, { now: NOW })))).toBe(
      "7457a442988047433e9ec4517e2ddd6efd278a776ea92dd58e2d55e7cbf1ac12",
    );
    expect(sha256(JSON.stringify(generateListings(2000, 10_008, { firstNumber: 65, now: NOW })))).toBe(
      "3f04b376dd340f7950dfb05396bac8c3c3060f8bef8e22dc18bd4a9854226771",
    );
  });

  it("draws the same scenes for every picture of the demo pool", () => {
    // The pool's seeds are 1 + variant (demo-photos.server.ts).
    const svgs = SCENE_KINDS.flatMap((kind) =>
      Array.from({ length: DEMO_POOL[kind] }, (_, variant) => sceneSvg(kind, 1 + variant)),
    );
    expect(sha256(svgs.join("\n"))).toBe("01193d2b1b6d39556d67ae49af1860a98f2a5988998d1c2f16a5e6841d37e919");
  });

  // Decoded pixels of the JPEG renderScene makes (same sharp/libvips version: package-lock.json).
  it("renders the same pixels, film grain included", async () => {
    const pixels = async (jpeg: Buffer) => sha256(await sharp(jpeg).raw().toBuffer());
    expect(await pixels(await renderScene("beach", 1, 480, 320))).toBe(
      "b8a744bc30aa9ac7c6aec4c230b12a775cdabde199e0c450cc6733d9e601216e",
    );
    expect(await pixels(await renderScene("living", 2, 480, 320))).toBe(
      "8bddca19afe9532c45e593cc4f6ddb771bfeaed450b69efbcf5684c20d49a07b",
    );
  });
});
