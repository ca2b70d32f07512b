// PGlite takes no lock on its folder, and two processes writing one folder silently lose
// acknowledged writes. This lock file makes the second process refuse to start instead.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `A pasta de dados ${resolve(dataDir)} já está em uso pelo processo ${owner}. ` +
            "Pare o outro servidor (ou use outro DATA_DIR) antes de iniciar este: " +
            "dois processos no mesmo banco embutido perdem dados.",
        );
      }
      // The owner died without cleaning up: the lock is stale, take it over.
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio de ${resolve(dataDir)}.`);
}
