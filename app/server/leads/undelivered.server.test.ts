// Undelivered lead e-mails against a real database and a real SMTP server (smtp-server,
// in-process): what the admin's list shows, and "Tentar de novo" / "Descartar" as the worker
// and the audit log see them.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertAgency, insertLead, insertProperty, insertUser } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { auditLog, outbox } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { MailTransport } from "../mail/mailer.server";
import { closedPort, startTestSmtp, type TestSmtp, testMailTransport } from "../mail/test-smtp.server";
import { createOutboxWorker, enqueue } from "../outbox/outbox.server";
import { enqueueLeadEmails, LEAD_EMAIL_KIND, leadEmailHandler } from "./lead-emails.server";
import {
  countUndeliveredLeadEmails,
  discardLeadEmail,
  explainSendError,
  listUndeliveredLeadEmails,
  requeueLeadEmail,
} from "./undelivered.server";

const POLICY = { delaysMs: [10_000, 30_000], jitter: 0, maxAttempts: 5 };
let database: Database;
let clock: number;
let actor: { id: number; role: "admin"; ip: string; userAgent: string };
const transports: MailTransport[] = [];
const servers: TestSmtp[] = [];

async function smtpServer(mode: TestSmtp["mode"] = "accept") {
  const smtp = await startTestSmtp();
  smtp.mode = mode;
  servers.push(smtp);
  return smtp;
}

function transportFor(url: string) {
  const transport = testMailTransport(url);
  transports.push(transport);
  return transport;
}

function workerFor(url: string, options: { realClock?: boolean } = {}) {
  return createOutboxWorker({
    database,
    handlers: { [LEAD_EMAIL_KIND]: leadEmailHandler(database.db, transportFor(url), "https://site.teste") },
    now: options.realClock ? undefined : () => new Date(clock),
    policy: POLICY,
    pollIntervalMs: 600_000,
    log: () => {},
  });
}

/** A lead on an agent's listing: two lead e-mails, to the agent and to the agency. */
async function newLead(name = "Maria da Silva") {
  const agent = await insertUser(database.db);
  const listing = await insertProperty(database.db, { corretorId: agent.id });
  const lead = await database.db.transaction(async (tx) => {
    const created = await insertLead(tx as never, { name, propertyId: listing.id, assigneeId: agent.id });
    await enqueueLeadEmails(tx, created.id);
    return created;
  });
  return { lead, agent };
}

async function rowsOfLead(leadId: number) {
  const rows = await database.db.select().from(outbox);
  return rows.filter((r) => Number(r.payload.leadId) === leadId);
}

async function auditEntries(action: string) {
  return database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
  const admin = await insertUser(database.db, { role: "admin" });
  actor = { id: admin.id, role: "admin", ip: "203.0.113.9", userAgent: "vitest" };
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Rows are due at the database's now(); the worker's clock runs a minute ahead so they are.
  clock = Date.now() + 60_000;
  await database.db.delete(outbox);
  await database.db.delete(auditLog);
});
afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  for (const s of servers.splice(0)) await s.close();
});

