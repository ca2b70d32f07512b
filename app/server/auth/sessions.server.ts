// Sessions are rows: the cookie carries an opaque random token, the database keeps only its
// hash (HMAC-SHA256 with SESSION_SECRET when set, else SHA-256), so a copy of the database
// yields no live session. Idle expiry is measured from last_seen_at; expires_at is absolute.
import { createHash, createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db, Tx } from "../db/client.server";
import { sessions, type User, users } from "../db/schema.server";

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** Keys the token hash; undefined → plain SHA-256. */
  secret?: string;
}

export function sessionPolicy(config: {
  SESSION_IDLE_MINUTES: number;
  SESSION_ABSOLUTE_HOURS: number;
  SESSION_SECRET?: string;
}): SessionPolicy {
  return {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    secret: config.SESSION_SECRET,
  };
}

/** 256 random bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string, secret?: string): string {
  return secret
    ? createHmac("sha256", secret).update(token).digest("hex")
    : createHash("sha256").update(token).digest("hex");
}

export type SessionRow = typeof sessions.$inferSelect;

export interface ValidSession {
  session: SessionRow;
  user: User;
  /** lastSeenAt + idle timeout, capped by the absolute expiry. */
  idleExpiresAt: Date;
}

export function idleExpiry(
  session: Pick<SessionRow, "lastSeenAt" | "expiresAt">,
  policy: SessionPolicy,
): Date {
  return new Date(Math.min(session.lastSeenAt.getTime() + policy.idleMs, session.expiresAt.getTime()));
}

export async function createSession(
  db: Db | Tx,
  policy: SessionPolicy,
  input: { userId: number; ip?: string | null; userAgent?: string | null; now?: Date },
): Promise<{ token: string; session: SessionRow }> {
  const now = input.now ?? new Date();
  const token = generateToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token, policy.secret),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.absoluteMs),
      ip: input.ip || null,
      userAgent: input.userAgent ? input.userAgent.slice(0, 512) : null,
    })
    .returning();
  if (!session) throw new Error("sessão não criada");
  return { token, session };
}

/**
 * The live session for a token, or null when it is unknown, revoked, idle or past its
 * absolute expiry, or its user is inactive. `touch` records activity (extends the idle expiry).
 */
export async function validateSession(
  db: Db,
  policy: SessionPolicy,
  token: string,
  options: { now?: Date; touch?: boolean } = {},
): Promise<ValidSession | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token, policy.secret)))
    .limit(1);
  if (!row || row.session.revokedAt || !row.user.active) return null;
  if (idleExpiry(row.session, policy).getTime() <= now.getTime()) return null;
  let session = row.session;
  if (options.touch) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    session = { ...session, lastSeenAt: now };
  }
  return { session, user: row.user, idleExpiresAt: idleExpiry(session, policy) };
}

/** Sign-out: the row goes, so the token is worthless even if the cookie survives. */
export async function deleteSession(db: Db | Tx, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (deactivation, password reset), or all but one ("encerrar outras sessões"). */
export async function revokeUserSessions(
  db: Db | Tx,
  userId: number,
  options: { exceptSessionId?: number; now?: Date } = {},
): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (options.exceptSessionId !== undefined) conditions.push(ne(sessions.id, options.exceptSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: options.now ?? new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function listUserSessions(db: Db, userId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(sessions.lastSeenAt);
}
