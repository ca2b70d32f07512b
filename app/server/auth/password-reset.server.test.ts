// Password recovery on a real database, with the e-mail going through the real outbox worker
// to a real SMTP server (smtp-server, in-process), including an outage.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency } from "../../../tests/support/factories";
import type { Database } from "../db/client.server";
import { auditLog, outbox, passwordResets } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { createMailTransport, type MailTransport } from "../mail/mailer.server";
import { closedPort, startTestSmtp, subjectOf, type TestSmtp } from "../mail/test-smtp.server";
import { createOutboxWorker } from "../outbox/outbox.server";
import { verifyPassword } from "./password.server";
import {
  findValidReset,
  PASSWORD_RESET_EMAIL_KIND,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.server";
import { passwordResetEmailHandler } from "./password-reset-email.server";
import { createSession, hashToken, validateSession } from "./sessions.server";
import { findUserByEmail } from "./sign-in.server";
import { createTestUser } from "./test-context.server";

let database: Database;
let smtp: TestSmtp;
let transport: MailTransport;
const transports: MailTransport[] = [];
const MAIL = { MAIL_FROM: "Site <site@teste.com.br>", NODE_ENV: "test" as const };

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startTestSmtp();
  transport = createMailTransport({ ...MAIL, SMTP_URL: smtp.url }, { timeoutMs: 3000 });
  transports.push(transport);
});
afterAll(async () => {
  for (const t of transports) t.close();
  await smtp.close();
  await database.close();
});

const policy = { idleMs: 7_200_000, absoluteMs: 604_800_000 };
let ipCounter = 0;
const origin = () => ({ ip: `192.0.2.${++ipCounter}`, userAgent: "vitest" });
const quiet = () => {};

/** The outbox worker as the server runs it; `linkNow` is the time the handler judges links by. */
function worker(options: { via?: MailTransport; linkNow?: Date; clock?: () => Date } = {}) {
  const linkNow = options.linkNow;
  return createOutboxWorker({
    database,
    handlers: {
      [PASSWORD_RESET_EMAIL_KIND]: passwordResetEmailHandler(
        database.db,
        options.via ?? transport,
        "https://site.test",
        { now: linkNow ? () => linkNow : undefined },
      ),
    },
    now: options.clock,
    policy: { delaysMs: [10_000], jitter: 0, maxAttempts: 5 },
    log: quiet,
  });
}

