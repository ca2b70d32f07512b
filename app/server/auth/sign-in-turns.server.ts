// Per-account sign-in turns, shared by every app instance through one row per account in
// sign_in_turns. An attempt is counted when it starts, not when its password check fails, and
// takes the next turn after the account's latest one: concurrent guesses on one account are
// checked one after another, each waiting the delay its place in line earns, instead of all
// waiting the same delay side by side (20 parallel guesses after 6 failures were all checked
// within 2.8 s). Nothing is held while an attempt waits: taking a turn is one short transaction
// (a row lock on PostgreSQL; PGlite runs transactions one at a time anyway), so a queue of
// waiters never ties up database connections.
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { signInTurns } from "../db/schema.server";

/** Attempts on one account counted over 15 minutes; the first 5 cost nothing. */
export const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FREE_ATTEMPTS = 5;
/** The longest an attempt waits for its turn; one that would wait longer is refused at once. */
export const ACCOUNT_MAX_DELAY_MS = 30_000;

/**
 * The wait before the password check of an account's next attempt, after `attempts` since the
 * last success: 0 for the first 5, then 1 s, 2 s, 4 s… capped at 30 s.
 */
export function accountDelayMs(attempts: number): number {
  if (attempts < ACCOUNT_FREE_ATTEMPTS) return 0;
  return Math.min(1000 * 2 ** (attempts - ACCOUNT_FREE_ATTEMPTS), ACCOUNT_MAX_DELAY_MS);
}

export type SignInTurn =
  /** Check the password after waiting `waitMs`. */
  | { granted: true; waitMs: number }
  /** The line is longer than ACCOUNT_MAX_DELAY_MS: come back in `retryAfterMs`. */
  | { granted: false; retryAfterMs: number };

/**
 * Counts an attempt on `email` and gives it the next turn: the later of now and the previous
 * turn, plus the delay the attempts before it earn. A turn further than ACCOUNT_MAX_DELAY_MS away
 * is not taken (nor counted): the attempt is refused without a password check, so a burst of
 * guesses cannot queue up work, and the account's owner waits at most half a minute or is told
 * when to come back.
 */
export async function takeSignInTurn(db: Db, email: string, now: Date): Promise<SignInTurn> {
  return db.transaction(async (tx) => {
    await tx
      .insert(signInTurns)
      .values({ email, attempts: 0, windowStart: now, lastTurnAt: now })
      .onConflictDoNothing();
    const [row] = await tx.select().from(signInTurns).where(eq(signInTurns.email, email)).for("update");
    if (!row) throw new Error("sign_in_turns: linha sumiu dentro da transação");
    const windowOver = row.windowStart.getTime() <= now.getTime() - ACCOUNT_WINDOW_MS;
    const attempts = windowOver ? 0 : row.attempts;
    // A window that ends does not end the line: turns already given still come first.
    const turnAt = Math.max(now.getTime(), row.lastTurnAt.getTime()) + accountDelayMs(attempts);
    const waitMs = turnAt - now.getTime();
    if (waitMs > ACCOUNT_MAX_DELAY_MS) return { granted: false, retryAfterMs: waitMs - ACCOUNT_MAX_DELAY_MS };
    await tx
      .update(signInTurns)
      .set({
        attempts: attempts + 1,
        windowStart: windowOver ? now : row.windowStart,
        lastTurnAt: new Date(turnAt),
      })
      .where(eq(signInTurns.email, email));
    return { granted: true, waitMs };
  });
}

/** After a successful sign-in the account starts afresh. */
export async function clearSignInTurns(db: Db, email: string): Promise<void> {
  await db.delete(signInTurns).where(eq(signInTurns.email, email));
}

/** Drops accounts whose window ended long ago and whose last turn has passed (unknown e-mails). */
export async function pruneSignInTurns(db: Db, olderThanMs: number, now: Date): Promise<void> {
  const before = new Date(now.getTime() - olderThanMs);
  await db
    .delete(signInTurns)
    .where(and(lt(signInTurns.windowStart, before), lt(signInTurns.lastTurnAt, now)));
}
