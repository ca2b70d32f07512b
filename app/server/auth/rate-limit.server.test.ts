import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { hitRateLimit, pruneRateLimits } from "./rate-limit.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rule = { limit: 3, windowMs: 60_000 };
const t0 = new Date("2026-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

describe("rate limiter (rate_limits table)", () => {
  it("allows up to the limit in a window, then refuses, and opens again in the next window", async () => {
    const { db } = database;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(db, "k1", rule, at(i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.count).toBe(4);
    expect(results[3]?.resetAt.toISOString()).toBe(at(60_000).toISOString());
    const next = await hitRateLimit(db, "k1", rule, at(60_000));
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it("keeps keys apart", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await hitRateLimit(db, "a", rule, t0);
    expect((await hitRateLimit(db, "a", rule, t0)).allowed).toBe(false);
    expect((await hitRateLimit(db, "b", rule, t0)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly (one atomic upsert each)", async () => {
    const { db } = database;
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit(db, "burst", rule, t0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(Math.max(...results.map((r) => r.count))).toBe(10);
  });

  it("prunes windows that ended long ago and keeps the current ones", async () => {
    const { db } = database;
    await hitRateLimit(db, "old", rule, t0);
    await hitRateLimit(db, "recent", rule, at(2 * 3_600_000 - 1000));
    await pruneRateLimits(db, 3_600_000, at(2 * 3_600_000));
    const keys = (await db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain("old");
    expect(keys).toContain("recent");
  });
});
