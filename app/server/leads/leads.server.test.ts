// Capture (/sobre-nos form), the inbox's visibility rules, CSV safety and
// LGPD export/erase, against a real migrated database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  insertAgency,
  insertLead,
  insertProperty,
  insertUser,
  TEST_AGENCY,
} from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import {
  auditLog,
  leadNotes,
  leadStatusChanges,
  leads,
  outbox,
  rentalBookings,
  visits,
} from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { ERASED_GUEST } from "../rentals/lgpd.server";
import { enqueueVisitEmails, VISIT_EMAIL_KIND } from "../visits/visit-emails.server";
import { submitLeadForm } from "./capture.server";
import { csvCell, leadsCsv, toCsv } from "./csv.server";
import { addLeadNote, assignLead, changeLeadStatus, getLead, listLeads } from "./inbox.server";
import { buildLeadEmail } from "./lead-emails.server";
import { countPersonRecords, erasePersonData, exportPersonData } from "./lgpd.server";

let database: Database;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const VALID = {
  name: "Joana Prado",
  phone: "82 98888-7777",
  email: "joana@exemplo.com.br",
  message: "Olá",
  consent: "on",
};

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
});
afterAll(async () => {
  await database.close();
});

describe("contact form (/sobre-nos)", () => {
  it("stores the lead with origin and consent, and queues the agency's e-mail in the same transaction", async () => {
    const result = await submitLeadForm(database.db, form(VALID), "contato");
    expect(result).toEqual({ status: 200, body: { ok: true } });
    const [lead] = await database.db.select().from(leads).where(eq(leads.email, VALID.email));
    expect(lead).toMatchObject({
      origin: "formulario_contato",
      phone: "(82) 98888-7777",
      consentVersion: expect.any(String),
    });
    expect(lead?.consentAt).toBeInstanceOf(Date);
    const queued = await database.db.select().from(outbox);
    expect(queued.some((r) => r.payload.leadId === lead?.id && r.payload.to === TEST_AGENCY.email)).toBe(
      true,
    );
  });

  it("answers 400 with field messages and stores nothing", async () => {
    const before = (await database.db.select().from(leads)).length;
    const result = await submitLeadForm(
      database.db,
      form({ name: "J", email: "nao-e-email", message: "x".repeat(2001) }),
      "contato",
    );
    expect(result.status).toBe(400);
    expect(result.body.ok).toBe(false);
    const errors = result.body.ok ? {} : (result.body.fieldErrors ?? {});
    expect(errors.name).toBe("Informe seu nome.");
    expect(errors.email).toMatch(/e-mail válido/);
    expect(errors.message).toMatch(/2.000/);
    expect(errors.consent).toMatch(/autorize/);
    expect((await database.db.select().from(leads)).length).toBe(before);
  });

  it("drops honeypot submissions silently", async () => {
    const before = (await database.db.select().from(leads)).length;
    const result = await submitLeadForm(database.db, form({ ...VALID, website: "http://spam" }), "contato");
    expect(result.status).toBe(200);
    expect((await database.db.select().from(leads)).length).toBe(before);
  });
});

describe("inbox", () => {
  it("a corretor sees only their own leads; an admin sees all", async () => {
    const admin = await insertUser(database.db, { role: "admin" });
    const ana = await insertUser(database.db);
    const bia = await insertUser(database.db);
    const listing = await insertProperty(database.db, { corretorId: ana.id });
    const mine = await insertLead(database.db, {
      propertyId: listing.id,
      assigneeId: ana.id,
      name: "Lead da Ana",
    });
    const hers = await insertLead(database.db, { assigneeId: bia.id, name: "Lead da Bia" });
    const anaList = await listLeads(database.db, ana, {});
    expect(anaList.rows.map((r) => r.id)).toEqual([mine.id]);
    expect(await getLead(database.db, ana, hers.id)).toBeNull();
    expect(await changeLeadStatus(database.db, ana, hers.id, "perdido")).toBe(false);
    const all = await listLeads(database.db, admin, { corretor: bia.id });
    expect(all.rows.map((r) => r.id)).toEqual([hers.id]);

    expect(await changeLeadStatus(database.db, ana, mine.id, "visita_agendada")).toBe(true);
    expect(await addLeadNote(database.db, ana, mine.id, "Visita sábado às 10h")).toBe(true);
    const detail = await getLead(database.db, ana, mine.id);
    expect(detail?.lead.status).toBe("visita_agendada");
    expect(detail?.notes.map((n) => n.body)).toEqual(["Visita sábado às 10h"]);
    expect((await listLeads(database.db, ana, { status: "novo" })).total).toBe(0);

    expect(await assignLead(database.db, admin, mine.id, bia.id)).toBe("ok");
    expect(await getLead(database.db, ana, mine.id)).toBeNull();
    expect(await assignLead(database.db, admin, mine.id, 999_999)).toBe("invalid-agent");
  });
});

