// An agent's WhatsApp reply opened from a lead (/admin/leads/:id/whatsapp): it is the agent's
// first response (it stops the first-response clock and the roleta's limit, inbox.server.ts
// firstResponse), audited and announced, and then the browser goes to wa.me with a message that
// names the listing (título, referência and its page). Suggested listings go out the same way
// (suggestions.server.ts: sendWhatsappReply).
import { eq } from "drizzle-orm";
import { reachableOnWhatsapp, whatsappUrl } from "../../lib/contact";
import { listingPath } from "../../lib/listing";
import { audit } from "../audit/audit.server";
import type { Db, Tx } from "../db/client.server";
import { leadNotes, leads, properties, users } from "../db/schema.server";
import { type Actor, announceLeadUpdated, canSee, firstResponse } from "./inbox.server";

export interface ReplyMessageInput {
  personName: string;
  agentName: string;
  agencyName: string;
  listing: { referencia: string; titulo: string } | null;
  publicUrl: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "Olá, Rita! Aqui é Ana, da Imobiliária Maré Alta.": how every message an agent sends starts. */
export function whatsappGreeting(input: Pick<ReplyMessageInput, "personName" | "agentName" | "agencyName">) {
  return `Olá, ${firstName(input.personName)}! Aqui é ${firstName(input.agentName)}, da ${input.agencyName}.`;
}

/** The prefilled message, in Portuguese. */
export function whatsappReplyMessage(input: ReplyMessageInput): string {
  const hello = whatsappGreeting(input);
  if (!input.listing) return `${hello} Recebemos seu contato. Como posso ajudar?`;
  const page = `${input.publicUrl.replace(/\/+$/, "")}${listingPath(input.listing.referencia)}`;
  return `${hello} Vi seu interesse no imóvel “${input.listing.titulo}” (referência ${input.listing.referencia}): ${page} Posso ajudar com mais informações ou agendar uma visita?`;
}

export type ReplyResult = { ok: true; url: string } | { ok: false; reason: "not-found" | "no-phone" };

/** Who a reply goes to and who sends it: the lead's name, phone and listing, the agent's name. */
async function replyTarget(db: Db, actor: Actor, leadId: number) {
  const visible = await canSee(db, actor, leadId);
  if (!visible) return null;
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
  return row ? { visible, ...row } : null;
}

type ReplyTarget = NonNullable<Awaited<ReturnType<typeof replyTarget>>>;

/**
 * A WhatsApp message from an agent to a lead: recorded as the agent's response (with `note` in the
 * lead's notes when given), audited as `action` and announced to open pages, in one transaction;
 * then the wa.me link with `message(target)` prefilled. Not found when the agent may not see the
 * lead.
 */
export async function sendWhatsappReply(
  db: Db,
  actor: Actor,
  leadId: number,
  reply: {
    action: string;
    message: (target: ReplyTarget) => string;
    note?: string;
    /** What else the sending records, in its transaction (a sent list: sent-lists.server.ts). */
    also?: (tx: Tx) => Promise<void>;
  },
  now: Date,
): Promise<ReplyResult> {
  const target = await replyTarget(db, actor, leadId);
  if (!target) return { ok: false, reason: "not-found" };
  // A number wa.me cannot open (no area code) is no phone for WhatsApp: nothing is recorded.
  if (!reachableOnWhatsapp(target.phone)) return { ok: false, reason: "no-phone" };
  await db.transaction(async (tx) => {
    if (reply.note)
      await tx.insert(leadNotes).values({ leadId, authorId: actor.id, body: reply.note, createdAt: now });
    await reply.also?.(tx);
    await tx
      .update(leads)
      .set({ updatedAt: now, ...firstResponse(actor, now) })
      .where(eq(leads.id, leadId));
    await audit(tx, {
      userId: actor.id,
      action: reply.action,
      entity: "lead",
      entityId: leadId,
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await announceLeadUpdated(tx, target.visible);
  });
  return { ok: true, url: whatsappUrl(target.phone, reply.message(target)) };
}

export function replyByWhatsapp(
  db: Db,
  actor: Actor,
  leadId: number,
  context: { agencyName: string; publicUrl: string },
  now: Date = new Date(),
): Promise<ReplyResult> {
  return sendWhatsappReply(
    db,
    actor,
    leadId,
    {
      action: "lead-whatsapp-reply",
      message: (row) =>
        whatsappReplyMessage({
          personName: row.name,
          agentName: row.agentName,
          agencyName: context.agencyName,
          listing: row.referencia && row.titulo ? { referencia: row.referencia, titulo: row.titulo } : null,
          publicUrl: context.publicUrl,
        }),
    },
    now,
  );
}
