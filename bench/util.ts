// Small helpers shared by the benchmark steps.
import { readdirSync, readFileSync } from "node:fs";

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function kib(bytes: number): string {
  return `${round(bytes / 1024, 1)} KiB`;
}

export function mib(bytes: number): string {
  return `${round(bytes / (1024 * 1024), 1)} MiB`;
}

function rssOfOne(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = status.match(/VmRSS:\s+(\d+)\s+kB/);
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * The fields of a /proc …/stat file after "pid (comm) " (comm may hold spaces, so they are read
 * after its closing parenthesis): [0] is the state, [1] the parent pid, [11] and [12] utime and
 * stime in clock ticks.
 */
function statFields(path: string): string[] {
  const stat = readFileSync(path, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** The pids whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (Number(statFields(`/proc/${entry}/stat`)[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux we run on. */
const USER_HZ = 100;

function mainThreadCpuSecondsOfOne(pid: number): number {
  try {
    // The main thread's own entry (its id is the pid): the JavaScript thread, without V8's GC
    // helpers and libuv's pool, which run beside it on other cores.
    const fields = statFields(`/proc/${pid}/task/${pid}/stat`);
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time (user + system) the main threads of a server have used so far, in seconds, from /proc
 * (Linux; NaN elsewhere): the process and its direct children, like rssOf. A Node process
 * renders on its main thread alone, so that thread's time per request bounds its throughput.
 */
export function mainThreadCpuSecondsOf(pid: number, children: number[] = childrenOf(pid)): number {
  return children.reduce(
    (sum, child) => sum + (mainThreadCpuSecondsOfOne(child) || 0),
    mainThreadCpuSecondsOfOne(pid),
  );
}

/**
 * Resident set size of a server, from /proc (Linux; NaN elsewhere): the process and its direct
 * children (given, or looked up), so several app processes (WEB_CONCURRENCY) count whole.
 */
export function rssOf(pid: number, children: number[] = childrenOf(pid)): number {
  return children.reduce((sum, child) => sum + (rssOfOne(child) || 0), rssOfOne(pid));
}

const started = Date.now();
/** One progress line per step, with the elapsed time. */
export function progress(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${seconds}s] ${message}`);
}

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
