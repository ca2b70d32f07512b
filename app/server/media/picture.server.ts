import type { PictureData } from "../../lib/photos";
import type { PhotoVariant, PropertyPhoto } from "../db/schema.server";
import type { Storage } from "./storage.server";

function srcSetOf(variants: PhotoVariant[], format: PhotoVariant["format"], storage: Storage): string {
  return variants
    .filter((v) => v.format === format)
    .sort((a, b) => a.width - b.width)
    .map((v) => `${storage.url(v.key)} ${v.width}w`)
    .join(", ");
}

/** The <picture> data for a stored photo: AVIF and WebP sources, JPEG fallback. */
export function toPictureData(
  photo: Pick<PropertyPhoto, "altText" | "width" | "height" | "placeholderColor" | "variants">,
  storage: Storage,
): PictureData {
  const jpegs = photo.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width);
  const fallback = [...jpegs].reverse().find((v) => v.width <= 1280) ?? jpegs[0];
  return {
    alt: photo.altText,
    width: photo.width,
    height: photo.height,
    placeholderColor: photo.placeholderColor,
    src: fallback ? storage.url(fallback.key) : "",
    srcSet: srcSetOf(photo.variants, "jpeg", storage),
    sources: [
      { type: "image/avif", srcSet: srcSetOf(photo.variants, "avif", storage) },
      { type: "image/webp", srcSet: srcSetOf(photo.variants, "webp", storage) },
    ].filter((s) => s.srcSet !== ""),
  };
}
