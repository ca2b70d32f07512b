// One core for the server, another for the load generator, while a single app process is loaded.
//
// autocannon runs on the same machine as the server. Left to the scheduler, the two moved between
// this machine's two cores, and the server's CPU per request swung between two levels from one
// run to the next (the listing page: ~2.0 ms in some runs, ~2.9 in others, same build, same
// minute); with each on its own core it stayed at ~2.0. A visitor's browser is not on the
// server's machine, so the pinned figure is the server's own. Several app processes
// (WEB_CONCURRENCY) use every core and are not pinned.
import { spawnSync } from "node:child_process";
import { cpus } from "node:os";

const SERVER_CPU = "0";
const LOAD_CPU = "1";

let available: boolean | undefined;

/** True on a machine with at least two cores and util-linux's `taskset`. */
export function canPin(): boolean {
  available ??= cpus().length >= 2 && spawnSync("taskset", ["-V"], { stdio: "ignore" }).status === 0;
  return available;
}

/** Every thread of `pid` (and those it starts later) on `cpuList`, e.g. "0" or "0-1". */
function setAffinity(pid: number, cpuList: string): void {
  const result = spawnSync("taskset", ["-a", "-cp", cpuList, String(pid)], { stdio: "ignore" });
  if (result.status !== 0) throw new Error(`taskset não conseguiu fixar o processo ${pid} em ${cpuList}`);
}

/**
 * Runs `work` with the server's threads on core 0 and this process's (autocannon's) on core 1,
 * then gives both every core back. Without two cores or taskset, runs it as is; `pinned` says which.
 */
export async function withServerPinned<T>(
  serverPid: number,
  work: (pinned: boolean) => Promise<T>,
): Promise<T> {
  if (!canPin()) return work(false);
  const all = `0-${cpus().length - 1}`;
  try {
    setAffinity(serverPid, SERVER_CPU);
    setAffinity(process.pid, LOAD_CPU);
    return await work(true);
  } finally {
    setAffinity(process.pid, all);
    try {
      setAffinity(serverPid, all);
    } catch {
      // the server may have stopped already
    }
  }
}
