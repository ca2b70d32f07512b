// The one module that knows which engine runs: PGlite on a data folder when DATABASE_URL is
// unset, a PostgreSQL server when it is set. Everything else sees `Db` and `Database`. Each
// engine's driver lives in its own module (pglite.server.ts, postgres.server.ts), imported only
// when that engine opens: a process never loads the other one's (~0.1–0.15 s of a start).
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { acquireDataDirLock } from "./lock.server";
import type * as schema from "./schema.server";

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
  if (options.engine === "postgres") {
    const { openPostgres } = await import("./postgres.server");
    return openPostgres(options.url, options.maxConnections ?? 10);
  }
  const { openPglite } = await import("./pglite.server");
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