describe("first response and the pipeline's history", () => {
  it("the first status change or note stops the clock once; every move is kept in order", async () => {
    const admin = await insertUser(database.db, { role: "admin" });
    const ana = await insertUser(database.db);
    const bia = await insertUser(database.db);
    const lead = await insertLead(database.db, { name: "Cliente do relógio" });
    const row = async () => {
      const [found] = await database.db.select().from(leads).where(eq(leads.id, lead.id));
      return found;
    };
    expect((await row())?.assignedAt).toBeNull();

    expect(await assignLead(database.db, admin, lead.id, ana.id)).toBe("ok");
    const assigned = await row();
    expect(assigned?.assignedAt).toBeInstanceOf(Date);
    expect(assigned?.firstResponseAt).toBeNull();

    expect(await addLeadNote(database.db, ana, lead.id, "Liguei, caixa postal")).toBe(true);
    const answered = await row();
    expect(answered?.firstResponseAt).toBeInstanceOf(Date);
    expect(answered?.firstResponseById).toBe(ana.id);

    // Later actions, by anyone, leave the first response where it was.
    expect(await changeLeadStatus(database.db, admin, lead.id, "em_atendimento")).toBe(true);
    expect(await changeLeadStatus(database.db, ana, lead.id, "visita_agendada")).toBe(true);
    const after = await row();
    expect(after?.firstResponseAt?.getTime()).toBe(answered?.firstResponseAt?.getTime());
    expect(after?.firstResponseById).toBe(ana.id);

    const history = await database.db
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, lead.id))
      .orderBy(leadStatusChanges.id);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.userId])).toEqual([
      ["novo", "em_atendimento", admin.id],
      ["em_atendimento", "visita_agendada", ana.id],
    ]);

    // A new assignee's clock starts again; taking it away stops the clock's start.
    expect(await assignLead(database.db, admin, lead.id, bia.id)).toBe("ok");
    expect((await row())?.assignedAt?.getTime()).toBeGreaterThanOrEqual(assigned?.assignedAt?.getTime() ?? 0);
    expect(await assignLead(database.db, admin, lead.id, null)).toBe("ok");
    expect((await row())?.assignedAt).toBeNull();
  });
});

describe("CSV export", () => {
  it("neutralises spreadsheet formulas and quotes separators", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("+5511")).toBe("'+5511");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell("linha\nnova")).toBe('"linha\nnova"');
    expect(csvCell(null)).toBe("");
    expect(toCsv([["a"]]).startsWith("\uFEFF")).toBe(true);
  });

  it("exports leads with a BOM and no live formula", async () => {
    const lead = await insertLead(database.db, { name: "=cmd|' /C calc'!A0", message: "@SUM(1+1)" });
    const admin = await insertUser(database.db, { role: "admin" });
    const { rows } = await listLeads(database.db, admin, {});
    const csv = leadsCsv(rows.filter((r) => r.id === lead.id));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split("\r\n")[1] ?? "";
    expect(line).toContain("'=cmd|' /C calc'!A0");
    expect(line).toContain("'@SUM(1+1)");
    expect(line.split(";").every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);
  });

  it("has the next action and when it is due, as the inbox shows them", async () => {
    const lead = await insertLead(database.db, { name: "Rita Próxima" });
    await database.db
      .update(leads)
      .set({ nextAction: "Ligar para marcar visita", nextActionDate: "2026-12-03", nextActionTime: "14:30" })
      .where(eq(leads.id, lead.id));
    const admin = await insertUser(database.db, { role: "admin" });
    const { rows } = await listLeads(database.db, admin, {});
    const [header, line] = leadsCsv(rows.filter((r) => r.id === lead.id)).split("\r\n");
    const cells = (text: string | undefined) => (text ?? "").replace("\uFEFF", "").split(";");
    const at = (name: string) => cells(line)[cells(header).indexOf(name)];
    expect(at("Próxima ação")).toBe("Ligar para marcar visita");
    expect(at("Prazo da próxima ação")).toBe("03/12/2026 14:30");
  });
});

describe("LGPD", () => {
  it("exports one person's leads and notes as JSON, then erases them with an audit entry", async () => {
    const admin = await insertUser(database.db, { role: "admin" });
    const a = await insertLead(database.db, { email: "Pessoa@Exemplo.com.br", phone: "(82) 97777-0000" });
    const b = await insertLead(database.db, { email: null, phone: "(82) 97777-0000" });
    const other = await insertLead(database.db, { email: "outra@exemplo.com.br", phone: "(82) 91111-2222" });
    await database.db.insert(leadNotes).values({ leadId: a.id, authorId: admin.id, body: "Ligou de manhã" });

    const byEmail = await exportPersonData(database.db, "pessoa@exemplo.com.br");
    expect(byEmail.leads.map((l) => l.id)).toEqual([a.id]);
    expect(byEmail.leads[0]?.notes.map((n) => n.body)).toEqual(["Ligou de manhã"]);
    const byPhone = await exportPersonData(database.db, "+55 82 97777-0000");
    expect(byPhone.leads.map((l) => l.id).sort()).toEqual([a.id, b.id].sort());
    expect(JSON.parse(JSON.stringify(byPhone)).leads[0].createdAt).toMatch(/^\d{4}-/);

    const result = await erasePersonData(
      database.db,
      { id: admin.id, role: "admin", ip: "203.0.113.1" },
      "82977770000",
    );
    expect(result.erased).toBe(2);
    expect((await countPersonRecords(database.db, "pessoa@exemplo.com.br")).leads).toBe(0);
    expect(await database.db.select().from(leadNotes).where(eq(leadNotes.leadId, a.id))).toHaveLength(0);
    expect(await database.db.select().from(leads).where(eq(leads.id, other.id))).toHaveLength(1);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "lgpd-erased"));
    expect(entry?.details).toMatchObject({ leadIds: expect.arrayContaining([a.id, b.id]) });
    expect(JSON.stringify(entry?.details)).not.toContain("97777");
  });
});

