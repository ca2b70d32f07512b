// A throwaway database on the PostgreSQL server of TEST_DATABASE_URL, for tests whose server
// processes share one (several instances, WEB_CONCURRENCY). The Vitest suites get theirs from
// app/server/db/test-database.server.ts.
import postgres from "postgres";

export interface ScratchDatabase {
  /** The new database's URL on the same server. */
  url: string;
  /** Drops it (closing whatever is still connected) and ends the admin connection. */
  drop(): Promise<void>;
}

/** A new, empty database named `prefix_…` on the server of `serverUrl`. */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
