// Who may manage which property, decided on the server for every read and write:
// an admin manages all; a corretor only the properties assigned to them.
import { eq } from "drizzle-orm";
import { rowIdOf } from "../../lib/row-id";
import type { Db, Tx } from "../db/client.server";
import { type Property, properties } from "../db/schema.server";
import { PropertyAccessError } from "./errors.server";

export interface Actor {
  id: number;
  role: "admin" | "corretor";
  /** For the audit log. */
  ip?: string;
  userAgent?: string | null;
}

export function canManage(actor: Actor, property: Pick<Property, "corretorId">): boolean {
  return actor.role === "admin" || property.corretorId === actor.id;
}

/**
 * The property if the actor may manage it; 404 when it does not exist, 403 when it is another
 * agent's. `lock` takes a row lock so concurrent writes to one property serialise.
 */
export async function loadManageable(
  db: Db | Tx,
  actor: Actor,
  id: number,
  options: { lock?: boolean } = {},
): Promise<Property> {
  if (!Number.isSafeInteger(id) || id <= 0) throw new PropertyAccessError(404);
  const query = db.select().from(properties).where(eq(properties.id, id));
  const [property] = options.lock ? await query.for("update") : await query;
  if (!property) throw new PropertyAccessError(404);
  if (!canManage(actor, property)) throw new PropertyAccessError(403);
  return property;
}

/** Route params arrive as text; anything but a positive integer is a 404. */
export function parseId(raw: string | undefined): number {
  const id = rowIdOf(raw);
  if (id === null) throw new PropertyAccessError(404);
  return id;
}

export function auditOrigin(actor: Actor): { userId: number; ip?: string; userAgent?: string | null } {
  return { userId: actor.id, ip: actor.ip, userAgent: actor.userAgent };
}