describe("LGPD: visits and temporada stays", () => {
  it("exports the person's visits and stays, erases the visits with their reminders and the guest from the stays", async () => {
    const { db } = database;
    const admin = await insertUser(db, { role: "admin" });
    const listing = await insertProperty(db, { referencia: "LG0001" });
    const lead = await insertLead(db, { email: "hospede@exemplo.com.br", phone: "(82) 96666-1234" });
    const visit = (values: Partial<typeof visits.$inferInsert>) =>
      db
        .insert(visits)
        .values({
          propertyId: listing.id,
          startsAt: new Date("2026-12-20T13:00:00.000Z"),
          endsAt: new Date("2026-12-20T13:45:00.000Z"),
          name: "Hóspede da LGPD",
          phone: "(82) 96666-1234",
          email: "outro.endereco@exemplo.com.br",
          linkKey: "chave",
          ...values,
        })
        .returning()
        .then((rows) => rows[0]!);
    // One on the lead (another e-mail), one by the phone alone, and someone else's at another time.
    const onLead = await visit({ leadId: lead.id });
    const byPhone = await visit({
      startsAt: new Date("2026-12-21T13:00:00.000Z"),
      endsAt: new Date("2026-12-21T13:45:00.000Z"),
    });
    const others = await visit({
      startsAt: new Date("2026-12-22T13:00:00.000Z"),
      endsAt: new Date("2026-12-22T13:45:00.000Z"),
      name: "Outra pessoa",
      phone: "(82) 93333-0000",
      email: "outra.pessoa@exemplo.com.br",
    });
    const now = new Date("2026-12-07T12:00:00.000Z");
    for (const v of [onLead, byPhone, others])
      await enqueueVisitEmails(db, v.id, "confirmacao", v.startsAt, now);
    const [stay] = await db
      .insert(rentalBookings)
      .values({
        propertyId: listing.id,
        leadId: lead.id,
        status: "confirmada",
        checkIn: "2027-01-10",
        checkOut: "2027-01-15",
        guests: 2,
        total: 4500,
        guestName: "Hóspede da LGPD",
        guestEmail: "hospede@exemplo.com.br",
      })
      .returning();

    const exported = await exportPersonData(db, "(82) 96666-1234");
    expect(exported.visitas.map((v) => [v.referencia, v.startsAt])).toEqual([
      ["LG0001", "2026-12-20T13:00:00.000Z"],
      ["LG0001", "2026-12-21T13:00:00.000Z"],
    ]);
    expect(exported.estadias).toEqual([
      expect.objectContaining({ referencia: "LG0001", checkIn: "2027-01-10", guestName: "Hóspede da LGPD" }),
    ]);
    expect(await countPersonRecords(db, "82966661234")).toEqual({ leads: 1, visitas: 2, estadias: 1 });

    const result = await erasePersonData(db, { id: admin.id, role: "admin" }, "82966661234");
    expect(result).toMatchObject({ erased: 1, visitas: 2, estadias: 1 });
    const left = await db.select({ id: visits.id }).from(visits);
    expect(left.map((v) => v.id)).toEqual([others.id]);
    // No reminder goes out to the erased person; the other visit's still do.
    const queued = await db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.kind, VISIT_EMAIL_KIND));
    const visitIds = new Set(queued.map((row) => (row.payload as { visitId: number }).visitId));
    expect([...visitIds]).toEqual([others.id]);
    // The stay keeps its nights and amount, without who the guest was.
    const [kept] = await db.select().from(rentalBookings).where(eq(rentalBookings.id, stay!.id));
    expect(kept).toMatchObject({
      guestName: ERASED_GUEST,
      guestEmail: null,
      total: 4500,
      status: "confirmada",
    });
    expect(await countPersonRecords(db, "82966661234")).toEqual({ leads: 0, visitas: 0, estadias: 0 });
  });
});

describe("lead e-mail", () => {
  it("keeps CR/LF out of the subject and links to the lead", () => {
    const mail = buildLeadEmail(
      {
        id: 42,
        name: "Eva\r\nBcc: vitima@exemplo.com",
        phone: null,
        email: "eva@exemplo.com.br",
        message: "Oi",
        origin: "formulario_contato",
        createdAt: new Date("2026-11-22T12:00:00Z"),
        referencia: null,
        titulo: null,
      },
      "https://site.teste/",
      "agencia",
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain("Novo contato: Eva Bcc");
    expect(mail.text).toContain("https://site.teste/admin/leads/42");
  });
});
