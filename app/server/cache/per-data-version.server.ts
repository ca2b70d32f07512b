// Values read from the database that only a visible write can change (the agency settings, …):
// read once per data version instead of on every page view. Every such write bumps the data
// version in its transaction, so a memo is never older than the last committed write, the same
// guarantee as the page cache. Without a version reader attached to the database handle (tests,
// scripts), every call reads the database.
import type { Db } from "../db/client.server";
import type { DataVersionReader } from "./data-version.server";

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
  const memos = new WeakMap<Db, { version: number; value: Promise<T> }>();
  return async (db) => {
    const readVersion = readers.get(db);
    if (!readVersion) return read(db);
    const current = readVersion();
    // Read the version first: the value then reflects at least that version.
    const version = typeof current === "number" ? current : await current;
    const memo = memos.get(db);
    if (memo && memo.version === version) return memo.value;
    const entry = { version, value: read(db) };
    if (!memo || version > memo.version) memos.set(db, entry);
    entry.value.catch(() => {
      if (memos.get(db) === entry) memos.delete(db);
    });
    return entry.value;
  };
}
