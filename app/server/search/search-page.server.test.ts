// The search screens' loader: canonical redirects, and result pages shared between visitors
// until a write moves the data version (never older than the last committed write).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { bumpDataVersion, type DataVersionSource, openDataVersionSource } from "../cache/data-version.server";
import type { Database } from "../db/client.server";
import { properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { loadSearchPage, type SearchScreen } from "./search-page.server";

let database: Database;
let source: DataVersionSource;
let services: Parameters<typeof loadSearchPage>[0];
const screen: SearchScreen = { path: "/todos-os-imoveis", subject: "Imóveis", intro: "Todos." };
const page = (query: string) =>
  loadSearchPage(services, new URL(`http://x/todos-os-imoveis${query}`), screen);

beforeAll(async () => {
  database = await createTestDatabase();
  services = { db: database.db, storage: new LocalDiskStorage("/tmp/nao-usado", "/media") };
  await insertProperty(database.db, { cidade: "Maceió", quartos: 2 });
  source = await openDataVersionSource(database);
});

afterAll(async () => {
  await source?.close();
  await database?.close();
});

describe("loadSearchPage", () => {
  it("sends a URL with reordered or empty parameters to the canonical one", async () => {
    expect(await page("?quartos=2&cidade=Macei%C3%B3&bairro=")).toEqual({
      redirect: "/todos-os-imoveis?cidade=Macei%C3%B3&quartos=2",
    });
  });

  it("serves one result page to every visitor until a write moves the data version", async () => {
    const first = await page("?cidade=Macei%C3%B3&quartos=2");
    expect(await page("?cidade=Macei%C3%B3&quartos=2")).toBe(first);
    if (!("data" in first)) throw new Error("esperava resultados");
    expect(first.data.total).toBe(1);

    // Publishing through the admin bumps the data version in the same transaction.
    await database.db.transaction(async (tx) => {
      await insertProperty(tx as never, { cidade: "Maceió", quartos: 2, titulo: "Recém-publicado" });
      await bumpDataVersion(tx);
    });
    await expect
      .poll(async () => {
        const next = await page("?cidade=Macei%C3%B3&quartos=2");
        return "data" in next ? next.data.cards.map((c) => c.titulo) : [];
      })
      .toContain("Recém-publicado");
  });

  it("reads the filter form's cities once per data version, not once per new URL", async () => {
    const cities = async (query: string) => {
      const result = await page(query);
      if (!("data" in result)) throw new Error(`esperava resultados: ${query}`);
      return result.data.facets.map((c) => c.cidade);
    };
    expect(await cities("?precoMin=1")).not.toContain("Penedo");
    // A write that bypasses the app (no data-version bump): a new URL still gets the facets read
    // at this version, so they were not read again.
    await insertProperty(database.db, { cidade: "Penedo", titulo: "Sobrado no centro histórico" });
    expect(await cities("?precoMin=2")).not.toContain("Penedo");
    // A write through the app moves the data version: the next new URL reads them again.
    await bumpDataVersion(database.db);
    await expect.poll(() => cities("?precoMin=3")).toContain("Penedo");
  });

  it("shows a listing's card as of the latest write at a URL never asked before", async () => {
    const listing = await insertProperty(database.db, {
      cidade: "Marechal Deodoro",
      titulo: "Casa na lagoa",
      precoVenda: 500_000,
    });
    const titles = async (query: string) => {
      const result = await page(query);
      if (!("data" in result)) throw new Error(`esperava resultados: ${query}`);
      return result.data.cards.map((c) => c.titulo);
    };
    expect(await titles("?cidade=Marechal+Deodoro&precoMin=10")).toEqual(["Casa na lagoa"]);
    // The card is held for this data version: a new URL shows it without reading it again…
    expect(await titles("?cidade=Marechal+Deodoro&precoMin=11")).toEqual(["Casa na lagoa"]);
    // …until a write through the app changes it and moves the data version.
    await database.db.transaction(async (tx) => {
      await tx
        .update(properties)
        .set({ titulo: "Casa na lagoa, reformada" })
        .where(eq(properties.id, listing.id));
      await bumpDataVersion(tx);
    });
    await expect
      .poll(() => titles("?cidade=Marechal+Deodoro&precoMin=12"))
      .toEqual(["Casa na lagoa, reformada"]);
  });
});
