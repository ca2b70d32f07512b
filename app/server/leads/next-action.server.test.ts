// Next actions against a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgres): where
// an action stands around Maceió's midnight and its minutes, the same in SQL (inbox sections,
// painel counts) and for the screens; the default of a new lead, clearing on closing; setting one
// (validated, audited, announced); a corretor's view of their own only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertLead, insertProperty, insertUser } from "../../../tests/support/factories";
import { maceioClock } from "../../lib/maceio-time";
import { type NextActionState, nextActionState } from "../../lib/next-action";
import type { Database } from "../db/client.server";
import { auditLog, leads, users } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { EVENTS_CHANNEL } from "../realtime/events.server";
import { changeLeadStatus, getLead, listLeads } from "./inbox.server";
import { recordManualLead } from "./manual.server";
import { nextActionCounts, nextActionTotals, setNextAction } from "./next-action.server";
import { recordLead } from "./record.server";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** An instant given in Maceió's wall-clock time (UTC−3). */
const maceio = (local: string) => new Date(`${local}-03:00`);

async function leadDue(
  day: string,
  time: string | null,
  values: Partial<typeof leads.$inferInsert> = {},
): Promise<number> {
  const lead = await insertLead(database.db, {
    nextActionDate: day,
    nextActionTime: time,
    nextAction: "Ligar de volta",
    ...values,
  });
  return lead.id;
}

/** Where the lead stands at `now`: by the inbox's SQL sections, and by the screens' rule. */
async function standing(viewer: { id: number; role: "admin" | "corretor" }, id: number, now: Date) {
  const inSection = async (acao: "atrasadas" | "hoje") =>
    (await listLeads(database.db, viewer, { acao }, now)).rows.some((row) => row.id === id);
  const [overdue, today] = [await inSection("atrasadas"), await inSection("hoje")];
  const [row] = await database.db
    .select({ day: leads.nextActionDate, time: leads.nextActionTime })
    .from(leads)
    .where(eq(leads.id, id));
  const byRule: NextActionState = nextActionState(row?.day ?? "", row?.time ?? null, maceioClock(now));
  const bySql: NextActionState = overdue ? "atrasada" : today ? "hoje" : "futura";
  expect(overdue && today, "in both sections").toBe(false);
  expect(bySql, `SQL and the screens disagree at ${now.toISOString()}`).toBe(byRule);
  return bySql;
}

describe("where a next action stands (Maceió's day, UTC−3)", () => {
  it("one for any time of a day is due all that day and overdue from the next Maceió midnight", async () => {
    const admin = await createActor(database.db, "admin");
    const id = await leadDue("2026-03-10", null);
    expect(await standing(admin, id, maceio("2026-03-09T23:59:59"))).toBe("futura");
    // Maceió's midnight is 03:00 UTC: still the 9th in UTC, already the 10th in Maceió.
    expect(await standing(admin, id, new Date("2026-03-10T02:59:59Z"))).toBe("futura");
    expect(await standing(admin, id, new Date("2026-03-10T03:00:00Z"))).toBe("hoje");
    expect(await standing(admin, id, maceio("2026-03-10T23:59:59"))).toBe("hoje");
    expect(await standing(admin, id, new Date("2026-03-11T02:59:59Z"))).toBe("hoje");
    expect(await standing(admin, id, new Date("2026-03-11T03:00:00Z"))).toBe("atrasada");
  });

  it("one with a time is due through that minute and overdue from the next", async () => {
    const admin = await createActor(database.db, "admin");
    const id = await leadDue("2026-03-10", "10:00");
    expect(await standing(admin, id, maceio("2026-03-10T00:00:00"))).toBe("hoje");
    expect(await standing(admin, id, maceio("2026-03-10T10:00:59"))).toBe("hoje");
    expect(await standing(admin, id, maceio("2026-03-10T10:01:00"))).toBe("atrasada");
    // Due at midnight: tomorrow's until then, due during 00:00, overdue from 00:01.
    const midnight = await leadDue("2026-03-11", "00:00");
    expect(await standing(admin, midnight, maceio("2026-03-10T23:59:59"))).toBe("futura");
    expect(await standing(admin, midnight, maceio("2026-03-11T00:00:30"))).toBe("hoje");
    expect(await standing(admin, midnight, maceio("2026-03-11T00:01:00"))).toBe("atrasada");
  });

  it("a closed or lost lead is in no section", async () => {
    const admin = await createActor(database.db, "admin");
    // Written around the domain (which clears it on closing), as old data could be.
    const id = await leadDue("2026-01-01", null, { status: "perdido" });
    const now = maceio("2026-03-10T12:00:00");
    const sections = await Promise.all(
      (["atrasadas", "hoje"] as const).map((acao) => listLeads(database.db, admin, { acao }, now)),
    );
    expect(sections.flatMap((s) => s.rows.map((r) => r.id))).not.toContain(id);
  });

  it("a section lists the longest overdue first", async () => {
    const corretor = await createActor(database.db, "corretor");
    const later = await leadDue("2026-04-02", "09:00", { assigneeId: corretor.id });
    const anyTime = await leadDue("2026-04-02", null, { assigneeId: corretor.id });
    const earlier = await leadDue("2026-04-01", "18:00", { assigneeId: corretor.id });
    const { rows } = await listLeads(
      database.db,
      corretor,
      { acao: "atrasadas" },
      maceio("2026-04-03T08:00:00"),
    );
    expect(rows.map((r) => r.id)).toEqual([earlier, anyTime, later]);
  });
});

