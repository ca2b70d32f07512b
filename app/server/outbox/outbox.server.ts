// Transactional outbox. A message (a lead e-mail, a password-reset link) is a row written in the
// same transaction as the change that causes it (a lead), so it exists exactly when the lead
// exists. Workers in any number of app instances claim due rows with FOR UPDATE SKIP LOCKED and
// a lease (locked_until), send, and mark them sent.
//
// Delivery guarantee, honestly: the normal paths are exactly-once — a row is claimed by one
// worker only (the claim is a single UPDATE over SKIP LOCKED rows whose lease is free), and it
// is marked sent right after the SMTP server accepted it. The one gap no database can close:
// if the process dies between the SMTP server's "250 OK" and our UPDATE, the lease expires and
// another worker sends it again (at-least-once in that crash window). The Message-ID is fixed
// per row, so mail clients that deduplicate show it once.
import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database, Db, Tx } from "../db/client.server";
import { outbox } from "../db/schema.server";
import { defaultLogger } from "../log/logger.server";
import {
  BATCH_SIZE,
  classifyFailure,
  DEFAULT_RETRY_POLICY,
  describeFailure,
  LEASE_MS,
  OUTBOX_CHANNEL,
  POLL_INTERVAL_MS,
  type RetryPolicy,
  retryDelayMs,
} from "./backoff.server";

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * The outbox rows about some records: those whose payload's `field` ("leadId", "visitId"…) is one
 * of `ids` (what an erasure removes with its records).
 */
export function payloadIdIn(field: string, ids: readonly number[]): SQL {
  return inArray(sql`${outbox.payload}->>${field}`, ids.map(String));
}

/**
 * Writes one message in the caller's transaction; workers wake when it commits. `at` holds it
 * until then (a visit's reminder the day before: app/server/visits/visit-emails.server.ts).
 */
