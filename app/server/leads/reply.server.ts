// An agent's WhatsApp reply opened from a lead (/admin/leads/:id/whatsapp): it is the agent's
// first response (it stops the first-response clock and the roleta's limit, inbox.server.ts
// firstResponse), audited and announced, and then the browser goes to wa.me with a message that
// names the listing (título, referência and its page).
import { eq } from "drizzle-orm";
import { whatsappUrl } from "../../lib/contact";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { leads, properties, users } from "../db/schema.server";
import { agentsOf, publishEvent } from "../realtime/events.server";
import { type Actor, canSee, firstResponse } from "./inbox.server";

export interface ReplyMessageInput {
  personName: string;
  agentName: string;
  agencyName: string;
  listing: { referencia: string; titulo: string } | null;
  publicUrl: string;
}

/** The prefilled message, in Portuguese. */
export function whatsappReplyMessage(input: ReplyMessageInput): string {
  const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
  const hello = `Olá, ${firstName(input.personName)}! Aqui é ${firstName(input.agentName)}, da ${input.agencyName}.`;
  if (!input.listing) return `${hello} Recebemos seu contato. Como posso ajudar?`;
  const page = `${input.publicUrl.replace(/\/+$/, "")}/casas/${input.listing.referencia}`;
  return `${hello} Vi seu interesse no imóvel “${input.listing.titulo}” (referência ${input.listing.referencia}): ${page} Posso ajudar com mais informações ou agendar uma visita?`;
}

export type ReplyResult = { ok: true; url: string } | { ok: false; reason: "not-found" | "no-phone" };

export async function replyByWhatsapp(
  db: Db,
  actor: Actor,
  leadId: number,
  context: { agencyName: string; publicUrl: string },
  now: Date = new Date(),
): Promise<ReplyResult> {
  const visible = await canSee(db, actor, leadId);
  if (!visible) return { ok: false, reason: "not-found" };
  const [row] = await db
    .select({
      name: leads.name,
      phone: leads.phone,
      referencia: properties.referencia,
      titulo: properties.titulo,
      agentName: users.name,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .innerJoin(users, eq(users.id, actor.id))
    .where(eq(leads.id, leadId));
  if (!row) return { ok: false, reason: "not-found" };
  if (!row.phone) return { ok: false, reason: "no-phone" };
  const message = whatsappReplyMessage({
    personName: row.name,
    agentName: row.agentName,
    agencyName: context.agencyName,
    listing: row.referencia && row.titulo ? { referencia: row.referencia, titulo: row.titulo } : null,
    publicUrl: context.publicUrl,
  });
  await db.transaction(async (tx) => {
    await tx
      .update(leads)
      .set({ updatedAt: now, ...firstResponse(actor, now) })
      .where(eq(leads.id, leadId));
    await audit(tx, {
      userId: actor.id,
      action: "lead-whatsapp-reply",
      entity: "lead",
      entityId: leadId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await publishEvent(tx, {
      type: "lead-updated",
      id: leadId,
      agentIds: agentsOf(visible.assigneeId ?? visible.listingCorretorId),
    });
  });
  return { ok: true, url: whatsappUrl(row.phone, message) };
}
