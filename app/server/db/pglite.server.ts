// The embedded engine (PGlite), opened by client.server.ts when DATABASE_URL is unset.
import { openAsBlob } from "node:fs";
import { writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, type Db, MIGRATIONS_DIR } from "./client.server";
import * as schema from "./schema.server";

/**
 * PGlite's own start parameters, with 32 MB of shared buffers instead of PostgreSQL's 128 MB. Its
 * WebAssembly memory starts at 128 MB, which holds 32 MB of buffers; 128 MB grew it, and a
 * server took ~110 MB more memory from the start (RSS ~420 → ~310 MB after opening). The hot
 * paths barely touch the buffers (the search index and page cache are in the process, lookups by
 * key read a few pages); the SQL-only search at 100 000 listings was ~10-20 % slower with 16 MB
 * (bench/search.ts; decision 011). Reads past the buffers still come from the operating system's file cache.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

export async function openPglite(dataDir: string | undefined, releaseLock: () => void): Promise<Database> {
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