describe("every open lead has one", () => {
  it("a new lead's is the first contact, due at its arrival; joining the card keeps the agent's", async () => {
    const arrived = maceio("2026-05-04T09:41:27");
    const result = await recordLead(database.db, {
      name: "Paula Nova",
      phone: "(82) 98111-2233",
      email: null,
      message: "Quero visitar.",
      origin: "formulario_imovel",
      propertyId: null,
      assigneeId: null,
      now: arrived,
    });
    if (result.status !== "created") throw new Error("lead não criado");
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(lead).toMatchObject({
      nextActionDate: "2026-05-04",
      nextActionTime: "09:41:00",
      nextAction: "Fazer o primeiro contato",
    });
    const admin = await createActor(database.db, "admin");
    expect(await standing(admin, result.leadId, maceio("2026-05-04T09:41:59"))).toBe("hoje");
    expect(await standing(admin, result.leadId, maceio("2026-05-04T09:42:00"))).toBe("atrasada");

    expect(
      await setNextAction(
        database.db,
        admin,
        result.leadId,
        { data: "2026-05-06", hora: "", tarefa: "Enviar as fotos" },
        arrived,
      ),
    ).toEqual({ ok: true });
    await recordLead(database.db, {
      name: "Paula Nova",
      phone: "(82) 98111-2233",
      email: null,
      message: "Ainda tenho interesse.",
      origin: "whatsapp",
      propertyId: null,
      assigneeId: null,
      now: maceio("2026-05-05T10:00:00"),
    });
    const [joined] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(joined).toMatchObject({
      nextActionDate: "2026-05-06",
      nextActionTime: null,
      nextAction: "Enviar as fotos",
    });
  });

  it("a call or visit an agent records asks them for the step after it, due at once", async () => {
    const corretor = await createActor(database.db, "corretor");
    const recorded = await recordManualLead(
      database.db,
      corretor,
      { name: "Rui da Ligação", phone: "(82) 98777-6655", interesse: "Casa no Farol", como: "telefone" },
      maceio("2026-05-04T16:20:00"),
    );
    if (!recorded.ok) throw new Error("contato não registrado");
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, recorded.leadId));
    expect(lead).toMatchObject({
      nextActionDate: "2026-05-04",
      nextActionTime: "16:20:00",
      nextAction: "Definir a próxima ação",
    });
  });

  it("closing or losing a lead clears it; bringing it back gives it one due at once", async () => {
    const corretor = await createActor(database.db, "corretor");
    const id = await leadDue("2026-06-01", "08:00", { assigneeId: corretor.id });
    expect(await changeLeadStatus(database.db, corretor, id, "em_atendimento")).toBe(true);
    expect((await getLead(database.db, corretor, id))?.lead.nextAction).toBe("Ligar de volta");

    expect(await changeLeadStatus(database.db, corretor, id, "fechado")).toBe(true);
    expect((await getLead(database.db, corretor, id))?.lead).toMatchObject({
      nextActionDate: null,
      nextActionTime: null,
      nextAction: null,
    });
    // Nothing to set on a closed lead.
    expect(
      await setNextAction(database.db, corretor, id, { data: "2026-06-02", hora: "", tarefa: "Ligar" }),
    ).toEqual({ ok: false, reason: "closed" });

    expect(await changeLeadStatus(database.db, corretor, id, "perdido", maceio("2026-06-03T14:05:00"))).toBe(
      true,
    );
    expect(
      await changeLeadStatus(database.db, corretor, id, "em_atendimento", maceio("2026-06-03T14:06:10")),
    ).toBe(true);
    expect((await getLead(database.db, corretor, id))?.lead).toMatchObject({
      nextActionDate: "2026-06-03",
      nextActionTime: "14:06:00",
      nextAction: "Retomar o contato",
    });
  });
});

