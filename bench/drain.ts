// Step "drain": a SIGTERM while requests are in flight. The server is busy with a burst of page
// requests it renders one after the other (PAGE_CACHE=off) when it is told to stop; a clean stop
// answers every request it had already accepted, then exits (server.js, SHUTDOWN_TIMEOUT_SECONDS).
// Requests are counted as answered (the page, 200) or lost (a reset, an empty reply, an error),
// and the time from SIGTERM to the process's exit is reported.
import type { BenchServer } from "./server";

export interface DrainResult {
  path: string;
  /** Requests sent in the burst (all before the SIGTERM). */
  sent: number;
  /** Of those, answered with the whole page. */
  answered: number;
  /** Milliseconds from SIGTERM to the process's exit. */
  exitMs: number;
  exitCode: number | null;
}

/** Sends `count` requests at once, sends SIGTERM once the server has started answering them. */
export async function benchDrain(options: {
  server: BenchServer;
  path: string;
  count: number;
}): Promise<DrainResult> {
  const { server, path, count } = options;
  let firstAnswer: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    firstAnswer = resolve;
  });
  const requests = Array.from({ length: count }, () =>
    fetch(new URL(path, server.url), { headers: { "user-agent": "bench-drain" } }).then(
      async (response) => {
        firstAnswer();
        const body = await response.text();
        return response.status === 200 && body.includes("</html>");
      },
      () => false,
    ),
  );
  // Stop once the burst is being served: every request has reached the server by then (they all
  // went out together), and most are still waiting for their turn on the one render thread.
  await started;
  const signalledAt = Date.now();
  process.kill(server.pid, "SIGTERM");
  const [results, exitCode] = await Promise.all([Promise.all(requests), server.exited]);
  return {
    path,
    sent: count,
    answered: results.filter(Boolean).length,
    exitMs: Date.now() - signalledAt,
    exitCode,
  };
}
