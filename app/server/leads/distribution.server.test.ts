// The roleta against a real database (PGlite, or PostgreSQL with TEST_ENGINE=postgres): who gets a
// new lead (round-robin, filters, captador first, nobody), and the sweep that moves a lead nobody
// answered in time, driven by a clock the test sets (no sleeps), also by two instances at once.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createActor, insertAgency, insertProperty } from "../../../tests/support/factories";
import { DEFAULT_DISTRIBUTION_RULES, type DistributionRules } from "../../lib/lead-distribution";
import { DEFAULT_VISIT_SCHEDULE } from "../../lib/visit-slots";
import type { Database, Db } from "../db/client.server";
import { auditLog, leadDistributionMembers, leads, outbox, users } from "../db/schema.server";
import { createTestDatabases } from "../db/test-database.server";
import type { MailTransport } from "../mail/mailer.server";
import { startTestSmtp, type TestSmtp, testMailTransport } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import { openStream } from "../realtime/test-stream.server";
import { saveSchedule } from "../visits/schedule.server";
import { getDistributionRules, readResponseDue, saveDistribution } from "./distribution.server";
import {
  LEAD_DISTRIBUTION_EMAIL_KIND,
  type LeadDistributionEmailPayload,
  leadDistributionEmailHandler,
} from "./distribution-emails.server";
import { type Actor, addLeadNote, getLead } from "./inbox.server";
import { reassignOverdueLeads } from "./reassign.server";
import { type IncomingLead, recordLead } from "./record.server";

let first: Database;
let second: Database;
let db: Db;
let admin: Actor;

/** Maceió local time (UTC−3). 2026-03-02 is a Monday. */
const local = (text: string) => new Date(`${text}:00-03:00`);
const MONDAY_9 = local("2026-03-02T09:00");
const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

beforeAll(async () => {
  [first, second] = (await createTestDatabases(2)) as [Database, Database];
  db = first.db;
  await insertAgency(db, { email: "contato@agencia-roleta.com.br" });
  admin = await createActor(db, "admin");
});

afterAll(async () => {
  await first.close();
  await second.close();
});

let people = 0;
function lead(overrides: Partial<IncomingLead> = {}): IncomingLead {
  people += 1;
  return {
    name: `Pessoa ${people}`,
    phone: `(82) 98${String(people).padStart(3, "0")}-0000`,
    email: null,
    message: "Tenho interesse.",
    origin: "vivareal",
    propertyId: null,
    assigneeId: null,
    // A second apart: the round-robin orders by when each agent last got a lead.
    now: new Date(MONDAY_9.getTime() + people * 1000),
    ...overrides,
  };
}

/** A team of its own for each test: every corretor from before is deactivated, every lead closed. */
async function team(count: number): Promise<Actor[]> {
  await db.update(users).set({ active: false }).where(eq(users.role, "corretor"));
  await db.update(leads).set({ status: "perdido" });
  const agents: Actor[] = [];
  for (let i = 0; i < count; i++) agents.push(await createActor(db, "corretor"));
  return agents;
}

async function rules(
  overrides: Partial<DistributionRules> = {},
  members: Parameters<typeof saveDistribution>[3] = [],
) {
  await saveDistribution(
    db,
    admin,
    { ...DEFAULT_DISTRIBUTION_RULES, enabled: true, ...overrides },
    members,
    MONDAY_9,
  );
}

async function assigneeOf(leadId: number) {
  const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
  return row?.assigneeId ?? null;
}

async function record(input: IncomingLead): Promise<number> {
  const result = await recordLead(db, input);
  if (result.status !== "created") throw new Error("lead não criado");
  return result.leadId;
}

async function auditOf(leadId: number) {
  return db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "lead"), eq(auditLog.entityId, String(leadId))))
    .orderBy(auditLog.id);
}

async function noticesOf(leadId: number) {
  const rows = await db.select().from(outbox).where(eq(outbox.kind, LEAD_DISTRIBUTION_EMAIL_KIND));
  return rows
    .map((row) => row.payload as unknown as LeadDistributionEmailPayload)
    .filter((payload) => payload.leadId === leadId);
}

