// The audit log: who did what, when, from where. Written beside the change it records;
// a failed audit write must never turn a successful request into an error page.

import { type LoadContext, requestContext } from "../context.server";
import type { Db, Tx } from "../db/client.server";
import { auditLog } from "../db/schema.server";

export type AuditAction =
  | "signed-in"
  | "signed-out"
  | "sign-in-failed"
  | "token-refreshed"
  | "password-recovery"
  | "user-updated"
  | (string & {});

export interface AuditEntry {
  userId: number | null;
  action: AuditAction;
  entity?: string;
  entityId?: string | number;
  ip?: string;
  userAgent?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    ip: entry.ip || null,
    // User agents are attacker-controlled text: keep them bounded.
    userAgent: entry.userAgent ? entry.userAgent.slice(0, 512) : null,
    details: entry.details ?? null,
  });
}

/** IP and user agent of a request, for audit entries. */
export function requestOrigin(
  request: Request,
  context: LoadContext,
): { ip: string; userAgent: string | null } {
  return { ip: context.get(requestContext).ip, userAgent: request.headers.get("user-agent") };
}
