// Shapes of photos as the browser receives them: only public URLs, never storage internals.

/** The stored formats, best first, and the extension their files end with. */
export const PHOTO_FORMATS = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;
export type PhotoFormat = keyof typeof PHOTO_FORMATS;

const SOURCE_TYPES = { avif: "image/avif", webp: "image/webp" } as const;

export interface PictureSource {
  /** "image/avif" | "image/webp" */
  type: string;
  srcSet: string;
}

/**
 * A photo's variants, compactly: every URL is `${base}-${width}.${extension}` (e.g.
 * "/media/ab/ab12…-640.webp"), with each format's widths in ascending order ("320,640,960").
 * Spelled out, the twelve URLs of each photo were half of a listing page's loader data, which
 * React Router serialises into the page and the browser parses; pictureUrls() writes them on
 * either side.
 */
export interface PictureData {
  alt: string;
  width: number;
  height: number;
  placeholderColor: string;
  base: string;
  widths: Partial<Record<PhotoFormat, string>>;
}

function widthsOf(picture: PictureData, format: PhotoFormat): number[] {
  const list = picture.widths[format];
  return list ? list.split(",").map(Number) : [];
}

function urlOf(picture: PictureData, format: PhotoFormat, width: number): string {
  return `${picture.base}-${width}.${PHOTO_FORMATS[format]}`;
}

/** The `srcset` of one format ("" when the photo has none in it). */
export function pictureSrcSet(picture: PictureData, format: PhotoFormat): string {
  return widthsOf(picture, format)
    .map((width) => `${urlOf(picture, format, width)} ${width}w`)
    .join(", ");
}

/** The <img> fallback: the largest JPEG up to 1280 px (else the smallest one). */
export function pictureSrc(picture: PictureData): string {
  const jpegs = widthsOf(picture, "jpeg");
  const width = jpegs.filter((w) => w <= 1280).at(-1) ?? jpegs[0];
  return width === undefined ? "" : urlOf(picture, "jpeg", width);
}

/** The <source>s before the JPEG <img>: AVIF, then WebP, those the photo has. */
export function pictureSources(picture: PictureData): PictureSource[] {
  const sources: PictureSource[] = [];
  for (const format of ["avif", "webp"] as const) {
    const srcSet = pictureSrcSet(picture, format);
    if (srcSet) sources.push({ type: SOURCE_TYPES[format], srcSet });
  }
  return sources;
}

export interface PictureUrls {
  src: string;
  /** The JPEG srcset. */
  srcSet: string;
  sources: PictureSource[];
}

// The server keeps a page's data for its data version: the same photo objects on every render,
// so their URLs are written once per version, not on every page served.
const written = new WeakMap<PictureData, PictureUrls>();

/** What a <picture> needs: the fallback, the JPEG srcset and the AVIF/WebP sources. */
export function pictureUrls(picture: PictureData): PictureUrls {
  let urls = written.get(picture);
  if (!urls) {
    urls = {
      src: pictureSrc(picture),
      srcSet: pictureSrcSet(picture, "jpeg"),
      sources: pictureSources(picture),
    };
    written.set(picture, urls);
  }
  return urls;
}
