// The home page's data is shared between visitors until a write moves the data version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAgency, insertProperty } from "../../../tests/support/factories";
import { bumpDataVersion, type DataVersionSource, openDataVersionSource } from "../cache/data-version.server";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { loadHomePage } from "./home-page.server";

let database: Database;
let source: DataVersionSource;
let services: Parameters<typeof loadHomePage>[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await insertAgency(database.db, { name: "Imobiliária da Home" });
  await insertProperty(database.db, { destaque: true, titulo: "Destaque antigo" });
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({ PUBLIC_URL: "https://www.exemplo.com.br" }),
  };
  source = await openDataVersionSource(database);
});

afterAll(async () => {
  await source?.close();
  await database?.close();
});

describe("loadHomePage", () => {
  it("reads once for every visitor and shows a new featured listing right after the write", async () => {
    const first = await loadHomePage(services);
    expect(await loadHomePage(services)).toBe(first);
    expect(first.featured.map((c) => c.titulo)).toEqual(["Destaque antigo"]);

    await database.db.transaction(async (tx) => {
      await insertProperty(tx as never, { destaque: true, titulo: "Destaque novo" });
      await bumpDataVersion(tx);
    });
    await expect
      .poll(async () => (await loadHomePage(services)).featured.map((c) => c.titulo))
      .toContain("Destaque novo");
  });
});
