// Step 6: a flood of over-limit form posts. One address keeps posting the listing's contact form
// past its per-IP limit (20 connections in parallel) while another client loads the listing page;
// that client's p50 is compared with its quiet value. Over-limit posts are answered at the edge
// (app/server/http/form-limits.server.ts) with a small page, so they should cost the server
// little: the target is a flood p50 within 2× the quiet one.
//
// The flood runs in a child process (autocannon's command line), so its own work never delays
// the measured client's event loop; the server renders the listing per request (PAGE_CACHE=off,
// the case where the flood and the page compete for the same CPU) and trusts X-Forwarded-For
// (TRUST_PROXY=true), which gives the flood and the client addresses of their own.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { warmUp } from "./http";

const FLOOD_ADDRESS = "198.51.100.66";
const CLIENT_ADDRESS = "198.51.100.7";
const FLOOD_CONNECTIONS = 20;
const CLIENT_CONNECTIONS = 2;
/** The listing form's per-IP limit (app/server/http/form-limits.server.ts, LEAD_RULE). */
const LEAD_LIMIT = 20;

export interface FloodResult {
  path: string;
  seconds: number;
  quietP50: number;
  quietP99: number;
  floodP50: number;
  floodP99: number;
  /** The flood's requests per second and how they were answered (status → count). */
  floodRequestsPerSecond: number;
  floodStatuses: Record<string, number>;
  /** The flood's answer size (bytes). */
  floodBytesPerRequest: number;
}

async function measureClient(baseUrl: string, path: string, seconds: number) {
  const result = await autocannon({
    url: new URL(path, baseUrl).href,
    connections: CLIENT_CONNECTIONS,
    duration: seconds,
    headers: { "user-agent": "autocannon-bench", "x-forwarded-for": CLIENT_ADDRESS },
  });
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

interface CliResult {
  requests: { average: number; total: number };
  throughput: { total: number };
  statusCodeStats?: Record<string, { count: number }>;
}

/** The flood: autocannon's command line in a child process, its JSON report on stdout. */
function startFlood(baseUrl: string, path: string, seconds: number): Promise<CliResult> {
  const body = new URLSearchParams({
    name: "Robô Insistente",
    email: "robo@exemplo.com.br",
    message: "Mensagem repetida.",
    consent: "on",
  }).toString();
  const child = spawn(
    process.execPath,
    [
      "node_modules/autocannon/autocannon.js",
      "--json",
      "-c",
      String(FLOOD_CONNECTIONS),
      "-d",
      String(seconds),
      "-m",
      "POST",
      "-H",
      "content-type=application/x-www-form-urlencoded",
      "-H",
      `origin=${baseUrl}`,
      "-H",
      `x-forwarded-for=${FLOOD_ADDRESS}`,
      "-b",
      body,
      new URL(path, baseUrl).href,
    ],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon (enxurrada) saiu com ${code}`));
      try {
        resolve(JSON.parse(output) as CliResult);
      } catch (error) {
        reject(error);
      }
    });
  });
}

export async function benchFlood(options: {
  baseUrl: string;
  listingPath: string;
  seconds: number;
  warmupRequests: number;
}): Promise<FloodResult> {
  const { baseUrl, listingPath: path, seconds } = options;
  await warmUp(baseUrl, path, {
    requests: options.warmupRequests,
    connections: CLIENT_CONNECTIONS,
    headers: { "x-forwarded-for": CLIENT_ADDRESS },
  });
  // The flooding address first uses up its limit, as a script would in its first second.
  for (let i = 0; i <= LEAD_LIMIT; i++) {
    await fetch(new URL(path, baseUrl), {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: baseUrl,
        "x-forwarded-for": FLOOD_ADDRESS,
      },
      body: new URLSearchParams({ name: "Robô" }).toString(),
    }).then((r) => r.arrayBuffer());
  }
  const quiet = await measureClient(baseUrl, path, seconds);
  // The flood runs a second longer on each side, so the client is measured inside it.
  const flood = startFlood(baseUrl, path, seconds + 2);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const during = await measureClient(baseUrl, path, seconds);
  const report = await flood;
  const statuses: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(report.statusCodeStats ?? {})) statuses[status] = count;
  return {
    path,
    seconds,
    quietP50: quiet.p50,
    quietP99: quiet.p99,
    floodP50: during.p50,
    floodP99: during.p99,
    floodRequestsPerSecond: report.requests.average,
    floodStatuses: statuses,
    floodBytesPerRequest: report.requests.total > 0 ? report.throughput.total / report.requests.total : 0,
  };
}
