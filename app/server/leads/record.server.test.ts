// One person, one thread: a new contact from the same phone (however it is written) or the same
// e-mail (any case) within 30 days joins the person's card; later, or from someone else, it makes
// a new one. Manual entry keeps corretor isolation. Real database (PGlite, or TEST_DATABASE_URL).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, insertUser } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { leadContacts, leadStatusChanges, leads, outbox, users } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { recordRedirect } from "../properties/referencia.server";
import { createLead } from "./capture.server";
import type { Actor } from "./inbox.server";
import { changeLeadStatus, getLead, listLeads } from "./inbox.server";
import { exportPersonData } from "./lgpd.server";
import { recordManualLead } from "./manual.server";
import { phoneKey } from "./person.server";
import { type IncomingLead, recordLead } from "./record.server";

let database: Database;
let admin: Actor;
let ana: Actor;
let bruno: Actor;
let listingId: number;

const DAY = 86_400_000;
const start = new Date("2026-03-01T12:00:00Z");
const at = (days: number) => new Date(start.getTime() + days * DAY);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
  ana = await createActor(database.db, "corretor");
  bruno = await createActor(database.db, "corretor");
  listingId = (await insertProperty(database.db, { referencia: "TH0001", corretorId: ana.id })).id;
  await insertUser(database.db, { role: "corretor" });
});

afterAll(async () => {
  await database?.close();
});

function portalLead(overrides: Partial<IncomingLead> = {}): IncomingLead {
  return {
    name: "Pessoa do Portal",
    phone: null,
    email: null,
    message: "Tenho interesse.",
    origin: "vivareal",
    propertyId: null,
    assigneeId: null,
    ...overrides,
  };
}

async function contactsOf(leadId: number) {
  return database.db.select().from(leadContacts).where(eq(leadContacts.leadId, leadId));
}

describe("phoneKey", () => {
  it("reads a Brazilian number with or without +55, the trunk 0 or the ninth digit as one key", () => {
    const variants = [
      "(82) 99876-5432",
      "+55 82 99876-5432",
      "5582998765432",
      "082 99876 5432",
      "82 9876-5432",
      "+55 (82) 9876-5432",
    ];
    expect(new Set(variants.map(phoneKey))).toEqual(new Set(["8298765432"]));
  });

  it("keeps landlines, other area codes and numbers without a DDD apart", () => {
    expect(phoneKey("(82) 3333-4444")).toBe("8233334444");
    expect(phoneKey("(81) 99876-5432")).not.toBe(phoneKey("(82) 99876-5432"));
    expect(phoneKey("99876-5432")).toBeNull();
    expect(phoneKey("")).toBeNull();
  });
});

