// The outbox against a real SMTP server (smtp-server, in-process): outage and recovery,
// transient 4xx, permanent 5xx and two workers racing — each message delivered once.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  insertAgency,
  insertLead,
  insertProperty,
  insertUser,
  TEST_AGENCY,
} from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { enqueueLeadEmails, LEAD_EMAIL_KIND, leadEmailHandler } from "../leads/lead-emails.server";
import { createMailTransport, type MailTransport } from "../mail/mailer.server";
import { closedPort, startTestSmtp, type TestSmtp, testMailTransport } from "../mail/test-smtp.server";
import { classifyFailure, ProviderHttpError, retryDelayMs } from "./backoff.server";
import { createOutboxWorker, enqueue } from "./outbox.server";

const POLICY = { delaysMs: [10_000, 30_000, 120_000], jitter: 0, maxAttempts: 10 };
let database: Database;
let clock: number;
const now = () => new Date(clock);
const advance = (ms: number) => {
  clock += ms;
};
const transports: MailTransport[] = [];
const servers: TestSmtp[] = [];
const quiet = () => {};

function workerFor(smtpUrl: string) {
  const transport = testMailTransport(smtpUrl);
  transports.push(transport);
  return createOutboxWorker({
    database,
    handlers: { [LEAD_EMAIL_KIND]: leadEmailHandler(database.db, transport, "https://site.teste") },
    now,
    policy: POLICY,
    log: quiet,
  });
}

