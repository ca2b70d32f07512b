// Step 1 and 5: HTTP load with autocannon (fixed connections and duration) and server RSS.
import autocannon from "autocannon";
import { childrenOf, mainThreadCpuSecondsOf, rssOf } from "./util";

export interface LoadResult {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
  peakRss: number;
  /** Requests answered, and the CPU time of the server's main thread(s) meanwhile (ms). */
  requests: number;
  cpuMs: number;
}

/**
 * The main thread's CPU time per request (ms): what one request costs the thread that renders,
 * whatever else runs on the machine. Requests per second move with the host's load from one run
 * to the next (this VM drifts ±20 % within seconds, autocannon shares its cores); this moves
 * much less, and 1000 ÷ it is what one process could serve with its thread always busy.
 */
export function cpuMsPerRequest(result: Pick<LoadResult, "requests" | "cpuMs">): number {
  return result.requests > 0 ? result.cpuMs / result.requests : Number.NaN;
}

export async function load(options: {
  label: string;
  baseUrl: string;
  path: string;
  pid: number;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** A path per request instead of `path` (bench/search-load.ts: no two requests alike). */
  nextPath?: () => string;
}): Promise<LoadResult> {
  const children = childrenOf(options.pid); // looked up once: sampling stays cheap
  let peakRss = rssOf(options.pid, children);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(options.pid, children));
  }, 200);
  const cpuBefore = mainThreadCpuSecondsOf(options.pid, children);
  try {
    const result = await autocannon({
      url: new URL(options.path, options.baseUrl).href,
      connections: options.connections,
      duration: options.durationSeconds,
      headers: { "user-agent": "autocannon-bench", ...options.headers },
      ...perRequest(options.nextPath),
    });
    return {
      label: options.label,
      path: options.path,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      bytesPerRequest: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
      peakRss,
      requests: result.requests.total,
      cpuMs: (mainThreadCpuSecondsOf(options.pid, children) - cpuBefore) * 1000,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** autocannon's hook that gives each request its own path. */
function perRequest(nextPath: (() => string) | undefined) {
  if (!nextPath) return {};
  const next = nextPath;
  return { requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: next() }) }] };
}

/**
 * Load before measuring: fills the caches and lets V8 compile the render path. A fresh server
 * renders the listing page at about half its steady speed for its first ~2 000 requests (8.1 ms
 * of CPU a page for the first hundred, 3.7 after a thousand, ~3.1 from two thousand on), and a
 * server in production has long left that behind.
 */
export async function warmUp(
  baseUrl: string,
  path: string,
  options: {
    requests: number;
    connections: number;
    headers?: Record<string, string>;
    nextPath?: () => string;
  },
): Promise<void> {
  await autocannon({
    url: new URL(path, baseUrl).href,
    connections: options.connections,
    amount: options.requests,
    headers: options.headers,
    ...perRequest(options.nextPath),
  });
}
