// The agency's logo and the home page's hero photo: checked by their content (the image
// pipeline sniffs the bytes and asks sharp, app/server/media/pipeline.server.ts), stored as
// content-hash-named variants under brand/logo/ and brand/hero/, and removed once no setting
// points to them. Their own folders keep them apart from the listings' photos, whose files go
// when no photo row uses them (app/server/properties/photo-files.server.ts): the same picture
// uploaded as a logo and as a listing photo never shares a file, so neither side deletes the
// other's.
import sharp from "sharp";
import type { BrandImage } from "../db/schema.server";
import { IMAGE_WIDTHS, ImageRejectedError, MAX_INPUT_BYTES, processImage } from "../media/pipeline.server";
import type { Storage } from "../media/storage.server";

export type BrandImageKind = "logo" | "heroPhoto";

interface KindRules {
  folder: string;
  maxBytes: number;
  widths: readonly number[];
  /** The smallest width that still looks right where it is drawn. */
  minWidth: number;
  tooLarge: string;
  tooSmall: string;
}

export const BRAND_IMAGE_RULES: Record<BrandImageKind, KindRules> = {
  // Drawn 48 px high in the header (up to 240 px wide), twice that on dense screens; 640 px is
  // room for the social images and the e-mails.
  logo: {
    folder: "brand/logo",
    maxBytes: 5 * 1024 * 1024,
    widths: [160, 320, 640],
    minWidth: 64,
    tooLarge: "Arquivo grande demais: o logotipo pode ter até 5 MB.",
    tooSmall: "Logotipo pequeno demais: envie uma imagem com pelo menos 64 pixels de largura.",
  },
  // The full width of the screen, from a phone to a wide desktop.
  heroPhoto: {
    folder: "brand/hero",
    maxBytes: MAX_INPUT_BYTES,
    widths: IMAGE_WIDTHS,
    minWidth: 1200,
    tooLarge: "Arquivo grande demais: a foto pode ter até 20 MB.",
    tooSmall:
      "Foto pequena demais: envie uma com pelo menos 1200 pixels de largura, para ficar nítida em telas grandes.",
  },
};

/** An upload refused with a message for its field; `status` is 400 or 413. */
export class BrandImageError extends Error {
  readonly field: BrandImageKind;
  readonly status: 400 | 413;

  constructor(field: BrandImageKind, message: string, status: 400 | 413 = 400) {
    super(message);
    this.name = "BrandImageError";
    this.field = field;
    this.status = status;
  }
}

/** The storage seen from one folder: the pipeline writes its usual keys, they land under it. */
function inFolder(storage: Storage, folder: string): Storage {
  const full = (key: string) => `${folder}/${key}`;
  return {
    put: (key, data, contentType) => storage.put(full(key), data, contentType),
    get: (key) => storage.get(full(key)),
    delete: (key) => storage.delete(full(key)),
    exists: (key) => storage.exists(full(key)),
    url: (key) => storage.url(full(key)),
  };
}

/** The width as drawn (EXIF orientation applied), or null when sharp cannot read the header. */
async function orientedWidth(data: Buffer): Promise<number | null> {
  try {
    return (await sharp(data, { failOn: "error" }).metadata()).autoOrient.width;
  } catch {
    return null;
  }
}

/**
 * Checks and stores one uploaded logo or hero photo. Throws BrandImageError (nothing written)
 * when the file is not acceptable, whatever its name says.
 */
export async function storeBrandImage(
  storage: Storage,
  kind: BrandImageKind,
  data: Buffer,
): Promise<BrandImage> {
  const rules = BRAND_IMAGE_RULES[kind];
  if (data.length === 0) throw new BrandImageError(kind, "O arquivo está vazio.");
  if (data.length > rules.maxBytes) throw new BrandImageError(kind, rules.tooLarge, 413);
  // A readable header that is too narrow is refused before anything is encoded; an unreadable
  // one goes on to the pipeline, which says what is wrong with it.
  const width = await orientedWidth(data);
  if (width !== null && width < rules.minWidth) throw new BrandImageError(kind, rules.tooSmall);
  try {
    // The original's own width too when it falls between the steps: a 600 px logo is kept at 600,
    // not only at 320 (the pipeline never enlarges, and skips a step wider than the image).
    const largest = Math.max(...rules.widths);
    const widths =
      width === null ? rules.widths : [...rules.widths.filter((w) => w < width), Math.min(width, largest)];
    const processed = await processImage(data, inFolder(storage, rules.folder), { widths });
    return {
      hash: processed.hash,
      width: processed.width,
      height: processed.height,
      placeholderColor: processed.placeholderColor,
      variants: processed.variants.map((v) => ({ ...v, key: `${rules.folder}/${v.key}` })),
    };
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      throw new BrandImageError(kind, error.message, error.code === "tamanho" ? 413 : 400);
    }
    throw error;
  }
}

export function brandImageKeys(image: BrandImage | null | undefined): string[] {
  return image ? image.variants.map((v) => v.key) : [];
}

/**
 * Deletes the files of `candidates` that none of `inUse` points to (the same file may be kept:
 * the owner sent the logo they already had). Call it after the settings row is committed, so a
 * failure leaves a stray file, never a setting without its file.
 */
export async function removeUnusedBrandFiles(
  storage: Storage,
  candidates: readonly (BrandImage | null | undefined)[],
  inUse: readonly (BrandImage | null | undefined)[],
): Promise<string[]> {
  const keep = new Set(inUse.flatMap(brandImageKeys));
  const unused = [...new Set(candidates.flatMap(brandImageKeys))].filter((key) => !keep.has(key));
  await Promise.all(unused.map((key) => storage.delete(key)));
  return unused;
}
