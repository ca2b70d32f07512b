// Draws a listing's 1200×630 social image once and keeps it in storage under its version (a
// hash of the cover, price, place and template), so later requests only read bytes. og_images
// holds each listing's current one: the image a new version replaces, or a deleted listing's, is
// removed from storage once no listing shows it (copies of a listing may share one).
import { and, eq, sql } from "drizzle-orm";
import sharp, { type OverlayOptions } from "sharp";
import { escapeHtml as escapeXml } from "../../lib/escape-html";
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  type OgListing,
  ogImageVersion,
  ogPlaceText,
  ogPriceText,
} from "../../lib/og-image";
import type { Db } from "../db/client.server";
import {
  type BrandImage,
  ogImages,
  type Property,
  type PropertyPhoto,
  properties,
  propertyPhotos,
} from "../db/schema.server";
import { portalJpeg } from "../feeds/mapping.server";
import type { Storage } from "../media/storage.server";
import { cardColumns, isPublished } from "../properties/cards.server";
import { getAgencyBrand } from "../settings/settings.server";

const BAND_HEIGHT = 170;
/** The logo's room at the band's right end, on a white plate (any logo reads on white). */
const LOGO_BOX = { width: 260, height: 110 };
const LOGO_PADDING = 14;
const EDGE = 64;
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

interface OgSource {
  propertyId: number;
  /** The share image recorded for the listing (og_images); null: none yet. */
  currentKey: string | null;
  listing: OgListing;
  /** Storage key of the cover's JPEG to draw from. */
  coverKey: string | null;
  /** Storage key of the logo's WebP (its transparency kept) to draw in the band. */
  logoKey: string | null;
}

type OgProperty = Pick<
  Property,
  | "referencia"
  | "titulo"
  | "tipo"
  | "finalidades"
  | "precoVenda"
  | "precoAluguel"
  | "periodoAluguel"
  | "precoSobConsulta"
  | "bairro"
  | "cidade"
>;
type OgPhoto = Pick<PropertyPhoto, "isCover" | "hash" | "variants">;

/** The cover photo the image is drawn from: the one marked cover, if it has a JPEG. */
function coverOf(photos: readonly OgPhoto[]): { hash: string; key: string } | null {
  const cover = photos.find((p) => p.isCover);
  const jpeg = cover ? portalJpeg(cover.variants) : null;
  return cover && jpeg ? { hash: cover.hash, key: jpeg.key } : null;
}

/**
 * What the listing page passes to listingOgImage(): the same fields this module draws from,
 * so the page's ?v= always matches the image served.
 */
export function toOgListing(
  property: OgProperty,
  photos: readonly OgPhoto[],
  logo: Pick<BrandImage, "hash"> | null = null,
): OgListing {
  return {
    referencia: property.referencia,
    titulo: property.titulo,
    tipo: property.tipo,
    finalidades: property.finalidades,
    precoVenda: property.precoVenda,
    precoAluguel: property.precoAluguel,
    periodoAluguel: property.periodoAluguel,
    precoSobConsulta: property.precoSobConsulta,
    bairro: property.bairro,
    cidade: property.cidade,
    coverHash: coverOf(photos)?.hash ?? null,
    logoHash: logo?.hash ?? null,
  };
}

/** The logo's file the band draws from: a WebP keeps a transparent logo's edges on the plate. */
function logoKeyOf(logo: BrandImage | null): string | null {
  const webps = (logo?.variants ?? []).filter((v) => v.format === "webp").sort((a, b) => a.width - b.width);
  return (webps.find((v) => v.width >= LOGO_BOX.width) ?? webps.at(-1))?.key ?? null;
}

/** The published listing behind /og/{referencia}.jpg, or null. */
export async function findOgSource(db: Db, referencia: string): Promise<OgSource | null> {
  const [row] = await db
    // The card's columns (cards.server.ts), of which the image draws ten: one list to keep.
    .select({ ...cardColumns, ogImageKey: ogImages.key })
    .from(properties)
    .leftJoin(ogImages, eq(ogImages.propertyId, properties.id))
    .where(and(isPublished, eq(sql`upper(${properties.referencia})`, referencia.toUpperCase())));
  if (!row) return null;
  const covers = await db
    .select({ isCover: propertyPhotos.isCover, hash: propertyPhotos.hash, variants: propertyPhotos.variants })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, row.id), eq(propertyPhotos.isCover, true)));
  const { logo } = await getAgencyBrand(db);
  return {
    propertyId: row.id,
    currentKey: row.ogImageKey,
    listing: toOgListing(row, covers, logo),
    coverKey: coverOf(covers)?.key ?? null,
    logoKey: logoKeyOf(logo),
  };
}

/** Cuts a line so it fits the band, at about `max` characters. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Splits a title into at most two lines of about `max` characters. */
function twoLines(text: string, max: number): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [""];
  for (const word of words) {
    const current = lines[lines.length - 1] ?? "";
    if (current && `${current} ${word}`.length > max) {
      if (lines.length === 2) {
        lines[1] = clip(`${current} ${word}`, max);
        break;
      }
      lines.push(word);
    } else lines[lines.length - 1] = current ? `${current} ${word}` : word;
  }
  return lines.map((line) => clip(line, max));
}

