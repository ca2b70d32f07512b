// Listings an agent suggests to a lead on WhatsApp (/admin/leads/:id/sugestoes): the candidates the
// lead's page offers (the listing the person asked about, then listings like it:
// similarListings), and the sending — one link, to the list side by side (/favoritos?lista=…,
// app/routes/public/favoritos.tsx) or to a single listing's page, whose opening the lead's screen
// shows (sent-lists.server.ts), in a prefilled message, recorded as a note on the lead and as the
// agent's response, like a reply (reply.server.ts).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { sentLinkPath } from "../../lib/favorites";
import type { SuggestionCandidate, SuggestionChoices } from "../../lib/lead-inbox";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { type CardProperty, cardColumns, isOnOffer, priceLines } from "../properties/cards.server";
import { similarListings } from "../properties/listing.server";
import type { Actor } from "./inbox.server";
import { type ReplyResult, sendWhatsappReply, whatsappGreeting } from "./reply.server";
import { newSentListToken, storeSentList } from "./sent-lists.server";

/** How many listings like the one asked about (or recent ones) the lead's page offers to tick. */
export const SUGGESTION_CANDIDATES = 8;

function toCandidate(p: CardProperty, asked: boolean): SuggestionCandidate {
  return {
    referencia: p.referencia,
    titulo: p.titulo,
    price: priceLines(p).price,
    place: `${p.bairro}, ${p.cidade}`,
    asked,
  };
}

/**
 * What the lead's page offers to suggest: the listing the person asked about while it is on offer,
 * then listings like it for the same finalidade (venda, aluguel, temporada), also when it was sold
 * or rented meanwhile; without one, or with none like it, the newest on offer.
 */
export async function suggestionCandidates(
  db: Db,
  propertyId: number | null,
  limit = SUGGESTION_CANDIDATES,
): Promise<SuggestionChoices> {
  const [asked] =
    propertyId === null
      ? []
      : await db
          .select({ ...cardColumns, onOffer: sql<boolean>`coalesce(${isOnOffer}, false)` })
          .from(properties)
          .where(eq(properties.id, propertyId));
  if (asked) {
    const similar = await similarListings(db, asked, limit, { sameFinalidade: true });
    const candidates = [
      ...(asked.onOffer ? [toCandidate(asked, true)] : []),
      ...similar.map((s) => toCandidate(s.property, false)),
    ];
    if (candidates.length) return { similarTo: asked.referencia, candidates };
  }
  const newest = await db
    .select(cardColumns)
    .from(properties)
    .where(isOnOffer)
    .orderBy(desc(properties.publishedAt), asc(properties.id))
    .limit(limit);
  return { similarTo: null, candidates: newest.map((p) => toCandidate(p, false)) };
}

/**
 * The prefilled message: the greeting, the link (one listing's own page, or the list side by side)
 * and a visit.
 */
export function whatsappSuggestionMessage(input: {
  personName: string;
  agentName: string;
  agencyName: string;
  count: number;
  url: string;
}): string {
  const what =
    input.count === 1
      ? "um imóvel que pode interessar a você"
      : `${input.count} imóveis que podem interessar a você, para ver lado a lado`;
  return `${whatsappGreeting(input)} Separei ${what}: ${input.url} Quer agendar uma visita?`;
}

export type SuggestResult = ReplyResult | { ok: false; reason: "unavailable"; referencias: string[] };

/**
 * Sends `referencias` (listings on offer, any case) to the lead on WhatsApp, in the order given.
 * Unknown, unpublished, sold or rented ones are named back and nothing is recorded.
 */
export async function suggestByWhatsapp(
  db: Db,
  actor: Actor,
  leadId: number,
  referencias: string[],
  context: { agencyName: string; publicUrl: string },
  now: Date = new Date(),
): Promise<SuggestResult> {
  const wanted = [...new Set(referencias.map((r) => r.toUpperCase()))];
  const found = await db
    .select({ referencia: properties.referencia })
    .from(properties)
    .where(and(isOnOffer, inArray(sql`upper(${properties.referencia})`, wanted)));
  const known = new Map(found.map((f) => [f.referencia.toUpperCase(), f.referencia]));
  const unknown = wanted.filter((r) => !known.has(r));
  if (unknown.length) return { ok: false, reason: "unavailable", referencias: unknown };
  const list = wanted.map((r) => known.get(r) ?? r);
  const base = context.publicUrl.replace(/\/+$/, "");
  // Stored, so the lead's screen says when the link was opened (decision 049): two or more as the
  // list side by side, one as its own page.
  const sentToken = newSentListToken();
  const url = `${base}${sentLinkPath(list, sentToken)}`;
  return sendWhatsappReply(
    db,
    actor,
    leadId,
    {
      action: "lead-whatsapp-suggestions",
      note: `Imóveis sugeridos pelo WhatsApp: ${list.join(", ")}.`,
      also: (tx) =>
        storeSentList(tx, { token: sentToken, leadId, referencias: list, sentById: actor.id, sentAt: now }),
      message: (target) =>
        whatsappSuggestionMessage({
          personName: target.name,
          agentName: target.agentName,
          agencyName: context.agencyName,
          count: list.length,
          url,
        }),
    },
    now,
  );
}
