// Paragraphs the default privacy policy gained after sites went live (search alerts, visits and
// temporada requests, the links agents send: decisions 035, 034/037 and 049; the listings seen
// lately: components/recently-viewed.tsx). The default text is written once, at a site's first
// start (agency-defaults.server.ts), so a running site keeps its own; the settings screen lists
// what its text lacks, and "Incluir" puts a paragraph where the default has it (before the
// paragraph that follows it there), or at the end.
import { eq, sql } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db } from "../db/client.server";
import { agencySettings } from "../db/schema.server";
import { DEFAULT_AGENCY_SETTINGS } from "./agency-defaults.server";
import type { SettingsActor } from "./update-settings.server";

/** How each later paragraph begins (its first words identify it in an agency's own text). */
const ADDED_PARAGRAPHS = [
  "Alertas de busca: se você pede",
  "Visitas e reservas de temporada:",
  "Imóveis enviados pelo corretor:",
  "Enviar os alertas de busca",
  "Agendar, confirmar, lembrar e remarcar visitas",
  "Alertas de busca: enquanto",
  "Imóveis vistos recentemente:",
] as const;

/** Earlier wordings of a paragraph: "Incluir" puts the new one in their place. */
const REPLACED: Record<string, string> = {
  "Imóveis enviados pelo corretor:": "Listas de imóveis enviadas pelo corretor:",
};

const blocksOf = (text: string) =>
  text
    .replace(/\r\n/g, "\n")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean);

const DEFAULT_BLOCKS = blocksOf(DEFAULT_AGENCY_SETTINGS.privacyText);

export interface PrivacyUpdate {
  /** How the paragraph begins: its id in the form. */
  id: string;
  text: string;
  /** An earlier wording the site's text has, which the paragraph replaces. */
  replaces: string | null;
}

/** The later default paragraphs a site's policy lacks (none when the site uses the default: empty text). */
export function missingPrivacyParagraphs(privacyText: string): PrivacyUpdate[] {
  const blocks = blocksOf(privacyText);
  if (blocks.length === 0) return [];
  const has = (start: string) => blocks.some((block) => block.startsWith(start));
  return ADDED_PARAGRAPHS.filter((id) => !has(id)).flatMap((id) => {
    const text = DEFAULT_BLOCKS.find((block) => block.startsWith(id));
    const earlier = REPLACED[id];
    return text ? [{ id, text, replaces: earlier && has(earlier) ? earlier : null }] : [];
  });
}

/** The site's text with the paragraph `id` in place, or null when it needs none. */
export function withPrivacyParagraph(privacyText: string, id: string): string | null {
  const update = missingPrivacyParagraphs(privacyText).find((u) => u.id === id);
  if (!update) return null;
  const blocks = blocksOf(privacyText);
  if (update.replaces) {
    const at = blocks.findIndex((block) => block.startsWith(update.replaces ?? ""));
    blocks.splice(at, 1, update.text);
    return blocks.join("\n\n");
  }
  // Before the first paragraph that follows it in the default and that this text has.
  const next = DEFAULT_BLOCKS.slice(DEFAULT_BLOCKS.indexOf(update.text) + 1);
  const anchor = next
    .map((after) => blocks.findIndex((block) => block === after || block.startsWith(after.slice(0, 30))))
    .find((index) => index >= 0);
  blocks.splice(anchor ?? blocks.length, 0, update.text);
  return blocks.join("\n\n");
}

/** "Incluir": the paragraph saved into the policy, the site's caches renewed, audited. */
export async function includePrivacyParagraph(db: Db, id: string, actor: SettingsActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ privacyText: agencySettings.privacyText })
      .from(agencySettings)
      .where(eq(agencySettings.id, 1))
      .for("update");
    const next = row ? withPrivacyParagraph(row.privacyText, id) : null;
    if (next === null) return false;
    await tx
      .update(agencySettings)
      .set({ privacyText: next, updatedAt: sql`now()` })
      .where(eq(agencySettings.id, 1));
    await bumpDataVersion(tx);
    await audit(tx, {
      userId: actor.userId,
      action: "settings-updated",
      entity: "agency_settings",
      entityId: 1,
      ip: actor.ip,
      userAgent: actor.userAgent,
      details: { fields: ["privacyText"], paragraph: id },
    });
    return true;
  });
}
