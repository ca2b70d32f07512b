// Managing properties from the admin: every write is one transaction that checks the actor may
// manage the property, records an audit entry and bumps the data version (public caches).
import { and, asc, eq, or } from "drizzle-orm";
import { PROPERTY_FIELDS, type PropertyFormData } from "../../lib/property-form";
import type { PublicationState, Status } from "../../lib/vocabulary";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import {
  type NewProperty,
  type Property,
  properties,
  propertyPhotos,
  propertyRedirects,
  users,
} from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { ogImageOf, removeOgImageIfUnused } from "../og/og-image.server";
import { type Actor, auditOrigin, loadManageable } from "./access.server";
import { recordListingChange } from "./changes.server";
import { isUniqueViolation, PropertyAccessError, PropertyFieldError } from "./errors.server";
import { removeUnusedFiles } from "./photo-files.server";
import { priceColumnsAfter } from "./price-drop.server";
import {
  ensureReferenciaAvailable,
  nextReferencia,
  recordRedirect,
  retireReferencias,
} from "./referencia.server";

export type { Actor } from "./access.server";

export interface Agent {
  id: number;
  name: string;
  role: "admin" | "corretor";
}

/**
 * People a property can be assigned to (active users), for the admin's select; `keepId` adds the
 * property's current agent even if deactivated, so saving the form does not silently unassign.
 */
export async function listAgents(db: Db, keepId?: number | null): Promise<Agent[]> {
  const keep = keepId ? eq(users.id, keepId) : undefined;
  const rows = await db
    .select({ id: users.id, name: users.name, role: users.role, active: users.active })
    .from(users)
    .where(keep ? or(eq(users.active, true), keep) : eq(users.active, true))
    .orderBy(asc(users.name));
  return rows.map(({ active, ...agent }) => (active ? agent : { ...agent, name: `${agent.name} (inativo)` }));
}

export interface PropertyForEdit {
  property: Property;
  /** Old referências that still redirect here. */
  oldReferencias: string[];
}

export async function getPropertyForEdit(db: Db, actor: Actor, id: number): Promise<PropertyForEdit> {
  const property = await loadManageable(db, actor, id);
  const redirects = await db
    .select({ old: propertyRedirects.oldReferencia })
    .from(propertyRedirects)
    .where(eq(propertyRedirects.propertyId, id))
    .orderBy(asc(propertyRedirects.createdAt));
  return { property, oldReferencias: redirects.map((r) => r.old) };
}

/** A corretor's properties are always their own; an admin may assign any active user (or none). */
async function resolveCorretor(
  tx: Tx,
  actor: Actor,
  requested: number | null,
  current?: number | null,
): Promise<number | null> {
  if (actor.role !== "admin") {
    if (requested !== null && requested !== actor.id) {
      throw new PropertyAccessError(403, "Corretores só podem cadastrar imóveis em seu próprio nome.");
    }
    return actor.id;
  }
  if (requested === null || requested === current) return requested;
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, requested), eq(users.active, true)));
  if (!user) throw new PropertyFieldError("corretorId", "Escolha um corretor ativo da lista.");
  return requested;
}

function publishedAtFor(
  current: Pick<Property, "publicacao" | "publishedAt"> | null,
  next: PublicationState,
) {
  if (next !== "publicado") return null;
  return current?.publicacao === "publicado" && current.publishedAt ? current.publishedAt : new Date();
}

/**
 * statusChangedAt moves only when the situação does: "vendidos/alugados no mês" on the painel
 * counts by it, so editing a property sold months ago must not make it a sale of this month.
 */
function statusStamp(current: Pick<Property, "status">, next: Status | undefined, now: Date) {
  return next !== undefined && next !== current.status ? { statusChangedAt: now } : {};
}

/** The form's columns; referência and corretor are resolved separately. */
function formColumns(data: PropertyFormData) {
  const { referencia: _referencia, corretorId: _corretorId, ...columns } = data;
  return columns;
}

