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
