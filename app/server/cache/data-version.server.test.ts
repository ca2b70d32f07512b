import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { bumpDataVersion, getDataVersion, openDataVersionSource } from "./data-version.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("data version", () => {
  it("starts at 0 and grows by one per bump, also inside a transaction", async () => {
    const { db } = database;
    expect(await getDataVersion(db)).toBe(0);
    expect(await bumpDataVersion(db)).toBe(1);
    expect(await bumpDataVersion(db)).toBe(2);
    await db.transaction(async (tx) => {
      await bumpDataVersion(tx);
    });
    expect(await getDataVersion(db)).toBe(3);
    await db
      .transaction(async (tx) => {
        await bumpDataVersion(tx);
        throw new Error("rollback");
      })
      .catch(() => {});
    expect(await getDataVersion(db)).toBe(3);
  });

  it("is known to the reader as soon as the writing transaction returns, never before its commit", async () => {
    const { db } = database;
    const source = await openDataVersionSource(database);
    try {
      const start = await getDataVersion(db);
      expect(await source.read()).toBe(start);
      await db.transaction(async (tx) => {
        await bumpDataVersion(tx);
        // Not committed yet: readers still see the version before it.
        expect(await source.read()).toBe(start);
      });
      expect(await source.read()).toBe(start + 1);
      await bumpDataVersion(db);
      expect(await source.read()).toBe(start + 2);
      await db
        .transaction(async (tx) => {
          await bumpDataVersion(tx);
          throw new Error("rollback");
        })
        .catch(() => {});
      expect(await source.read()).toBe(start + 2);
      expect(await getDataVersion(db)).toBe(start + 2);
      // Whoever bumps it (here a bare statement, like the search change log's trigger).
      await db.execute(sql`update app_state set value = value + 1 where key = 'data_version'`);
      expect(await source.read()).toBe(start + 3);
    } finally {
      await source.close();
    }
  });
});
