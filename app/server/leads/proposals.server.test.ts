// Proposals (decision 048) on a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgres):
// recording one (validated at its fields, against the listing's finalidade; the lead moves on to
// "Proposta"), the owner's answers, who sees whose, the LGPD export and erasure.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead, insertProperty } from "../../../tests/support/factories";
import { maceioClock } from "../../lib/maceio-time";
import { proposalAnswerSchema } from "../../lib/proposal";
import { addDays } from "../../lib/rental";
import type { Database } from "../db/client.server";
import { auditLog, leadStatusChanges, leads, propertyRedirects, proposals } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { changeLeadStatus } from "./inbox.server";
import { erasePersonData, exportPersonData } from "./lgpd.server";
import { answerProposal, proposalsOfLead, proposalsOfProperty, recordProposal } from "./proposals.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

// 22:30 in Maceió on the 20th, already the 21st in UTC: "today" is Maceió's.
const NOW = new Date("2026-11-21T01:30:00.000Z");
const TODAY = maceioClock(NOW).day;
const form = (overrides: Record<string, string> = {}) => ({
  referencia: "PR0001",
  finalidade: "venda",
  valor: "R$ 760.000",
  pagamento: "financiamento",
  condicoes: "Entrada de 20% com FGTS; escritura em 60 dias.",
  validade: addDays(TODAY, 5),
  ...overrides,
});