describe("setting a next action", () => {
  it("refuses bad input with a Portuguese message at each field and changes nothing", async () => {
    const corretor = await createActor(database.db, "corretor");
    const id = await leadDue("2026-06-01", null, { assigneeId: corretor.id });
    const cases: [Record<"data" | "hora" | "tarefa", unknown>, Record<string, string>][] = [
      [
        { data: "", hora: "", tarefa: "" },
        { data: "Informe a data.", tarefa: "Descreva a próxima ação." },
      ],
      [
        { data: "2026-02-30", hora: "25:00", tarefa: "x".repeat(141) },
        {
          data: "Informe uma data válida, ex.: 25/03/2026.",
          hora: "Informe um horário válido, ex.: 14:30, ou deixe em branco.",
          tarefa: "Use no máximo 140 caracteres.",
        },
      ],
      [
        { data: "0202-01-01", hora: "9h", tarefa: "   " },
        {
          data: "Informe uma data válida, ex.: 25/03/2026.",
          hora: "Informe um horário válido, ex.: 14:30, ou deixe em branco.",
          tarefa: "Descreva a próxima ação.",
        },
      ],
      [
        { data: 20260601, hora: null, tarefa: ["a"] },
        {
          data: "Informe a data.",
          tarefa: "Descreva a próxima ação.",
        },
      ],
    ];
    for (const [input, fieldErrors] of cases) {
      expect(await setNextAction(database.db, corretor, id, input)).toEqual({
        ok: false,
        reason: "invalid",
        fieldErrors,
      });
    }
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({
      nextActionDate: "2026-06-01",
      nextActionTime: null,
      nextAction: "Ligar de volta",
    });
  });

  it("is audited and announced to open screens (lead-updated); a typed 25/03/2026 reads as that day", async () => {
    const corretor = await createActor(database.db, "corretor");
    const listing = await insertProperty(database.db, { corretorId: corretor.id });
    // Unassigned, on the corretor's listing: theirs all the same.
    const id = await leadDue("2026-06-01", null, { propertyId: listing.id });
    const heard: string[] = [];
    const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    try {
      expect(
        await setNextAction(database.db, { ...corretor, ip: "203.0.113.9" }, id, {
          data: "25/03/2026",
          hora: "14:30",
          tarefa: "  Confirmar a visita de sábado  ",
        }),
      ).toEqual({ ok: true });
      await expect.poll(() => heard.length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }
    expect(heard.map((p) => JSON.parse(p))).toContainEqual({
      type: "lead-updated",
      id,
      agentIds: [corretor.id],
    });
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, id));
    expect(lead).toMatchObject({
      nextActionDate: "2026-03-25",
      nextActionTime: "14:30:00",
      nextAction: "Confirmar a visita de sábado",
    });
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(entries.find((e) => e.action === "lead-next-action")).toMatchObject({
      userId: corretor.id,
      entity: "lead",
      ip: "203.0.113.9",
      details: {
        from: { day: "2026-06-01", time: null, task: "Ligar de volta" },
        to: { day: "2026-03-25", time: "14:30:00", task: "Confirmar a visita de sábado" },
      },
    });

    // The same again: nothing new to record.
    const before = (await database.db.select().from(auditLog)).length;
    await setNextAction(database.db, corretor, id, {
      data: "2026-03-25",
      hora: "14:30",
      tarefa: "Confirmar a visita de sábado",
    });
    expect((await database.db.select().from(auditLog)).length).toBe(before);
  });
});