beforeEach(async () => {
  await saveDistribution(db, admin, DEFAULT_DISTRIBUTION_RULES, [], MONDAY_9);
});

describe("rules", () => {
  it("default to off, captador first, 2 h in Mon–Fri 08–18 and Sat 08–12 business hours", async () => {
    const saved = await getDistributionRules(db);
    expect(saved).toEqual(DEFAULT_DISTRIBUTION_RULES);
    expect(saved.responseLimitMinutes).toBe(120);
    expect(saved.businessHours[0]).toBeNull();
    expect(saved.businessHours[6]).toEqual([480, 720]);
  });
});

describe("assignment on arrival", () => {
  it("with the roleta off, a listing's lead goes to its corretor as before, and none else does", async () => {
    const [ana] = await team(2);
    const listing = await insertProperty(db, { corretorId: ana?.id });
    expect(
      await assigneeOf(await record(lead({ propertyId: listing.id, assigneeId: ana?.id ?? null }))),
    ).toBe(ana?.id);
    expect(await assigneeOf(await record(lead()))).toBeNull();
  });

  it("round-robin: whoever least recently got a lead goes next; admins, inactive agents and those out of the roleta never", async () => {
    const [ana, bruno, carla, fora] = await team(4);
    await createActor(db, "corretor", { active: false });
    await rules({}, [{ userId: fora?.id ?? 0, takesPart: false, finalidades: [], cities: [] }]);
    const got: (number | null)[] = [];
    for (let i = 0; i < 6; i++)
      got.push(await assigneeOf(await record(lead({ now: minutesAfter(MONDAY_9, i) }))));
    const turn = [ana?.id, bruno?.id, carla?.id];
    expect(got).toEqual([...turn, ...turn]);
    // Each choice is audited with its reason.
    const leadId = await record(lead({ now: minutesAfter(MONDAY_9, 10) }));
    expect(await auditOf(leadId)).toEqual([
      { action: "lead-auto-assigned", details: { to: ana?.id, reason: "roleta" } },
    ]);
  });

  it("by finalidade and by city: only agents covering the listing (or covering all) take part; city ignores accents and case", async () => {
    const [aluguel, maceio, todos] = await team(3);
    await rules({ byFinalidade: true, byCity: true, captadorFirst: false }, [
      { userId: aluguel?.id ?? 0, takesPart: true, finalidades: ["aluguel"], cities: [] },
      { userId: maceio?.id ?? 0, takesPart: true, finalidades: [], cities: ["MACEIO"] },
      {
        userId: todos?.id ?? 0,
        takesPart: true,
        finalidades: ["venda", "aluguel"],
        cities: ["Maceió", "Maragogi"],
      },
    ]);
    const paraAlugar = await insertProperty(db, { finalidades: ["aluguel"], cidade: "Maragogi" });
    const paraVender = await insertProperty(db, { finalidades: ["venda"], cidade: "Maceió" });
    const temporada = await insertProperty(db, { finalidades: ["temporada"], cidade: "Penedo" });
    const a = [];
    for (let i = 0; i < 2; i++) a.push(await assigneeOf(await record(lead({ propertyId: paraAlugar.id }))));
    expect(a).toEqual([aluguel?.id, todos?.id]);
    const v = [];
    for (let i = 0; i < 2; i++) v.push(await assigneeOf(await record(lead({ propertyId: paraVender.id }))));
    expect(v).toEqual([maceio?.id, todos?.id]);
    // Nobody covers temporada in Penedo: no agent, admins told.
    expect(await assigneeOf(await record(lead({ propertyId: temporada.id })))).toBeNull();
    // A lead about no listing is anyone's.
    expect(await assigneeOf(await record(lead()))).not.toBeNull();
  });

  it("captador first: the listing's corretor gets its leads while they take part; out of the roleta, the round-robin decides", async () => {
    const [captador, outra] = await team(2);
    const listing = await insertProperty(db, { corretorId: captador?.id });
    await rules({ captadorFirst: true });
    for (let i = 0; i < 2; i++) {
      const leadId = await record(lead({ propertyId: listing.id, assigneeId: captador?.id ?? null }));
      expect(await assigneeOf(leadId)).toBe(captador?.id);
      expect((await auditOf(leadId))[0]?.details).toEqual({ to: captador?.id, reason: "captador" });
    }
    await rules({ captadorFirst: true }, [
      { userId: captador?.id ?? 0, takesPart: false, finalidades: [], cities: [] },
    ]);
    expect(await assigneeOf(await record(lead({ propertyId: listing.id })))).toBe(outra?.id);
  });

  it("nobody eligible: the lead waits unassigned, audited, every admin is e-mailed, and the admin inbox has it; the sweep hands it on once someone takes part", async () => {
    const [ana] = await team(1);
    await rules({}, [{ userId: ana?.id ?? 0, takesPart: false, finalidades: [], cities: [] }]);
    const leadId = await record(lead());
    expect(await assigneeOf(leadId)).toBeNull();
    expect((await auditOf(leadId)).map((a) => a.action)).toEqual(["lead-unassigned"]);
    const notices = await noticesOf(leadId);
    expect(notices.map((n) => [n.recipient, n.notice])).toContainEqual(["admin", "sem-corretor"]);
    expect(notices.every((n) => n.recipient === "admin")).toBe(true);
    expect(await getLead(db, admin, leadId)).not.toBeNull();

    await rules({}, [{ userId: ana?.id ?? 0, takesPart: true, finalidades: [], cities: [] }]);
    const swept = await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 5));
    expect(swept.assigned).toBeGreaterThanOrEqual(1);
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    expect((await noticesOf(leadId)).map((n) => [n.recipient, n.notice])).toContainEqual([
      "corretor",
      "atribuido",
    ]);
  });

  it("a second contact of the same person joins the card and keeps its assignee", async () => {
    await team(3);
    await rules();
    const person = lead();
    const leadId = await record(person);
    const owner = await assigneeOf(leadId);
    const again = await recordLead(db, { ...person, now: minutesAfter(MONDAY_9, 30), message: "De novo." });
    expect(again).toMatchObject({ status: "created", leadId, joined: true });
    expect(await assigneeOf(leadId)).toBe(owner);
  });
});