function overlaySvg(listing: OgListing, withCover: boolean, withLogo: boolean): Buffer {
  // With the logo at the right, the place line stops before it.
  const placeMax = withLogo ? 40 : 56;
  const top = OG_IMAGE_HEIGHT - BAND_HEIGHT;
  const title = withCover
    ? ""
    : twoLines(listing.titulo, 30)
        .map(
          (line, i) =>
            `<text x="64" y="${150 + i * 70}" font-family="${FONT}" font-size="56" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
        )
        .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.55"/>
    </linearGradient>
  </defs>
  <rect x="0" y="${top - 90}" width="${OG_IMAGE_WIDTH}" height="90" fill="url(#fade)"/>
  <rect x="0" y="${top}" width="${OG_IMAGE_WIDTH}" height="${BAND_HEIGHT}" fill="#0b3d4f" fill-opacity="0.92"/>
  ${title}
  <text x="64" y="${top + 78}" font-family="${FONT}" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(clip(ogPriceText(listing), 30))}</text>
  <text x="64" y="${top + 132}" font-family="${FONT}" font-size="34" fill="#e6f2f5">${escapeXml(clip(ogPlaceText(listing), placeMax))}</text>
</svg>`,
  );
}

/** The logo fitted in its box, on a white rounded plate, and where it goes (the band's right end). */
async function logoLayers(logo: Buffer): Promise<OverlayOptions[]> {
  const { data, info } = await sharp(logo)
    .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  const plate = { width: info.width + 2 * LOGO_PADDING, height: info.height + 2 * LOGO_PADDING };
  const left = OG_IMAGE_WIDTH - EDGE - plate.width;
  const top = OG_IMAGE_HEIGHT - BAND_HEIGHT + Math.round((BAND_HEIGHT - plate.height) / 2);
  const plateSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${plate.width}" height="${plate.height}"><rect width="100%" height="100%" rx="12" fill="#ffffff"/></svg>`,
  );
  return [
    { input: plateSvg, top, left },
    { input: data, top: top + LOGO_PADDING, left: left + LOGO_PADDING },
  ];
}

/**
 * The JPEG: the cover cropped to 1200×630 (or a plain background) with the price band on top,
 * and the agency's logo in the band when it has one.
 */
export async function renderOgImage(
  listing: OgListing,
  cover: Buffer | null,
  logo: Buffer | null = null,
): Promise<Buffer> {
  const base = cover
    ? sharp(cover).rotate().resize(OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT, { fit: "cover", position: "centre" })
    : sharp({
        create: { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, channels: 3, background: "#1b6f86" },
      });
  const layers: OverlayOptions[] = [
    { input: overlaySvg(listing, cover !== null, logo !== null), top: 0, left: 0 },
    ...(logo ? await logoLayers(logo) : []),
  ];
  return base
    .composite(layers)
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true, progressive: true })
    .toBuffer();
}

export function ogStorageKey(version: string): string {
  return `og/${version}.jpg`;
}

// Concurrent first requests for the same image (a link shared in a busy group) draw it once.
const drawing = new Map<string, Promise<Buffer>>();

/** The image bytes and version for a published listing, drawing and storing them the first time. */
export async function getOgImage(
  services: { db: Db; storage: Storage },
  referencia: string,
): Promise<{ bytes: Buffer; version: string; referencia: string } | null> {
  const source = await findOgSource(services.db, referencia);
  if (!source) return null;
  const version = ogImageVersion(source.listing);
  const key = ogStorageKey(version);
  const stored = await services.storage.get(key);
  if (stored) {
    // Drawn for another listing with the same picture, price and place (a copy), or before
    // og_images existed: it is this listing's now too.
    if (source.currentKey !== key) await recordOgImage(services, source.propertyId, key);
    return { bytes: stored, version, referencia: source.listing.referencia };
  }
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      const cover = source.coverKey ? await services.storage.get(source.coverKey) : null;
      const logo = source.logoKey ? await services.storage.get(source.logoKey) : null;
      const bytes = await renderOgImage(source.listing, cover, logo);
      await services.storage.put(key, bytes, "image/jpeg");
      await recordOgImage(services, source.propertyId, key);
      return bytes;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return { bytes: await pending, version, referencia: source.listing.referencia };
}

/** Makes `key` the listing's share image and removes the one it replaces when nothing shows it. */
async function recordOgImage(services: { db: Db; storage: Storage }, propertyId: number, key: string) {
  const replaced = await services.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ key: ogImages.key })
      .from(ogImages)
      .where(eq(ogImages.propertyId, propertyId))
      .for("update");
    if (current?.key === key) return null;
    await tx
      .insert(ogImages)
      .values({ propertyId, key })
      .onConflictDoUpdate({ target: ogImages.propertyId, set: { key, drawnAt: sql`now()` } });
    return current?.key ?? null;
  });
  if (replaced) await removeOgImageIfUnused(services, replaced);
}

/** The listing's current share image (null: never drawn), read before the listing is deleted. */
export async function ogImageOf(db: Db, propertyId: number): Promise<string | null> {
  const [row] = await db
    .select({ key: ogImages.key })
    .from(ogImages)
    .where(eq(ogImages.propertyId, propertyId));
  return row?.key ?? null;
}

/**
 * Deletes a share image no listing shows any more (true when it did). A listing that takes the same
 * key meanwhile finds it missing and draws it again (getOgImage): a race costs a drawing, never a
 * broken image.
 */
export async function removeOgImageIfUnused(
  services: { db: Db; storage: Storage },
  key: string,
): Promise<boolean> {
  const [used] = await services.db
    .select({ propertyId: ogImages.propertyId })
    .from(ogImages)
    .where(eq(ogImages.key, key))
    .limit(1);
  if (used) return false;
  await services.storage.delete(key);
  return true;
}
