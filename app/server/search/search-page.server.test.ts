// The search screens' loader: canonical redirects, and result pages shared between visitors
// until a write moves the data version (never older than the last committed write).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { bumpDataVersion, type DataVersionSource, openDataVersionSource } from "../cache/data-version.server";
import { loadConfig } from "../config.server";
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
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({}),
  };
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

  it("a search by dates: the card's total and link carry the stay; noindex, canonical without the dates", async () => {
    await insertProperty(database.db, {
      referencia: "CA0300",
      titulo: "Casa de praia em Maragogi",
      cidade: "Maragogi",
      finalidades: ["temporada"],
      precoVenda: null,
      precoAluguel: 600,
      periodoAluguel: "diaria",
      quartos: 3,
    });
    await bumpDataVersion(database.db);
    // The next 27 December from today in Maceió: the site takes no check-in before today.
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const y =
      today <= `${today.slice(0, 4)}-12-27` ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) + 1;
    const stay = `chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=6`;
    const result = await page(`?finalidade=temporada&cidade=Maragogi&${stay}`);
    if (!("data" in result)) throw new Error("esperava resultados");
    const { data } = result;
    expect(data.cards.map((c) => [c.referencia, c.stayTotal, c.url])).toEqual([
      ["CA0300", "R$ 4.200 por 7 noites", `/casas/CA0300?estadia=1&${stay}#temporada`],
    ]);
    expect(data.noindex).toBe(true);
    expect(data.canonicalPath).toBe("/todos-os-imoveis?finalidade=temporada&cidade=Maragogi");
    // Seven guests: more than three bedrooms take (no terms yet: two per bedroom).
    const crowded = await page(
      `?finalidade=temporada&cidade=Maragogi&chegada=${y}-12-27&saida=${y + 1}-01-03&hospedes=7`,
    );
    expect("data" in crowded && crowded.data.total).toBe(0);
    // A bad date: the message at its field, and the search without dates still answers.
    const bad = await page(`?finalidade=temporada&cidade=Maragogi&chegada=${y}-12-27&saida=${y}-12-20`);
    if (!("data" in bad)) throw new Error("esperava resultados");
    expect(bad.data.stay?.errors).toEqual({ saida: "A saída deve ser depois da chegada." });
    expect(bad.data.cards.map((c) => [c.referencia, c.stayTotal])).toEqual([["CA0300", undefined]]);
  });
});
