// Referências: the agency's property codes (AP0042), the key of the public URL. Generated from
// the type's prefix, editable, unique case-insensitively, and never silently reused: an old
// referência keeps redirecting (301) to its listing, and a deleted listing's is never generated
// again (retired_referencias), so a shared link or a portal's late lead cannot land on another
// property. An agent may still type one back on purpose (the same house listed again).
import { and, type Column, eq, ne, type SQL, sql } from "drizzle-orm";
import { TIPOS, type Tipo } from "../../lib/vocabulary";
import type { Db, Tx } from "../db/client.server";
import { properties, propertyRedirects, retiredReferencias } from "../db/schema.server";
import { PropertyFieldError } from "./errors.server";

/** The next free code for a type: its prefix plus (highest number in use, or ever used) + 1. */
export async function nextReferencia(tx: Tx, tipo: Tipo): Promise<string> {
  const prefix = TIPOS[tipo].prefix;
  // Serialise generators of one prefix so two concurrent creates never pick the same number.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referencia:${prefix}`}))`);
  // At most 15 digits so the cast to bigint cannot overflow on a hand-typed code.
  const pattern = `^${prefix}[0-9]{1,15}$`;
  const [live] = await tx
    .select({
      max: sql<number | null>`max(substring(upper(${properties.referencia}) from 3)::bigint)`.mapWith(Number),
    })
    .from(properties)
    .where(sql`upper(${properties.referencia}) ~ ${pattern}`);
  const [old] = await tx
    .select({
      max: sql<
        number | null
      >`max(substring(upper(${propertyRedirects.oldReferencia}) from 3)::bigint)`.mapWith(Number),
    })
    .from(propertyRedirects)
    .where(sql`upper(${propertyRedirects.oldReferencia}) ~ ${pattern}`);
  const [retired] = await tx
    .select({
      max: sql<number | null>`max(substring(upper(${retiredReferencias.referencia}) from 3)::bigint)`.mapWith(
        Number,
      ),
    })
    .from(retiredReferencias)
    .where(sql`upper(${retiredReferencias.referencia}) ~ ${pattern}`);
  const highest = Math.max(live?.max || 0, old?.max || 0, retired?.max || 0);
  return `${prefix}${String(highest + 1).padStart(4, "0")}`;
}

/**
 * Refuse a referência another property has (live or as an old, redirecting code). A property
 * taking back one of its own old codes drops that redirect.
 */
export async function ensureReferenciaAvailable(tx: Tx, referencia: string, selfId?: number): Promise<void> {
  const upper = referencia.toUpperCase();
  const others = selfId === undefined ? undefined : ne(properties.id, selfId);
  const [taken] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(sql`upper(${properties.referencia}) = ${upper}`, others))
    .limit(1);
  if (taken)
    throw new PropertyFieldError("referencia", `A referência ${upper} já está em uso por outro imóvel.`);

  const [redirect] = await tx
    .select()
    .from(propertyRedirects)
    .where(sql`upper(${propertyRedirects.oldReferencia}) = ${upper}`)
    .limit(1);
  if (!redirect) return;
  if (redirect.propertyId !== selfId) {
    throw new PropertyFieldError(
      "referencia",
      `A referência ${upper} já foi usada por outro imóvel e ainda leva até ele. Escolha outra.`,
    );
  }
  await tx.delete(propertyRedirects).where(eq(propertyRedirects.oldReferencia, redirect.oldReferencia));
}

/** Record that `oldReferencia` now means property `propertyId` (the public page answers 301). */
export async function recordRedirect(tx: Tx, oldReferencia: string, propertyId: number): Promise<void> {
  await tx
    .insert(propertyRedirects)
    .values({ oldReferencia: oldReferencia.toUpperCase(), propertyId })
    .onConflictDoUpdate({ target: propertyRedirects.oldReferencia, set: { propertyId } });
}

/**
 * In the caller's transaction, before a listing is deleted: its referência and its old codes are
 * retired (never generated again).
 */
export async function retireReferencias(tx: Tx, propertyId: number, referencia: string): Promise<void> {
  const old = await tx
    .select({ referencia: propertyRedirects.oldReferencia })
    .from(propertyRedirects)
    .where(eq(propertyRedirects.propertyId, propertyId));
  await tx
    .insert(retiredReferencias)
    .values([referencia, ...old.map((r) => r.referencia)].map((code) => ({ referencia: code.toUpperCase() })))
    .onConflictDoNothing();
}

export interface ReferencedListing {
  id: number;
  /** Its code now. */
  referencia: string;
  corretorId: number | null;
}

/**
 * The listing a referência names, whatever its publication: its code in any case (the
 * upper(referencia) index), else a code it had before (property_redirects, which the public page
 * follows too: listing.server.ts getPublishedListing). Null when no listing has it, a deleted
 * one's included (`retiredReferencia` tells those apart). For leads that name a listing: portals,
 * /api/leads and manual entry (app/server/leads/intake.server.ts, manual.server.ts).
 */
export async function listingByReferencia(
  db: Db | Tx,
  referencia: string,
): Promise<ReferencedListing | null> {
  const wanted = referencia.trim().toUpperCase();
  if (!wanted) return null;
  const columns = { id: properties.id, referencia: properties.referencia, corretorId: properties.corretorId };
  const [current] = await db
    .select(columns)
    .from(properties)
    .where(sql`upper(${properties.referencia}) = ${wanted}`)
    .limit(1);
  if (current) return current;
  const [moved] = await db
    .select(columns)
    .from(propertyRedirects)
    .innerJoin(properties, eq(properties.id, propertyRedirects.propertyId))
    .where(sql`upper(${propertyRedirects.oldReferencia}) = ${wanted}`)
    .limit(1);
  return moved ?? null;
}

/** Whether a referência (a column or expression) was a deleted listing's: "Imóvel excluído". */
export function retiredReferencia(referencia: Column | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${retiredReferencias} r where r.referencia = upper(${referencia}))`;
}
