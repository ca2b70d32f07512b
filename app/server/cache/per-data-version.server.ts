// Values read from the database that only a visible write can change (the agency settings, …):
// read once per data version instead of on every page view. Every such write bumps the data
// version in its transaction, so a memo is never older than the last committed write, the same
// guarantee as the page cache. Without a version reader attached to the database handle (tests,
// scripts), every call reads the database.
import type { Db } from "../db/client.server";

/** The current data version, as this process knows it (a number when no query is needed). */
export type DataVersionReader = () => number | Promise<number>;

const readers = new WeakMap<Db, DataVersionReader>();

/** Lets memos on this database handle use the process's data version (see openDataVersionSource). */
export function attachDataVersion(db: Db, read: DataVersionReader): () => void {
  readers.set(db, read);
  return () => {
    if (readers.get(db) === read) readers.delete(db);
  };
}

/** `read(db)`, recomputed only when the data version has moved (a failed read is not kept). */
export function perDataVersion<T>(read: (db: Db) => Promise<T>): (db: Db) => Promise<T> {
  const memo = perDataVersionByKey((context: { db: Db }) => read(context.db), { maxKeys: 1 });
  return (db) => memo({ db }, null);
}

/**
 * `read(context, key)` memoized per key and data version of `context.db`, for values many
 * visitors ask for (a listing page's data…). The rest of the context (storage, config: one per
 * process) only helps shape the value. At most `maxKeys` keys are kept per database handle, the
 * least recently used going first, so a crawler walking every listing cannot grow the memory
 * without bound.
 */
export function perDataVersionByKey<C extends { db: Db }, K, T>(
  read: (context: C, key: K) => Promise<T>,
  options: { maxKeys: number },
): (context: C, key: K) => Promise<T> {
  const memos = new WeakMap<Db, Map<K, { version: number; value: Promise<T> }>>();
  return async (context, key) => {
    const { db } = context;
    const readVersion = readers.get(db);
    if (!readVersion) return read(context, key);
    const current = readVersion();
    // Read the version first: the value then reflects at least that version.
    const version = typeof current === "number" ? current : await current;
    let byKey = memos.get(db);
    if (!byKey) {
      byKey = new Map();
      memos.set(db, byKey);
    }
    const memo = byKey.get(key);
    if (memo && memo.version === version) {
      // Most recently used goes last (a Map keeps insertion order).
      byKey.delete(key);
      byKey.set(key, memo);
      return memo.value;
    }
    const entry = { version, value: read(context, key) };
    if (!memo || version > memo.version) {
      byKey.delete(key);
      byKey.set(key, entry);
      while (byKey.size > options.maxKeys) {
        const oldest = byKey.keys().next();
        if (oldest.done) break;
        byKey.delete(oldest.value);
      }
    }
    const keys = byKey;
    entry.value.catch(() => {
      if (keys.get(key) === entry) keys.delete(key);
    });
    return entry.value;
  };
}

/**
 * Values by numeric id (a listing's card row…), each read once per data version of `db`: the
 * ids not held are read together in one call (`read` leaves out the ids it finds nothing for,
 * and those are asked again next time). At most `maxIds` values are kept per database handle, the
 * least recently used going first. A new data version drops them all. Without a version reader
 * (tests, scripts), every call reads.
 */
export function perDataVersionById<T>(
  read: (db: Db, ids: number[]) => Promise<Map<number, T>>,
  options: { maxIds: number },
): (db: Db, ids: readonly number[]) => Promise<Map<number, T>> {
  const memos = new WeakMap<Db, { version: number; byId: Map<number, T> }>();
  return async (db, ids) => {
    const readVersion = readers.get(db);
    if (!readVersion || ids.length === 0) return read(db, [...ids]);
    const current = readVersion();
    // Read the version first: the values then reflect at least that version.
    const version = typeof current === "number" ? current : await current;
    let memo = memos.get(db);
    if (!memo || version > memo.version) {
      memo = { version, byId: new Map() };
      memos.set(db, memo);
    }
    const held = memo.version === version ? memo.byId : undefined;
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const value = held?.get(id);
      if (value === undefined) missing.push(id);
      else {
        // Most recently used goes last (a Map keeps insertion order).
        held!.delete(id);
        held!.set(id, value);
        found.set(id, value);
      }
    }
    if (missing.length === 0) return found;
    const fresh = await read(db, missing);
    for (const [id, value] of fresh) {
      found.set(id, value);
      // Kept only while no newer version replaced the memo meanwhile (an older reader's rows
      // would pass for the new version's).
      if (memos.get(db) === memo && memo.version === version) memo.byId.set(id, value);
    }
    if (memo.byId.size > options.maxIds) {
      for (const id of memo.byId.keys()) {
        memo.byId.delete(id);
        if (memo.byId.size <= options.maxIds) break;
      }
    }
    return found;
  };
}
