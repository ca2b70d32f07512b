// A running site's privacy policy and the paragraphs the default text gained later: which it
// lacks, where "Incluir" puts each, an earlier wording replaced, and the save itself (the row,
// the data version, the audit line) against a real database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertUser } from "../../../tests/support/factories";
import { getDataVersion } from "../cache/data-version.server";
import type { Database } from "../db/client.server";
import { agencySettings, auditLog } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { DEFAULT_AGENCY_SETTINGS } from "./agency-defaults.server";
import {
  includePrivacyParagraph,
  missingPrivacyParagraphs,
  withPrivacyParagraph,
} from "./privacy-updates.server";

const DEFAULT = DEFAULT_AGENCY_SETTINGS.privacyText;
const SENT = "Imóveis enviados pelo corretor:";
const paragraphOf = (start: string) => DEFAULT.split("\n\n").find((block) => block.startsWith(start)) ?? "";
/** The default text as a site written before a paragraph existed has it. */
const without = (...starts: string[]) =>
  DEFAULT.split("\n\n")
    .filter((block) => !starts.some((start) => block.startsWith(start)))
    .join("\n\n");

describe("the paragraphs a site's policy lacks", () => {
  it("none for today's default, nor for an empty text (the site then shows the default)", () => {
    expect(missingPrivacyParagraphs(DEFAULT)).toEqual([]);
    expect(missingPrivacyParagraphs("")).toEqual([]);
  });

  it("each later paragraph a text lacks, in full, and it goes back where the default has it", () => {
    const old = without(SENT, "Alertas de busca: enquanto");
    expect(missingPrivacyParagraphs(old).map((u) => u.id)).toEqual([SENT, "Alertas de busca: enquanto"]);
    expect(missingPrivacyParagraphs(old)[0]?.text).toBe(paragraphOf(SENT));
    // Both included, the text is the default again, paragraph for paragraph.
    const once = withPrivacyParagraph(old, SENT) ?? "";
    expect(
      withPrivacyParagraph(withPrivacyParagraph(once, "Alertas de busca: enquanto") ?? "", SENT),
    ).toBeNull();
    expect(withPrivacyParagraph(once, "Alertas de busca: enquanto")).toBe(DEFAULT);
  });

  it("an earlier wording is replaced, not repeated; an agency's own text gets it at the end", () => {
    const earlier = DEFAULT.replace(
      paragraphOf(SENT),
      "Listas de imóveis enviadas pelo corretor: registramos se o link foi aberto.",
    );
    expect(missingPrivacyParagraphs(earlier)).toEqual([
      { id: SENT, text: paragraphOf(SENT), replaces: "Listas de imóveis enviadas pelo corretor:" },
    ]);
    expect(withPrivacyParagraph(earlier, SENT)).toBe(DEFAULT);
    const own = "## Nossa política\n\nTratamos os seus dados com cuidado.";
    expect(withPrivacyParagraph(own, SENT)).toBe(`${own}\n\n${paragraphOf(SENT)}`);
    expect(withPrivacyParagraph(own, "Um parágrafo que não existe")).toBeNull();
  });
});

describe("including one", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("saves it into the policy, renews the site's caches and is audited; a second time does nothing", async () => {
    const db = database.db;
    await insertAgency(db, { privacyText: without(SENT) });
    const admin = await insertUser(db, { role: "admin" });
    const version = await getDataVersion(db);
    expect(await includePrivacyParagraph(db, SENT, { userId: admin.id, ip: "203.0.113.7" })).toBe(true);
    const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
    expect(row?.privacyText).toBe(DEFAULT);
    expect(await getDataVersion(db)).toBeGreaterThan(version);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.userId, admin.id));
    expect(entry).toMatchObject({
      action: "settings-updated",
      details: { fields: ["privacyText"], paragraph: SENT },
    });
    expect(await includePrivacyParagraph(db, SENT, { userId: admin.id })).toBe(false);
  });
});
