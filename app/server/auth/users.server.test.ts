import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userCreateSchema } from "../../lib/user-schemas";
import type { Database } from "../db/client.server";
import { agencySettings, auditLog } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { verifyPassword } from "./password.server";
import { createSession, validateSession } from "./sessions.server";
import { findUserByEmail } from "./sign-in.server";
import { createTestUser } from "./test-context.server";
import { createUser, setUserActive, setUserPassword, updateUser } from "./users.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const policy = { idleMs: 7_200_000, absoluteMs: 604_800_000 };
const form = (overrides: Record<string, string> = {}) =>
  userCreateSchema.parse({
    name: "Joana Lins",
    email: "joana.lins@teste.com.br",
    role: "corretor",
    creci: "12345-F",
    phone: "(82) 99999-1234",
    password: "temporaria bem longa",
    ...overrides,
  });

describe("users", () => {
  it("refuses a password built from the agency's name, as the settings have it", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    await database.db
      .insert(agencySettings)
      .values({ id: 1, name: "Sol Nascente Imóveis", creci: "J-1234" })
      .onConflictDoUpdate({ target: agencySettings.id, set: { name: "Sol Nascente Imóveis" } });
    const weak = await createUser(
      database.db,
      form({ email: "nova.corretora@teste.com.br", password: "SolNascente2024" }),
      { userId: admin.id },
    );
    expect(weak).toEqual({
      ok: false,
      errors: { password: expect.stringMatching(/^Senha fraca: não use o nome ou o e-mail da imobiliária/) },
    });
    expect(await findUserByEmail(database.db, "nova.corretora@teste.com.br")).toBeUndefined();
    const reset = await setUserPassword(database.db, admin.id, "Nascente-Sol-2025", { userId: admin.id });
    expect(reset).toMatchObject({ ok: false, errors: { password: expect.stringMatching(/imobiliária/) } });
  });

  it("creates a user with a hashed temporary password, refuses duplicates and weak passwords", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const created = await createUser(database.db, form(), { userId: admin.id });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.user).toMatchObject({
      email: "joana.lins@teste.com.br",
      phone: "82999991234",
      role: "corretor",
    });
    expect(created.user).not.toHaveProperty("passwordHash");
    const row = await findUserByEmail(database.db, "JOANA.LINS@teste.com.br");
    expect(await verifyPassword(row?.passwordHash ?? "", "temporaria bem longa")).toBe(true);
    expect(
      await createUser(database.db, form({ email: "Joana.Lins@teste.com.br" }), { userId: admin.id }),
    ).toEqual({
      ok: false,
      errors: { email: "Já existe um usuário com este e-mail." },
    });
    const weak = await createUser(
      database.db,
      form({ email: "outra@teste.com.br", password: "12345678910" }),
      {
        userId: admin.id,
      },
    );
    expect(weak).toMatchObject({ ok: false, errors: { password: expect.stringMatching(/^Senha fraca/) } });
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, "user-updated"));
    expect(audits.some((a) => a.details?.change === "created" && a.userId === admin.id)).toBe(true);
  });

  it("edits role, CRECI and phone, but never removes the last active admin", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const result = await updateUser(
      database.db,
      { id: admin.id, name: "Chefe", role: "corretor", creci: null, phone: null },
      { userId: admin.id },
    );
    expect(result).toMatchObject({ ok: false, errors: { role: expect.stringContaining("próprio") } });
    const other = await createTestUser(database, { role: "corretor" });
    const promoted = await updateUser(
      database.db,
      { id: other.id, name: other.name, role: "admin", creci: "999-F", phone: "82988887777" },
      { userId: admin.id },
    );
    expect(promoted).toMatchObject({ ok: true, user: { role: "admin", creci: "999-F" } });
  });

  it("deactivation ends sessions; an admin cannot deactivate themselves", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const user = await createTestUser(database);
    const { token } = await createSession(database.db, policy, { userId: user.id });
    expect(await setUserActive(database.db, admin.id, false, { userId: admin.id })).toMatchObject({
      ok: false,
    });
    expect(await setUserActive(database.db, user.id, false, { userId: admin.id })).toMatchObject({
      ok: true,
    });
    expect(await validateSession(database.db, policy, token)).toBeNull();
  });

  it("setting a temporary password ends the user's sessions", async () => {
    const admin = await createTestUser(database, { role: "admin" });
    const user = await createTestUser(database);
    const { token } = await createSession(database.db, policy, { userId: user.id });
    expect(await setUserPassword(database.db, user.id, "senha", { userId: admin.id })).toMatchObject({
      ok: false,
    });
    expect(
      await setUserPassword(database.db, user.id, "provisoria comprida", { userId: admin.id }),
    ).toMatchObject({
      ok: true,
    });
    expect(await validateSession(database.db, policy, token)).toBeNull();
  });
});