describe("recordLead threads", () => {
  it("a form lead and a portal lead of the same phone, written differently, make one card with both sources", async () => {
    const form = await createLead(database.db, {
      propertyId: listingId,
      form: { name: "Maria Souza", phone: "+55 82 99876-5432", message: "Quero visitar.", consent: "on" },
      now: at(0),
    });
    expect(form.status).toBe("created");
    if (form.status !== "created") return;
    const portal = await recordLead(
      database.db,
      portalLead({ name: "Maria S.", phone: "(82) 9876-5432", email: "maria@exemplo.com.br", now: at(3) }),
    );
    expect(portal).toMatchObject({ status: "created", leadId: form.leadId, joined: true });
    const contacts = await contactsOf(form.leadId);
    expect(contacts.map((c) => c.origin).sort()).toEqual(["formulario_imovel", "vivareal"]);
    // The card keeps the name it had and learns the e-mail it lacked.
    const [card] = await database.db.select().from(leads).where(eq(leads.id, form.leadId));
    expect(card).toMatchObject({ name: "Maria Souza", email: "maria@exemplo.com.br", lastContactAt: at(3) });
    // The inbox shows one card with every source; the lead page, every message.
    const inbox = await listLeads(database.db, admin, { origem: "vivareal" });
    const row = inbox.rows.find((r) => r.id === form.leadId);
    expect(row?.origins.sort()).toEqual(["formulario_imovel", "vivareal"]);
    expect(row?.contactCount).toBe(2);
    const detail = await getLead(database.db, admin, form.leadId);
    expect(detail?.contacts.map((c) => c.message)).toEqual(["Tenho interesse.", "Quero visitar."]);
    // Each contact sends its lead e-mails (the second is not skipped as "already sent").
    // An LGPD request finds the card by the phone written either way, with its whole history.
    const data = await exportPersonData(database.db, "82 9876 5432");
    expect(data.leads.find((l) => l.id === form.leadId)?.contacts.map((c) => c.origin)).toEqual([
      "formulario_imovel",
      "vivareal",
    ]);
    const mails = await database.db.select().from(outbox);
    const forLead = mails.filter((m) => (m.payload as { leadId: number }).leadId === form.leadId);
    expect(new Set(forLead.map((m) => (m.payload as { contactId?: number }).contactId)).size).toBe(2);
  });

  it("the same e-mail in another case joins; 30 days after the last contact still joins, 31 makes a new card", async () => {
    const first = await recordLead(
      database.db,
      portalLead({ email: "Joao.Lima@Exemplo.com.br", now: at(0) }),
    );
    const second = await recordLead(
      database.db,
      portalLead({ email: "joao.lima@exemplo.COM.BR", origin: "zap", now: at(20) }),
    );
    expect(second).toMatchObject({ status: "created", joined: true });
    if (first.status !== "created" || second.status !== "created") return;
    expect(second.leadId).toBe(first.leadId);
    // 30 days after the last contact (day 20), not the first.
    const third = await recordLead(
      database.db,
      portalLead({ email: "joao.lima@exemplo.com.br", now: at(50) }),
    );
    expect(third).toMatchObject({ status: "created", leadId: first.leadId, joined: true });
    const later = await recordLead(
      database.db,
      portalLead({ email: "joao.lima@exemplo.com.br", now: at(81) }),
    );
    expect(later).toMatchObject({ status: "created", joined: false });
    if (later.status === "created") expect(later.leadId).not.toBe(first.leadId);
  });

  it("someone else (another phone, another e-mail) gets their own card", async () => {
    const a = await recordLead(database.db, portalLead({ phone: "(82) 98111-0001", now: at(0) }));
    const b = await recordLead(database.db, portalLead({ phone: "(82) 98111-0002", now: at(0) }));
    if (a.status !== "created" || b.status !== "created") throw new Error("não criados");
    expect(a.leadId).not.toBe(b.leadId);
  });

  it("the same external id twice is one contact", async () => {
    const lead = portalLead({
      phone: "(82) 98222-0001",
      external: { source: "grupozap", id: "abc-1" },
      now: at(0),
    });
    const first = await recordLead(database.db, lead);
    const again = await recordLead(database.db, lead);
    expect(first.status).toBe("created");
    expect(again.status).toBe("duplicate");
    if (first.status === "created") expect(await contactsOf(first.leadId)).toHaveLength(1);
  });
});