describe("recording a proposal", () => {
  it("keeps the amount against the asking price and moves the lead on to 'Proposta', audited", async () => {
    const agent = await createActor(database.db, "corretor");
    const property = await insertProperty(database.db, {
      referencia: "PR0001",
      precoVenda: 800_000,
      corretorId: agent.id,
    });
    const lead = await insertLead(database.db, { propertyId: property.id, status: "visita_agendada" });

    const result = await recordProposal(database.db, agent, lead.id, form({ referencia: "pr0001" }), NOW);
    expect(result.ok).toBe(true);
    const [proposal] = await proposalsOfLead(database.db, lead.id);
    expect(proposal).toMatchObject({
      referencia: "PR0001",
      finalidade: "venda",
      amount: 760_000,
      askingPrice: 800_000,
      payment: "financiamento",
      status: "em_analise",
      validUntil: addDays(TODAY, 5),
    });
    const [after] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after?.status).toBe("proposta");
    const moves = await database.db
      .select({ to: leadStatusChanges.toStatus })
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, lead.id));
    expect(moves.map((m) => m.to)).toEqual(["proposta"]);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(lead.id)));
    expect(actions.map((a) => a.action).sort()).toEqual(["lead-status", "proposal-recorded"]);
  });

  it("says at each field what is wrong, and records nothing", async () => {
    const agent = await createActor(database.db, "admin");
    await insertProperty(database.db, {
      referencia: "PR0002",
      finalidades: ["aluguel"],
      precoAluguel: 3_000,
    });
    const lead = await insertLead(database.db);
    const refused = async (overrides: Record<string, string>) => {
      const result = await recordProposal(database.db, agent, lead.id, form(overrides), NOW);
      return result.ok === false && result.reason === "invalid" ? result.fieldErrors : result;
    };
    expect(await refused({ valor: "setecentos mil" })).toEqual({
      valor: "Valor: informe o valor em reais, sem centavos (ex.: 850.000).",
    });
    expect(await refused({ valor: "" })).toEqual({ valor: "Informe o valor proposto." });
    expect(await refused({ validade: addDays(TODAY, -1) })).toEqual({
      validade: "A validade não pode ser uma data passada.",
    });
    expect(await refused({ validade: addDays(TODAY, 61) })).toEqual({
      validade: "A validade máxima é de 60 dias.",
    });
    expect(await refused({ pagamento: "" })).toEqual({ pagamento: "Escolha a forma de pagamento." });
    const nowhere = { referencia: "Nenhum imóvel publicado e disponível com esta referência." };
    expect(await refused({ referencia: "XX9999" })).toEqual(nowhere);
    // A draft (its price never shown) or a sold listing takes no proposal.
    await insertProperty(database.db, { referencia: "PR0020", publicacao: "rascunho" });
    await insertProperty(database.db, { referencia: "PR0021", status: "vendido" });
    expect(await refused({ referencia: "PR0020" })).toEqual(nowhere);
    expect(await refused({ referencia: "PR0021" })).toEqual(nowhere);
    expect(await refused({ referencia: "PR0002" })).toEqual({ finalidade: "Este imóvel não está à venda." });
    expect(await proposalsOfLead(database.db, lead.id)).toEqual([]);
    const [unchanged] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(unchanged?.status).toBe("novo");

    // A rent proposal has no form of payment, and the lead already past "Proposta" stays where it is.
    await changeLeadStatus(database.db, agent, lead.id, "proposta");
    const rent = await recordProposal(
      database.db,
      agent,
      lead.id,
      form({ referencia: "PR0002", finalidade: "aluguel", valor: "2.800", pagamento: "a_vista" }),
      NOW,
    );
    expect(rent.ok).toBe(true);
    const [row] = await proposalsOfLead(database.db, lead.id);
    expect(row).toMatchObject({ finalidade: "aluguel", amount: 2_800, askingPrice: 3_000, payment: null });
  });

  it("stands from Maceió's today to 60 days ahead, and an old referência finds the listing", async () => {
    const agent = await createActor(database.db, "admin");
    const property = await insertProperty(database.db, { referencia: "PR0030", precoVenda: 400_000 });
    await database.db.insert(propertyRedirects).values({ propertyId: property.id, oldReferencia: "PR0029" });
    const lead = await insertLead(database.db);
    for (const validade of [TODAY, addDays(TODAY, 60)]) {
      const made = await recordProposal(
        database.db,
        agent,
        lead.id,
        form({ referencia: "pr0029", validade }),
        NOW,
      );
      expect(made.ok, validade).toBe(true);
    }
    expect((await proposalsOfLead(database.db, lead.id)).map((p) => [p.referencia, p.validUntil])).toEqual([
      ["PR0030", addDays(TODAY, 60)],
      ["PR0030", "2026-11-20"],
    ]);
  });

  it("is refused on a closed lead, and on another agent's lead as if it did not exist", async () => {
    const owner = await createActor(database.db, "corretor");
    const other = await createActor(database.db, "corretor");
    const property = await insertProperty(database.db, { referencia: "PR0003", corretorId: owner.id });
    const lead = await insertLead(database.db, { propertyId: property.id, assigneeId: owner.id });
    expect(await recordProposal(database.db, other, lead.id, form({ referencia: "PR0003" }), NOW)).toEqual({
      ok: false,
      reason: "not-found",
    });
    await changeLeadStatus(database.db, owner, lead.id, "perdido");
    expect(await recordProposal(database.db, owner, lead.id, form({ referencia: "PR0003" }), NOW)).toEqual({
      ok: false,
      reason: "closed",
    });
  });
});

