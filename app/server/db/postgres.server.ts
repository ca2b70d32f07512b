// A PostgreSQL server (DATABASE_URL), opened by client.server.ts.
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { type Database, type Db, JOB_LOCK_PREFIX, MIGRATION_LOCK, MIGRATIONS_DIR } from "./client.server";
import * as schema from "./schema.server";

export async function openPostgres(url: string, max: number): Promise<Database> {
  const client = postgres(url, {
    max,
    // Notices such as "extension already exists, skipping" are not errors.
    onnotice: () => {},
  });
  const db = drizzlePostgres({ client, schema }) as unknown as Db;
  await client`select 1`;
  return {
    db,
    engine: "postgres",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      // Held on a connection of its own (the pool may have only one), ended afterwards.
      const lock = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await lock`select pg_advisory_lock(hashtext(${MIGRATION_LOCK}))`;
        await migratePostgres(drizzlePostgres({ client, schema }), { migrationsFolder });
      } finally {
        // Ending the session releases the lock, also when migrating failed.
        await lock.end({ timeout: 5 });
      }
    },
    async exclusive(name, work) {
      const lock = await client.reserve();
      try {
        const key = `${JOB_LOCK_PREFIX}${name}`;
        const [row] = await lock<
          { taken: boolean }[]
        >`select pg_try_advisory_lock(hashtext(${key})) as taken`;
        if (!row?.taken) return { ran: false };
        try {
          return { ran: true, value: await work() };
        } finally {
          await lock`select pg_advisory_unlock(hashtext(${key}))`;
        }
      } finally {
        lock.release();
      }
    },
    async copyTransaction(mode, work) {
      const options = mode === "snapshot" ? "isolation level repeatable read read only" : "read write";
      const result = await client.begin(options, (tx) =>
        work({
          async query<T>(text: string, params?: unknown[]) {
            return (await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[];
          },
          async copyToFile(target, path) {
            await pipeline(await tx.unsafe(`copy ${target} to stdout`).readable(), createWriteStream(path));
          },
          async copyFromFile(target, path) {
            await pipeline(createReadStream(path), await tx.unsafe(`copy ${target} from stdin`).writable());
          },
        }),
      );
      return result as Awaited<ReturnType<typeof work>>;
    },
    async listen(channel, onPayload) {
      const subscription = await client.listen(channel, (payload) => onPayload(payload));
      return () => subscription.unlisten();
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}
