// Who a lead can go to: an active user. A deactivated corretor keeps their listings by design
// (app/server/properties/admin.server.ts listAgents: saving the form does not unassign them), but
// a lead given to them reaches nobody: they cannot sign in, the lead e-mail skips them
// (lead-emails.server.ts) and the admins' morning summary lists only leads that are nobody's
// (next-action-summary.server.ts). So a lead takes a listing's corretor, or the roleta's fallback,
// only through this rule; visits and WhatsApp notices check the same (visits.server.ts
// visitListing, whatsapp.server.ts).
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { properties, users } from "../db/schema.server";

/** The listing's corretor while active, else null: a subquery for a query that reads `properties`. */
export const activeListingAgentId = sql<
  number | null
>`(select u.id from ${users} u where u.id = ${properties.corretorId} and u.active)`;

/** `userId` while that user is active, else null. */
export async function activeAgent(db: Db | Tx, userId: number | null): Promise<number | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  return row?.id ?? null;
}
