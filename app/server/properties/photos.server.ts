// A property's photos: upload through the image pipeline, order, cover, alt text, delete.
// Every change checks the actor may manage the property, is audited and bumps the data version;
// a refused or failed upload leaves neither a row nor a file behind.
import { createHash } from "node:crypto";
import { and, asc, count, eq, max, min } from "drizzle-orm";
import { type AdminPhoto, MAX_PHOTOS_PER_PROPERTY } from "../../lib/photo-actions";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { type PhotoVariant, type PropertyPhoto, propertyPhotos } from "../db/schema.server";
import { type ProcessImageOptions, processImage } from "../media/pipeline.server";
import type { Storage } from "../media/storage.server";
import { type Actor, auditOrigin, loadManageable } from "./access.server";
import { recordListingChange } from "./changes.server";
import { PhotoRequestError } from "./errors.server";
import { removeUnusedFiles } from "./photo-files.server";

function thumbUrl(variants: PhotoVariant[], storage: Storage): string {
  const pick = (format: PhotoVariant["format"]) =>
    variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width)[0];
  const variant = pick("webp") ?? pick("jpeg");
  return variant ? storage.url(variant.key) : "";
}

function toAdminPhoto(photo: PropertyPhoto, storage: Storage): AdminPhoto {
  return {
    id: photo.id,
    position: photo.position,
    isCover: photo.isCover,
    altText: photo.altText,
    width: photo.width,
    height: photo.height,
    placeholderColor: photo.placeholderColor,
    thumb: thumbUrl(photo.variants, storage),
  };
}

async function photosOf(db: Db | Tx, propertyId: number): Promise<PropertyPhoto[]> {
  return db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(asc(propertyPhotos.position), asc(propertyPhotos.id));
}

export async function listPhotos(
  db: Db,
  storage: Storage,
  actor: Actor,
  propertyId: number,
): Promise<AdminPhoto[]> {
  await loadManageable(db, actor, propertyId);
  return (await photosOf(db, propertyId)).map((p) => toAdminPhoto(p, storage));
}

async function photoCount(db: Db | Tx, propertyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return row?.n ?? 0;
}

function assertRoom(n: number): void {
  if (n >= MAX_PHOTOS_PER_PROPERTY) {
    throw new PhotoRequestError(409, `Este imóvel já tem o máximo de ${MAX_PHOTOS_PER_PROPERTY} fotos.`);
  }
}

/**
 * Add one uploaded image to a property. Throws ImageRejectedError (nothing written) for a file
 * that is not an acceptable image, PhotoRequestError for a duplicate or a full gallery.
 *
 * `position` is the place the agent chose (several files uploaded side by side finish in any
 * order); without it the photo goes to the end. The first photo is the cover until the agent
 * picks another: a photo landing ahead of every photo already there takes the cover from a
 * sibling of its batch that happened to finish first.
 */
export async function addPhoto(
  db: Db,
  storage: Storage,
  actor: Actor,
  propertyId: number,
  input: Buffer,
  options: { altText?: string; position?: number; image?: ProcessImageOptions } = {},
): Promise<AdminPhoto> {
  // Permission and cheap refusals first: no pixel is decoded for a request we would refuse.
  await loadManageable(db, actor, propertyId);
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 32);
  const [duplicate] = await db
    .select({ id: propertyPhotos.id })
    .from(propertyPhotos)
    .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.hash, hash)))
    .limit(1);
  if (duplicate) throw new PhotoRequestError(409, "Esta foto já está neste imóvel.");
  assertRoom(await photoCount(db, propertyId));

  const processed = await processImage(input, storage, options.image);
  try {
    return await db.transaction(async (tx) => {
      // Checked again under the property's lock: it may have changed while we encoded.
      const property = await loadManageable(tx, actor, propertyId, { lock: true });
      assertRoom(await photoCount(tx, propertyId));
      const [range] = await tx
        .select({ first: min(propertyPhotos.position), last: max(propertyPhotos.position) })
        .from(propertyPhotos)
        .where(eq(propertyPhotos.propertyId, propertyId));
      const [cover] = await tx
        .select({ id: propertyPhotos.id })
        .from(propertyPhotos)
        .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.isCover, true)));
      const position = options.position ?? (range?.last ?? -1) + 1;
      const first = range?.first ?? null;
      const takesCover = !cover || (options.position !== undefined && first !== null && position < first);
      if (cover && takesCover) {
        // One cover per listing (a partial unique index): clear it before the insert.
        await tx.update(propertyPhotos).set({ isCover: false }).where(eq(propertyPhotos.id, cover.id));
      }
      const [row] = await tx
        .insert(propertyPhotos)
        .values({
          propertyId,
          position,
          isCover: takesCover,
          altText: options.altText?.trim().slice(0, 200) ?? "",
          width: processed.width,
          height: processed.height,
          placeholderColor: processed.placeholderColor,
          hash: processed.hash,
          variants: processed.variants,
        })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await audit(tx, {
        ...auditOrigin(actor),
        action: "photo-added",
        entity: "property",
        entityId: propertyId,
        details: { photoId: row.id, hash: row.hash },
      });
      await recordListingChange(tx, propertyId, [property.corretorId]);
      return toAdminPhoto(row, storage);
    });
  } catch (error) {
    // The variants are on disk but no row was saved: remove them unless another photo uses them.
    // The original error is what the caller must see, even if this clean-up fails too.
    await removeUnusedFiles(db, storage, [processed]).catch(() => undefined);
    throw error;
  }
}

