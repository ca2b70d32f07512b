// Password recovery: a single-use link valid for 30 minutes. password_resets keeps only the
// token's hash; the e-mail goes through the transactional outbox (retried while the mail
// server is down), whose row holds the token only until the message is sent or no longer
// worth sending (see password-reset-email.server.ts). The answer to a request never reveals
// whether the e-mail has an account.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { INVALID_RESET_LINK_MESSAGE } from "../../lib/auth-schemas";
import { audit } from "../audit/audit.server";
import type { Db } from "../db/client.server";
import { passwordResets, users } from "../db/schema.server";
import { enqueue } from "../outbox/outbox.server";
import { hashPassword } from "./password.server";
import { agencyOf, checkNewPassword } from "./password-policy.server";
import { hitRateLimit } from "./rate-limit.server";
import { generateToken, hashToken, revokeUserSessions } from "./sessions.server";
import { findUserByEmail, normalizeEmail } from "./sign-in.server";

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
export const PASSWORD_RESET_EMAIL_KIND = "password-reset-email";

/** The outbox row of a reset e-mail; `token` is removed once the message is settled. */
export type PasswordResetEmailPayload = {
  userId: number;
  token?: string;
};

/**
 * Quietly caps how many links one account can trigger (the answer stays the same). The per-IP
 * limit is counted at the edge (app/server/http/form-limits.server.ts).
 */
const RECOVERY_ACCOUNT_RULE = { limit: 3, windowMs: 60 * 60_000 };

export interface RecoveryInput {
  email: string;
  ip: string;
  userAgent: string | null;
}

export async function requestPasswordReset(
  db: Db,
  input: RecoveryInput,
  options: { secret?: string; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const email = normalizeEmail(input.email);
  const byAccount = await hitRateLimit(db, `recovery:account:${email}`, RECOVERY_ACCOUNT_RULE, now);
  if (!byAccount.allowed) return;

  const user = await findUserByEmail(db, email);
  if (!user?.active) return;

  const token = generateToken();
  await db.transaction(async (tx) => {
    // Only the newest link works.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token, options.secret),
      expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
      createdAt: now,
    });
    await audit(tx, {
      userId: user.id,
      action: "password-recovery",
      entity: "user",
      entityId: user.id,
      ip: input.ip,
      userAgent: input.userAgent,
      details: { stage: "requested" },
    });
    // The e-mail is sent by the outbox worker after commit: the answer does not wait on (nor
    // vary with) the mail server, and an outage delays the message instead of losing it.
    await enqueue(tx, PASSWORD_RESET_EMAIL_KIND, {
      userId: user.id,
      token,
    } satisfies PasswordResetEmailPayload);
  });
}

/** The account a reset link belongs to while the link is unused and fresh, else null. */
export async function findValidReset(
  db: Db,
  token: string,
  options: { secret?: string; now?: Date } = {},
): Promise<{ userId: number; email: string; name: string } | null> {
  const now = options.now ?? new Date();
  const [row] = await db
    .select({ userId: users.id, email: users.email, name: users.name, active: users.active })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token, options.secret)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row?.active) return null;
  return { userId: row.userId, email: row.email, name: row.name };
}

export type ResetResult =
  | { ok: true; userId: number }
  | { ok: false; reason: "invalid-token" | "weak-password"; message: string };

export async function resetPassword(
  db: Db,
  input: { token: string; password: string; ip: string; userAgent: string | null },
  options: { secret?: string; now?: Date } = {},
): Promise<ResetResult> {
  const now = options.now ?? new Date();
  const reset = await findValidReset(db, input.token, options);
  if (!reset) return { ok: false, reason: "invalid-token", message: INVALID_RESET_LINK_MESSAGE };
  // A weak password does not spend the link: the person just picks another.
  const weak = await checkNewPassword(input.password, {
    email: reset.email,
    name: reset.name,
    agency: await agencyOf(db),
  });
  if (weak) return { ok: false, reason: "weak-password", message: weak };
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx): Promise<ResetResult> => {
    // Claiming the row with a conditional update makes the link single-use even under a race.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token, options.secret)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    const userId = claimed[0]?.userId;
    if (userId === undefined)
      return { ok: false, reason: "invalid-token", message: INVALID_RESET_LINK_MESSAGE };
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, { now });
    await audit(tx, {
      userId,
      action: "password-recovery",
      entity: "user",
      entityId: userId,
      ip: input.ip,
      userAgent: input.userAgent,
      details: { stage: "completed" },
    });
    return { ok: true, userId };
  });
}
