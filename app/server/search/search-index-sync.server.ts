// Keeps each process's search index (search-index.server.ts) equal to the database. Every
// search first asks for the changes committed since the index's version: the triggers of
// migration 0002 log each write to a listing's searchable columns in property_changes, whoever
// makes it, so an admin save, a bulk seed or another app instance's write on the same
// PostgreSQL server is seen by the very next search, never later. Usually that answer is empty
// (one indexed query); otherwise the changed listings are read again by id. On the embedded
// database the question needs no query when no change was announced (followIndexChanges).
import { and, asc, eq, gt, inArray, lte, max, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.server";
import { appState, properties, propertyChanges } from "../db/schema.server";
import { publicPoint } from "../properties/location.server";
import { GENERIC_COLUMNS, nightlyPrice } from "./filters.server";
import { type IndexedListing, SearchIndex } from "./search-index.server";

/**
 * Rows per step while (re)building. On PGlite each query holds the event loop, and so does adding
 * its rows to the index: small steps, with a turn of the event loop between them, keep requests
 * answered while a build of 100 000 listings runs (a few ms per step, not seconds).
 */
const CHUNK = 500;
/** Lets timers, I/O and waiting requests run before the next step. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Beyond this many changed listings at once, reading everything again is cheaper. */
const rebuildThreshold = (count: number) => Math.max(2_000, count / 5);
/** Log rows read per sync; more than that means a bulk write: rebuild. */
const MAX_CHANGES = 20_000;
/** The change log keeps a day; a process idle for longer than that rebuilds (it sees the marker). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const published = eq(properties.publicacao, "publicado");

const listingColumns = {
  id: properties.id,
  referenciaKey: sql<string>`upper(${properties.referencia})`,
  tipo: properties.tipo,
  finalidades: properties.finalidades,
  precoVenda: properties.precoVenda,
  precoAluguel: properties.precoAluguel,
  // Rounded by PostgreSQL, as the SQL search rounds it (filters.server.ts).
  nightlyPrice,
  precoSobConsulta: properties.precoSobConsulta,
  areaUtil: properties.areaUtil,
  areaTotal: properties.areaTotal,
  cidadeKey: sql<string>`lower(f_unaccent(${properties.cidade}))`,
  bairroKey: sql<string>`lower(f_unaccent(${properties.bairro}))`,
  status: properties.status,
  destaque: properties.destaque,
  // Microseconds, exact: a Date would drop them and two listings could swap places.
  publishedUs: sql<number | string | null>`(extract(epoch from ${properties.publishedAt}) * 1000000)::float8`,
  vector: sql<string>`${properties.searchVector}::text`,
  createdAt: properties.createdAt,
  visibilidadeEndereco: properties.visibilidadeEndereco,
  latitude: properties.latitude,
  longitude: properties.longitude,
};

/** The generic filters' columns, selected as `column:name` (filters.server.ts, GENERIC_COLUMNS). */
const genericColumns = Object.fromEntries(
  GENERIC_COLUMNS.map(({ column }) => [`column:${column}`, properties[column]]),
);

async function readListings(db: Db, where: SQL): Promise<IndexedListing[]> {
  const rows = await db
    .select({ ...listingColumns, ...genericColumns })
    .from(properties)
    .where(and(published, where));
  return rows.map((row) => {
    const columns: IndexedListing["columns"] = {};
    for (const { column } of GENERIC_COLUMNS) {
      columns[column] = (row as Record<string, unknown>)[`column:${column}`];
    }
    const { publishedUs } = row;
    return {
      id: row.id,
      referenciaKey: row.referenciaKey,
      tipo: row.tipo,
      finalidades: row.finalidades,
      precoVenda: row.precoVenda,
      precoAluguel: row.precoAluguel,
      nightlyPrice: row.nightlyPrice,
      precoSobConsulta: row.precoSobConsulta,
      areaUtil: row.areaUtil,
      areaTotal: row.areaTotal,
      cidadeKey: row.cidadeKey,
      bairroKey: row.bairroKey,
      status: row.status,
      destaque: row.destaque,
      publishedUs: publishedUs === null ? null : Number(publishedUs),
      vector: row.vector,
      mapPoint: publicPoint(row),
      columns,
    };
  });
}

/** Where each new change version is announced (migration 0022). */
export const PROPERTY_CHANGES_CHANNEL = "property_changes";

class IndexHandle {
  private index: SearchIndex | null = null;
  /** The change version the index reflects: every change above it is still to be read. */
  private version = 0;
  /** Set while this process hears every change version as it commits (followIndexChanges). */
  following = false;
  /** The highest change version heard. */
  private announced = 0;
  /** The index was built while following: every change above its version has been heard. */
  private builtFollowing = false;
  private queue: Promise<unknown> = Promise.resolve();
  /** The sync queued after the running one, not begun yet (current). */
  private next: Promise<SearchIndex> | null = null;
  private lastPrune = 0;
  /** The build started at boot, while it runs (searches meanwhile go to SQL rather than wait). */
  warming: Promise<SearchIndex> | null = null;
  /** How long the last full build took (ms), for the benchmark. */
  lastBuildMs = 0;

  /** Rows per build step (CHUNK; smaller in tests, to see the steps). */
  chunk = CHUNK;

  constructor(private readonly db: Db) {}

  get hasIndex(): boolean {
    return this.index !== null;
  }

  /** The index with every change committed before this call applied. */
  current(): Promise<SearchIndex> {
    // One sync at a time, each after the previous: a search never reuses a sync that began
    // before its own start, which could have missed a write committed in between. It shares the
    // one queued and not yet begun, though: that one begins after it, so it misses nothing, and
    // searches arriving together ask the database once (on PostgreSQL, a query each otherwise).
    if (this.next) return this.next;
    const run = this.queue.then(() => {
      this.next = null;
      return this.sync();
    });
    this.next = run;
    this.queue = run.catch(() => {});
    return run;
  }

  announce(version: number): void {
    if (Number.isSafeInteger(version) && version > this.announced) this.announced = version;
  }

  private async sync(): Promise<SearchIndex> {
    if (!this.index) return this.rebuild();
    if (this.following && this.builtFollowing && this.announced <= this.version) return this.pruned();
    const changes = await this.db
      .select({ version: propertyChanges.version, propertyId: propertyChanges.propertyId })
      .from(propertyChanges)
      .where(gt(propertyChanges.version, this.version))
      .orderBy(asc(propertyChanges.version))
      .limit(MAX_CHANGES);
    if (changes.length > 0) {
      const ids = [...new Set(changes.map((c) => c.propertyId))];
      // property_id 0: a TRUNCATE or a pruned stretch of the log; start over.
      if (
        changes.length === MAX_CHANGES ||
        ids.includes(0) ||
        ids.length > rebuildThreshold(this.index.count)
      ) {
        return this.rebuild();
      }
      const fresh = await readListings(this.db, inArray(properties.id, ids));
      for (const id of ids) this.index.remove(id);
      for (const listing of fresh) this.index.put(listing);
      this.version = changes[changes.length - 1]!.version;
      if (this.index.retired > this.index.count + 10_000) return this.rebuild();
    }
    return this.pruned();
  }

  private async pruned(): Promise<SearchIndex> {
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) await this.prune();
    return this.index!;
  }

  private async rebuild(): Promise<SearchIndex> {
    const started = performance.now();
    // Following before the version below is read: no change after it can go unheard.
    const following = this.following;
    // Every change up to this version is committed and so visible to the reads below; the
    // ones above it are read from the log on the next sync (reading one twice is harmless).
    const [row] = await this.db
      .select({ value: appState.value })
      .from(appState)
      .where(eq(appState.key, "property_changes"));
    const version = row?.value ?? 0;
    const index = new SearchIndex();
    const [range] = await this.db.select({ last: max(properties.id) }).from(properties);
    // Ranges of ids rather than ORDER BY id LIMIT: a plan that never sorts the rest of the table,
    // even on a PGlite database that has no statistics yet.
    for (let from = 0; from < (range?.last ?? 0); from += this.chunk) {
      await nextTurn();
      const chunk = await readListings(
        this.db,
        and(gt(properties.id, from), lte(properties.id, from + this.chunk))!,
      );
      for (const listing of chunk) index.put(listing);
    }
    index.trim();
    this.index = index;
    this.version = version;
    this.builtFollowing = following;
    this.lastBuildMs = performance.now() - started;
    return index;
  }

  /** Drops log rows older than a day, leaving a property_id 0 marker at the highest one dropped. */
  private async prune(): Promise<void> {
    this.lastPrune = Date.now();
    await this.db.execute(sql`
      with gone as (
        delete from ${propertyChanges} where ${propertyChanges.changedAt} < now() - interval '1 day'
        returning ${propertyChanges.version}
      )
      insert into ${propertyChanges} (version, property_id)
      select max(version), 0 from gone having count(*) > 0`);
  }
}

