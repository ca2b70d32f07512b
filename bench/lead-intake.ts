// Step "lead-intake": the Grupo ZAP lead endpoint (POST /api/portais/grupozap/leads) receiving
// distinct leads, as a portal sends them: one JSON lead per request, HTTP Basic with the secret,
// a few requests at a time. Each lead is a different person (its own originLeadId, e-mail and
// phone), so every request writes a new card, its contact and its e-mails to the outbox
// (app/server/leads/record.server.ts). Then the same leads again: the portal's retries, which must
// answer 2xx and write nothing new. The endpoint limits each sender to LEAD_API_RULE (120 a
// minute, app/server/leads/intake.server.ts), so the requests come from 20 addresses
// (X-Forwarded-For, the server run with TRUST_PROXY=true), each within its limit.
import { percentile } from "./util";

export interface LeadIntakeRow {
  engine: string;
  /** What was sent: distinct leads, or the same leads again (the portal's retries). */
  kind: "novos" | "repetidos";
  sent: number;
  /** Answered 2xx. */
  ok: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

export const LEAD_INTAKE_SECRET = "segredo-do-benchmark-de-leads";
const SENDERS = 20;

function lead(n: number, run: string) {
  const phone = String(900_000_000 + n);
  return {
    leadOrigin: n % 2 ? "VivaReal" : "Zap",
    timestamp: new Date().toISOString(),
    originLeadId: `bench-${run}-${n}`,
    originListingId: String(87_000_000 + n),
    clientListingId: `AP${String(n % 60).padStart(4, "0")}`,
    name: `Pessoa Benchmark ${n}`,
    email: `pessoa.${run}.${n}@exemplo.com.br`,
    ddd: "82",
    phone,
    message: "Olá, tenho interesse neste imóvel. Aguardo o contato. Obrigado.",
  };
}

/** Sends `count` leads, `concurrency` at a time; returns one row (req/s and latency in ms). */
async function send(
  url: string,
  engine: string,
  kind: LeadIntakeRow["kind"],
  bodies: string[],
  concurrency: number,
): Promise<LeadIntakeRow> {
  const auth = `Basic ${Buffer.from(`grupozap:${LEAD_INTAKE_SECRET}`).toString("base64")}`;
  const latencies: number[] = [];
  let ok = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < bodies.length; i = next++) {
      const t0 = performance.now();
      const response = await fetch(url, {
        method: "POST",
        headers: {
          authorization: auth,
          "content-type": "application/json",
          "x-forwarded-for": `10.0.0.${(i % SENDERS) + 1}`,
        },
        body: bodies[i],
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (response.status >= 200 && response.status < 300) ok++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  return {
    engine,
    kind,
    sent: bodies.length,
    ok,
    requestsPerSecond: bodies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export async function benchLeadIntake(options: {
  baseUrl: string;
  engine: string;
  count: number;
  concurrency: number;
}): Promise<LeadIntakeRow[]> {
  const url = new URL("/api/portais/grupozap/leads", options.baseUrl).href;
  const run = Date.now().toString(36);
  const bodies = Array.from({ length: options.count }, (_, n) => JSON.stringify(lead(n, run)));
  const fresh = await send(url, options.engine, "novos", bodies, options.concurrency);
  const retries = await send(url, options.engine, "repetidos", bodies, options.concurrency);
  return [fresh, retries];
}
