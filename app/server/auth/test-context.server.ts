// A real load context for guard and route tests: a fresh migrated database, the real config
// parser and a storage folder in the system temp dir.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { insertUser } from "../../../tests/support/factories";
import { loadConfig } from "../config.server";
import { type LoadContext, loadContextOf } from "../context.server";
import type { Database } from "../db/client.server";
import { LocalDiskStorage } from "../media/storage.server";
import { hashPassword } from "./password.server";

export const TEST_ORIGIN = "http://localhost:3000";

export function testContext(database: Database, env: Record<string, string> = {}): LoadContext {
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, ...env });
  const dir = mkdtempSync(join(tmpdir(), "auth-test-"));
  return loadContextOf({
    services: { config, database, db: database.db, storage: new LocalDiskStorage(dir, "/media") },
    cspNonce: "",
    ip: "203.0.113.7",
    requestId: "test",
  });
}

/** A user with a real argon2id hash of `password`. */
export async function createTestUser(
  database: Database,
  options: { role?: "admin" | "corretor"; password?: string; active?: boolean; email?: string } = {},
) {
  const { password = "uma senha bem comprida", role = "corretor", active = true, email } = options;
  const passwordHash = await hashPassword(password);
  return insertUser(database.db, { role, active, passwordHash, ...(email ? { email } : {}) });
}