describe("reassignment when nobody answers", () => {
  it("moves the lead after 2 business hours to the next agent (never the same), audited, live and e-mailed; the old agent no longer sees it", async () => {
    const [ana, bruno] = await team(2);
    await rules();
    const leadId = await record(lead({ now: MONDAY_9 }));
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    const streams = [openStream(second, ana as Actor), openStream(second, bruno as Actor)];
    await Promise.all(streams.map((s) => s.until(/conectado/)));

    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 119))).toMatchObject({ reassigned: 0 });
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 120))).toMatchObject({ reassigned: 1 });
    expect(await assigneeOf(leadId)).toBe(bruno?.id);

    const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(row?.assignedAt).toEqual(minutesAfter(MONDAY_9, 120));
    expect((await auditOf(leadId)).at(-1)).toEqual({
      action: "lead-auto-assigned",
      details: { from: ana?.id, to: bruno?.id, reason: "sem-resposta", limitMinutes: 120 },
    });
    const notices = (await noticesOf(leadId)).map((n) => [n.recipient, n.notice, n.to]);
    const brunoEmail = (
      await db
        .select()
        .from(users)
        .where(eq(users.id, bruno?.id ?? 0))
    )[0]?.email;
    expect(notices).toContainEqual(["corretor", "reatribuido", brunoEmail]);
    expect(notices.some(([recipient, notice]) => recipient === "admin" && notice === "reatribuido")).toBe(
      true,
    );
    for (const stream of streams) {
      expect((await stream.untilEvents(1)).map((e) => `${e.type} ${e.id}`)).toEqual([
        `lead-updated ${leadId}`,
      ]);
      stream.close();
    }
    expect(await getLead(db, ana as Actor, leadId)).toBeNull();
    expect(await getLead(db, bruno as Actor, leadId)).not.toBeNull();

    // Bruno's own two hours start at the reassignment: at 3 h 59 he still has it, then it goes back to Ana.
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 239))).toMatchObject({ reassigned: 0 });
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 240))).toMatchObject({ reassigned: 1 });
    expect(await assigneeOf(leadId)).toBe(ana?.id);
  });

  it("counts business time only: a Friday 17:30 lead is overdue on Saturday at 09:30, not at 09:29", async () => {
    const [ana, bruno] = await team(2);
    await rules();
    const friday = local("2026-03-06T17:30");
    const leadId = await record(lead({ now: friday }));
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    expect(await reassignOverdueLeads(db, local("2026-03-06T23:00"))).toMatchObject({ reassigned: 0 });
    expect(await reassignOverdueLeads(db, local("2026-03-07T09:29"))).toMatchObject({ reassigned: 0 });
    expect(await reassignOverdueLeads(db, local("2026-03-07T09:30"))).toMatchObject({ reassigned: 1 });
    expect(await assigneeOf(leadId)).toBe(bruno?.id);
  });

  it("the agency's holidays (its blocked visit dates) stop the clock: a Thursday 17:30 lead before Sexta-feira Santa waits for Saturday", async () => {
    const [ana, bruno] = await team(2);
    await rules();
    await saveSchedule(db, admin.id, null, { ...DEFAULT_VISIT_SCHEDULE, blockedDates: ["2026-04-03"] });
    try {
      const leadId = await record(lead({ now: local("2026-04-02T17:30") }));
      expect(await assigneeOf(leadId)).toBe(ana?.id);
      // What the inbox and the card show as the limit.
      const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
      expect((await readResponseDue(db))(row!)).toEqual(local("2026-04-04T09:30"));
      expect(await reassignOverdueLeads(db, local("2026-04-03T12:00"))).toMatchObject({ reassigned: 0 });
      expect(await reassignOverdueLeads(db, local("2026-04-04T09:29"))).toMatchObject({ reassigned: 0 });
      expect(await reassignOverdueLeads(db, local("2026-04-04T09:30"))).toMatchObject({ reassigned: 1 });
      expect(await assigneeOf(leadId)).toBe(bruno?.id);
    } finally {
      await saveSchedule(db, admin.id, null, DEFAULT_VISIT_SCHEDULE);
    }
  });

  it("an answer (a note) in time stops the clock: the lead stays", async () => {
    const [ana] = await team(2);
    await rules();
    const leadId = await record(lead({ now: MONDAY_9 }));
    expect(await addLeadNote(db, ana as Actor, leadId, "Liguei, volta amanhã.")).toBe(true);
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 600))).toMatchObject({ reassigned: 0 });
    expect(await assigneeOf(leadId)).toBe(ana?.id);
  });

  it("with the roleta off nothing moves", async () => {
    const [ana] = await team(2);
    const listing = await insertProperty(db, { corretorId: ana?.id });
    const leadId = await record(lead({ propertyId: listing.id, assigneeId: ana?.id ?? null }));
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 6000))).toEqual({
      reassigned: 0,
      assigned: 0,
      alerted: 0,
    });
    expect(await assigneeOf(leadId)).toBe(ana?.id);
  });

  it("nobody else eligible: the lead stays and the admins are told once, however many sweeps", async () => {
    const [ana] = await team(1);
    await rules();
    const leadId = await record(lead({ now: MONDAY_9 }));
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 130))).toMatchObject({ alerted: 1 });
    expect(await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 140))).toMatchObject({ alerted: 0 });
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    expect((await noticesOf(leadId)).filter((n) => n.notice === "atrasado").length).toBe(
      (
        await db
          .select()
          .from(users)
          .where(and(eq(users.role, "admin"), eq(users.active, true)))
      ).length,
    );
  });

  it("two instances sweeping at once move each overdue lead once", async () => {
    const agents = await team(3);
    await rules();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await record(lead({ now: minutesAfter(MONDAY_9, i) })));
    const before = new Map(await Promise.all(ids.map(async (id) => [id, await assigneeOf(id)] as const)));
    const at = minutesAfter(MONDAY_9, 200);
    const [a, b] = await Promise.all([
      reassignOverdueLeads(first.db, at),
      reassignOverdueLeads(second.db, at),
    ]);
    expect((a?.reassigned ?? 0) + (b?.reassigned ?? 0)).toBe(4);
    for (const id of ids) {
      const moved = (await auditOf(id)).filter((e) => e.details?.reason === "sem-resposta");
      expect(moved).toHaveLength(1);
      expect(await assigneeOf(id)).not.toBe(before.get(id));
      expect((await noticesOf(id)).filter((n) => n.recipient === "corretor")).toHaveLength(1);
    }
    // The turns stayed fair: every agent got work.
    const turns = await db
      .select({ last: leadDistributionMembers.lastAssignedAt })
      .from(leadDistributionMembers)
      .where(
        inArray(
          leadDistributionMembers.userId,
          agents.map((agent) => agent.id),
        ),
      );
    expect(turns.every((turn) => turn.last !== null)).toBe(true);
  });
});

