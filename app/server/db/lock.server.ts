// PGlite takes no lock on its folder, and two processes writing one folder silently lose
// acknowledged writes. The process that opens the folder holds an operating-system lock on
// DATA_DIR/server.lock (an open-file-description lock on Linux, flock on macOS, LockFileEx on
// Windows, through fs-native-extensions). The kernel drops it when the file is closed, and a
// dying process's files are closed as it dies, however it dies: after `kill -9`, and before its
// parent has reaped the zombie, the folder is free. A PID in the file could not tell that
// (a zombie still answers `kill(pid, 0)`); here the PID in the file only names the holder in
// the message. See docs/decisions/002-embedded-database-lock.md.
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { tryLock, unlock } from "fs-native-extensions";

export class DataDirLockedError extends Error {}

export const LOCK_FILE = "server.lock";

/** The PID the holder wrote, for the message; the lock itself is what decides. */
function holderOf(lockPath: string): string | null {
  try {
    const pid = readFileSync(lockPath, "utf8").trim();
    return /^\d+$/.test(pid) ? pid : null;
  } catch {
    return null; // Windows refuses to read a locked range: the message does without the PID.
  }
}

/**
 * Locks `dataDir` for this process, or throws DataDirLockedError naming the process that holds
 * it. Returns the release function (also safe to call twice); exiting releases it too.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_FILE);
  // Opened without truncating: the holder's PID stays readable until the lock is ours. The file
  // is never deleted: a process waiting on a deleted file would lock a name nobody else sees.
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  if (!locked) {
    closeSync(fd);
    const holder = holderOf(lockPath);
    throw new DataDirLockedError(
      `A pasta de dados ${resolve(dataDir)} já está em uso ${holder ? `pelo processo ${holder}` : "por outro processo"}. ` +
        "Pare o outro servidor (ou use outro DATA_DIR) antes de iniciar este: " +
        "dois processos no mesmo banco embutido perdem dados.",
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    unlock(fd);
    closeSync(fd);
  };
}
