// `npm run user:create` and `npm run user:reset-password` as an operator runs them: real child
// processes through package.json, on an embedded database in a temporary data folder.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../app/server/auth/password.server";
import { createSession, validateSession } from "../app/server/auth/sessions.server";
import { loadConfig } from "../app/server/config.server";
import { openConfiguredDatabase } from "../app/server/db/client.server";
import { users } from "../app/server/db/schema.server";

const dataDir = mkdtempSync(join(tmpdir(), "user-cli-"));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" };

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function npmRun(script: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      { env, cwd: process.cwd(), timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

/** Opens the CLI's database for a look (the embedded database allows one process at a time). */
async function withDb<T>(work: (db: Awaited<ReturnType<typeof openConfiguredDatabase>>["db"]) => Promise<T>) {
  const database = await openConfiguredDatabase(loadConfig(env));
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const EMAIL = "corretora.cli@teste.com.br";

describe("user CLI", () => {
  it("user:create makes a user with a hashed password, and refuses a duplicate or a weak password", async () => {
    const created = await npmRun("user:create", [
      ...["--email", EMAIL, "--name", "Corretora da Linha de Comando", "--role", "corretor"],
      ...["--password", "uma senha comprida de teste", "--creci", "12345-F"],
    ]);
    expect(created.out).toContain(`Usuário criado: Corretora da Linha de Comando <${EMAIL}> (corretor).`);
    expect(created.code).toBe(0);

    const again = await npmRun("user:create", [
      ...["--email", EMAIL, "--name", "Outra Pessoa", "--password", "outra senha comprida"],
    ]);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/e-mail/i);

    const weak = await npmRun("user:create", [
      ...["--email", "fraca@teste.com.br", "--name", "Senha Fraca", "--password", "senha12345"],
    ]);
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("Senha fraca");
    const guessable = await npmRun("user:create", [
      ...["--email", "joana.prado@teste.com.br", "--name", "Joana Prado", "--password", "JoanaPrado2024"],
    ]);
    expect(guessable.code).toBe(1);
    expect(guessable.out).toContain("Senha fraca: não use o seu nome na senha.");

    await withDb(async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
      expect(user).toMatchObject({ role: "corretor", creci: "12345-F", active: true });
      expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(user?.passwordHash ?? "", "uma senha comprida de teste")).toBe(true);
      expect(await db.select().from(users).where(eq(users.email, "fraca@teste.com.br"))).toHaveLength(0);
      expect(await db.select().from(users).where(eq(users.email, "joana.prado@teste.com.br"))).toHaveLength(
        0,
      );
    });
  }, 240_000);

  it("user:reset-password sets a generated password, shown once, and ends every session", async () => {
    const policy = { idleMs: 3_600_000, absoluteMs: 86_400_000 };
    const { token } = await withDb(async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
      return createSession(db, policy, { userId: user?.id ?? 0 });
    });
    // A guessable password is refused, saying why, and changes nothing.
    const weak = await npmRun("user:reset-password", ["--email", EMAIL, "--password", "Imobiliaria2024"]);
    expect(weak.code).toBe(1);
    expect(weak.out).toContain("Senha fraca: não use palavras do ramo");
    await withDb(async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
      expect(await verifyPassword(user?.passwordHash ?? "", "uma senha comprida de teste")).toBe(true);
    });
    // No --password and no terminal: a password is generated and printed.
    const reset = await npmRun("user:reset-password", ["--email", EMAIL]);
    expect(reset.code).toBe(0);
    expect(reset.out).toContain("as sessões abertas foram encerradas");
    const generated = reset.out.match(/Senha gerada \(mostrada só agora\): (\S+)/)?.[1];
    expect(generated).toMatch(/^[\w-]{24}$/);
    await withDb(async (db) => {
      const [user] = await db.select().from(users).where(eq(users.email, EMAIL));
      expect(await verifyPassword(user?.passwordHash ?? "", generated ?? "")).toBe(true);
      expect(await validateSession(db, policy, token)).toBeNull();
    });

    const unknown = await npmRun("user:reset-password", [
      "--email",
      "ninguem@teste.com.br",
      "--password",
      "x",
    ]);
    expect(unknown.code).toBe(1);
  }, 240_000);
});