describe("the roleta's e-mails", () => {
  let smtp: TestSmtp;
  let transport: MailTransport;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    transport = testMailTransport(smtp.url);
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });

  it("reach the new agent and the admins through the outbox, naming the lead, the listing and who let it wait", async () => {
    const [ana, bruno] = await team(2);
    await rules();
    const listing = await insertProperty(db, { referencia: "RO0001", titulo: "Casa na Jatiúca" });
    const leadId = await record(lead({ name: "Rita Roleta", propertyId: listing.id, now: MONDAY_9 }));
    expect(await assigneeOf(leadId)).toBe(ana?.id);
    await reassignOverdueLeads(db, minutesAfter(MONDAY_9, 125));
    await db
      .update(outbox)
      .set({ sentAt: new Date() })
      .where(inArray(outbox.kind, ["lead-email"]));
    const worker = createOutboxWorker({
      database: first,
      handlers: {
        [LEAD_DISTRIBUTION_EMAIL_KIND]: leadDistributionEmailHandler(db, transport, "https://site.teste"),
      },
      pollIntervalMs: 600_000,
      log: () => {},
    });
    await worker.runOnce();
    const [brunoRow] = await db
      .select()
      .from(users)
      .where(eq(users.id, bruno?.id ?? 0));
    const [anaRow] = await db
      .select()
      .from(users)
      .where(eq(users.id, ana?.id ?? 0));
    const toBruno = smtp.received.find(
      (m) => m.to.includes(brunoRow?.email ?? "") && decode(m.raw).includes("Rita Roleta"),
    );
    const text = decode(toBruno?.raw ?? "");
    expect(text).toContain("Este lead passou a você");
    expect(text).toContain(`ficou sem resposta por 2 h úteis com ${anaRow?.name}`);
    expect(text).toContain("Imóvel: RO0001 — Casa na Jatiúca");
    expect(text).toContain(`https://site.teste/admin/leads/${leadId}`);
    const adminMail = smtp.received.find(
      (m) =>
        decode(m.raw).includes("Lead reatribuído por falta de resposta") &&
        decode(m.raw).includes("Rita Roleta"),
    );
    expect(decode(adminMail?.raw ?? "")).toContain(`o lead passou para ${brunoRow?.name}`);
  });
});

/** The decoded text of a received message (quoted-printable and encoded-word subjects). */
function decode(raw: string): string {
  const unfolded = raw
    .replace(/=\r?\n/g, "")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, text: string) => text.replace(/_/g, " "));
  return unfolded.replace(/(=[0-9A-F]{2})+/g, (match) =>
    Buffer.from(match.replace(/=/g, ""), "hex").toString("utf8"),
  );
}
