import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { sessions } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import {
  createSession,
  deleteSession,
  generateToken,
  hashToken,
  idleExpiry,
  revokeUserSessions,
  type SessionPolicy,
  validateSession,
} from "./sessions.server";
import { createTestUser } from "./test-context.server";
import { setUserActive } from "./users.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const policy: SessionPolicy = { idleMs: 120 * 60_000, absoluteMs: 168 * 3_600_000 };
const t0 = new Date("2026-03-01T12:00:00.000Z");
const minutes = (m: number) => new Date(t0.getTime() + m * 60_000);

describe("sessions", () => {
  it("uses ≥ 128-bit random tokens and stores only their hash", async () => {
    const user = await createTestUser(database);
    const { token, session } = await createSession(database.db, policy, { userId: user.id, now: t0 });
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(generateToken()).not.toBe(generateToken());
    const rows = await database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(hashToken(token, "s".repeat(32))).not.toBe(hashToken(token));
  });

  it("validates a live token and rejects an unknown one", async () => {
    const user = await createTestUser(database);
    const { token } = await createSession(database.db, policy, { userId: user.id, now: t0 });
    const valid = await validateSession(database.db, policy, token, { now: minutes(1) });
    expect(valid?.user.id).toBe(user.id);
    expect(await validateSession(database.db, policy, generateToken(), { now: minutes(1) })).toBeNull();
  });

  it("expires after the idle timeout unless activity touches it", async () => {
    const user = await createTestUser(database);
    const { token } = await createSession(database.db, policy, { userId: user.id, now: t0 });
    expect(await validateSession(database.db, policy, token, { now: minutes(119) })).not.toBeNull();
    expect(await validateSession(database.db, policy, token, { now: minutes(120) })).toBeNull();

    const second = await createSession(database.db, policy, { userId: user.id, now: t0 });
    const touched = await validateSession(database.db, policy, second.token, {
      now: minutes(100),
      touch: true,
    });
    expect(touched?.idleExpiresAt.toISOString()).toBe(minutes(220).toISOString());
    expect(await validateSession(database.db, policy, second.token, { now: minutes(200) })).not.toBeNull();
  });

  it("expires at the absolute limit however active it is", async () => {
    const user = await createTestUser(database);
    const short: SessionPolicy = { idleMs: 60 * 60_000, absoluteMs: 3 * 60 * 60_000 };
    const { token } = await createSession(database.db, short, { userId: user.id, now: t0 });
    for (const m of [50, 100, 150]) {
      expect(
        await validateSession(database.db, short, token, { now: minutes(m), touch: true }),
      ).not.toBeNull();
    }
    const late = await validateSession(database.db, short, token, { now: minutes(170), touch: true });
    expect(late?.idleExpiresAt.toISOString()).toBe(minutes(180).toISOString());
    expect(await validateSession(database.db, short, token, { now: minutes(180) })).toBeNull();
    expect(idleExpiry({ lastSeenAt: minutes(170), expiresAt: minutes(180) }, short).toISOString()).toBe(
      minutes(180).toISOString(),
    );
  });

  it("gives a new session on each sign-in and deletes it on sign-out", async () => {
    const user = await createTestUser(database);
    const a = await createSession(database.db, policy, { userId: user.id, now: t0 });
    const b = await createSession(database.db, policy, { userId: user.id, now: t0 });
    expect(a.token).not.toBe(b.token);
    await deleteSession(database.db, a.session.id);
    expect(await validateSession(database.db, policy, a.token, { now: t0 })).toBeNull();
    expect(await validateSession(database.db, policy, b.token, { now: t0 })).not.toBeNull();
  });

  it("revokes all of a user's sessions, or all but the current one", async () => {
    const user = await createTestUser(database);
    const a = await createSession(database.db, policy, { userId: user.id, now: t0 });
    const b = await createSession(database.db, policy, { userId: user.id, now: t0 });
    const c = await createSession(database.db, policy, { userId: user.id, now: t0 });
    expect(await revokeUserSessions(database.db, user.id, { exceptSessionId: a.session.id })).toBe(2);
    expect(await validateSession(database.db, policy, a.token, { now: t0 })).not.toBeNull();
    expect(await validateSession(database.db, policy, b.token, { now: t0 })).toBeNull();
    expect(await validateSession(database.db, policy, c.token, { now: t0 })).toBeNull();
  });

  it("ends every session when the user is deactivated", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const user = await createTestUser(database);
    const { token } = await createSession(database.db, policy, { userId: user.id });
    const result = await setUserActive(database.db, user.id, false, { userId: admin.id });
    expect(result.ok).toBe(true);
    expect(await validateSession(database.db, policy, token)).toBeNull();
    // Reactivating does not bring the old session back.
    await setUserActive(database.db, user.id, true, { userId: admin.id });
    expect(await validateSession(database.db, policy, token)).toBeNull();
  });
});
