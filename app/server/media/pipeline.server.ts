import { createHash } from "node:crypto";
import sharp, { type Channels, type Metadata, type OutputInfo, type Sharp } from "sharp";
import { PHOTO_FORMATS } from "../../lib/photos";
import { contentTypeForKey, type Storage } from "./storage.server";

export const IMAGE_WIDTHS = [320, 640, 960, 1280, 1920] as const;
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;

export type OutputFormat = "avif" | "webp" | "jpeg";

export type ImageVariant = {
  format: OutputFormat;
  width: number;
  height: number;
  key: string;
  bytes: number;
};

export type ProcessedImage = {
  /** First 32 hex chars of the SHA-256 of the uploaded bytes. */
  hash: string;
  /** Dimensions of the original after EXIF orientation. */
  width: number;
  height: number;
  /** "#rrggbb", shown while the real image loads. */
  placeholderColor: string;
  variants: ImageVariant[];
};

export type ProcessImageOptions = {
  widths?: readonly number[];
  formats?: readonly OutputFormat[];
};

export type RejectionCode = "formato" | "dimensoes" | "corrompido" | "tamanho";

const REJECTION_MESSAGES: Record<RejectionCode, string> = {
  formato: "Formato não aceito: envie JPEG, PNG, WebP ou AVIF.",
  dimensoes: "Imagem grande demais: até 50 megapixels.",
  corrompido: "Arquivo de imagem corrompido ou incompleto.",
  tamanho: "Arquivo grande demais: até 20 MB.",
};

/** The upload itself is unacceptable; `message` is safe to show to the user. */
export class ImageRejectedError extends Error {
  readonly code: RejectionCode;

  constructor(code: RejectionCode, options?: { cause?: unknown }) {
    super(REJECTION_MESSAGES[code], options);
    this.name = "ImageRejectedError";
    this.code = code;
  }
}

export type InputFormat = "jpeg" | "png" | "webp" | "avif";

const ALL_FORMATS: readonly OutputFormat[] = ["avif", "webp", "jpeg"];
// The file name the browser side (app/lib/photos.ts) writes URLs from: `${hash}-${width}.${extension}`.
const EXTENSIONS: Record<OutputFormat, string> = PHOTO_FORMATS;

// failOn "error" (not the default "warning") because many camera/phone JPEGs carry
// harmless libjpeg warnings; "error" still refuses truncated files.
const DECODE_OPTIONS = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;

// Two encodes at a time keeps a 2-core box busy: on glibc Linux sharp defaults to a
// single libvips thread per operation, so parallelism has to come from here.
const ENCODE_CONCURRENCY = 2;

/**
 * Identify the format from magic bytes only: file names and declared MIME types
 * are user-controlled and cannot be trusted.
 */
export function sniffFormat(data: Buffer): InputFormat | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  // ISO-BMFF: [size]["ftyp"][major brand][minor version][compatible brands…].
  // HEIC shares this container, so only accept when an AVIF brand is declared.
  if (data.length >= 16 && data.toString("latin1", 4, 8) === "ftyp") {
    const boxEnd = Math.min(data.readUInt32BE(0), data.length);
    const brands = [data.toString("latin1", 8, 12)];
    for (let offset = 16; offset + 4 <= boxEnd; offset += 4) {
      brands.push(data.toString("latin1", offset, offset + 4));
    }
    if (brands.includes("avif") || brands.includes("avis")) return "avif";
  }
  return null;
}

function toRejection(error: unknown): ImageRejectedError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new ImageRejectedError("dimensoes", { cause: error });
  if (/unsupported image format/i.test(message)) {
    return new ImageRejectedError("formato", { cause: error });
  }
  return new ImageRejectedError("corrompido", { cause: error });
}

function hex(value: number): string {
  return Math.round(value).toString(16).padStart(2, "0");
}

function encode(image: Sharp, format: OutputFormat): Sharp {
  switch (format) {
    // Measured on 2 cores at 1920 px: effort 3 ≈ 0.6 s, effort 4 ≈ 5.5 s for only ~8%
    // smaller files, so 3 is what keeps a 12 MP upload under ~2 s. 4:2:0 is fine
    // for photos and smaller/faster than sharp's 4:4:4 default.
    case "avif":
      return image.avif({ quality: 50, effort: 3, chromaSubsampling: "4:2:0" });
    case "webp":
      return image.webp({ quality: 75 });
    // JPEG has no alpha: flatten onto white rather than letting transparent areas go black.
    case "jpeg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 78, mozjpeg: true, progressive: true });
  }
}

/** Run async tasks with at most `limit` in flight, preserving result order. */
async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Validate an uploaded image and store resized AVIF/WebP/JPEG variants.
 * Throws ImageRejectedError (nothing written) when the upload is unacceptable;
 * any other error is a server-side problem.
 */
export interface InspectedImage {
  format: InputFormat;
  /** Dimensions after EXIF orientation (what people see). */
  width: number;
  height: number;
}

