// The agency's brand as the pages draw it: the logo's <picture> at its header size, the hero
// photo's <picture>, and the JPEG URLs for places without <picture> (JSON-LD, e-mails).
import type { PictureData } from "../../lib/photos";
import type { BrandImage } from "../db/schema.server";
import { toPictureData } from "../media/picture.server";
import type { Storage } from "../media/storage.server";

/** The logo's box in the header (app/styles/site.css .brand__logo): 48 px high, at most 240 wide. */
export const LOGO_HEIGHT = 48;
export const LOGO_MAX_WIDTH = 240;

export interface BrandLogo {
  picture: PictureData;
  /** Its drawn size in the header, reserved by the width/height attributes (no layout shift). */
  width: number;
  height: number;
}

/** The header's logo, the agency's name as its alt text. */
export function brandLogo(image: BrandImage | null, storage: Storage, agencyName: string): BrandLogo | null {
  if (!image) return null;
  const width = Math.min(LOGO_MAX_WIDTH, Math.round((LOGO_HEIGHT * image.width) / image.height));
  const height = Math.max(1, Math.round((width * image.height) / image.width));
  return { picture: toPictureData({ ...image, altText: agencyName }, storage), width, height };
}

/** The home page's hero photo; decorative (the hero's heading says what the page is), so no alt. */
export function heroPicture(image: BrandImage | null, storage: Storage): PictureData | null {
  return image ? toPictureData({ ...image, altText: "" }, storage) : null;
}

export interface BrandJpeg {
  /** Site path (storage URL) of the JPEG. */
  url: string;
  width: number;
  height: number;
}

/**
 * A logo or hero photo as one JPEG, the largest up to `maxWidth` (else the smallest): for what
 * has no <picture> (the JSON-LD, the e-mails) and the settings form's previews.
 */
export function brandImageJpeg(
  image: BrandImage | null,
  storage: Pick<Storage, "url">,
  maxWidth = 640,
): BrandJpeg | null {
  const jpegs = (image?.variants ?? []).filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width);
  const jpeg = jpegs.filter((v) => v.width <= maxWidth).at(-1) ?? jpegs[0];
  return jpeg ? { url: storage.url(jpeg.key), width: jpeg.width, height: jpeg.height } : null;
}
