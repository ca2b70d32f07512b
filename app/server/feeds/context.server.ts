// What every feed needs besides the listings: the agency (header, contact), the public URL
// (absolute links) and the storage (photo URLs).
import { formatPhone } from "../../lib/format";
import type { AgencySettings } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { absoluteMediaUrl } from "../media/storage.server";
import type { ListingPhoto } from "./listing-source.server";
import { portalJpeg } from "./mapping.server";

export interface FeedContext {
  agency: Pick<AgencySettings, "name" | "email" | "phones" | "whatsapp" | "creci">;
  /** Origin without a trailing slash. */
  publicUrl: string;
  storage: Pick<Storage, "url">;
  /** The moment the feed is written (PublishDate). */
  now: Date;
}

export interface PortalPhoto {
  url: string;
  caption: string;
  primary: boolean;
  updatedAt: Date;
}

/** Absolute JPEG URLs of a listing's photos, the cover first and marked primary. */
export function portalPhotos(photos: readonly ListingPhoto[], context: FeedContext): PortalPhoto[] {
  const out: PortalPhoto[] = [];
  for (const photo of photos) {
    const jpeg = portalJpeg(photo.variants);
    if (!jpeg) continue;
    out.push({
      url: absoluteMediaUrl(context.storage.url(jpeg.key), context.publicUrl),
      caption: photo.altText,
      primary: out.length === 0,
      updatedAt: photo.createdAt,
    });
  }
  return out;
}

/** How many of a listing's photos the portals can take (a JPEG within the size limit). */
export function portalPhotoCount(photos: readonly Pick<ListingPhoto, "variants">[]): number {
  return photos.filter((photo) => portalJpeg(photo.variants) !== null).length;
}

export function listingPageUrl(referencia: string, publicUrl: string): string {
  return `${publicUrl}/casas/${encodeURIComponent(referencia)}`;
}

/** The agency's main phone, "(82) 99999-9999", or "" when none is set. */
export function agencyPhone(agency: FeedContext["agency"]): string {
  const raw = agency.phones.find((p) => p.trim() !== "") ?? agency.whatsapp;
  return raw.trim() ? formatPhone(raw) : "";
}
