// A place typed several ways by the agents ("Maceió", "Maceio", "maceió") is one place to the
// search: every list that names places shows it once, counting all its listings, under the
// spelling most of them use, and a search address with another spelling goes to that one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty, PUBLIC_URL } from "../../../tests/support/factories";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { sitemapStream } from "../feeds/sitemap.server";
import { streamToString } from "../feeds/xml-stream.server";
import { LocalDiskStorage } from "../media/storage.server";
import { searchFacets } from "../search/search.server";
import { loadSearchPage } from "../search/search-page.server";
import { placeSpellings } from "./place-spellings.server";
import { listCitiesWithBairros, listCityCounts } from "./public-cards.server";

let database: Database;
const storage = new LocalDiskStorage("/tmp/place-spellings-test-media", "/media");
const screen = { path: "/todos-os-imoveis", subject: "Imóveis", intro: "Todos." };

beforeAll(async () => {
  database = await createTestDatabase();
  const places: [string, string][] = [
    ["Maceió", "Ponta Verde"],
    ["Maceió", "Ponta Verde"],
    ["Maceio", "ponta verde"],
    ["maceió", "Pajuçara"],
    ["Maceió", "Pajucara"],
    ["Barra de  São Miguel", "Centro"],
  ];
  for (const [cidade, bairro] of places) await insertProperty(database.db, { cidade, bairro });
  // A draft's spelling is no one's to see.
  await insertProperty(database.db, { cidade: "MACEIO", bairro: "Centro", publicacao: "rascunho" });
});

afterAll(async () => {
  await database?.close();
});

describe("one spelling per place", () => {
  it("names each city and bairro as most of its published listings spell it", async () => {
    const spell = await placeSpellings(database.db);
    expect(["maceio", "MACEIÓ", "Maceio"].map((name) => spell.cidade(name))).toEqual([
      "Maceió",
      "Maceió",
      "Maceió",
    ]);
    expect(spell.bairro("PONTA VERDE", "maceio")).toBe("Ponta Verde");
    // One listing each: the spelling with its accent.
    expect(spell.bairro("pajucara")).toBe("Pajuçara");
    expect(spell.cidade("barra de são miguel")).toBe("Barra de  São Miguel");
    expect(spell.cidade("Recife")).toBe("Recife");
  });

  it("counts a city and a bairro once in the search's options, the home's links and the filter's selects", async () => {
    expect(await searchFacets(database.db)).toEqual([
      { cidade: "Barra de  São Miguel", count: 1, bairros: [{ bairro: "Centro", count: 1 }] },
      {
        cidade: "Maceió",
        count: 5,
        bairros: [
          { bairro: "Pajuçara", count: 2 },
          { bairro: "Ponta Verde", count: 3 },
        ],
      },
    ]);
    expect(await listCityCounts(database.db)).toEqual([
      { cidade: "Maceió", count: 5 },
      { cidade: "Barra de  São Miguel", count: 1 },
    ]);
    expect(await listCitiesWithBairros(database.db)).toEqual([
      { cidade: "Barra de  São Miguel", bairros: ["Centro"] },
      { cidade: "Maceió", bairros: ["Pajuçara", "Ponta Verde"] },
    ]);
  });

  it("sends a search naming a place another way to the site's spelling, and lists one address per city", async () => {
    const services = { db: database.db, storage, config: loadConfig({}) };
    const page = (query: string) =>
      loadSearchPage(services, new URL(`http://x/todos-os-imoveis${query}`), screen);
    expect(await page("?cidade=maceio&bairro=PONTA+VERDE")).toEqual({
      redirect: "/todos-os-imoveis?cidade=Macei%C3%B3&bairro=Ponta+Verde",
    });
    const found = await page("?cidade=Macei%C3%B3&bairro=Ponta+Verde");
    expect("data" in found && found.data.total).toBe(3);

    const sitemap = await streamToString(
      await sitemapStream(database.db, { publicUrl: PUBLIC_URL, storage }),
    );
    const cities = [...sitemap.matchAll(/todos-os-imoveis\?cidade=([^<]+)</g)].map((m) => m[1]);
    expect(cities.sort()).toEqual(["Barra+de++S%C3%A3o+Miguel", "Macei%C3%B3"]);
  });
});