/**
 * The checks made before any pixel is decoded: size, format by its bytes (and as sharp reads the
 * header: the two must agree), pixel count. Throws ImageRejectedError; writes nothing.
 */
export async function inspectImage(input: Buffer): Promise<InspectedImage> {
  if (input.length > MAX_INPUT_BYTES) throw new ImageRejectedError("tamanho");

  const sniffed = sniffFormat(input);
  if (!sniffed) throw new ImageRejectedError("formato");

  // Header only: cheap, and lets us refuse decompression bombs before decoding pixels.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, DECODE_OPTIONS).metadata();
  } catch (error) {
    throw toRejection(error);
  }
  const decodedAs =
    metadata.format === "heif" ? (metadata.compression === "av1" ? "avif" : "heic") : metadata.format;
  if (decodedAs !== sniffed) throw new ImageRejectedError("formato");
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new ImageRejectedError("dimensoes");

  // Orientation swaps width/height for EXIF 5–8; variant widths refer to what users see.
  return { format: sniffed, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
}

/**
 * One small WebP of the whole image (oriented, without metadata), decoding every pixel once: a
 * truncated or corrupt file is refused here (ImageRejectedError), as processImage would refuse it.
 * For photos checked now and run through the pipeline later (app/server/captacoes/).
 */
export async function previewImage(input: Buffer, maxSide: number): Promise<Buffer> {
  await inspectImage(input);
  try {
    return await sharp(input, DECODE_OPTIONS)
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .toColourspace("srgb")
      .webp({ quality: 70 })
      .toBuffer();
  } catch (error) {
    throw toRejection(error);
  }
}

export async function processImage(
  input: Buffer,
  storage: Storage,
  options: ProcessImageOptions = {},
): Promise<ProcessedImage> {
  const { width, height } = await inspectImage(input);
  const requested = [...new Set(options.widths ?? IMAGE_WIDTHS)]
    .filter((w) => Number.isInteger(w) && w > 0)
    .sort((a, b) => a - b);
  const fitting = requested.filter((w) => w <= width);
  // Never upscale; a small original still gets one variant at its own width.
  const targetWidths = fitting.length > 0 ? fitting : [width];
  const formats = [...new Set(options.formats ?? ALL_FORMATS)];
  const largest = targetWidths[targetWidths.length - 1] ?? width;

  // Decode the whole image exactly once, before anything is written: a truncated or
  // corrupt file fails here. The result is oriented, sRGB, metadata-free and already
  // shrunk to the largest variant, so each variant only resizes a small raw buffer.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, DECODE_OPTIONS)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw toRejection(error);
  }
  const raw = {
    raw: {
      width: pixels.info.width,
      height: pixels.info.height,
      channels: pixels.info.channels as Channels,
    },
  };

  // A small copy is plenty for a histogram and ~10x cheaper than the full buffer.
  const { dominant } = await sharp(pixels.data, raw).resize({ width: 256, withoutEnlargement: true }).stats();
  const placeholderColor = `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`;

  const hash = createHash("sha256").update(input).digest("hex").slice(0, 32);
  // Largest first: the slow 1920 px AVIF then overlaps with the small jobs instead
  // of running alone at the end.
  const jobs = targetWidths.flatMap((w) => formats.map((format) => ({ width: w, format }))).reverse();
  const encoded = await mapWithConcurrency(jobs, ENCODE_CONCURRENCY, async ({ width: w, format }) => {
    const { data, info } = await encode(sharp(pixels.data, raw).resize({ width: w }), format).toBuffer({
      resolveWithObject: true,
    });
    const key = `${hash.slice(0, 2)}/${hash}-${w}.${EXTENSIONS[format]}`;
    return { data, variant: { format, width: info.width, height: info.height, key, bytes: data.length } };
  });

  await writeAll(storage, encoded);

  const variants = encoded.map((e) => e.variant).reverse();
  return { hash, width, height, placeholderColor, variants };
}

/**
 * Write every variant or none. Keys are content-addressed, so one may already exist
 * from an earlier upload of the same file (and be in use): only keys this call
 * created are rolled back.
 */
async function writeAll(storage: Storage, encoded: { data: Buffer; variant: ImageVariant }[]): Promise<void> {
  const results = await Promise.allSettled(
    encoded.map(async ({ data, variant: { key } }) => {
      const existed = await storage.exists(key);
      await storage.put(key, data, contentTypeForKey(key));
      return existed ? null : key;
    }),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (!failure) return;
  const created = results.flatMap((r) => (r.status === "fulfilled" && r.value ? [r.value] : []));
  await Promise.allSettled(created.map((key) => storage.delete(key)));
  throw failure.reason;
}

/** `srcset` value for one format, e.g. "/media/ab/…-320.webp 320w, /media/ab/…-640.webp 640w". */
export function srcSet(
  variants: readonly ImageVariant[],
  format: OutputFormat,
  urlFor: (key: string) => string,
): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${urlFor(v.key)} ${v.width}w`)
    .join(", ");
}