export async function enqueue(
  tx: Db | Tx,
  kind: string,
  payload: Record<string, unknown>,
  options: { at?: Date } = {},
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, payload, ...(options.at ? { nextAttemptAt: options.at } : {}) })
    .returning({ id: outbox.id });
  if (!row) throw new Error("outbox: insert sem retorno");
  // NOTIFY inside a transaction is delivered at commit, and not at all on rollback.
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${String(row.id)})`);
  return row.id;
}

/** What a handler decides besides success: "skip" = nothing to send any more (e.g. lead erased). */
export type HandlerResult = undefined | "skip";
export type OutboxHandler = (row: OutboxRow) => Promise<HandlerResult | undefined> | Promise<void>;

export interface OutboxWorkerOptions {
  database: Pick<Database, "db" | "listen">;
  handlers: Record<string, OutboxHandler>;
  now?: () => Date;
  policy?: RetryPolicy;
  leaseMs?: number;
  pollIntervalMs?: number;
  batchSize?: number;
  random?: () => number;
  /**
   * Work that writes messages by the clock (the daily summaries of next actions), run on each poll
   * and at start, before the due rows are claimed: the server's one periodic loop, no timer of its own.
   */
  scheduled?: (now: Date) => Promise<unknown>;
  /** Where failures are reported (as warnings: a retry is not an application error). */
  log?: (message: string) => void;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface OutboxWorker {
  /** Claims and processes due rows until none is left; returns what happened. */
  runOnce(): Promise<RunResult>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Claims up to `limit` due rows for `leaseUntil`; the same row is never handed to two workers. */
export async function claimDue(db: Db, now: Date, leaseUntil: Date, limit: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        isNull(outbox.failedAt),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(outbox.nextAttemptAt, outbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Only the holder of the lease may settle a row (a worker whose lease expired may not). */
function heldBy(row: OutboxRow) {
  return and(eq(outbox.id, row.id), row.lockedUntil ? eq(outbox.lockedUntil, row.lockedUntil) : undefined);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, handlers } = options;
  const db = database.db;
  const now = options.now ?? (() => new Date());
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const log = options.log ?? ((message: string) => defaultLogger().warn(message));
  let timer: ReturnType<typeof setInterval> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<RunResult> | undefined;
  let again = false;
  let stopped = true;

  async function processRow(claimed: OutboxRow, result: RunResult) {
    // The batch was claimed under one lease, and the rows before this one may have taken most of
    // it (slow SMTP): renew this row's lease before sending, or leave it if another instance took
    // it meanwhile (it would otherwise be sent twice).
    const lockedUntil = new Date(now().getTime() + leaseMs);
    const [renewed] = await db
      .update(outbox)
      .set({ lockedUntil })
      .where(and(heldBy(claimed), isNull(outbox.sentAt), isNull(outbox.failedAt)))
      .returning({ id: outbox.id });
    if (!renewed) return;
    const row = { ...claimed, lockedUntil };
    const handler = handlers[row.kind];
    try {
      if (!handler)
        throw Object.assign(new Error(`outbox: tipo desconhecido "${row.kind}"`), { status: 400 });
      const outcome = await handler(row);
      const settled = await db
        .update(outbox)
        .set({ sentAt: now(), lockedUntil: null, lastError: outcome === "skip" ? "nada a enviar" : null })
        .where(heldBy(row))
        .returning({ id: outbox.id });
      if (settled.length === 0) log(`[outbox] ${row.id}: enviado após perder a reserva (possível duplicata)`);
      result.sent += 1;
    } catch (error) {
      const message = describeFailure(error);
      const permanent = classifyFailure(error) === "permanent" || row.attempts >= policy.maxAttempts;
      if (permanent) {
        await db
          .update(outbox)
          .set({ failedAt: now(), lockedUntil: null, lastError: message })
          .where(heldBy(row));
        result.failed += 1;
        log(`[outbox] ${row.id} (${row.kind}) falhou de vez após ${row.attempts} tentativa(s): ${message}`);
      } else {
        const next = new Date(now().getTime() + retryDelayMs(row.attempts, policy, options.random));
        await db
          .update(outbox)
          .set({ nextAttemptAt: next, lockedUntil: null, lastError: message })
          .where(heldBy(row));
        result.retried += 1;
        log(
          `[outbox] ${row.id} (${row.kind}) tentativa ${row.attempts} falhou, nova em ${next.toISOString()}: ${message}`,
        );
      }
    }
  }

  async function drain(): Promise<RunResult> {
    const result: RunResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const start = now();
      const rows = await claimDue(db, start, new Date(start.getTime() + leaseMs), batchSize);
      for (const row of rows) await processRow(row, result);
      if (rows.length < batchSize) return result;
    }
  }

  async function runOnce(): Promise<RunResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: RunResult = { sent: 0, retried: 0, failed: 0 };
      do {
        again = false;
        const r = await drain();
        total.sent += r.sent;
        total.retried += r.retried;
        total.failed += r.failed;
      } while (again && !stopped);
      return total;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  const wake = () => {
    runOnce().catch((error) => log(`[outbox] ciclo falhou: ${describeFailure(error)}`));
  };

  let scheduling: Promise<void> | undefined;
  const poll = () => {
    const scheduled = options.scheduled;
    if (!scheduled) return wake();
    if (scheduling) return; // the previous poll's is still at work
    scheduling = scheduled(now())
      .then(
        () => undefined,
        (error) => log(`[outbox] tarefa agendada falhou: ${describeFailure(error)}`),
      )
      .finally(() => {
        scheduling = undefined;
        if (!stopped) wake();
      });
  };

  return {
    runOnce,
    async start() {
      if (!stopped) return;
      stopped = false;
      unlisten = await database.listen(OUTBOX_CHANNEL, wake);
      timer = setInterval(poll, options.pollIntervalMs ?? POLL_INTERVAL_MS);
      timer.unref?.();
      poll();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await unlisten?.();
      unlisten = undefined;
      await scheduling;
      await running?.catch(() => undefined);
    },
  };
}
