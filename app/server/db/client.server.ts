// The one module that knows which engine runs: PGlite on a data folder when DATABASE_URL is
// unset, a PostgreSQL server when it is set. Everything else sees `Db` and `Database`.
import { createReadStream, createWriteStream, mkdirSync, openAsBlob } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireDataDirLock } from "./lock.server";
import * as schema from "./schema.server";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Raw SQL and COPY inside one transaction, for backups (app/server/backup/). COPY moves a table in
 * PostgreSQL's text format, the same on both engines; `target` is a quoted table and column list.
 */
export interface CopyTransaction {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  copyToFile(target: string, path: string): Promise<void>;
  copyFromFile(target: string, path: string): Promise<void>;
}

export interface Database {
  readonly db: Db;
  readonly engine: "pglite" | "postgres";
  /**
   * Apply drizzle-kit migrations that have not run yet (from another folder: fewer of them). On
   * PostgreSQL under an advisory lock: instances starting at once on an outdated database migrate
   * one after the other (the second finds nothing left to do) instead of racing.
   */
  migrate(migrationsFolder?: string): Promise<void>;
  /**
   * Runs `work` unless another instance is running the job of this `name` (a background sweep): on
   * PostgreSQL it holds a session advisory lock meanwhile (pg_try_advisory_lock) and resolves to
   * `{ ran: false }` without running when the lock is taken; the embedded database belongs to one
   * process, so there it always runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
  /**
   * One transaction for a backup: "snapshot" reads one consistent state (REPEATABLE READ, READ
   * ONLY; on the embedded database every other query waits until it ends), "load" writes.
   */
  copyTransaction<T>(mode: "snapshot" | "load", work: (tx: CopyTransaction) => Promise<T>): Promise<T>;
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Flush to disk (CHECKPOINT) and close; releases the data-folder lock. */
  close(): Promise<void>;
}

/** The advisory lock's key (hashtext) that migrating instances queue on (Database.migrate). */
export const MIGRATION_LOCK = "imoveis:migrations";
/** Prefix of a background job's advisory lock key (Database.exclusive). */
export const JOB_LOCK_PREFIX = "imoveis:job:";

export const MIGRATIONS_DIR = resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

export type OpenOptions =
  | { engine: "postgres"; url: string; maxConnections?: number }
  | { engine: "pglite"; dataDir: string }
  | { engine: "pglite-memory" };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.engine === "postgres") return openPostgres(options.url, options.maxConnections ?? 10);
  if (options.engine === "pglite-memory") return openPglite(undefined, () => {});
  const release = acquireDataDirLock(options.dataDir);
  try {
    const dir = join(options.dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
    return await openPglite(dir, release);
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * PGlite's own start parameters, with 32 MB of shared buffers instead of PostgreSQL's 128 MB. Its
 * WebAssembly memory starts at 128 MB, which holds 32 MB of buffers; 128 MB grew it, and a
 * server took ~110 MB more memory from the start (RSS ~420 → ~310 MB after opening). The hot
 * paths barely touch the buffers (the search index and page cache are in the process, lookups by
 * key read a few pages); the SQL-only search at 100 000 listings was ~10-20 % slower with 16 MB
 * (bench/search.ts; decision 011). Reads past the buffers still come from the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

async function openPglite(dataDir: string | undefined, releaseLock: () => void): Promise<Database> {
  const client = await PGlite.create({
    dataDir,
    extensions: { unaccent, pg_trgm },
    startParams: PGLITE_START_PARAMS,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    engine: "pglite",
    async migrate(migrationsFolder = MIGRATIONS_DIR) {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    async exclusive(_name, work) {
      return { ran: true, value: await work() };
    },
    copyTransaction(mode, work) {
      // PGlite's transaction() holds its query lock: the app's other queries wait, none runs inside.
      return client.transaction(async (tx) => {
        if (mode === "snapshot") await tx.exec("set transaction isolation level repeatable read, read only");
        return work({
          async query<T>(text: string, params?: unknown[]) {
            return (await tx.query<T>(text, params)).rows;
          },
          async copyToFile(target, path) {
            // PGlite's COPY goes through its virtual /dev/blob device.
            const { blob } = await tx.query(`copy ${target} to '/dev/blob'`);
            await writeFile(path, new Uint8Array(blob ? await blob.arrayBuffer() : new ArrayBuffer(0)));
          },
          async copyFromFile(target, path) {
            await tx.query(`copy ${target} from '/dev/blob'`, [], { blob: await openAsBlob(path) });
          },
        });
      });
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async notify(channel, payload) {
      await db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        if (dataDir) await client.query("CHECKPOINT");
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
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

/** Opens the database the configuration names. */
export function openConfiguredDatabase(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ engine: "postgres", url: config.DATABASE_URL })
    : openDatabase({ engine: "pglite", dataDir: config.DATA_DIR });
}

/** True when the database answers a trivial query (used by /healthz). */
export async function isDatabaseHealthy(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