/** The text of a received message (quoted-printable soft breaks and escapes undone). */
function bodyOf(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function tokenIn(raw: string | undefined): string | undefined {
  return bodyOf(raw ?? "").match(/https:\/\/site\.test\/redefinir-senha\/([\w-]+)/)?.[1];
}

async function requestLink(email: string, now?: Date) {
  const before = smtp.received.length;
  await requestPasswordReset(database.db, { email, ...origin() }, { now });
  await worker({ linkNow: now }).runOnce();
  const mails = smtp.received.slice(before);
  return { mails, token: tokenIn(mails[0]?.raw) };
}

async function resetRows() {
  return database.db.select().from(outbox).where(eq(outbox.kind, PASSWORD_RESET_EMAIL_KIND));
}

describe("password recovery", () => {
  it("mails a link for a known e-mail, stores only the hash, and sends nothing for an unknown one", async () => {
    const user = await createTestUser(database);
    await insertAgency(database.db, { name: "Maré Alta Imóveis" });
    const { mails, token } = await requestLink(user.email.toUpperCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual([user.email]);
    // Signed with the agency's own name, not the demo's.
    expect(subjectOf(mails[0]?.raw ?? "")).toBe("Redefinição de senha — Maré Alta Imóveis");
    expect(bodyOf(mails[0]?.raw ?? "")).toContain("O link vale por 30 minutos");
    expect(token).toBeTruthy();
    const rows = await database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows[0]?.tokenHash).toBe(hashToken(token ?? ""));
    // Once sent, the outbox row no longer holds the token either.
    const queued = (await resetRows()).filter((r) => r.payload.userId === user.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.sentAt).not.toBeNull();
    expect(queued[0]?.payload).toEqual({ userId: user.id });

    const outboxBefore = (await resetRows()).length;
    expect((await requestLink("ninguem@teste.com.br")).mails).toHaveLength(0);
    expect(await resetRows()).toHaveLength(outboxBefore);
  });

  it("SMTP down: the link waits in the outbox, retried, and arrives once when the server is back", async () => {
    const user = await createTestUser(database);
    const port = await closedPort();
    const down = createMailTransport({ ...MAIL, SMTP_URL: `smtp://127.0.0.1:${port}` }, { timeoutMs: 3000 });
    transports.push(down);
    let clock = 0;
    const during = worker({ via: down, clock: () => new Date(clock) });

    await requestPasswordReset(database.db, { email: user.email, ...origin() });
    clock = Date.now() + 1_000;
    expect(await during.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [row] = (await resetRows()).filter((r) => r.payload.userId === user.id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row?.lastError).toBeTruthy();

    const back = await startTestSmtp(port);
    try {
      clock += 10_000;
      expect(await during.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
      clock += 3_600_000;
      expect(await during.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
      expect(back.received).toHaveLength(1);
      expect(back.received[0]?.to).toEqual([user.email]);
      const token = tokenIn(back.received[0]?.raw);
      expect(token && (await findValidReset(database.db, token))?.userId).toBe(user.id);
    } finally {
      await back.close();
    }
  });

  it("does not mail a link that was replaced or expired before the mail server could take it", async () => {
    const user = await createTestUser(database);
    const t0 = new Date(Date.now() - 40 * 60_000);
    await requestPasswordReset(database.db, { email: user.email, ...origin() }, { now: t0 });
    await requestPasswordReset(database.db, { email: user.email, ...origin() }, { now: t0 });
    const before = smtp.received.length;
    // The first was replaced by the second, and 40 minutes later the second has expired too.
    expect(await worker().runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 });
    expect(smtp.received.length).toBe(before);
    const rows = (await resetRows()).filter((r) => r.payload.userId === user.id);
    expect(rows.map((r) => [r.lastError, r.payload])).toEqual([
      ["nada a enviar", { userId: user.id }],
      ["nada a enviar", { userId: user.id }],
    ]);
    // No reset e-mail row anywhere still holds a token once settled.
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(
        sql`${outbox.kind} = ${PASSWORD_RESET_EMAIL_KIND} and ${outbox.sentAt} is not null and ${outbox.payload} ? 'token'`,
      );
    expect(left?.n).toBe(0);
  });

  it("sets the new password once: the link is single-use, and every session ends", async () => {
    const user = await createTestUser(database);
    const { token: sessionToken } = await createSession(database.db, policy, { userId: user.id });
    const { token } = await requestLink(user.email);
    if (!token) throw new Error("no token");
    const result = await resetPassword(database.db, {
      token,
      password: "nova senha muito boa",
      ip: "1.1.1.1",
      userAgent: null,
    });
    expect(result).toEqual({ ok: true, userId: user.id });
    const updated = await findUserByEmail(database.db, user.email);
    expect(await verifyPassword(updated?.passwordHash ?? "", "nova senha muito boa")).toBe(true);
    expect(await validateSession(database.db, policy, sessionToken)).toBeNull();
    const again = await resetPassword(database.db, {
      token,
      password: "outra senha muito boa",
      ip: "1.1.1.1",
      userAgent: null,
    });
    expect(again).toMatchObject({ ok: false, reason: "invalid-token" });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "password-recovery"));
    expect(audits.map((a) => a.details?.stage)).toEqual(expect.arrayContaining(["requested", "completed"]));
  });

  it("expires after 30 minutes", async () => {
    const user = await createTestUser(database);
    const t0 = new Date(Date.now() - 31 * 60_000);
    const { token } = await requestLink(user.email, t0);
    if (!token) throw new Error("no token");
    expect(
      await findValidReset(database.db, token, { now: new Date(t0.getTime() + 29 * 60_000) }),
    ).not.toBeNull();
    expect(await findValidReset(database.db, token)).toBeNull();
    const result = await resetPassword(database.db, {
      token,
      password: "nova senha muito boa",
      ip: "1.1.1.1",
      userAgent: null,
    });
    expect(result).toMatchObject({ ok: false, reason: "invalid-token" });
  });

  it("keeps the link usable after a weak password, and only the newest link works", async () => {
    const user = await createTestUser(database);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    if (!first.token || !second.token) throw new Error("no token");
    expect(await findValidReset(database.db, first.token)).toBeNull();
    const weak = await resetPassword(database.db, {
      token: second.token,
      password: "senha12345",
      ip: "1",
      userAgent: null,
    });
    expect(weak).toMatchObject({
      ok: false,
      reason: "weak-password",
      message: expect.stringMatching(/^Senha fraca/),
    });
    const ownName = await resetPassword(database.db, {
      token: second.token,
      password: `${user.name.replaceAll(" ", "")}2024`,
      ip: "1",
      userAgent: null,
    });
    expect(ownName).toMatchObject({
      ok: false,
      reason: "weak-password",
      message: expect.stringMatching(/^Senha fraca: não use o seu nome na senha\./),
    });
    const ok = await resetPassword(database.db, {
      token: second.token,
      password: "agora sim uma boa",
      ip: "1",
      userAgent: null,
    });
    expect(ok.ok).toBe(true);
  });

  it("uses a link only once even when two requests race", async () => {
    const user = await createTestUser(database);
    const { token } = await requestLink(user.email);
    if (!token) throw new Error("no token");
    const results = await Promise.all([
      resetPassword(database.db, { token, password: "primeira senha boa", ip: "1", userAgent: null }),
      resetPassword(database.db, { token, password: "segunda senha boa", ip: "1", userAgent: null }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
