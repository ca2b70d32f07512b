// A WhatsApp click on a listing, recorded as a lead event before the visitor goes to wa.me.
// No personal data: the conversation itself happens on WhatsApp. Like every new lead it is
// e-mailed to the listing's agent and the agency (through the outbox, in the same transaction):
// the agent learns which listing the WhatsApp message that follows is about, even when the
// agency's WhatsApp is answered by someone else.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { leads, properties } from "../db/schema.server";
import { agentsOf, publishEvent } from "../realtime/events.server";
import { enqueueLeadNotifications } from "./notifications.server";

export const WHATSAPP_LEAD_NAME = "Contato via WhatsApp";

export type WhatsappClickResult = "recorded" | "invalid" | "not-found";

/** Records the click (its per-IP limit is counted at the edge: http/form-limits.server.ts). */
export async function recordWhatsappClick(db: Db, referencia: unknown): Promise<WhatsappClickResult> {
  if (typeof referencia !== "string" || !/^[A-Za-z0-9-]{1,30}$/.test(referencia)) return "invalid";
  const [property] = await db
    .select({ id: properties.id, corretorId: properties.corretorId })
    .from(properties)
    .where(
      and(
        sql`upper(${properties.referencia}) = ${referencia.toUpperCase()}`,
        eq(properties.publicacao, "publicado"),
      ),
    );
  if (!property) return "not-found";
  await db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        propertyId: property.id,
        name: WHATSAPP_LEAD_NAME,
        origin: "whatsapp",
        assigneeId: property.corretorId,
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error("lead: insert sem retorno");
    await enqueueLeadNotifications(tx, lead.id);
    await publishEvent(tx, { type: "lead-created", id: lead.id, agentIds: agentsOf(property.corretorId) });
  });
  return "recorded";
}
