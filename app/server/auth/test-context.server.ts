// A real load context for guard and route tests: a fresh migrated database, the real config
// parser and a storage folder in the system temp dir.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AppLoadContext } from "react-router";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";
import { LocalDiskStorage } from "../media/storage.server";
import { hashPassword } from "./password.server";

export const TEST_ORIGIN = "http://localhost:3000";

export function testContext(database: Database, env: Record<string, string> = {}): AppLoadContext {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, ...env });
  const dir = mkdtempSync(join(tmpdir(), "auth-test-"));
  return {
    services: { config, database, db: database.db, storage: new LocalDiskStorage(dir, "/media") },
    cspNonce: "",
    ip: "203.0.113.7",
    requestId: "test",
  };
}

let counter = 0;

/** A user with a real argon2id hash of `password`. */
export async function createTestUser(
  database: Database,
  options: { role?: "admin" | "corretor"; password?: string; active?: boolean; email?: string } = {},
) {
  counter += 1;
  const [user] = await database.db
    .insert(users)
    .values({
      name: `Pessoa Teste ${counter}`,
      email: options.email ?? `pessoa${counter}-${Date.now()}@teste.com.br`,
      passwordHash: await hashPassword(options.password ?? "uma senha bem comprida"),
      role: options.role ?? "corretor",
      active: options.active ?? true,
    })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}
