// Managing the agency's users (admin screen and CLI). Every change is audited as
// "user-updated"; deactivating a user or setting their password ends their sessions. A corretor's
// name, CRECI, phone and being active show on their listings' pages: changing them bumps the
// data version, so cached pages show it on the next request (decision 009).
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { FieldErrors } from "../../lib/form-errors";
import type { UserCreateInput, UserUpdateInput } from "../../lib/user-schemas";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db, Tx } from "../db/client.server";
import { type User, users } from "../db/schema.server";
import { hashPassword } from "./password.server";
import { agencyOf, checkNewPassword } from "./password-policy.server";
import { revokeUserSessions } from "./sessions.server";
import { findUserByEmail, normalizeEmail } from "./sign-in.server";

/** Who made a change, for the audit log (userId null for the CLI). */
export interface Actor {
  userId: number | null;
  ip?: string;
  userAgent?: string | null;
}

export type PublicUser = Omit<User, "passwordHash">;

export type UserChangeResult = { ok: true; user: PublicUser } | { ok: false; errors: FieldErrors };

function withoutHash({ passwordHash: _, ...user }: User): PublicUser {
  return user;
}

export async function listUsers(db: Db): Promise<PublicUser[]> {
  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(sql`lower(${users.name})`));
  return rows.map(withoutHash);
}

export async function getUser(db: Db, id: number): Promise<PublicUser | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? withoutHash(row) : null;
}

async function logChange(
  db: Db | Tx,
  actor: Actor,
  userId: number,
  change: string,
  details: Record<string, unknown> = {},
) {
  await audit(db, {
    userId: actor.userId,
    action: "user-updated",
    entity: "user",
    entityId: userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    details: { change, ...details },
  });
}

export async function createUser(db: Db, input: UserCreateInput, actor: Actor): Promise<UserChangeResult> {
  const email = normalizeEmail(input.email);
  const weak = await checkNewPassword(input.password, {
    email,
    name: input.name,
    agency: await agencyOf(db),
  });
  if (weak) return { ok: false, errors: { password: weak } };
  if (await findUserByEmail(db, email))
    return { ok: false, errors: { email: "Já existe um usuário com este e-mail." } };
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email,
          role: input.role,
          creci: input.creci,
          phone: input.phone,
          passwordHash,
        })
        .returning();
      if (!row) throw new Error("usuário não criado");
      await logChange(tx, actor, row.id, "created", { role: row.role });
      return row;
    });
    return { ok: true, user: withoutHash(user) };
  } catch (error) {
    // Two admins creating the same e-mail at once: the unique index decides.
    if (await findUserByEmail(db, email))
      return { ok: false, errors: { email: "Já existe um usuário com este e-mail." } };
    throw error;
  }
}

async function otherActiveAdmins(db: Db | Tx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.active, true), ne(users.id, exceptId)));
  return row?.count ?? 0;
}

export async function updateUser(db: Db, input: UserUpdateInput, actor: Actor): Promise<UserChangeResult> {
  const current = await getUser(db, input.id);
  if (!current) return { ok: false, errors: { _form: "Usuário não encontrado." } };
  if (current.role === "admin" && input.role !== "admin") {
    if (input.id === actor.userId) {
      return { ok: false, errors: { role: "Você não pode tirar o seu próprio acesso de administrador." } };
    }
    if (current.active && (await otherActiveAdmins(db, input.id)) === 0) {
      return { ok: false, errors: { role: "É preciso manter ao menos um administrador ativo." } };
    }
  }
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        role: input.role,
        creci: input.creci,
        phone: input.phone,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, input.id))
      .returning();
    if (!row) throw new Error("usuário sumiu durante a edição");
    const changed = (["name", "role", "creci", "phone"] as const).filter((key) => current[key] !== row[key]);
    if (changed.some((key) => key !== "role")) await bumpDataVersion(tx);
    await logChange(tx, actor, row.id, "edited", { fields: changed });
    return row;
  });
  return { ok: true, user: withoutHash(user) };
}

export async function setUserActive(
  db: Db,
  id: number,
  active: boolean,
  actor: Actor,
): Promise<UserChangeResult> {
  const current = await getUser(db, id);
  if (!current) return { ok: false, errors: { _form: "Usuário não encontrado." } };
  if (!active) {
    if (id === actor.userId)
      return { ok: false, errors: { _form: "Você não pode desativar a sua própria conta." } };
    if (current.role === "admin" && (await otherActiveAdmins(db, id)) === 0) {
      return { ok: false, errors: { _form: "É preciso manter ao menos um administrador ativo." } };
    }
  }
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ active, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error("usuário sumiu durante a edição");
    if (current.active !== active) await bumpDataVersion(tx);
    const ended = active ? 0 : await revokeUserSessions(tx, id);
    await logChange(
      tx,
      actor,
      id,
      active ? "reactivated" : "deactivated",
      active ? {} : { sessionsEnded: ended },
    );
    return row;
  });
  return { ok: true, user: withoutHash(user) };
}

/** An admin (or the CLI) sets a password for someone; their open sessions end. */
export async function setUserPassword(
  db: Db,
  id: number,
  password: string,
  actor: Actor,
): Promise<UserChangeResult> {
  const current = await getUser(db, id);
  if (!current) return { ok: false, errors: { _form: "Usuário não encontrado." } };
  const weak = await checkNewPassword(password, {
    email: current.email,
    name: current.name,
    agency: await agencyOf(db),
  });
  if (weak) return { ok: false, errors: { password: weak } };
  const passwordHash = await hashPassword(password);
  const user = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw new Error("usuário sumiu durante a edição");
    const ended = await revokeUserSessions(tx, id);
    await logChange(tx, actor, id, "password-set", { sessionsEnded: ended });
    return row;
  });
  return { ok: true, user: withoutHash(user) };
}