describe("a deactivated agent (roleta off)", () => {
  it("gets no new card: a listing's corretor given to recordLead is taken only while active", async () => {
    const gone = await insertUser(database.db, { role: "corretor", active: false });
    const result = await recordLead(
      database.db,
      portalLead({ phone: "(82) 98444-0001", assigneeId: gone.id, now: at(0) }),
    );
    if (result.status !== "created") throw new Error("não criado");
    const [card] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(card).toMatchObject({ assigneeId: null, assignedAt: null });
  });

  it("loses the card a new contact joins: it goes as a new card would (here to nobody, for the admins)", async () => {
    const leaving = await insertUser(database.db, { role: "corretor" });
    const first = await recordLead(
      database.db,
      portalLead({ phone: "(82) 98444-0002", assigneeId: leaving.id, now: at(0) }),
    );
    if (first.status !== "created") throw new Error("não criado");
    await database.db.update(users).set({ active: false }).where(eq(users.id, leaving.id));
    const again = await recordLead(
      database.db,
      portalLead({ phone: "82 98444 0002", message: "Ainda tenho interesse.", now: at(2) }),
    );
    expect(again).toMatchObject({ status: "created", leadId: first.leadId, joined: true });
    const detail = await getLead(database.db, admin, first.leadId);
    expect(detail?.lead).toMatchObject({ assigneeId: null, assigneeName: null });
    // The person's history stays on the card.
    expect(detail?.contacts.map((c) => c.message)).toEqual(["Ainda tenho interesse.", "Tenho interesse."]);
  });

  it("loses the card to the active corretor of the listing the new contact is about", async () => {
    const leaving = await insertUser(database.db, { role: "corretor" });
    const first = await recordLead(
      database.db,
      portalLead({ phone: "(82) 98444-0003", assigneeId: leaving.id, now: at(0) }),
    );
    if (first.status !== "created") throw new Error("não criado");
    await database.db.update(users).set({ active: false }).where(eq(users.id, leaving.id));
    const form = await createLead(database.db, {
      propertyId: listingId,
      form: { name: "Pessoa", phone: "(82) 98444-0003", message: "Quero ver.", consent: "on" },
      now: at(1),
    });
    expect(form).toMatchObject({ status: "created", leadId: first.leadId });
    const [card] = await database.db.select().from(leads).where(eq(leads.id, first.leadId));
    expect(card).toMatchObject({ assigneeId: ana.id, assignedAt: at(1) });
  });
});

describe("a closed card the person comes back to", () => {
  it("is open again, with a next action due now and the response clock from this contact", async () => {
    const first = await recordLead(
      database.db,
      portalLead({ phone: "(82) 98555-0001", assigneeId: ana.id, now: at(0) }),
    );
    if (first.status !== "created") throw new Error("não criado");
    expect(await changeLeadStatus(database.db, ana, first.leadId, "em_atendimento", at(0))).toBe(true);
    expect(await changeLeadStatus(database.db, ana, first.leadId, "perdido", at(1))).toBe(true);
    const again = await recordLead(
      database.db,
      portalLead({ phone: "82 98555 0001", origin: "zap", message: "Voltei a procurar.", now: at(3) }),
    );
    expect(again).toMatchObject({ status: "created", leadId: first.leadId, joined: true });
    const detail = await getLead(database.db, ana, first.leadId);
    expect(detail?.lead).toMatchObject({
      status: "novo",
      assigneeId: ana.id,
      nextAction: "Retomar o contato",
      nextActionDate: "2026-03-04",
      assignedAt: at(3),
      firstResponseAt: null,
    });
    expect(detail?.lead.nextActionTime?.slice(0, 5)).toBe("09:00");
    // Its history: both contacts, and the way back in the pipeline.
    expect(detail?.contacts.map((c) => c.message)).toEqual(["Voltei a procurar.", "Tenho interesse."]);
    const changes = await database.db
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, first.leadId))
      .orderBy(leadStatusChanges.id);
    expect(changes.map((c) => [c.fromStatus, c.toStatus, c.userId])).toEqual([
      ["novo", "em_atendimento", ana.id],
      ["em_atendimento", "perdido", ana.id],
      ["perdido", "novo", null],
    ]);
    expect(changes[2]?.at).toEqual(at(3));
  });

  it("a call an agent records on a closed card reopens it as answered, for them to choose the next step", async () => {
    const first = await recordManualLead(
      database.db,
      ana,
      { name: "Gil Torres", phone: "(82) 98555-0002", interesse: "", como: "telefone" },
      at(0),
    );
    if (!first.ok) throw new Error("não registrado");
    expect(await changeLeadStatus(database.db, ana, first.leadId, "fechado", at(1))).toBe(true);
    const again = await recordManualLead(
      database.db,
      ana,
      { name: "Gil", phone: "82985550002", interesse: "Quer vender o apartamento", como: "telefone" },
      at(2),
    );
    expect(again).toMatchObject({ ok: true, leadId: first.leadId, joined: true });
    const detail = await getLead(database.db, ana, first.leadId);
    expect(detail?.lead).toMatchObject({
      status: "novo",
      nextAction: "Definir a próxima ação",
      firstResponseAt: at(2),
    });
  });
});