/** A racing writer can still hit the unique index between our check and the insert. */
async function mapReferenciaConflict<T>(referencia: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new PropertyFieldError(
        "referencia",
        `A referência ${referencia()} já está em uso por outro imóvel.`,
      );
    }
    throw error;
  }
}

export async function createProperty(
  db: Db,
  actor: Actor,
  data: PropertyFormData,
): Promise<{ id: number; referencia: string }> {
  let referencia = data.referencia ?? "";
  return mapReferenciaConflict(
    () => referencia,
    () =>
      db.transaction(async (tx) => {
        if (data.referencia) await ensureReferenciaAvailable(tx, data.referencia);
        else referencia = await nextReferencia(tx, data.tipo);
        const corretorId = await resolveCorretor(tx, actor, data.corretorId);
        const [row] = await tx
          .insert(properties)
          .values({
            ...formColumns(data),
            referencia,
            corretorId,
            publishedAt: publishedAtFor(null, data.publicacao),
          })
          .returning({ id: properties.id, referencia: properties.referencia });
        if (!row) throw new Error("insert returned no row");
        await audit(tx, {
          ...auditOrigin(actor),
          action: "property-created",
          entity: "property",
          entityId: row.id,
          details: { referencia },
        });
        await recordListingChange(tx, row.id, [corretorId]);
        return row;
      }),
  );
}

function changedFields(before: Property, after: Partial<Property>): string[] {
  return PROPERTY_FIELDS.filter((field) => {
    if (!(field in after)) return false;
    return JSON.stringify(before[field]) !== JSON.stringify(after[field]);
  });
}

export async function updateProperty(
  db: Db,
  actor: Actor,
  id: number,
  data: PropertyFormData,
  now: Date = new Date(),
): Promise<{ id: number; referencia: string }> {
  const wanted = data.referencia;
  return mapReferenciaConflict(
    () => wanted ?? "",
    () =>
      db.transaction(async (tx) => {
        const current = await loadManageable(tx, actor, id, { lock: true });
        // A blank referência keeps the current one.
        const referencia = wanted ?? current.referencia;
        if (referencia.toUpperCase() !== current.referencia.toUpperCase()) {
          await ensureReferenciaAvailable(tx, referencia, id);
          await recordRedirect(tx, current.referencia, id);
        }
        const corretorId = await resolveCorretor(tx, actor, data.corretorId, current.corretorId);
        const next = {
          ...formColumns(data),
          referencia,
          corretorId,
          publishedAt: publishedAtFor(current, data.publicacao),
        };
        await tx
          .update(properties)
          .set({
            ...next,
            ...statusStamp(current, data.status, now),
            ...priceColumnsAfter(current, next, now),
            updatedAt: now,
          })
          .where(eq(properties.id, id));
        await audit(tx, {
          ...auditOrigin(actor),
          action: "property-updated",
          entity: "property",
          entityId: id,
          details: {
            referencia,
            changed: changedFields(current, next),
            ...(referencia !== current.referencia ? { oldReferencia: current.referencia } : {}),
          },
        });
        await recordListingChange(tx, id, [current.corretorId, corretorId]);
        return { id, referencia };
      }),
  );
}

/** One small change to one property: checked, locked, audited, versioned. */
async function applyChange(
  db: Db,
  actor: Actor,
  id: number,
  action: string,
  patch: (current: Property) => Partial<NewProperty>,
  now: Date = new Date(),
): Promise<Property> {
  return db.transaction(async (tx) => {
    const current = await loadManageable(tx, actor, id, { lock: true });
    const changes = patch(current);
    const [updated] = await tx
      .update(properties)
      .set({ ...changes, ...statusStamp(current, changes.status, now), updatedAt: now })
      .where(eq(properties.id, id))
      .returning();
    await audit(tx, {
      ...auditOrigin(actor),
      action,
      entity: "property",
      entityId: id,
      details: { referencia: current.referencia, ...changes },
    });
    await recordListingChange(tx, id, [current.corretorId, updated?.corretorId ?? null]);
    return updated ?? current;
  });
}

const PUBLICATION_ACTIONS: Record<PublicationState, string> = {
  publicado: "property-published",
  rascunho: "property-unpublished",
  arquivado: "property-archived",
};

