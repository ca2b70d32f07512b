// Retry policy of the outbox, in one place: which failures are worth retrying and how long to
// wait. A transient failure (the SMTP server is down, answers 4xx, a provider answers 502/503/504)
// waits and tries again; a permanent one (SMTP 5xx: the address does not exist) stops at once.

/** Waits after the 1st, 2nd, 3rd… failed attempt; the last value repeats (the cap). */
export const RETRY_DELAYS_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;
/** ±20 %: instances that failed together do not all retry in the same second. */
export const RETRY_JITTER = 0.2;
/** After this many attempts a transient failure is given up (≈ a day at the 1 h cap). */
export const MAX_ATTEMPTS = 30;
/** How long a claimed row stays reserved for the worker that claimed it. */
export const LEASE_MS = 120_000;
/** Poll for due rows this often even without a NOTIFY (retries become due silently). */
export const POLL_INTERVAL_MS = 15_000;
export const BATCH_SIZE = 10;
/** The NOTIFY channel that wakes workers when a row is enqueued. */
export const OUTBOX_CHANNEL = "outbox";

export interface RetryPolicy {
  delaysMs: readonly number[];
  jitter: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: RETRY_DELAYS_MS,
  jitter: RETRY_JITTER,
  maxAttempts: MAX_ATTEMPTS,
};

/** Wait before the next try after `attempts` failed attempts (1-based). */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random = Math.random,
) {
  const index = Math.min(Math.max(attempts, 1), policy.delaysMs.length) - 1;
  const base = policy.delaysMs[index] ?? 0;
  return Math.round(base * (1 + policy.jitter * (random() * 2 - 1)));
}

/** A provider's HTTP answer (for senders that speak HTTP instead of SMTP). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ProviderHttpError";
  }
}

const TRANSIENT_CODES = new Set([
  "ECONNECTION",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EGREETING",
]);

export type FailureKind = "transient" | "permanent";

/** Sorts a sending error: nodemailer sets responseCode (SMTP) and code (network). */
export function classifyFailure(error: unknown): FailureKind {
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown; status?: unknown; cause?: unknown };
  if (error instanceof ProviderHttpError || typeof e.status === "number") {
    const status = Number(e.status);
    return status === 502 || status === 503 || status === 504 || status === 429 ? "transient" : "permanent";
  }
  if (typeof e.responseCode === "number") {
    if (e.responseCode >= 400 && e.responseCode < 500) return "transient";
    if (e.responseCode >= 500) return "permanent";
  }
  if (typeof e.code === "string" && TRANSIENT_CODES.has(e.code)) return "transient";
  if (e.cause) return classifyFailure(e.cause);
  // Unknown errors are retried (bounded by maxAttempts): losing a message is worse.
  return "transient";
}

/** The error as one bounded line for last_error. */
export function describeFailure(error: unknown): string {
  const e = (error ?? {}) as { responseCode?: unknown; code?: unknown; message?: unknown };
  const parts = [
    typeof e.code === "string" ? e.code : null,
    typeof e.responseCode === "number" ? String(e.responseCode) : null,
    typeof e.message === "string" ? e.message : String(error),
  ].filter(Boolean);
  return parts.join(" ").replace(/\s+/g, " ").slice(0, 1000);
}
