import { PHOTO_FORMATS, type PhotoFormat, type PictureData } from "../../lib/photos";
import type { PropertyPhoto } from "../db/schema.server";
import type { Storage } from "./storage.server";

/**
 * The <picture> data for a stored photo (app/lib/photos.ts writes its URLs). The pipeline names
 * every variant `${hash}-${width}.${extension}` under one folder, and a storage's URL is its
 * public prefix plus the key, so one base serves them all; a variant whose URL does not end that
 * way (nothing writes such a thing today) is left out rather than drawn from a wrong address.
 */
export function toPictureData(
  photo: Pick<PropertyPhoto, "altText" | "width" | "height" | "placeholderColor" | "variants">,
  storage: Storage,
): PictureData {
  let base: string | undefined;
  const widths: Partial<Record<PhotoFormat, number[]>> = {};
  for (const variant of [...photo.variants].sort((a, b) => a.width - b.width)) {
    const url = storage.url(variant.key);
    const end = `-${variant.width}.${PHOTO_FORMATS[variant.format]}`;
    if (!url.endsWith(end)) continue;
    const prefix = url.slice(0, -end.length);
    base ??= prefix;
    if (prefix !== base) continue;
    const list = widths[variant.format] ?? [];
    list.push(variant.width);
    widths[variant.format] = list;
  }
  return {
    alt: photo.altText,
    width: photo.width,
    height: photo.height,
    placeholderColor: photo.placeholderColor,
    base: base ?? "",
    widths: Object.fromEntries(Object.entries(widths).map(([format, list]) => [format, list.join(",")])),
  };
}