/** Run a photo change under the property's lock, audited and versioned. */
async function photoChange<T>(
  db: Db,
  actor: Actor,
  propertyId: number,
  action: string,
  details: Record<string, unknown>,
  run: (tx: Tx, photos: PropertyPhoto[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const property = await loadManageable(tx, actor, propertyId, { lock: true });
    const result = await run(tx, await photosOf(tx, propertyId));
    await audit(tx, { ...auditOrigin(actor), action, entity: "property", entityId: propertyId, details });
    await recordListingChange(tx, propertyId, [property.corretorId]);
    return result;
  });
}

function findPhoto(photos: PropertyPhoto[], photoId: number): PropertyPhoto {
  const photo = photos.find((p) => p.id === photoId);
  // A photo id of another property is simply not found here.
  if (!photo) throw new PhotoRequestError(404, "Foto não encontrada neste imóvel.");
  return photo;
}

async function writePositions(tx: Tx, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.update(propertyPhotos).set({ position }).where(eq(propertyPhotos.id, id));
  }
}

/** Put the photos in the given order; the list must name each of the property's photos once. */
export function reorderPhotos(db: Db, actor: Actor, propertyId: number, order: number[]): Promise<void> {
  return photoChange(db, actor, propertyId, "photos-reordered", { order }, async (tx, photos) => {
    const current = photos.map((p) => p.id).sort((a, b) => a - b);
    const wanted = [...order].sort((a, b) => a - b);
    if (current.length !== wanted.length || current.some((id, i) => id !== wanted[i])) {
      throw new PhotoRequestError(409, "As fotos mudaram enquanto você as organizava. Recarregue a página.");
    }
    await writePositions(tx, order);
  });
}

/** Swap a photo with its neighbour (the "Mover para cima/baixo" buttons). */
export function movePhoto(
  db: Db,
  actor: Actor,
  propertyId: number,
  photoId: number,
  direction: "up" | "down",
): Promise<void> {
  return photoChange(
    db,
    actor,
    propertyId,
    "photos-reordered",
    { photoId, direction },
    async (tx, photos) => {
      findPhoto(photos, photoId);
      const ids = photos.map((p) => p.id);
      const from = ids.indexOf(photoId);
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
      await writePositions(tx, ids);
    },
  );
}

export function setCover(db: Db, actor: Actor, propertyId: number, photoId: number): Promise<void> {
  return photoChange(db, actor, propertyId, "photo-cover-set", { photoId }, async (tx, photos) => {
    findPhoto(photos, photoId);
    // Clear first: a partial unique index allows one cover per property.
    await tx
      .update(propertyPhotos)
      .set({ isCover: false })
      .where(and(eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.isCover, true)));
    await tx.update(propertyPhotos).set({ isCover: true }).where(eq(propertyPhotos.id, photoId));
  });
}

export function setAltText(
  db: Db,
  actor: Actor,
  propertyId: number,
  photoId: number,
  altText: string,
): Promise<void> {
  return photoChange(db, actor, propertyId, "photo-alt-updated", { photoId }, async (tx, photos) => {
    findPhoto(photos, photoId);
    await tx.update(propertyPhotos).set({ altText }).where(eq(propertyPhotos.id, photoId));
  });
}

/** Remove a photo; the next one becomes the cover if it was; unused files go after the commit. */
export async function deletePhoto(
  db: Db,
  storage: Storage,
  actor: Actor,
  propertyId: number,
  photoId: number,
): Promise<void> {
  const removed = await photoChange(
    db,
    actor,
    propertyId,
    "photo-deleted",
    { photoId },
    async (tx, photos) => {
      const photo = findPhoto(photos, photoId);
      await tx.delete(propertyPhotos).where(eq(propertyPhotos.id, photoId));
      const rest = photos.filter((p) => p.id !== photoId);
      await writePositions(
        tx,
        rest.map((p) => p.id),
      );
      const next = rest[0];
      if (photo.isCover && next) {
        await tx.update(propertyPhotos).set({ isCover: true }).where(eq(propertyPhotos.id, next.id));
      }
      return photo;
    },
  );
  await removeUnusedFiles(db, storage, [removed]);
}