async function newLeadWithEmails() {
  const agent = await insertUser(database.db);
  const listing = await insertProperty(database.db, { corretorId: agent.id });
  return database.db.transaction(async (tx) => {
    const lead = await insertLead(tx as never, { propertyId: listing.id, assigneeId: agent.id });
    await enqueueLeadEmails(tx, lead.id);
    return { lead, agent };
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  // Rows are enqueued due at the database's now(): the worker's clock starts a minute past the
  // real time so that they are due (a fixed date would fall behind the database some day).
  clock = Date.now() + 60_000;
  await database.db.delete(outbox);
});
afterEach(async () => {
  for (const t of transports.splice(0)) t.close();
  for (const s of servers.splice(0)) await s.close();
});

describe("backoff", () => {
  it("grows, caps and jitters", () => {
    expect(retryDelayMs(1, POLICY, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(2, POLICY, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(9, POLICY, () => 0.5)).toBe(120_000);
    const jittered = retryDelayMs(1, { ...POLICY, jitter: 0.2 }, () => 1);
    expect(jittered).toBe(12_000);
  });
  it("classifies failures", () => {
    expect(classifyFailure(Object.assign(new Error("x"), { code: "ECONNECTION" }))).toBe("transient");
    expect(classifyFailure(Object.assign(new Error("x"), { responseCode: 451 }))).toBe("transient");
    expect(classifyFailure(Object.assign(new Error("x"), { responseCode: 550 }))).toBe("permanent");
    expect(classifyFailure(new ProviderHttpError(503, "indisponível"))).toBe("transient");
    expect(classifyFailure(new ProviderHttpError(502, "bad gateway"))).toBe("transient");
    expect(classifyFailure(new ProviderHttpError(504, "gateway timeout"))).toBe("transient");
    expect(classifyFailure(new ProviderHttpError(429, "too many requests"))).toBe("transient");
    expect(classifyFailure(new ProviderHttpError(400, "bad request"))).toBe("permanent");
  });
});

describe("lead e-mails in the outbox", () => {
  it("queues one row per recipient, in the lead's transaction, idempotently", async () => {
    const { lead, agent } = await newLeadWithEmails();
    const rows = await database.db.select().from(outbox);
    expect(rows.map((r) => r.payload.to).sort()).toEqual([agent.email, TEST_AGENCY.email].sort());
    expect(await enqueueLeadEmails(database.db, lead.id)).toBe(0);
    expect(await database.db.select().from(outbox)).toHaveLength(2);
  });

  it("rolls back with the lead: no lead, no e-mail", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        const lead = await insertLead(tx as never);
        await enqueueLeadEmails(tx, lead.id);
        throw new Error("falha depois do insert");
      }),
    ).rejects.toThrow("falha depois do insert");
    expect(await database.db.select().from(outbox)).toHaveLength(0);
  });

  it("SMTP down → retried with backoff → server back → delivered exactly once", async () => {
    const port = await closedPort();
    const { lead } = await newLeadWithEmails();
    const worker = workerFor(`smtp://127.0.0.1:${port}`);

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });
    let rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.attempts === 1 && r.lastError && r.sentAt === null)).toBe(true);
    expect(rows[0]?.nextAttemptAt.getTime()).toBe(clock + 10_000);

    // Not due yet: nothing is tried.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(10_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });
    rows = await database.db.select().from(outbox);
    expect(rows[0]?.nextAttemptAt.getTime()).toBe(clock + 30_000);

    const smtp = await startTestSmtp(port);
    servers.push(smtp);
    advance(30_000);
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    advance(3_600_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(2);
    const raw = smtp.received[0]?.raw ?? "";
    expect(raw).toContain(`/admin/leads/${lead.id}`);
    expect(raw).toMatch(/Subject: /);
    rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 3)).toBe(true);
  });

  it("SMTP 451 is retried, then succeeds", async () => {
    const smtp = await startTestSmtp();
    servers.push(smtp);
    smtp.mode = "451";
    await newLeadWithEmails();
    const worker = workerFor(smtp.url);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 });
    const [row] = await database.db.select().from(outbox);
    expect(row?.lastError).toContain("451");
    smtp.mode = "accept";
    advance(10_000);
    expect(await worker.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("SMTP 550 is permanent: failed_at with the error, never retried", async () => {
    const smtp = await startTestSmtp();
    servers.push(smtp);
    smtp.mode = "550";
    await newLeadWithEmails();
    const worker = workerFor(smtp.url);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 2 });
    smtp.mode = "accept";
    advance(86_400_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const rows = await database.db.select().from(outbox);
    expect(rows.every((r) => r.failedAt !== null && r.lastError?.includes("550"))).toBe(true);
    expect(smtp.received).toHaveLength(0);
  });

  it("two workers at once deliver each message once", async () => {
    const smtp = await startTestSmtp();
    servers.push(smtp);
    for (let i = 0; i < 6; i++) await newLeadWithEmails();
    const a = workerFor(smtp.url);
    const b = workerFor(smtp.url);
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.sent + rb.sent).toBe(12);
    expect(smtp.received).toHaveLength(12);
    const ids = smtp.received.map((m) => m.raw.match(/Message-ID: <(outbox-\d+)@/i)?.[1]);
    expect(new Set(ids).size).toBe(12);
  });

  it("a lease held by another worker is respected until it expires", async () => {
    const smtp = await startTestSmtp();
    servers.push(smtp);
    const id = await enqueue(database.db, LEAD_EMAIL_KIND, {
      leadId: 0,
      to: "x@teste.com.br",
      recipient: "agencia",
    });
    await database.db
      .update(outbox)
      .set({ lockedUntil: new Date(clock + 60_000) })
      .where(eq(outbox.id, id));
    const worker = workerFor(smtp.url);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    advance(61_000);
    // The lead does not exist (erased): settled without sending.
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("a batch's later rows are sent once even when the earlier ones took the whole lease (slow SMTP)", async () => {
    for (let n = 0; n < 3; n++) await enqueue(database.db, "prova", { n });
    const sent: string[] = [];
    const worker = (name: string, handle: (n: number) => Promise<void>) =>
      createOutboxWorker({
        database,
        now,
        policy: POLICY,
        log: quiet,
        leaseMs: 1000,
        handlers: {
          prova: async (row) => {
            sent.push(`${name}:${row.payload.n}`);
            await handle(Number(row.payload.n));
            return undefined;
          },
        },
      });
    const other = worker("b", async () => {});
    // Each send takes 600 ms of the 1 000 ms lease the batch was claimed under; during the second,
    // another instance finds the third row's claim expired and sends it.
    const slow = worker("a", async (n) => {
      advance(600);
      if (n === 1) await other.runOnce();
    });
    await slow.runOnce();
    // Each row once: the first two by the slow worker, the last of its batch by the other.
    expect(sent.map((s) => s.slice(2)).sort()).toEqual(["0", "1", "2"]);
    expect(sent.map((s) => s.slice(0, 1))).toEqual(["a", "a", "b"]);
  });

  it("wakes up on NOTIFY when a row is enqueued", async () => {
    const smtp = await startTestSmtp();
    servers.push(smtp);
    const transport = createMailTransport({
      SMTP_URL: smtp.url,
      MAIL_FROM: "s@teste.com.br",
      NODE_ENV: "test",
    });
    transports.push(transport);
    const worker = createOutboxWorker({
      database,
      handlers: { [LEAD_EMAIL_KIND]: leadEmailHandler(database.db, transport, "https://site.teste") },
      pollIntervalMs: 600_000,
      log: quiet,
    });
    await worker.start();
    try {
      await newLeadWithEmails();
      await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(2);
    } finally {
      await worker.stop();
    }
  });
});
