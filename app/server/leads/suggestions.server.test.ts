// Listings suggested to a lead on WhatsApp (real database): the candidates the lead's page offers,
// the message with the list's link, and what the sending records (a note, the first response, the
// audit) — or, for an unknown referência or someone else's lead, nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead, insertProperty } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { auditLog, leadNotes, leads } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { type Actor, listLeads } from "./inbox.server";
import { exportPersonData } from "./lgpd.server";
import { recordSentListOpen, sentListsOfLead } from "./sent-lists.server";
import { suggestByWhatsapp, suggestionCandidates, whatsappSuggestionMessage } from "./suggestions.server";

let database: Database;
let ana: Actor;
let bruno: Actor;
const context = { agencyName: "Imobiliária Maré Alta", publicUrl: "https://www.mare-alta.com.br/" };

beforeAll(async () => {
  database = await createTestDatabase();
  ana = await createActor(database.db, "corretor");
  bruno = await createActor(database.db, "corretor");
});
afterAll(async () => {
  await database.close();
});

describe("suggestionCandidates", () => {
  it("offers the listing asked about first, then listings like it for the same finalidade; only listings on offer", async () => {
    const asked = await insertProperty(database.db, {
      referencia: "SG0001",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      bairro: "Praia do Francês",
      precoVenda: 900_000,
    });
    await insertProperty(database.db, {
      referencia: "SG0002",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      bairro: "Centro",
      precoVenda: 850_000,
    });
    await insertProperty(database.db, {
      referencia: "SG0003",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      status: "vendido",
    });
    await insertProperty(database.db, {
      referencia: "SG0004",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      publicacao: "rascunho",
    });
    await insertProperty(database.db, {
      referencia: "SG0007",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 900,
      periodoAluguel: "diaria",
    });
    const { similarTo, candidates } = await suggestionCandidates(database.db, asked.id, 3);
    expect(similarTo).toBe("SG0001");
    expect(candidates[0]).toEqual({
      referencia: "SG0001",
      titulo: asked.titulo,
      price: "R$ 900.000",
      place: "Praia do Francês, Marechal Deodoro",
      asked: true,
    });
    expect(candidates[1]).toMatchObject({ referencia: "SG0002", asked: false });
    const refs = candidates.map((c) => c.referencia);
    expect(refs).not.toContain("SG0003");
    expect(refs).not.toContain("SG0004");
    expect(refs, "a holiday rental is not suggested to a buyer").not.toContain("SG0007");
    expect(refs.length).toBeLessThanOrEqual(4);
  });

  it("when the listing asked about was rented meanwhile, offers listings like it (not it)", async () => {
    const gone = await insertProperty(database.db, {
      referencia: "SG0005",
      tipo: "casa",
      cidade: "Marechal Deodoro",
      status: "alugado",
    });
    const { similarTo, candidates } = await suggestionCandidates(database.db, gone.id, 5);
    expect(similarTo).toBe("SG0005");
    expect(candidates.map((c) => c.referencia)).toContain("SG0002");
    expect(candidates.map((c) => c.referencia)).not.toContain("SG0005");
    expect(candidates.every((c) => !c.asked)).toBe(true);
  });

  it("without a listing, or with none like it, offers the newest on offer", async () => {
    const newest = await insertProperty(database.db, {
      referencia: "SG0006",
      publishedAt: new Date("2030-01-01"),
    });
    expect(await suggestionCandidates(database.db, null, 1)).toEqual({
      similarTo: null,
      candidates: [expect.objectContaining({ referencia: newest.referencia, asked: false })],
    });
    // Sold, and nothing else is a galpão in Piranhas or for rent there.
    const alone = await insertProperty(database.db, {
      referencia: "SG0008",
      tipo: "galpao",
      cidade: "Piranhas",
      finalidades: ["aluguel"],
      precoVenda: null,
      precoAluguel: 5_000,
      status: "alugado",
    });
    const instead = await suggestionCandidates(database.db, alone.id, 1);
    expect(instead).toEqual({
      similarTo: null,
      candidates: [expect.objectContaining({ referencia: newest.referencia })],
    });
  });
});

describe("whatsappSuggestionMessage", () => {
  it("greets, counts and links the list (one listing: its own page, nothing side by side)", () => {
    expect(
      whatsappSuggestionMessage({
        personName: "Rita de Cássia",
        agentName: "Ana Paula",
        agencyName: "Imobiliária Maré Alta",
        count: 2,
        url: "https://www.mare-alta.com.br/favoritos?lista=AP0001,CA0002",
      }),
    ).toBe(
      "Olá, Rita! Aqui é Ana, da Imobiliária Maré Alta. Separei 2 imóveis que podem interessar a você, para ver lado a lado: https://www.mare-alta.com.br/favoritos?lista=AP0001,CA0002 Quer agendar uma visita?",
    );
    expect(
      whatsappSuggestionMessage({
        personName: "Rita",
        agentName: "Ana",
        agencyName: "X",
        count: 1,
        url: "https://x.com.br/casas/AP0001",
      }),
    ).toBe(
      "Olá, Rita! Aqui é Ana, da X. Separei um imóvel que pode interessar a você: https://x.com.br/casas/AP0001 Quer agendar uma visita?",
    );
  });
});