describe("a corretor's own next actions only", () => {
  it("sets, lists and counts only theirs; an admin sees every agent's and the agency's", async () => {
    const admin = await createActor(database.db, "admin");
    const ana = await insertUser(database.db, { name: "Ana Atrasada" });
    const bia = await insertUser(database.db, { name: "Bia em Dia" });
    const anasListing = await insertProperty(database.db, { corretorId: ana.id });
    const now = maceio("2026-07-15T09:00:00");
    const anaOverdue = await leadDue("2026-07-14", null, { assigneeId: ana.id, name: "Lead da Ana" });
    // Unassigned on Ana's listing: Ana's too (she sees it, its e-mails go to her).
    const anaToday = await leadDue("2026-07-15", "17:00", { propertyId: anasListing.id });
    const biaOverdue = await leadDue("2026-07-15", "08:00", { assigneeId: bia.id, name: "Lead da Bia" });
    await leadDue("2026-07-16", null, { assigneeId: bia.id }); // tomorrow: not counted
    const nobodys = await leadDue("2026-07-10", null); // no assignee, no listing

    const asAna = { id: ana.id, role: "corretor" as const };
    expect(
      await setNextAction(database.db, asAna, biaOverdue, { data: "2026-08-01", hora: "", tarefa: "Tomar" }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
    const overdueForAna = await listLeads(database.db, asAna, { acao: "atrasadas" }, now);
    expect(overdueForAna.rows.map((r) => r.id)).toEqual([anaOverdue]);
    expect((await listLeads(database.db, asAna, { acao: "hoje" }, now)).rows.map((r) => r.id)).toEqual([
      anaToday,
    ]);
    expect(await nextActionTotals(database.db, asAna, {}, now)).toEqual({ overdue: 1, today: 1 });
    expect(await nextActionCounts(database.db, asAna, now)).toEqual({
      agents: [{ id: ana.id, name: "Ana Atrasada", overdue: 1, today: 1 }],
      total: null,
    });

    const all = await nextActionCounts(database.db, admin, now);
    expect(all.agents).toContainEqual({ id: ana.id, name: "Ana Atrasada", overdue: 1, today: 1 });
    expect(all.agents).toContainEqual({ id: bia.id, name: "Bia em Dia", overdue: 1, today: 0 });
    expect(all.agents).toContainEqual({ id: admin.id, name: expect.any(String), overdue: 0, today: 0 });
    expect(all.total?.overdue).toBeGreaterThanOrEqual(3);
    // The painel's link for Ana: the inbox filtered to what Ana sees.
    const anasSection = await listLeads(database.db, admin, { acao: "hoje", corretor: ana.id }, now);
    expect(anasSection.rows.map((r) => r.id)).toEqual([anaToday]);
    const everyOverdue = await listLeads(database.db, admin, { acao: "atrasadas" }, now);
    expect(everyOverdue.rows.map((r) => r.id)).toEqual(
      expect.arrayContaining([anaOverdue, biaOverdue, nobodys]),
    );

    // An agent let go keeps showing while they still have leads due.
    await database.db.update(leads).set({ assigneeId: bia.id }).where(eq(leads.id, biaOverdue));
    await database.db.update(users).set({ active: false }).where(eq(users.id, bia.id));
    expect((await nextActionCounts(database.db, admin, now)).agents).toContainEqual({
      id: bia.id,
      name: "Bia em Dia (inativo)",
      overdue: 1,
      today: 0,
    });
  });
});