/** Publish (publishedAt = now, kept if already published), unpublish (back to draft) or archive. */
export function setPublication(
  db: Db,
  actor: Actor,
  id: number,
  publicacao: PublicationState,
): Promise<Property> {
  return applyChange(db, actor, id, PUBLICATION_ACTIONS[publicacao], (current) => ({
    publicacao,
    publishedAt: publishedAtFor(current, publicacao),
  }));
}

export function setDestaque(db: Db, actor: Actor, id: number, destaque: boolean): Promise<Property> {
  return applyChange(db, actor, id, destaque ? "property-featured" : "property-unfeatured", () => ({
    destaque,
  }));
}

export function setStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: Status,
  now: Date = new Date(),
): Promise<Property> {
  return applyChange(db, actor, id, "property-status-changed", () => ({ status }), now);
}

const COPY_SUFFIX = " (cópia)";

/**
 * A new draft with the same data and photos (rows pointing at the same content-addressed
 * files) under a fresh referência of the same type.
 */
export async function duplicateProperty(
  db: Db,
  actor: Actor,
  id: number,
): Promise<{ id: number; referencia: string }> {
  return db.transaction(async (tx) => {
    const source = await loadManageable(tx, actor, id);
    const {
      id: _id,
      referencia: _referencia,
      searchVector: _searchVector,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...copy
    } = source;
    const referencia = await nextReferencia(tx, source.tipo);
    // `copy` keeps the source's status with its statusChangedAt: copying a property sold in
    // March does not make a sale of this month.
    const titulo = `${source.titulo.slice(0, 100 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const [row] = await tx
      .insert(properties)
      .values({
        ...copy,
        referencia,
        titulo,
        publicacao: "rascunho",
        publishedAt: null,
        destaque: false,
        views: 0,
        // A copy's price starts now: no reduction carried over.
        priceSince: new Date(),
        priceDropFrom: null,
        priceDropAt: null,
        corretorId: actor.role === "admin" ? source.corretorId : actor.id,
      })
      .returning({ id: properties.id, referencia: properties.referencia, corretorId: properties.corretorId });
    if (!row) throw new Error("insert returned no row");
    const photos = await tx
      .select()
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, id))
      .orderBy(asc(propertyPhotos.position));
    if (photos.length > 0) {
      await tx
        .insert(propertyPhotos)
        .values(
          photos.map(({ id: _photoId, createdAt: _at, ...photo }) => ({ ...photo, propertyId: row.id })),
        );
    }
    await audit(tx, {
      ...auditOrigin(actor),
      action: "property-duplicated",
      entity: "property",
      entityId: row.id,
      details: { referencia, from: source.referencia, fromId: id, photos: photos.length },
    });
    await recordListingChange(tx, row.id, [row.corretorId]);
    return { id: row.id, referencia: row.referencia };
  });
}

/** Delete a property with its photos; files no other photo uses are removed after the commit. */
export async function deleteProperty(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
): Promise<{ referencia: string }> {
  const { referencia, photos, ogImage } = await db.transaction(async (tx) => {
    const current = await loadManageable(tx, actor, id, { lock: true });
    const photos = await tx
      .select({ hash: propertyPhotos.hash, variants: propertyPhotos.variants })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.propertyId, id));
    const ogImage = await ogImageOf(tx, id);
    // Photos, redirects, daily views and the share image's row go by ON DELETE CASCADE; leads keep
    // their history; its codes are never generated again.
    await retireReferencias(tx, id, current.referencia);
    await tx.delete(properties).where(eq(properties.id, id));
    await audit(tx, {
      ...auditOrigin(actor),
      action: "property-deleted",
      entity: "property",
      entityId: id,
      details: { referencia: current.referencia, titulo: current.titulo, photos: photos.length },
    });
    await recordListingChange(tx, id, [current.corretorId]);
    return { referencia: current.referencia, photos, ogImage };
  });
  await removeUnusedFiles(db, storage, photos);
  if (ogImage) await removeOgImageIfUnused({ db, storage }, ogImage);
  return { referencia };
}
