// Test databases: a fresh migrated in-memory PGlite per test file, or, when the suite runs in
// its PostgreSQL pass (TEST_ENGINE=postgres), a fresh database on TEST_DATABASE_URL's server.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Database, openDatabase } from "./client.server";

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_ENGINE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ engine: "pglite-memory" });
    await database.migrate();
    return database;
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: "postgres", url: url.toString(), maxConnections: 4 });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
