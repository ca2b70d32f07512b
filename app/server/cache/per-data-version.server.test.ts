// Values memoized per data version: read once, and read again on the very next call after a
// write that a visitor could see (the same guarantee as the page cache).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertUser } from "../../../tests/support/factories";
import { settingsSchema } from "../../lib/settings-schema";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { getAgencySettings } from "../settings/settings.server";
import { updateAgencySettings } from "../settings/update-settings.server";
import { bumpDataVersion, type DataVersionSource, openDataVersionSource } from "./data-version.server";
import { perDataVersion, perDataVersionById, perDataVersionByKey } from "./per-data-version.server";

let database: Database;
let source: DataVersionSource;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db, { name: "Imobiliária Antiga" });
  source = await openDataVersionSource(database);
});

afterAll(async () => {
  await source.close();
  await database.close();
});

describe("perDataVersion", () => {
  it("reads once per data version", async () => {
    let reads = 0;
    const memo = perDataVersion(async () => ++reads);
    expect(await memo(database.db)).toBe(1);
    expect(await memo(database.db)).toBe(1);
    await bumpDataVersion(database.db);
    expect(await memo(database.db)).toBe(2);
    expect(await memo(database.db)).toBe(2);
  });

  it("keeps one value per key, dropping the least recently used beyond the limit", async () => {
    const reads: string[] = [];
    const memo = perDataVersionByKey(
      async (_context: { db: typeof database.db }, key: string) => {
        reads.push(key);
        return key.toUpperCase();
      },
      { maxKeys: 2 },
    );
    expect(await memo(database, "a")).toBe("A");
    expect(await memo(database, "b")).toBe("B");
    expect(await memo(database, "a")).toBe("A"); // a is now the most recent
    expect(await memo(database, "c")).toBe("C"); // drops b
    expect(await memo(database, "a")).toBe("A");
    expect(await memo(database, "b")).toBe("B");
    expect(reads).toEqual(["a", "b", "c", "b"]);
    await bumpDataVersion(database.db);
    expect(await memo(database, "a")).toBe("A");
    expect(reads).toEqual(["a", "b", "c", "b", "a"]);
  });

  it("does not keep a failed read", async () => {
    let fail = true;
    const memo = perDataVersion(async () => {
      if (fail) throw new Error("banco fora");
      return "ok";
    });
    await expect(memo(database.db)).rejects.toThrow("banco fora");
    fail = false;
    expect(await memo(database.db)).toBe("ok");
  });

  it("serves the agency settings saved a moment ago", async () => {
    expect((await getAgencySettings(database.db)).name).toBe("Imobiliária Antiga");
    const admin = await insertUser(database.db, { name: "Administradora" });
    await updateAgencySettings(
      database.db,
      settingsSchema.parse({ name: "Imobiliária Nova", creci: "4321-J" }),
      { userId: admin.id },
    );
    expect((await getAgencySettings(database.db)).name).toBe("Imobiliária Nova");
  });

  it("reads every time when the database has no data version attached", async () => {
    await source.close();
    let reads = 0;
    const memo = perDataVersion(async () => ++reads);
    expect(await memo(database.db)).toBe(1);
    expect(await memo(database.db)).toBe(2);
    source = await openDataVersionSource(database);
  });
});

describe("perDataVersionById", () => {
  it("reads only the ids it does not hold, in one call, and all again after a write", async () => {
    const calls: number[][] = [];
    const memo = perDataVersionById(
      async (_db, ids: number[]) => {
        calls.push(ids);
        // Odd ids exist; an even one is not found (and so asked again next time).
        return new Map(ids.filter((id) => id % 2 === 1).map((id) => [id, `#${id}`]));
      },
      { maxIds: 3 },
    );
    expect([...(await memo(database.db, [1, 3])).entries()]).toEqual([
      [1, "#1"],
      [3, "#3"],
    ]);
    expect([...(await memo(database.db, [3, 5, 2])).values()]).toEqual(["#3", "#5"]);
    expect(calls).toEqual([
      [1, 3],
      [5, 2],
    ]);
    await memo(database.db, [7]); // holds 3, 5, 7 now (1 was the least recently used)
    await memo(database.db, [1, 2, 3]);
    expect(calls).toEqual([[1, 3], [5, 2], [7], [1, 2]]);
    await bumpDataVersion(database.db);
    await memo(database.db, [1, 3]);
    expect(calls.at(-1)).toEqual([1, 3]);
  });
});
