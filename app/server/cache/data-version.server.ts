// One counter for "the public data changed": every write that a visitor could see bumps it,
// and cached public pages are keyed by it, so a bump invalidates them on every instance.
import { eq, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.server";
import { appState } from "../db/schema.server";
import { createVersionReader } from "./page-cache.server";
import { attachDataVersion, type DataVersionReader } from "./per-data-version.server";

const KEY = "data_version";
/**
 * NOTIFY channel announcing each new version, delivered when the bumping transaction commits:
 * a trigger on app_state sends it, whoever bumps (migration 0003).
 */
export const DATA_VERSION_CHANNEL = "data_version";

/** Increment the data version (in the caller's transaction, if given); returns the new value. */
export async function bumpDataVersion(db: Db | Tx): Promise<number> {
  const [row] = await db
    .insert(appState)
    .values({ key: KEY, value: 1 })
    .onConflictDoUpdate({
      target: appState.key,
      set: { value: sql`${appState.value} + 1`, updatedAt: sql`now()` },
    })
    .returning({ value: appState.value });
  return row?.value ?? 1;
}

/** The current data version; 0 before the first write. */
export async function getDataVersion(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ value: appState.value }).from(appState).where(eq(appState.key, KEY));
  return row?.value ?? 0;
}

export interface DataVersionSource {
  read: DataVersionReader;
  close(): Promise<void>;
}

/**
 * How this process reads the data version on every public request (also attached to
 * `database.db` for the per-version memos, see per-data-version.server.ts).
 *
 * Embedded database (PGlite): this process is the only writer (the data-folder lock), and
 * PGlite hands a NOTIFY to its listeners as soon as it parses the COMMIT's reply — before the
 * writer's own `await` resumes — so the version kept in memory is never behind a committed
 * write: no query per request.
 *
 * PostgreSQL: other instances write too and their NOTIFY arrives whenever the network brings it,
 * so the version is read from the database (coalesced, see createVersionReader).
 */
export async function openDataVersionSource(
  database: Pick<Database, "db" | "engine" | "listen">,
): Promise<DataVersionSource> {
  if (database.engine !== "pglite") {
    const read = createVersionReader(() => getDataVersion(database.db));
    const detach = attachDataVersion(database.db, read);
    return { read, close: async () => detach() };
  }
  let current = -1;
  // Listen first, then read: a bump committed in between is seen by one or the other.
  const unlisten = await database.listen(DATA_VERSION_CHANNEL, (payload) => {
    const version = Number(payload);
    if (Number.isInteger(version) && version > current) current = version;
  });
  current = Math.max(current, await getDataVersion(database.db));
  const read = () => current;
  const detach = attachDataVersion(database.db, read);
  return {
    read,
    async close() {
      detach();
      await unlisten();
    },
  };
}
