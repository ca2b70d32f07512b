// Test databases: a fresh migrated in-memory PGlite per test file, or, when the suite runs in
// its PostgreSQL pass (TEST_ENGINE=postgres), a fresh database on TEST_DATABASE_URL's server.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Database, openDatabase } from "./client.server";

export async function createTestDatabase(): Promise<Database> {
  return (await createTestDatabases(1))[0] as Database;
}

/**
 * `count` connections to one fresh database, as separate app instances would hold: on
 * PostgreSQL each its own pool (a NOTIFY through one reaches a LISTEN on another); on PGlite,
 * which lives in one process, the same database each time. Close each one.
 */
export async function createTestDatabases(count: number): Promise<Database[]> {
  const serverUrl = process.env.TEST_ENGINE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ engine: "pglite-memory" });
    await database.migrate();
    let open = count;
    const shared: Database = {
      ...database,
      async close() {
        open -= 1;
        if (open === 0) await database.close();
      },
    };
    return Array.from({ length: count }, () => shared);
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  for (let i = 0; i < count; i++) {
    databases.push(await openDatabase({ engine: "postgres", url: url.toString(), maxConnections: 4 }));
  }
  await databases[0]?.migrate();
  let open = count;
  return databases.map((database) => ({
    ...database,
    async close() {
      await database.close();
      open -= 1;
      if (open > 0) return;
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  }));
}
