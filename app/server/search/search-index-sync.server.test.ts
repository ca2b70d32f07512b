// The index kept equal to the database (search-index-sync.server.ts): on the embedded database a
// process hears each change of the search change log as it commits
// (followIndexChanges, migration 0022) and answers a search without asking the log when nothing
// changed (a saving the benchmark shows, not asserted here). What these tests assert: a write by
// any path (a plain SQL statement, a delete, a new listing, a transaction's commit) is in the very
// next search; they fail when the announcements are ignored. On PostgreSQL nothing is followed
// and every search asks: the same tests pass there by the query.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { parseSearchFilters } from "../../lib/search-filters";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { searchWithIndex } from "./search.server";
import { followIndexChanges, warmSearchIndex } from "./search-index-sync.server";

let database: Database;
let stopFollowing: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  stopFollowing = await followIndexChanges(database);
  for (let i = 0; i < 6; i++) {
    await insertProperty(database.db, { referencia: `FW${i}`, precoVenda: 200_000 + i * 100_000 });
  }
  await warmSearchIndex(database.db);
});

afterAll(async () => {
  await stopFollowing?.();
  await database?.close();
});

const cheap = async () => {
  const result = await searchWithIndex(database.db, parseSearchFilters("precoMax=450000&ordem=menor-preco"));
  if (!result) throw new Error("a busca não veio do índice");
  return result.items.map((item) => item.property.referencia);
};

it("a write by any path is in the very next search", async () => {
  const { db } = database;
  expect(await cheap()).toEqual(["FW0", "FW1", "FW2"]);
  expect(await cheap()).toEqual(["FW0", "FW1", "FW2"]);
  // A plain SQL statement, as a script or a seeder would write: no data version, only the log.
  await db.execute(sql`update properties set preco_venda = 150000 where referencia = 'FW5'`);
  expect(await cheap()).toEqual(["FW5", "FW0", "FW1", "FW2"]);
  await db.execute(sql`delete from properties where referencia = 'FW0'`);
  expect(await cheap()).toEqual(["FW5", "FW1", "FW2"]);
  await insertProperty(db, { referencia: "FW6", precoVenda: 100_000 });
  expect(await cheap()).toEqual(["FW6", "FW5", "FW1", "FW2"]);
  // Changes inside a transaction count from its commit, and a rolled-back one never.
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`update properties set preco_venda = 120000 where referencia = 'FW4'`);
      throw new Error("desfeita");
    })
    .catch(() => {});
  expect(await cheap()).toEqual(["FW6", "FW5", "FW1", "FW2"]);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update properties set preco_venda = 120000 where referencia = 'FW4'`);
  });
  expect(await cheap()).toEqual(["FW6", "FW4", "FW5", "FW1", "FW2"]);
});

it("searches asked together, and one asked after a write while another runs, all see what was committed before them", async () => {
  const { db } = database;
  // Whether the earlier search's sync is still running when the later one is asked depends on
  // timing; either way the later one must see the write (current() never hands it a begun sync).
  const earlier = cheap();
  await db.execute(sql`update properties set preco_venda = 90000 where referencia = 'FW1'`);
  const later = cheap();
  const [, seen] = await Promise.all([earlier, later]);
  expect(seen[0]).toBe("FW1");
  // Asked in the same turn, they share one sync.
  await db.execute(sql`update properties set preco_venda = 80000 where referencia = 'FW2'`);
  const together = await Promise.all([cheap(), cheap(), cheap()]);
  for (const answer of together) expect(answer.slice(0, 2)).toEqual(["FW2", "FW1"]);
});

it("sees a listing's point moved alone, by a plain SQL statement, in the next search by area", async () => {
  const { db } = database;
  const inArea = async () => {
    // Around Maragogi, far from the factories' point in Maceió.
    const result = await searchWithIndex(db, parseSearchFilters("regiao=-9.05,-35.25,-8.95,-35.15"));
    if (!result) throw new Error("a busca não veio do índice");
    return result.items.map((item) => item.property.referencia);
  };
  expect(await inArea()).toEqual([]);
  await db.execute(sql`update properties set latitude = -9.0, longitude = -35.2 where referencia = 'FW3'`);
  expect(await inArea()).toEqual(["FW3"]);
});
