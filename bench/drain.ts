// Step "drain": a SIGTERM while requests are in flight. The server is busy with a burst of page
// requests it renders one after the other (PAGE_CACHE=off) when it is told to stop; a clean stop
// answers every request it had already accepted, then exits (server.js, SHUTDOWN_TIMEOUT_SECONDS).
// Requests are counted as answered (the page, 200) or lost (a reset, an empty reply, an error),
// and the time from SIGTERM to the process's exit is reported.
import { Agent, get } from "node:http";
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
  // One connection per request (node:http without keep-alive): fetch's pool would hold some of the
  // burst on the client, waiting for a connection to be free, so they would not really have been
  // sent before the SIGTERM.
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests = Array.from(
    { length: count },
    () =>
      new Promise<boolean>((resolve) => {
        const request = get(new URL(path, server.url), { agent, headers: { "user-agent": "bench-drain" } });
        request.on("response", (response) => {
          firstAnswer();
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            body += chunk;
          });
          response.on("end", () => resolve(response.statusCode === 200 && body.includes("</html>")));
          response.on("error", () => resolve(false));
        });
        request.on("error", () => resolve(false));
      }),
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
