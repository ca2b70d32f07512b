// Step 4: the upload pipeline on a 12-megapixel photo-like JPEG (noise, blurred, gradients).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { processImage } from "../app/server/media/pipeline.server";
import { LocalDiskStorage } from "../app/server/media/storage.server";

export interface ImageResult {
  inputBytes: number;
  runsMs: number[];
  outputBytes: number;
  variants: number;
}

export async function makePhoto(width = 4000, height = 3000): Promise<Buffer> {
  // Gaussian noise blurred a little looks like texture; a gradient overlay gives sky/ground.
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#7a8a70",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6fa8dc" stop-opacity="0.8"/><stop offset="0.55" stop-color="#f6e7c1" stop-opacity="0.4"/><stop offset="1" stop-color="#3b5d2a" stop-opacity="0.8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
  );
  return sharp(noise)
    .composite([{ input: gradient }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export async function benchImage(runs = 2): Promise<ImageResult> {
  const input = await makePhoto();
  const runsMs: number[] = [];
  let outputBytes = 0;
  let variants = 0;
  for (let i = 0; i < runs; i++) {
    // A fresh folder per run: content-addressed keys must not short-cut a later run.
    const dir = await mkdtemp(join(tmpdir(), "bench-media-"));
    try {
      const storage = new LocalDiskStorage(dir, "/media");
      const started = performance.now();
      const processed = await processImage(input, storage);
      runsMs.push(performance.now() - started);
      outputBytes = processed.variants.reduce((sum, v) => sum + v.bytes, 0);
      variants = processed.variants.length;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return { inputBytes: input.byteLength, runsMs, outputBytes, variants };
}
