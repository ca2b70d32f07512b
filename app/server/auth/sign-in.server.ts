// Sign-in: per-account turns with a growing delay (sign-in-turns.server.ts),
// and one answer for "no such e-mail" and "wrong password" (same message, status and, by hashing
// against a dummy hash, about the same time). The per-IP limit is counted at the edge, before
// the form is read (app/server/http/form-limits.server.ts).
import { sql } from "drizzle-orm";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { type User, users } from "../db/schema.server";
import { type SessionUser, toSessionUser } from "./guard.server";
import { dummyPasswordHash, verifyPassword } from "./password.server";
import { pruneRateLimits } from "./rate-limit.server";
import { createSession, type SessionPolicy, type SessionRow } from "./sessions.server";
import { clearSignInTurns, pruneSignInTurns, takeSignInTurn } from "./sign-in-turns.server";

export const INVALID_CREDENTIALS_MESSAGE = "E-mail ou senha incorretos.";

/** The answer when an account's line of attempts is full (the same for unknown e-mails). */
export function accountBusyMessage(retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? "1 segundo" : `${retryAfterSeconds} segundos`;
  return `Muitas tentativas de entrada nesta conta. Aguarde ${wait} e tente novamente.`;
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
  /** Too many attempts on this account: its line is full (sign-in-turns.server.ts). */
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

const secondsFrom = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function signIn(
  db: Db,
  policy: SessionPolicy,
  input: SignInInput,
  deps: SignInDeps = {},
): Promise<SignInResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? realSleep;

  const email = normalizeEmail(input.email);
  const turn = await takeSignInTurn(db, email, now());
  if (!turn.granted) {
    return {
      ok: false,
      reason: "rate-limited",
      retryAfterSeconds: secondsFrom(turn.retryAfterMs),
    };
  }
  if (turn.waitMs > 0) await sleep(turn.waitMs);

  const fallbackHash = await dummyPasswordHash();
  const user = await findUserByEmail(db, email);
  // Always run one argon2 verification, so an unknown e-mail costs what a wrong password costs.
  const passwordMatches = await verifyPassword(user?.passwordHash ?? fallbackHash, input.password);

  // The attempt was counted when it took its turn: a failure has nothing more to record.
  if (!user?.active || !passwordMatches) {
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

  await clearSignInTurns(db, email);
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
  await pruneSignInTurns(db, 24 * 3_600_000, now());
  return { ok: true, token, user: toSessionUser(user), session };
}