describe("suggestByWhatsapp", () => {
  it("answers with wa.me and the list's link, notes what was sent, records the response, audited", async () => {
    const a = await insertProperty(database.db, { referencia: "SG0101", corretorId: ana.id });
    const b = await insertProperty(database.db, { referencia: "SG0102" });
    const lead = await insertLead(database.db, {
      name: "Rita Lima",
      phone: "(82) 99876-3333",
      assigneeId: ana.id,
    });
    const now = new Date("2026-03-02T12:00:00Z");
    const result = await suggestByWhatsapp(database.db, ana, lead.id, ["sg0102", "SG0101"], context, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const url = new URL(result.url);
    expect(url.origin + url.pathname).toBe("https://wa.me/5582998763333");
    const text = url.searchParams.get("text") ?? "";
    expect(text).toContain(
      `Separei 2 imóveis que podem interessar a você, para ver lado a lado: https://www.mare-alta.com.br/favoritos?lista=${b.referencia},${a.referencia}&envio=`,
    );
    // The sending is stored under the token its link carries (decision 049): not opened yet.
    const token = text.match(/&envio=([A-Za-z0-9_-]{16}) /)?.[1];
    if (!token) throw new Error("no token in the link");
    expect(await sentListsOfLead(database.db, lead.id)).toEqual([
      expect.objectContaining({
        referencias: ["SG0102", "SG0101"],
        sentAt: now,
        opens: 0,
        lastOpenedAt: null,
      }),
    ]);
    // Opening it counts, and the lead's open screens hear of it; a token no sending has counts nothing.
    const opened = new Date("2026-03-02T17:32:00Z");
    const later = (minutes: number) => new Date(opened.getTime() + minutes * 60_000);
    expect(await recordSentListOpen(database.db, token, opened)).toBe(true);
    // Back from a listing, a reload: the same look within half an hour.
    expect(await recordSentListOpen(database.db, token, later(5))).toBe(false);
    expect(await recordSentListOpen(database.db, token, later(29))).toBe(false);
    expect(await recordSentListOpen(database.db, token, later(65))).toBe(true);
    expect(await recordSentListOpen(database.db, "AAAAAAAAAAAAAAAA")).toBe(false);
    expect(await sentListsOfLead(database.db, lead.id)).toEqual([
      expect.objectContaining({ opens: 2, firstOpenedAt: opened, lastOpenedAt: later(65) }),
    ]);
    // The inbox knows when the person last opened a list (it flags the last day's).
    const inbox = await listLeads(database.db, ana, {}, later(70));
    expect(inbox.rows.find((row) => row.id === lead.id)?.listOpenedAt).toEqual(later(65));
    // The person's LGPD export lists it.
    const exported = await exportPersonData(database.db, "(82) 99876-3333");
    expect(exported.leads[0]?.sentLists).toEqual([
      expect.objectContaining({ referencias: ["SG0102", "SG0101"], opens: 2 }),
    ]);
    const notes = await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id));
    expect(notes.map((n) => [n.body, n.authorId])).toEqual([
      ["Imóveis sugeridos pelo WhatsApp: SG0102, SG0101.", ana.id],
    ]);
    const [row] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.firstResponseAt).toEqual(now);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(lead.id)));
    expect(entries.map((e) => e.action)).toEqual(["lead-whatsapp-suggestions"]);
  });

  it("a single listing goes as its own page, its opening tracked as a list's", async () => {
    const only = await insertProperty(database.db, { referencia: "SG0103" });
    const lead = await insertLead(database.db, { phone: "(82) 99876-5555", assigneeId: ana.id });
    const result = await suggestByWhatsapp(database.db, ana, lead.id, [only.referencia], context);
    if (!result.ok) throw new Error(result.reason);
    const text = new URL(result.url).searchParams.get("text") ?? "";
    expect(text).toContain(
      "Separei um imóvel que pode interessar a você: https://www.mare-alta.com.br/casas/SG0103?envio=",
    );
    const token = text.match(/\?envio=([A-Za-z0-9_-]{16}) /)?.[1];
    if (!token) throw new Error("no token in the link");
    expect(await recordSentListOpen(database.db, token)).toBe(true);
    expect(await sentListsOfLead(database.db, lead.id)).toEqual([
      expect.objectContaining({ referencias: ["SG0103"], opens: 1 }),
    ]);
  });

  it("names what is not on offer (unknown, draft, sold) and records nothing; another agent's lead is not found; a phone without DDD is none", async () => {
    await insertProperty(database.db, { referencia: "SG0201" });
    await insertProperty(database.db, { referencia: "SG0202", publicacao: "rascunho" });
    await insertProperty(database.db, { referencia: "SG0203", status: "vendido" });
    const lead = await insertLead(database.db, { phone: "(82) 99876-4444", assigneeId: ana.id });
    expect(
      await suggestByWhatsapp(database.db, ana, lead.id, ["SG0201", "SG0202", "sg0203", "XX0000"], context),
    ).toEqual({
      ok: false,
      reason: "unavailable",
      referencias: ["SG0202", "SG0203", "XX0000"],
    });
    expect(await suggestByWhatsapp(database.db, bruno, lead.id, ["SG0201"], context)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const noPhone = await insertLead(database.db, { phone: null, assigneeId: ana.id });
    const noDdd = await insertLead(database.db, { phone: "3333-1234", assigneeId: ana.id });
    for (const id of [noPhone.id, noDdd.id])
      expect(await suggestByWhatsapp(database.db, ana, id, ["SG0201"], context)).toEqual({
        ok: false,
        reason: "no-phone",
      });
    for (const id of [lead.id, noPhone.id, noDdd.id]) {
      expect(await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, id))).toEqual([]);
      const [row] = await database.db.select().from(leads).where(eq(leads.id, id));
      expect(row?.firstResponseAt).toBeNull();
    }
  });
});
