// An agent's WhatsApp reply from a lead (real database): the prefilled message names the listing,
// the reply is the first response (once), and a corretor cannot reply to another agent's lead.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead, insertProperty } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { auditLog, leads } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "./inbox.server";
import { replyByWhatsapp, whatsappReplyMessage } from "./reply.server";

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

describe("whatsappReplyMessage", () => {
  it("names the person, the agent, the agency and the listing (título, referência, link)", () => {
    expect(
      whatsappReplyMessage({
        personName: "Rita de Cássia Lima",
        agentName: "Ana Paula",
        agencyName: "Imobiliária Maré Alta",
        listing: { referencia: "AP0042", titulo: "Apartamento na Ponta Verde" },
        publicUrl: "https://www.mare-alta.com.br/",
      }),
    ).toBe(
      "Olá, Rita! Aqui é Ana, da Imobiliária Maré Alta. Vi seu interesse no imóvel “Apartamento na Ponta Verde” (referência AP0042): https://www.mare-alta.com.br/casas/AP0042 Posso ajudar com mais informações ou agendar uma visita?",
    );
  });
});

describe("replyByWhatsapp", () => {
  it("answers with the wa.me link, records the first response once, audited", async () => {
    const listing = await insertProperty(database.db, {
      referencia: "RE0001",
      titulo: "Casa em Guaxuma",
      corretorId: ana.id,
    });
    const lead = await insertLead(database.db, {
      name: "Rita Lima",
      phone: "(82) 99876-1111",
      propertyId: listing.id,
      assigneeId: ana.id,
    });
    const first = new Date("2026-03-02T12:00:00Z");
    const result = await replyByWhatsapp(database.db, ana, lead.id, context, first);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const url = new URL(result.url);
    expect(url.origin + url.pathname).toBe("https://wa.me/5582998761111");
    expect(url.searchParams.get("text")).toContain(
      "“Casa em Guaxuma” (referência RE0001): https://www.mare-alta.com.br/casas/RE0001",
    );
    await replyByWhatsapp(database.db, ana, lead.id, context, new Date("2026-03-02T13:00:00Z"));
    const [row] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.firstResponseAt).toEqual(first);
    expect(row?.firstResponseById).toBe(ana.id);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(lead.id)));
    expect(entries.filter((e) => e.action === "lead-whatsapp-reply")).toHaveLength(2);
  });

  it("another agent's lead is not found, and a lead without a phone cannot be answered on WhatsApp", async () => {
    const lead = await insertLead(database.db, { phone: "(82) 99876-2222", assigneeId: ana.id });
    expect(await replyByWhatsapp(database.db, bruno, lead.id, context)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const [row] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.firstResponseAt).toBeNull();
    const noPhone = await insertLead(database.db, { phone: null, assigneeId: ana.id });
    expect(await replyByWhatsapp(database.db, ana, noPhone.id, context)).toEqual({
      ok: false,
      reason: "no-phone",
    });
  });
});
