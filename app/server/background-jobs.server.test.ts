// Background jobs with two app instances on one database (on PostgreSQL, TEST_ENGINE=postgres: two
// connection pools, as two processes hold): a sweep runs in one instance at a time (the others
// skip their turn while it holds the job's advisory lock), and its side effect happens once
// whichever instance sweeps; migrations started by two instances at once run one after the other.
// The sweeps' own guards are tested in alerts/alerts.server.test.ts and leads/distribution.server.test.ts.
import { count, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty } from "../../tests/support/factories";
import { createScratchDatabase } from "../../tests/support/postgres";
import { ALERT_DIGEST_EMAIL_KIND, ALERT_SWEEP_JOB, startAlertSweep } from "./alerts/digests.server";
import { subscribe } from "./alerts/subscriptions.server";
import { startExclusiveSweep } from "./background-jobs.server";
import type { Config } from "./config.server";
import { type Database, MIGRATION_LOCK, openDatabase } from "./db/client.server";
import { outbox, savedSearchDigests, savedSearches } from "./db/schema.server";
import { createTestDatabases } from "./db/test-database.server";
import { LEAD_SWEEP_JOB, startLeadSweep } from "./leads/reassign-sweep.server";
import { createLogger } from "./log/logger.server";

const SERVER_URL = process.env.TEST_ENGINE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
const config = { ALERT_SWEEP_INTERVAL_SECONDS: 3600, LEAD_SWEEP_INTERVAL_SECONDS: 3600 } as Config;
const log = createLogger({ LOG_LEVEL: "silent" } as Config);

/** An instant given in Maceió's wall-clock time (UTC−3). */
const maceio = (local: string) => new Date(`${local}-03:00`);
const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = (await createTestDatabases(2)) as [Database, Database];
  await insertAgency(first.db);
});

afterAll(async () => {
  await first.close();
  await second.close();
});

/** Holds the job's lock in `database` (as a sweep in progress there does) until `release()`. */
async function holding(database: Database, name: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken = () => {};
  const isTaken = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const outcome = database.exclusive(name, async () => {
    taken();
    await released;
  });
  await isTaken;
  return {
    async release() {
      release();
      return outcome;
    },
  };
}

describe.skipIf(!SERVER_URL)("one instance at a time (PostgreSQL)", () => {
  it("a job held by one instance is skipped by the other, and runs there once it is let go", async () => {
    const held = await holding(first, "prova");
    let ran = 0;
    expect(await second.exclusive("prova", async () => ++ran)).toEqual({ ran: false });
    // Another job's name is another lock.
    expect(await second.exclusive("outra", async () => "sim")).toEqual({ ran: true, value: "sim" });
    expect(await held.release()).toMatchObject({ ran: true });
    expect(await second.exclusive("prova", async () => ++ran)).toEqual({ ran: true, value: 1 });
  });

  it("an instant alert is queued once: the instance whose turn is skipped queues nothing, two sweeping at once queue one", async () => {
    const t0 = maceio("2026-11-27T10:00");
    const clock = { now: t0 };
    const now = () => clock.now;
    const sweeps = [first, second].map((database) =>
      startAlertSweep({ config, database, db: database.db, log }, now),
    );
    await subscribe(
      first.db,
      { email: "bia@cliente.teste", frequency: "instantaneo", busca: "/todos-os-imoveis?cidade=Maceió" },
      t0,
    );
    // Confirmed as its link would (alerts.server.test.ts opens the link from the e-mail).
    await first.db.update(savedSearches).set({ confirmedAt: minutes(t0, 1) });
    await insertProperty(first.db, { referencia: "JB0001", cidade: "Maceió", publishedAt: minutes(t0, 2) });
    clock.now = minutes(t0, 3);

    // Instance A is sweeping (it holds the lock): B's turn does nothing.
    const held = await holding(first, ALERT_SWEEP_JOB);
    expect(await sweeps[1]?.sweepNow()).toBeUndefined();
    expect(await digests()).toBe(0);
    await held.release();

    // Both sweep at once: one digest, whoever got there first.
    const results = await Promise.all(sweeps.map((s) => s.sweepNow()));
    expect(results.reduce((sum, r) => sum + (r?.queued ?? 0), 0)).toBe(1);
    expect(await digests()).toBe(1);
    expect(await outboxOf(ALERT_DIGEST_EMAIL_KIND)).toBe(1);
    for (const s of sweeps) await s.stop();
  });

  it("the lead sweep is skipped by an instance while the other holds it", async () => {
    const sweeps = [first, second].map((database) =>
      startLeadSweep({ config, database, db: database.db, log }, () => maceio("2026-11-27T10:00")),
    );
    const held = await holding(second, LEAD_SWEEP_JOB);
    expect(await sweeps[0]?.sweepNow()).toBeUndefined();
    await held.release();
    expect(await sweeps[0]?.sweepNow()).toEqual({ reassigned: 0, assigned: 0, alerted: 0 });
    for (const s of sweeps) await s.stop();
  });
});

async function digests(): Promise<number> {
  const [row] = await first.db.select({ n: count() }).from(savedSearchDigests);
  return row?.n ?? 0;
}

async function outboxOf(kind: string): Promise<number> {
  const [row] = await first.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, kind));
  return row?.n ?? 0;
}

describe.skipIf(!SERVER_URL)("migrations started by two instances at once (PostgreSQL)", () => {
  it("wait for the advisory lock, then run once: both starts succeed on one schema", async () => {
    const scratch = await createScratchDatabase(SERVER_URL as string, "test_migrate_lock");
    const a = await openDatabase({ engine: "postgres", url: scratch.url, maxConnections: 2 });
    const b = await openDatabase({ engine: "postgres", url: scratch.url, maxConnections: 2 });
    const probe = postgres(scratch.url, { max: 1, onnotice: () => {} });
    try {
      // Someone else migrating: both starts wait on the lock, having created nothing.
      await probe`select pg_advisory_lock(hashtext(${MIGRATION_LOCK}))`;
      const both = Promise.all([a.migrate(), b.migrate()]);
      for (;;) {
        const [row] = await probe<{ n: number }[]>`
          select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
        if (row?.n === 2) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const [before] = await probe<
        { t: string | null }[]
      >`select to_regclass('public.properties')::text as t`;
      expect(before?.t).toBeNull();
      await probe`select pg_advisory_unlock(hashtext(${MIGRATION_LOCK}))`;
      await both;
      const journal = await a.db.execute(sql`select hash from drizzle.__drizzle_migrations`);
      const hashes = (journal as unknown as { hash: string }[]).map((r) => r.hash);
      expect(hashes.length).toBeGreaterThan(0);
      expect(new Set(hashes).size).toBe(hashes.length);
    } finally {
      await probe.end();
      await a.close();
      await b.close();
      await scratch.drop();
    }
  });
});

describe("a sweep's first turn", () => {
  it("comes firstAfterSeconds after the start, not a whole interval later (a daily job on a site restarted daily)", async () => {
    let turned = () => {};
    const turn = new Promise<void>((resolve) => {
      turned = resolve;
    });
    const sweep = startExclusiveSweep(
      { database: first, log },
      {
        job: "primeira-volta",
        everySeconds: 86_400,
        firstAfterSeconds: 0.01,
        run: async () => {
          turned();
          return "feito";
        },
        label: "Prova",
        worthLogging: () => false,
      },
    );
    await turn;
    await sweep.stop();
  });
});