describe("the list of undelivered lead e-mails", () => {
  it("shows failed and retrying e-mails with their lead, recipient, attempts and error", async () => {
    const rejecting = await smtpServer("550");
    const { lead: failedLead, agent } = await newLead("Ana Recusada");
    expect(await workerFor(rejecting.url).runOnce()).toEqual({ sent: 0, retried: 0, failed: 2 });

    const down = await closedPort();
    const { lead: retryingLead } = await newLead("Bruno Esperando");
    expect(await workerFor(`smtp://127.0.0.1:${down}`).runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });

    // Delivered and not yet tried: nothing to show.
    const accepting = await smtpServer();
    const { lead: deliveredLead } = await newLead("Carla Entregue");
    // Bruno's are not due again yet: only Carla's are sent.
    expect(await workerFor(accepting.url).runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    await newLead("Daniel Na Fila");
    // A password-reset link is not a lead e-mail (and carries a secret link): never listed.
    await enqueue(database.db, "password-reset-email", { userId: 1, to: "x@teste.com.br" });

    const list = await listUndeliveredLeadEmails(database.db);
    expect(list.map((e) => e.leadName)).toEqual([
      "Ana Recusada",
      "Ana Recusada",
      "Bruno Esperando",
      "Bruno Esperando",
    ]);
    const toAgent = list.find((e) => e.leadId === failedLead.id && e.recipient === "corretor");
    expect(toAgent).toMatchObject({ to: agent.email, attempts: 1, sending: false });
    expect(toAgent?.failedAt).not.toBeNull();
    expect(explainSendError(toAgent?.lastError ?? null)).toBe(
      "O servidor recusou o endereço do destinatário: a caixa postal não existe ou está bloqueada.",
    );
    const retrying = list.find((e) => e.leadId === retryingLead.id);
    expect(retrying?.failedAt).toBeNull();
    expect(retrying?.nextAttemptAt.getTime()).toBe(clock + 10_000);
    expect(explainSendError(retrying?.lastError ?? null)).toBe(
      "Não foi possível falar com o servidor de e-mail: ele estava fora do ar ou recusou a conexão.",
    );
    expect(list.some((e) => e.leadId === deliveredLead.id)).toBe(false);
    expect(await countUndeliveredLeadEmails(database.db)).toEqual({ failed: 2, retrying: 2 });
  });

  it("names a lead that no longer exists as such", async () => {
    await enqueue(database.db, LEAD_EMAIL_KIND, {
      leadId: 999_999,
      to: "x@teste.com.br",
      recipient: "agencia",
    });
    // The worker settles an erased lead's e-mail without sending; this one failed before that.
    await database.db.update(outbox).set({ failedAt: new Date(), attempts: 5, lastError: "ETIMEDOUT x" });
    // A payload no current code writes must not break the list either.
    await enqueue(database.db, LEAD_EMAIL_KIND, { leadId: "x1", to: "y@teste.com.br", recipient: "agencia" });
    await database.db.update(outbox).set({ failedAt: new Date(), attempts: 5, lastError: "ETIMEDOUT x" });
    const rows = await listUndeliveredLeadEmails(database.db);
    expect(rows.find((r) => r.to === "x@teste.com.br")).toMatchObject({
      leadId: 999_999,
      leadName: null,
      recipient: "agencia",
    });
    expect(rows.find((r) => r.to === "y@teste.com.br")?.leadName).toBeNull();
  });
});

