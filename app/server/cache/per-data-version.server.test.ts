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
import { perDataVersion, perDataVersionByKey } from "./per-data-version.server";

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
