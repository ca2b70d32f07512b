// Fixed-window counters in the rate_limits table, so every app instance shares them.
// One atomic upsert per hit: concurrent requests cannot both slip under the limit.
import { lt, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window ends. */
  resetAt: Date;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit against `key`; allowed while the window's count is within the limit. In a caller's
 * transaction (`tx`), the hit counts only if it commits.
 */
export async function hitRateLimit(
  db: Db | Tx,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowOpenSince = new Date(now.getTime() - rule.windowMs);
  const expired = sql`${rateLimits.windowStart} <= ${windowOpenSince.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error("rate limit: upsert sem retorno");
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    resetAt: new Date(row.windowStart.getTime() + rule.windowMs),
  };
}

/** Drops counters whose window ended long ago, so the table stays small. */
export async function pruneRateLimits(db: Db, olderThanMs: number, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - olderThanMs)));
}