describe("manual entry", () => {
  it("records a call as the agent's own lead, with no e-mail to them", async () => {
    const before = (await database.db.select().from(outbox)).length;
    const result = await recordManualLead(
      database.db,
      bruno,
      {
        name: "Carla Dias",
        phone: "82 98333-0001",
        interesse: "Casa com quintal no Farol",
        como: "telefone",
      },
      at(0),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [card] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(card).toMatchObject({ assigneeId: bruno.id, origin: "telefone", phone: "(82) 98333-0001" });
    expect(await contactsOf(result.leadId)).toMatchObject([
      { recordedById: bruno.id, message: "Casa com quintal no Farol" },
    ]);
    expect((await database.db.select().from(outbox)).length).toBe(before);
  });

  it("a referência as the interest links the listing; a visit is recorded as such", async () => {
    const result = await recordManualLead(
      database.db,
      ana,
      { name: "Davi Rocha", phone: "(82) 98333-0002", interesse: "th0001", como: "visita" },
      at(0),
    );
    if (!result.ok) throw new Error("não registrado");
    expect(await contactsOf(result.leadId)).toMatchObject([{ origin: "visita", propertyId: listingId }]);
  });

  it("a listing's former referência links the listing it was renamed to", async () => {
    const renamed = await insertProperty(database.db, { referencia: "TH0102", corretorId: ana.id });
    await database.db.transaction((tx) => recordRedirect(tx, "TH0002", renamed.id));
    const result = await recordManualLead(
      database.db,
      ana,
      { name: "Helena Dias", phone: "(82) 98333-0009", interesse: "th0002", como: "telefone" },
      at(0),
    );
    if (!result.ok) throw new Error("não registrado");
    expect(await contactsOf(result.leadId)).toMatchObject([{ propertyId: renamed.id }]);
    const [card] = await database.db.select().from(leads).where(eq(leads.id, result.leadId));
    expect(card?.propertyId).toBe(renamed.id);
  });

  it("never joins, nor reveals, another corretor's card: it makes the agent's own", async () => {
    const anas = await recordManualLead(
      database.db,
      ana,
      { name: "Elisa Prado", phone: "(82) 98333-0003", interesse: "", como: "telefone" },
      at(0),
    );
    const brunos = await recordManualLead(
      database.db,
      bruno,
      { name: "Elisa", phone: "+55 82 98333-0003", interesse: "Apartamento", como: "visita" },
      at(1),
    );
    if (!anas.ok || !brunos.ok) throw new Error("não registrados");
    expect(brunos.leadId).not.toBe(anas.leadId);
    expect(brunos.joined).toBe(false);
    expect((await listLeads(database.db, bruno, {})).rows.map((r) => r.id)).not.toContain(anas.leadId);
    // An admin sees every card: their entry joins the person's most recent one.
    const admins = await recordManualLead(
      database.db,
      admin,
      { name: "Elisa", phone: "82983330003", interesse: "", como: "telefone" },
      at(2),
    );
    expect(admins).toMatchObject({ ok: true, leadId: brunos.leadId, joined: true });
  });

  it("answers a Portuguese message at each bad field", async () => {
    const result = await recordManualLead(database.db, ana, {
      name: "",
      phone: "123",
      interesse: "",
      como: "x",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: "Informe o nome.", phone: "Informe o telefone com DDD, ex.: (82) 99999-9999." },
    });
  });
});
