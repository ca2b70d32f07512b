// Lists of listings an agent sent a lead on WhatsApp (decision 049): each sending of two or more
// listings (suggestions.server.ts) is stored with a token its link carries
// (/favoritos?lista=…&envio=<token>), and opening that link counts here, so the lead's screen says
// "aberta 2 vezes, a última hoje às 14:32" and the agent knows when to call. Only a person
// opening it counts: not a link preview (WhatsApp fetching the link to draw its card), a prefetch
// or a signed-in user (the agent checking the link) — the route decides (routes/public/favoritos.tsx).
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { sentLists, users } from "../db/schema.server";
import { type Logger, logOf } from "../log/logger.server";
import { announcedLead, announceLead, announceLeadUpdated } from "./inbox.server";

/** 16 characters of the link: 96 random bits, enough that a guess finds no sending. */
export const newSentListToken = () => randomBytes(12).toString("base64url");

/** Stores a sending, in the transaction that records it on the lead (sendWhatsappReply). */
export async function storeSentList(
  tx: Tx,
  sending: { token: string; leadId: number; referencias: string[]; sentById: number; sentAt: Date },
): Promise<void> {
  await tx.insert(sentLists).values(sending);
}

/** Openings this close to the last are the same look (back from a listing, a reload): one. */
export const SAME_OPENING_MINUTES = 30;

/**
 * Counts an opening of the list sent with `token`; false when no sending has it, or when it was
 * opened less than SAME_OPENING_MINUTES ago (the same look). The lead's open screens hear of a
 * counted one (a live update), so the agent sees it as it happens.
 */
export async function recordSentListOpen(db: Db, token: string, now = new Date()): Promise<boolean> {
  const sameLook = new Date(now.getTime() - SAME_OPENING_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const [opened] = await tx
      .update(sentLists)
      .set({
        opens: sql`${sentLists.opens} + 1`,
        firstOpenedAt: sql`coalesce(${sentLists.firstOpenedAt}, ${now.toISOString()}::timestamptz)`,
        lastOpenedAt: now,
      })
      .where(
        and(
          eq(sentLists.token, token),
          or(isNull(sentLists.lastOpenedAt), lt(sentLists.lastOpenedAt, sameLook)),
        ),
      )
      .returning({ leadId: sentLists.leadId });
    if (!opened) return false;
    const lead = await announcedLead(tx, opened.leadId);
    if (lead) {
      await announceLeadUpdated(tx, lead);
      // Its agent's browser may say so even with the admin in another tab (desktop-notices.tsx).
      await announceLead(tx, "lead-link-opened", lead);
    }
    return true;
  });
}

/** A sent link's page holds its token: kept by no cache and indexed by no crawler (as decision 046's report). */
export const SENT_LINK_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };

/**
 * Counts the opening of the link sent with `token` beside the page (the list's or the listing's
 * loader), never holding it up or failing it: a count lost to an error is logged.
 */
export function countSentOpening(services: { db: Db; log?: Logger }, token: string): void {
  void recordSentListOpen(services.db, token).catch((error: unknown) =>
    logOf(services).warn({ err: error }, "Link enviado: a abertura não foi contada"),
  );
}

/** Leads' sent lists, the newest first, with who sent them and whether they were opened. */
export function sentListsOfLeads(db: Db, leadIds: number[]) {
  return db
    .select({
      id: sentLists.id,
      leadId: sentLists.leadId,
      referencias: sentLists.referencias,
      sentAt: sentLists.sentAt,
      sentByName: users.name,
      opens: sentLists.opens,
      firstOpenedAt: sentLists.firstOpenedAt,
      lastOpenedAt: sentLists.lastOpenedAt,
    })
    .from(sentLists)
    .leftJoin(users, eq(users.id, sentLists.sentById))
    .where(inArray(sentLists.leadId, leadIds))
    .orderBy(desc(sentLists.sentAt), desc(sentLists.id));
}

export const sentListsOfLead = (db: Db, leadId: number) => sentListsOfLeads(db, [leadId]);

export type SentList = Awaited<ReturnType<typeof sentListsOfLeads>>[number];
