// A process that locks a data folder, for lock.server.test.ts: it prints its PID once the lock
// is held (or "recusado: <message>" when refused) and then waits to be killed.
import { acquireDataDirLock } from "./lock.server";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("uso: lock-holder <pasta>");
try {
  acquireDataDirLock(dataDir);
  process.stdout.write(`${process.pid}\n`);
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`recusado: ${(error as Error).message}\n`);
}
