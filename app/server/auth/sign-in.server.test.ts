import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { auditLog, sessions } from "../db/schema.server";
import { createTestDatabase, createTestDatabases } from "../db/test-database.server";
import { dummyPasswordHash, hashPassword } from "./password.server";
import type { SessionPolicy } from "./sessions.server";
import {
  accountBusyMessage,
  INVALID_CREDENTIALS_MESSAGE,
  type SignInDeps,
  type SignInInput,
  type SignInResult,
  signIn,
} from "./sign-in.server";
import { accountDelayMs } from "./sign-in-turns.server";
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

/** A clock that only moves when an attempt waits: what the attempts do, not how fast the machine is. */
function steppedClock(start: Date) {
  let at = start.getTime();
  const waits: number[] = [];
  const deps: Required<SignInDeps> = {
    now: () => new Date(at),
    sleep: async (ms) => {
      waits.push(ms);
      at += ms;
    },
  };
  return { deps, waits, advance: (ms: number) => (at += ms), now: () => at };
}

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

  it("answers an unknown e-mail and a wrong password the same way, at the same cost", async () => {
    const user = await createTestUser(database, { password: PASSWORD });
    const unknown = await signIn(database.db, policy, input({ email: "nao-existe@teste.com.br" }));
    const wrong = await signIn(
      database.db,
      policy,
      input({ email: user.email, password: "outra senha qualquer" }),
    );
    expect(unknown).toEqual({ ok: false, reason: "invalid" });
    expect(wrong).toEqual(unknown);
    // An unknown e-mail is verified against a dummy hash made with the same argon2id parameters
    // as a real one, so both answers cost one equal verification (timing is not asserted here:
    // the machines are noisy; sign-in.server.ts).
    const parameters = (hash: string) => hash.split("$").slice(1, 4).join("$");
    expect(parameters(await dummyPasswordHash())).toBe(parameters(await hashPassword("qualquer")));
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

  it("slows an account down after 5 failures, and the right password still gets in", async () => {
    const user = await createTestUser(database, { password: PASSWORD });
    const clock = steppedClock(new Date("2026-03-02T12:00:00.000Z"));
    for (let i = 0; i < 8; i++) {
      await signIn(
        database.db,
        policy,
        input({ email: user.email, password: `errada ${i} xxxxx` }),
        clock.deps,
      );
    }
    expect(clock.waits).toEqual([1000, 2000, 4000]);
    const ok = await signIn(database.db, policy, input({ email: user.email }), clock.deps);
    expect(ok.ok).toBe(true);
    expect(clock.waits.at(-1)).toBe(8000);
    // Success clears the count: the next mistake costs nothing.
    await signIn(
      database.db,
      policy,
      input({ email: user.email, password: "errada de novo xxx" }),
      clock.deps,
    );
    expect(clock.waits).toHaveLength(4);
  });
});

describe("signIn with guesses in parallel", () => {
  // Two connections to one database, as two app processes would hold (on PGlite, one shared).
  let instances: Database[];
  beforeAll(async () => {
    instances = await createTestDatabases(2);
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
  });
  const instance = (i: number) => (instances[i % instances.length] as Database).db;

  const checkedPassword = (r: SignInResult) => r.ok || r.reason === "invalid";

  it("checks concurrent guesses on one account one turn at a time, across instances", async () => {
    const user = await createTestUser(instances[0] as Database, { password: PASSWORD });
    const clock = steppedClock(new Date("2026-03-03T12:00:00.000Z"));
    for (let i = 0; i < 6; i++) {
      await signIn(
        instance(i),
        policy,
        input({ email: user.email, password: `errada ${i} xxxxx` }),
        clock.deps,
      );
    }
    clock.advance(60_000);

    // 20 guesses at the same moment from 20 addresses, through both instances. The clock stands
    // still: every wait is asked for at once, as concurrent requests would.
    const burst = { now: clock.deps.now, waits: [] as number[] };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(instance(i), policy, input({ email: user.email, password: `chute ${i} xxxxx` }), {
          now: burst.now,
          sleep: async (ms) => {
            burst.waits.push(ms);
          },
        }),
      ),
    );

    // After 6 failures the next attempts wait 2 s, 4 s, 8 s, 16 s, each after the one before it;
    // a fifth would wait 30 s more, beyond the longest wait, so it and the rest are refused
    // without touching the password.
    expect(results.filter(checkedPassword)).toHaveLength(4);
    expect(burst.waits.sort((a, b) => a - b)).toEqual([2000, 6000, 14000, 30000]);
    const refused = results.filter((r) => !checkedPassword(r));
    expect(refused).toHaveLength(16);
    for (const r of refused) {
      expect(r).toEqual({ ok: false, reason: "rate-limited", retryAfterSeconds: 30 });
    }
    // Every password check that failed is in the audit log: the 6 before and these 4.
    const audited = await instance(0).$count(
      auditLog,
      and(eq(auditLog.action, "sign-in-failed"), eq(auditLog.userId, user.id)),
    );
    expect(audited).toBe(10);

    // Once the line has passed, the owner waits the longest delay at most, and gets in.
    clock.advance(30_000);
    const owner = await signIn(instance(1), policy, input({ email: user.email }), clock.deps);
    expect(owner.ok).toBe(true);
    expect(clock.waits.at(-1)).toBe(30_000);
  });

  it("tells the refused attempt how long to wait, in Portuguese", () => {
    expect(accountBusyMessage(30)).toBe(
      "Muitas tentativas de entrada nesta conta. Aguarde 30 segundos e tente novamente.",
    );
    expect(accountBusyMessage(1)).toBe(
      "Muitas tentativas de entrada nesta conta. Aguarde 1 segundo e tente novamente.",
    );
  });
});