describe("Tentar de novo", () => {
  it("a failed e-mail re-queued is delivered exactly once, and the action is audited", async () => {
    const smtp = await smtpServer("550");
    const { lead } = await newLead();
    const worker = workerFor(smtp.url);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 2 });
    const [toAgent, toAgency] = (await rowsOfLead(lead.id)).sort((a, b) => a.id - b.id);
    if (!toAgent || !toAgency) throw new Error("notificações não criadas");

    // The mailbox is fixed; the admin sends one of the two again.
    smtp.mode = "accept";
    expect(await requeueLeadEmail(database.db, actor, toAgent.id)).toBe("requeued");
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    clock += 86_400_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual([toAgent.payload.to]);
    expect(smtp.received[0]?.raw).toContain(`Message-ID: <outbox-${toAgent.id}@site.teste>`);
    const after = await rowsOfLead(lead.id);
    expect(after.find((r) => r.id === toAgent.id)?.sentAt).not.toBeNull();
    expect(after.find((r) => r.id === toAgency.id)?.failedAt).not.toBeNull();
    expect((await listUndeliveredLeadEmails(database.db)).map((e) => e.id)).toEqual([toAgency.id]);

    const [entry] = await auditEntries("lead-email-requeued");
    expect(entry).toMatchObject({ userId: actor.id, entity: "outbox", entityId: String(toAgent.id) });
    expect(entry?.details).toMatchObject({ leadId: lead.id, to: toAgent.payload.to, failed: true });
  });

  it("wakes a running worker at once (no wait for its next poll)", async () => {
    const smtp = await smtpServer("550");
    await newLead();
    const worker = workerFor(smtp.url, { realClock: true });
    await worker.start();
    try {
      await expect.poll(async () => (await countUndeliveredLeadEmails(database.db)).failed).toBe(2);
      smtp.mode = "accept";
      const [first] = await listUndeliveredLeadEmails(database.db);
      expect(await requeueLeadEmail(database.db, actor, first?.id ?? 0)).toBe("requeued");
      // Settled once the worker has recorded the SMTP server's acceptance.
      await expect.poll(() => countUndeliveredLeadEmails(database.db)).toEqual({ failed: 1, retrying: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("one more attempt: a re-queued e-mail that fails for good again is back on the list", async () => {
    const smtp = await smtpServer("550");
    await newLead();
    const worker = workerFor(smtp.url);
    await worker.runOnce();
    const [first] = await listUndeliveredLeadEmails(database.db);
    expect(await requeueLeadEmail(database.db, actor, first?.id ?? 0)).toBe("requeued");
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const again = (await listUndeliveredLeadEmails(database.db)).find((e) => e.id === first?.id);
    expect(again).toMatchObject({ attempts: 2 });
    expect(again?.failedAt).not.toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  it("brings a retrying e-mail forward, and refuses one already sent or being sent", async () => {
    const down = await closedPort();
    const { lead } = await newLead();
    await workerFor(`smtp://127.0.0.1:${down}`).runOnce();
    const [a, b] = await rowsOfLead(lead.id);
    if (!a || !b) throw new Error("notificações não criadas");
    const now = new Date();
    expect(await requeueLeadEmail(database.db, actor, a.id, now)).toBe("requeued");
    const [moved] = await database.db.select().from(outbox).where(eq(outbox.id, a.id));
    expect(moved?.nextAttemptAt.getTime()).toBe(now.getTime());

    await database.db
      .update(outbox)
      .set({ lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(outbox.id, b.id));
    expect(await requeueLeadEmail(database.db, actor, b.id)).toBe("sending");

    await database.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, a.id));
    expect(await requeueLeadEmail(database.db, actor, a.id)).toBe("gone");
    expect(await requeueLeadEmail(database.db, actor, 987_654)).toBe("gone");
    expect(await auditEntries("lead-email-requeued")).toHaveLength(1);
  });
});

describe("Descartar", () => {
  it("removes a failed e-mail and keeps what it was in the audit log", async () => {
    const smtp = await smtpServer("550");
    const { lead } = await newLead();
    await workerFor(smtp.url).runOnce();
    const [first] = await listUndeliveredLeadEmails(database.db);
    if (!first) throw new Error("nada na lista");

    expect(await discardLeadEmail(database.db, actor, first.id)).toBe("discarded");
    expect((await listUndeliveredLeadEmails(database.db)).map((e) => e.id)).not.toContain(first.id);
    expect(await discardLeadEmail(database.db, actor, first.id)).toBe("gone");
    const [entry] = await auditEntries("lead-email-discarded");
    expect(entry).toMatchObject({ userId: actor.id, entityId: String(first.id), ip: "203.0.113.9" });
    expect(entry?.details).toMatchObject({ leadId: lead.id, to: first.to, attempts: 1 });
    expect(String(entry?.details?.lastError)).toContain("550");
  });

  it("refuses an e-mail still being retried: it may yet be delivered", async () => {
    const down = await closedPort();
    const { lead } = await newLead();
    await workerFor(`smtp://127.0.0.1:${down}`).runOnce();
    const [row] = await rowsOfLead(lead.id);
    expect(await discardLeadEmail(database.db, actor, row?.id ?? 0)).toBe("not-failed");
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.id, row?.id ?? 0)),
    ).toHaveLength(1);
    expect(await auditEntries("lead-email-discarded")).toHaveLength(0);
  });
});

describe("explainSendError", () => {
  it("says what happened in plain Portuguese", () => {
    expect(explainSendError("EAUTH 535 Invalid login: 535 Authentication failed")).toContain(
      "usuário ou a senha",
    );
    expect(explainSendError("EMESSAGE 451 Message failed: 451 Servidor ocupado")).toBe(
      "O servidor de e-mail pediu para tentar mais tarde (código 451).",
    );
    expect(explainSendError("ETIMEDOUT Connection timeout")).toBe(
      "O servidor de e-mail demorou demais para responder.",
    );
    expect(explainSendError("EDNS getaddrinfo ENOTFOUND smtp.exemplo")).toContain("não foi encontrado");
    expect(explainSendError("553 destinatário inválido: a@b")).toBe(
      "O endereço de e-mail do destinatário é inválido.",
    );
    expect(explainSendError("algo estranho")).toBe("Erro inesperado ao enviar o e-mail.");
  });
});
