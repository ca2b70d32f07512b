// The part of fs-native-extensions (no types of its own) that app/server/db/lock.server.ts uses.
declare module "fs-native-extensions" {
  /** Takes an exclusive (or, with `shared`, a shared) lock on the open file; false when taken. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
