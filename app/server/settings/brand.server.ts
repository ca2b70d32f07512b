// The agency's brand as the pages draw it: the logo's <picture> at its header size, the hero
// photo's <picture>, and the JPEG URLs for places without <picture> (JSON-LD, e-mails).
import type { PictureData } from "../../lib/photos";
import type { BrandImage } from "../db/schema.server";
import { toPictureData } from "../media/picture.server";
import type { Storage } from "../media/storage.server";
import { brandJpeg } from "./brand-images.server";

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

export interface LogoJpeg {
  /** Site path (storage URL) of the JPEG. */
  url: string;
  width: number;
  height: number;
}

/** The logo as one JPEG, for the JSON-LD and the e-mails. */
export function logoJpeg(
  image: BrandImage | null,
  storage: Pick<Storage, "url">,
  maxWidth = 640,
): LogoJpeg | null {
  const jpeg = image ? brandJpeg(image, maxWidth) : null;
  return jpeg ? { url: storage.url(jpeg.key), width: jpeg.width, height: jpeg.height } : null;
}
