import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { auditLog, sessions } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { SessionPolicy } from "./sessions.server";
import { accountDelayMs, INVALID_CREDENTIALS_MESSAGE, type SignInInput, signIn } from "./sign-in.server";
import { createTestUser } from "./test-context.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const policy: SessionPolicy = { idleMs: 7_200_000, absoluteMs: 604_800_000 };
const PASSWORD = "uma senha bem comprida";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const input = (overrides: Partial<SignInInput>): SignInInput => ({
  email: "ninguem@teste.com.br",
  password: PASSWORD,
  ip: freshIp(),
  userAgent: "vitest",
  ...overrides,
});

describe("accountDelayMs", () => {
  it("is free for 5 failures, then 1 s, 2 s, 4 s… capped at 30 s", () => {
    expect([0, 4, 5, 6, 7, 8, 9, 10, 20].map(accountDelayMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});

describe("signIn", () => {
  it("opens a new session per sign-in and audits it with IP and user agent", async () => {
    const user = await createTestUser(database, { password: PASSWORD });
    const first = await signIn(database.db, policy, input({ email: user.email.toUpperCase() }));
    const second = await signIn(database.db, policy, input({ email: ` ${user.email} ` }));
    if (!first.ok || !second.ok) throw new Error("sign-in failed");
    expect(first.token).not.toBe(second.token);
    expect(first.user).toMatchObject({ id: user.id, role: "corretor" });
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, "signed-in")));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({ userAgent: "vitest", ip: expect.stringMatching(/^198\.51\.100\./) });
  });

  it("answers an unknown e-mail and a wrong password the same way, in about the same time", async () => {
    const user = await createTestUser(database, { password: PASSWORD });
    await signIn(database.db, policy, input({ email: "aquecimento@teste.com.br" }));
    const timed = async (attempt: SignInInput) => {
      const start = performance.now();
      const result = await signIn(database.db, policy, attempt);
      return { result, ms: performance.now() - start };
    };
    const unknown = await timed(input({ email: "nao-existe@teste.com.br" }));
    const wrong = await timed(input({ email: user.email, password: "outra senha qualquer" }));
    expect(unknown.result).toEqual({ ok: false, reason: "invalid" });
    expect(wrong.result).toEqual(unknown.result);
    // Both ran one argon2id verification: neither is several times faster than the other.
    expect(Math.max(unknown.ms, wrong.ms) / Math.min(unknown.ms, wrong.ms)).toBeLessThan(3);
    expect(INVALID_CREDENTIALS_MESSAGE).toBe("E-mail ou senha incorretos.");
    const failures = await database.db.select().from(auditLog).where(eq(auditLog.action, "sign-in-failed"));
    expect(failures.map((f) => f.details?.reason)).toEqual(
      expect.arrayContaining(["unknown-email", "password"]),
    );
  });

  it("refuses an inactive user with the same answer", async () => {
    const user = await createTestUser(database, { password: PASSWORD, active: false });
    expect(await signIn(database.db, policy, input({ email: user.email }))).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("allows 10 attempts per minute per IP, then answers rate-limited until the window passes", async () => {
    const ip = "192.0.2.50";
    const t0 = new Date("2026-03-01T12:00:00.000Z");
    const now = () => t0;
    const results = [];
    for (let i = 0; i < 11; i++) {
      results.push(await signIn(database.db, policy, input({ ip, email: `x${i}@teste.com.br` }), { now }));
    }
    expect(results.slice(0, 10).every((r) => !r.ok && r.reason === "invalid")).toBe(true);
    expect(results[10]).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 60 });
    const later = await signIn(database.db, policy, input({ ip }), {
      now: () => new Date(t0.getTime() + 60_000),
    });
    expect(later).toEqual({ ok: false, reason: "invalid" });
  });

  it("slows an account down after 5 failures, and the right password still gets in", async () => {
    const user = await createTestUser(database, { password: PASSWORD });
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    for (let i = 0; i < 8; i++) {
      await signIn(database.db, policy, input({ email: user.email, password: `errada ${i} xxxxx` }), {
        sleep,
      });
    }
    expect(delays).toEqual([1000, 2000, 4000]);
    const ok = await signIn(database.db, policy, input({ email: user.email }), { sleep });
    expect(ok.ok).toBe(true);
    expect(delays.at(-1)).toBe(8000);
    // Success clears the count: the next mistake costs nothing.
    await signIn(database.db, policy, input({ email: user.email, password: "errada de novo xxx" }), {
      sleep,
    });
    expect(delays).toHaveLength(4);
  });
});