describe("answering a proposal", () => {
  it("records the owner's contraproposta, then the buyer's acceptance; an answered proposal takes no more", async () => {
    const agent = await createActor(database.db, "admin");
    const property = await insertProperty(database.db, { referencia: "PR0004", precoVenda: 900_000 });
    const lead = await insertLead(database.db, { propertyId: property.id });
    const made = await recordProposal(database.db, agent, lead.id, form({ referencia: "PR0004" }), NOW);
    if (!made.ok) throw new Error("not recorded");

    expect(
      await answerProposal(database.db, agent, lead.id, made.id, {
        resposta: "contraproposta",
        contraValor: 830_000,
      }),
    ).toEqual({ ok: true });
    expect(
      await answerProposal(database.db, agent, lead.id, made.id, { resposta: "aceita", contraValor: null }),
    ).toEqual({ ok: true });
    const [answered] = await proposalsOfLead(database.db, lead.id);
    expect(answered).toMatchObject({ status: "aceita", counterAmount: 830_000 });
    expect(
      await answerProposal(database.db, agent, lead.id, made.id, { resposta: "recusada", contraValor: null }),
    ).toEqual({ ok: false, reason: "answered" });
    // Withdrawn: the person gave up; the amount left in the field does not count.
    const again = await recordProposal(database.db, agent, lead.id, form({ referencia: "PR0004" }), NOW);
    if (!again.ok) throw new Error("not recorded");
    const withdrawn = proposalAnswerSchema.parse({ resposta: "retirada", contraValor: "resto no campo" });
    expect(withdrawn).toEqual({ resposta: "retirada", contraValor: null });
    expect(await answerProposal(database.db, agent, lead.id, again.id, withdrawn)).toEqual({ ok: true });
    expect(proposalAnswerSchema.safeParse({ resposta: "contraproposta" }).error?.issues[0]).toMatchObject({
      path: ["contraValor"],
      message: "Informe o valor da contraproposta.",
    });
    // Another lead's proposal id is no proposal of this lead.
    const otherLead = await insertLead(database.db);
    expect(
      await answerProposal(database.db, agent, otherLead.id, made.id, {
        resposta: "recusada",
        contraValor: null,
      }),
    ).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("a listing's proposals", () => {
  it("shows every proposal's amount, and the person only to whoever may see that lead", async () => {
    const admin = await createActor(database.db, "admin");
    const listingAgent = await createActor(database.db, "corretor");
    const buyersAgent = await createActor(database.db, "corretor");
    const property = await insertProperty(database.db, {
      referencia: "PR0005",
      precoVenda: 500_000,
      corretorId: listingAgent.id,
    });
    const own = await insertLead(database.db, { name: "Ana Compradora", propertyId: property.id });
    const others = await insertLead(database.db, { name: "Bruno Comprador", assigneeId: buyersAgent.id });
    await recordProposal(
      database.db,
      listingAgent,
      own.id,
      form({ referencia: "PR0005", valor: "480.000" }),
      NOW,
    );
    await recordProposal(
      database.db,
      buyersAgent,
      others.id,
      form({ referencia: "PR0005", valor: "470.000" }),
      NOW,
    );

    const seen = async (viewer: typeof admin) =>
      (await proposalsOfProperty(database.db, viewer, property.id)).map((p) => [
        p.amount,
        p.lead?.name ?? null,
      ]);
    // The newest first.
    expect(await seen(admin)).toEqual([
      [470_000, "Bruno Comprador"],
      [480_000, "Ana Compradora"],
    ]);
    expect(await seen(listingAgent)).toEqual([
      [470_000, null],
      [480_000, "Ana Compradora"],
    ]);
    expect(await seen(buyersAgent)).toEqual([
      [470_000, "Bruno Comprador"],
      [480_000, null],
    ]);
    // Nothing the person wrote reaches another agent's screen.
    for (const row of await proposalsOfProperty(database.db, listingAgent, property.id))
      expect(Object.keys(row)).not.toContain("conditions");
  });
});

describe("LGPD", () => {
  it("exports a person's proposals with their leads, and erasing the person erases them", async () => {
    const admin = await createActor(database.db, "admin");
    await insertProperty(database.db, { referencia: "PR0006", precoVenda: 300_000 });
    const lead = await insertLead(database.db, { email: "proposta-lgpd@exemplo.com.br", phone: null });
    await recordProposal(database.db, admin, lead.id, form({ referencia: "PR0006", valor: "290.000" }), NOW);

    const exported = await exportPersonData(database.db, "proposta-lgpd@exemplo.com.br");
    expect(exported.leads[0]?.proposals).toEqual([
      expect.objectContaining({ referencia: "PR0006", amount: 290_000, status: "em_analise" }),
    ]);
    await erasePersonData(database.db, admin, "proposta-lgpd@exemplo.com.br");
    expect(await database.db.select().from(proposals).where(eq(proposals.leadId, lead.id))).toEqual([]);
  });
});
