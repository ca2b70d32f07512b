// Sign-in: per-IP rate limit, a growing per-account delay, and one answer for "no such
// e-mail" and "wrong password" (same message, status and, by hashing against a dummy hash,
// about the same time).
import { sql } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { type User, users } from "../db/schema.server";
import { type SessionUser, toSessionUser } from "./guard.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { hitRateLimit, peekRateLimit, pruneRateLimits, resetRateLimit } from "./rate-limit.server";
import { createSession, type SessionPolicy, type SessionRow } from "./sessions.server";

/** At most 10 sign-in attempts per minute from one IP. */
export const SIGN_IN_IP_RULE = { limit: 10, windowMs: 60_000 } as const;
/** Failures on one account counted over 15 minutes; the first 5 cost nothing. */
export const ACCOUNT_FAILURE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_MAX_DELAY_MS = 30_000;

export const INVALID_CREDENTIALS_MESSAGE = "E-mail ou senha incorretos.";
export const RATE_LIMITED_MESSAGE =
  "Muitas tentativas de entrada a partir desta conexão. Aguarde um minuto e tente novamente.";

/**
 * 0 for the first 5 failures, then 1 s, 2 s, 4 s… capped at 30 s. A delay, never a lock:
 * the real owner can always get in by waiting at most half a minute.
 */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** (failures - ACCOUNT_FREE_FAILURES), ACCOUNT_MAX_DELAY_MS);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export type SignInResult =
  | { ok: true; token: string; user: SessionUser; session: SessionRow }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { ok: false; reason: "invalid" };

export interface SignInInput {
  email: string;
  password: string;
  ip: string;
  userAgent: string | null;
}

export interface SignInDeps {
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function signIn(
  db: Db,
  policy: SessionPolicy,
  input: SignInInput,
  deps: SignInDeps = {},
): Promise<SignInResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? realSleep;

  const ipLimit = await hitRateLimit(db, `sign-in:ip:${input.ip}`, SIGN_IN_IP_RULE, now());
  if (!ipLimit.allowed) {
    return {
      ok: false,
      reason: "rate-limited",
      retryAfterSeconds: Math.max(1, Math.ceil((ipLimit.resetAt.getTime() - now().getTime()) / 1000)),
    };
  }

  const email = normalizeEmail(input.email);
  const accountKey = `sign-in:account:${email}`;
  const failures = await peekRateLimit(db, accountKey, ACCOUNT_FAILURE_WINDOW_MS, now());
  const delay = accountDelayMs(failures);
  if (delay > 0) await sleep(delay);

  const fallbackHash = await dummyPasswordHash();
  const user = await findUserByEmail(db, email);
  // Always run one argon2 verification, so an unknown e-mail costs what a wrong password costs.
  const passwordMatches = await verifyPassword(user?.passwordHash ?? fallbackHash, input.password);

  if (!user?.active || !passwordMatches) {
    await hitRateLimit(
      db,
      accountKey,
      { limit: Number.MAX_SAFE_INTEGER, windowMs: ACCOUNT_FAILURE_WINDOW_MS },
      now(),
    );
    await audit(db, {
      userId: user?.id ?? null,
      action: "sign-in-failed",
      entity: "user",
      entityId: user?.id,
      ip: input.ip,
      userAgent: input.userAgent,
      details: {
        email: email.slice(0, 254),
        reason: !user ? "unknown-email" : !user.active ? "inactive" : "password",
      },
    });
    return { ok: false, reason: "invalid" };
  }

  await resetRateLimit(db, accountKey);
  // Every sign-in gets a new session: a token planted before sign-in is never promoted.
  const { token, session } = await createSession(db, policy, {
    userId: user.id,
    ip: input.ip,
    userAgent: input.userAgent,
    now: now(),
  });
  await audit(db, {
    userId: user.id,
    action: "signed-in",
    entity: "session",
    entityId: session.id,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  await pruneRateLimits(db, 24 * 3_600_000, now());
  return { ok: true, token, user: toSessionUser(user), session };
}