// One index per database handle (per process), built on first use.
const handles = new WeakMap<Db, IndexHandle>();

function handleFor(db: Db): IndexHandle {
  let handle = handles.get(db);
  if (!handle) {
    handle = new IndexHandle(db);
    handles.set(db, handle);
  }
  return handle;
}

/**
 * The search index of this database, current as of this call; null while the boot-time build
 * (warmSearchIndex) is still running, so that a search then runs in SQL instead of waiting.
 */
export async function currentSearchIndex(db: Db): Promise<SearchIndex | null> {
  const handle = handleFor(db);
  if (handle.warming) return null;
  return handle.current();
}

/** Is the index built (searches use it), being built at boot (they run in SQL), or not started? */
export function searchIndexState(db: Db): "ready" | "building" | "absent" {
  const handle = handles.get(db);
  if (handle?.warming) return "building";
  return handle?.hasIndex ? "ready" : "absent";
}

/**
 * Builds the index ahead of the first search (at boot: the server listens meanwhile and searches
 * run in SQL until it is done), and says how long it took and its size. `chunk`: rows per step.
 */
export async function warmSearchIndex(
  db: Db,
  options: { chunk?: number } = {},
): Promise<{ listings: number; ms: number; arrayBytes: number }> {
  const handle = handleFor(db);
  if (options.chunk) handle.chunk = options.chunk;
  handle.warming ??= handle.current();
  try {
    const index = await handle.warming;
    return { listings: index.count, ms: handle.lastBuildMs, arrayBytes: index.arrayBytes };
  } finally {
    handle.warming = null;
  }
}

/**
 * On the embedded database this process is the only writer (the data folder's lock), and PGlite
 * hands a NOTIFY to its listeners when it reads the COMMIT's reply, before the writer's own
 * `await` resumes (as cache/data-version.server.ts relies on): hearing the change versions as
 * they commit, a search knows without a query that nothing changed since the index's version.
 * It must start before the index is built (openServices). On PostgreSQL other instances write
 * too, and their notifications can arrive after a visitor's next search: every search asks.
 */
export async function followIndexChanges(
  database: Pick<Database, "db" | "engine" | "listen">,
): Promise<() => Promise<void>> {
  if (database.engine !== "pglite") return async () => {};
  const handle = handleFor(database.db);
  const unlisten = await database.listen(PROPERTY_CHANGES_CHANNEL, (payload) =>
    handle.announce(Number(payload)),
  );
  handle.following = true;
  return async () => {
    handle.following = false;
    await unlisten();
  };
}
