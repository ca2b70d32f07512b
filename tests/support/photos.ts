// Real images for the tests that need files: a photo-like JPEG, the same through the real image
// pipeline, and a storage folder of their own that the test removes.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { type ProcessedImage, processImage } from "../../app/server/media/pipeline.server";
import { LocalDiskStorage } from "../../app/server/media/storage.server";

export async function tempStorage(): Promise<{
  storage: LocalDiskStorage;
  /** The folder the storage writes to, for tests that look at the files themselves. */
  dir: string;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), "test-media-"));
  return {
    storage: new LocalDiskStorage(dir, "/media"),
    dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A photo-like JPEG (gradient + pattern) so the pipeline sees a real image; `seed` varies it. */
export async function makeJpeg(width = 480, height = 360, seed = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = ((x ^ y) + seed * 37) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A photo through the real pipeline (JPEG + WebP, 640 and 1920 px, from a 2000 px original). */
export async function samplePhoto(storage: LocalDiskStorage, hue: number): Promise<ProcessedImage> {
  const width = 2000;
  const height = 1333;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},60%,55%)"/>
    <circle cx="${500 + hue}" cy="600" r="300" fill="hsl(${(hue + 120) % 360},70%,45%)"/>
  </svg>`;
  const input = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  return processImage(input, storage, { widths: [640, 1920], formats: ["jpeg", "webp"] });
}
