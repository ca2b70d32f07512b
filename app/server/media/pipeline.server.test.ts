import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  IMAGE_WIDTHS,
  ImageRejectedError,
  MAX_INPUT_BYTES,
  processImage,
  type RejectionCode,
  srcSet,
} from "./pipeline.server";
import { LocalDiskStorage, type Storage } from "./storage.server";

const SLOW = { timeout: 30_000 };

/** Photo-like 2000×1500 JPEG (gradient + pattern) carrying EXIF we expect to be stripped. */
async function makePhotoJpeg(width = 2000, height = 1500): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x ^ y) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ exif: { IFD0: { Copyright: "x" } } })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A ~100-byte PNG whose header claims 25 000 × 25 000 px (625 MP): a decompression
 * bomb in miniature. Only the header is valid, so it must be refused from metadata.
 */
function makeHugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(25_000, 0);
  ihdr.writeUInt32BE(25_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(25_001))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

const SHARP_FORMAT = { avif: "heif", webp: "webp", jpeg: "jpeg" } as const;
const EXTENSION = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

let photo: Buffer;
let root: string;
let storage: LocalDiskStorage;

beforeAll(async () => {
  photo = await makePhotoJpeg();
});

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "pipeline-test-"));
  storage = new LocalDiskStorage(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("processImage", () => {
  it("produces AVIF, WebP and JPEG at every width up to the original, without metadata", SLOW, async () => {
    expect((await sharp(photo).metadata()).exif).toBeDefined(); // fixture sanity

    const result = await processImage(photo, storage);

    const hash = createHash("sha256").update(photo).digest("hex").slice(0, 32);
    expect(result.hash).toBe(hash);
    expect(result.width).toBe(2000);
    expect(result.height).toBe(1500);
    expect(result.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);

    expect(result.variants).toHaveLength(IMAGE_WIDTHS.length * 3);
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const widths = result.variants.filter((v) => v.format === format).map((v) => v.width);
      expect(widths).toEqual([320, 640, 960, 1280, 1920]); // never the 2000 px original
    }

    for (const variant of result.variants) {
      expect(variant.key).toBe(`${hash.slice(0, 2)}/${hash}-${variant.width}.${EXTENSION[variant.format]}`);
      expect(variant.height).toBe((variant.width * 3) / 4);
      const file = path.join(root, variant.key);
      expect((await stat(file)).size).toBe(variant.bytes);

      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(SHARP_FORMAT[variant.format]);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    // Exactly the variants: no temp files or extras.
    expect((await listFiles(root)).sort()).toEqual(result.variants.map((v) => v.key).sort());

    expect(srcSet(result.variants, "webp", (key) => storage.url(key))).toBe(
      IMAGE_WIDTHS.map((w) => `/media/${hash.slice(0, 2)}/${hash}-${w}.webp ${w}w`).join(", "),
    );
  });

  it("is content-addressed: same bytes reuse keys, a changed image gets new ones", SLOW, async () => {
    const options = { widths: [320], formats: ["webp" as const] };
    const first = await processImage(photo, storage, options);
    const again = await processImage(photo, storage, options);
    const edited = await processImage(
      await sharp(photo).modulate({ brightness: 1.1 }).jpeg().toBuffer(),
      storage,
      options,
    );

    expect(again.variants.map((v) => v.key)).toEqual(first.variants.map((v) => v.key));
    expect(edited.hash).not.toBe(first.hash);
    expect(await listFiles(root)).toHaveLength(2);
  });

  it("does not upscale a small PNG", async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();

    const result = await processImage(png, storage);

    expect([result.width, result.height]).toEqual([200, 100]);
    expect(result.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(result.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ["avif", 200, 100],
      ["webp", 200, 100],
      ["jpeg", 200, 100],
    ]);
    for (const variant of result.variants) {
      const meta = await sharp(path.join(root, variant.key)).metadata();
      expect([meta.width, meta.height]).toEqual([200, 100]);
    }
  });

  it("applies EXIF orientation", async () => {
    const rotated = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#808080" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const result = await processImage(rotated, storage, { formats: ["jpeg"] });

    expect([result.width, result.height]).toEqual([200, 300]);
    const meta = await sharp(path.join(root, result.variants[0]?.key ?? "")).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
  });

  it("accepts WebP and AVIF input", async () => {
    const source = sharp({ create: { width: 400, height: 300, channels: 3, background: "#aa5500" } });
    for (const input of [await source.clone().webp().toBuffer(), await source.clone().avif().toBuffer()]) {
      const result = await processImage(input, storage, { formats: ["webp"] });
      expect(result.variants.map((v) => v.width)).toEqual([320]);
    }
  });

  it("removes the variants it wrote when storage fails midway", SLOW, async () => {
    let puts = 0;
    const failing: Storage = {
      put: async (key, data, type) => {
        if (++puts === 5) throw new Error("disk full");
        await storage.put(key, data, type);
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      url: (key) => storage.url(key),
    };

    await expect(processImage(photo, failing)).rejects.toThrow("disk full");
    expect(await listFiles(root)).toEqual([]);
  });

  it("keeps variants that already existed when a later identical upload fails", SLOW, async () => {
    const options = { widths: [320, 640], formats: ["webp" as const, "jpeg" as const] };
    const first = await processImage(photo, storage, options);
    const failing: Storage = {
      put: async () => {
        throw new Error("disk full");
      },
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      exists: (key) => storage.exists(key),
      url: (key) => storage.url(key),
    };

    await expect(processImage(photo, failing, options)).rejects.toThrow("disk full");
    expect((await listFiles(root)).sort()).toEqual(first.variants.map((v) => v.key).sort());
  });
});

describe("processImage rejections", () => {
  const MESSAGES: Record<RejectionCode, string> = {
    formato: "Formato não aceito: envie JPEG, PNG, WebP ou AVIF.",
    dimensoes: "Imagem grande demais: até 50 megapixels.",
    corrompido: "Arquivo de imagem corrompido ou incompleto.",
    tamanho: "Arquivo grande demais: até 20 MB.",
  };

  async function expectRejected(input: Buffer, code: RejectionCode): Promise<void> {
    const error = await processImage(input, storage).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error).toMatchObject({ code, message: MESSAGES[code] });
    expect(await listFiles(root)).toEqual([]);
  }

  it("refuses a 25 000 × 25 000 PNG from its header, before decoding", async () => {
    const started = performance.now();
    await expectRejected(makeHugePngHeader(), "dimensoes");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("refuses a truncated JPEG", async () => {
    await expectRejected(photo.subarray(0, Math.floor(photo.length / 2)), "corrompido");
  });

  it("refuses SVG", async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    await expectRejected(Buffer.from(svg), "formato");
  });

  it("refuses text, whatever the file was called", async () => {
    // An upload named "foto.jpg": the pipeline only ever sees the bytes.
    await expectRejected(Buffer.from("isto não é uma imagem\n"), "formato");
  });

  it("refuses GIF and TIFF", async () => {
    const source = sharp({ create: { width: 20, height: 20, channels: 3, background: "#ff0000" } });
    await expectRejected(await source.clone().gif().toBuffer(), "formato");
    await expectRejected(await source.clone().tiff().toBuffer(), "formato");
  });

  it("refuses HEIC (same container as AVIF)", async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write("ftypheic", 4, "latin1");
    ftyp.write("mif1heic", 16, "latin1");
    await expectRejected(Buffer.concat([ftyp, Buffer.alloc(64)]), "formato");
  });

  it("refuses files over 20 MB", async () => {
    const big = Buffer.alloc(MAX_INPUT_BYTES + 1);
    photo.copy(big);
    await expectRejected(big, "tamanho");
  });
});
