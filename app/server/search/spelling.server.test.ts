// A search whose words find nothing: "Você quis dizer: …?" from the catalogue's own words
// (pg_trgm on PGlite and on PostgreSQL), and featured listings instead of an empty page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import type { SearchPageData } from "../../lib/search-page";
import { bumpDataVersion, type DataVersionSource, openDataVersionSource } from "../cache/data-version.server";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { loadSearchPage, type SearchScreen } from "./search-page.server";
import { catalogueWords } from "./spelling.server";

let database: Database;
let services: Parameters<typeof loadSearchPage>[0];
const todos: SearchScreen = { path: "/todos-os-imoveis", subject: "Imóveis", intro: "Todos." };
const casas: SearchScreen = { path: "/casas", subject: "Casas", intro: "Casas.", restrictTipos: ["casa"] };

/** The search page at `href` (already canonical), as a visitor gets it. */
async function page(href: string, screen = todos): Promise<SearchPageData> {
  const result = await loadSearchPage(services, new URL(href, "http://x"), screen);
  if (!("data" in result)) throw new Error(`redirecionou para ${result.redirect}`);
  return result.data;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({}),
  };
  const db = database.db;
  await insertProperty(db, {
    titulo: "Apartamento com vista mar",
    tipo: "apartamento",
    bairro: "Pajuçara",
    cidade: "Maceió",
    quartos: 3,
    descricao: "Prédio com lazer completo, sala ventilada.",
  });
  await insertProperty(db, {
    titulo: "Apartamento de dois quartos",
    tipo: "apartamento",
    bairro: "Ponta Verde",
    cidade: "Maceió",
    quartos: 2,
  });
  await insertProperty(db, {
    titulo: "Casa com piscina",
    tipo: "casa",
    bairro: "Centro",
    cidade: "Maragogi",
    quartos: 4,
    comodidades: ["piscina"],
    destaque: true,
  });
  // A draft's words are nobody's to suggest.
  await insertProperty(db, { titulo: "Mansão na orla", publicacao: "rascunho" });
});

afterAll(async () => {
  await database?.close();
});

describe("Você quis dizer", () => {
  it('suggests "apartamento" for "apartamneto", with the number of listings it finds', async () => {
    const data = await page("/todos-os-imoveis?q=apartamneto");
    expect(data.total).toBe(0);
    expect(data.suggestion).toEqual({
      q: "apartamento",
      href: "/todos-os-imoveis?q=apartamento",
      total: 2,
    });
  });

  it("keeps the other filters and the screen in the suggestion's link, which finds listings", async () => {
    const data = await page("/todos-os-imoveis?q=apartamneto&cidade=Macei%C3%B3&quartos=3&ordem=recentes");
    expect(data.suggestion?.href).toBe(
      "/todos-os-imoveis?q=apartamento&cidade=Macei%C3%B3&quartos=3&ordem=recentes",
    );
    expect(data.suggestion?.total).toBe(1);
    const corrected = await page(data.suggestion!.href);
    expect(corrected.cards.map((c) => c.titulo)).toEqual(["Apartamento com vista mar"]);
    expect(corrected.suggestion).toBeUndefined();

    const onCasas = await page("/casas?q=psicina&cidade=Maragogi", casas);
    expect(onCasas.suggestion).toMatchObject({ q: "piscina", href: "/casas?q=piscina&cidade=Maragogi" });
  });

  it("corrects only the misspelt words, in their place, with the catalogue's accents and the typed capital", async () => {
    const data = await page("/todos-os-imoveis?q=Apartamneto+na+Pjucara");
    expect(data.suggestion?.q).toBe("Apartamento na Pajuçara");
    expect(data.suggestion?.total).toBe(1);
  });

  it("suggests nothing for a word that finds listings: accents and case do not matter", async () => {
    // "pajuara" stems like Pajuçara (the search's prefix form is stemmed: 'paju':*), so it finds it.
    for (const q of ["apartamento", "maceio", "pajucara", "MACEIÓ", "apart", "pajuara"]) {
      const data = await page(`/todos-os-imoveis?q=${encodeURIComponent(q)}`);
      expect(data.total, q).toBeGreaterThan(0);
      expect(data.suggestion, q).toBeUndefined();
      expect(data.fallback, q).toBeUndefined();
    }
  });

  it("corrects a word that finds nothing even when the rest of the query finds listings", async () => {
    const data = await page("/todos-os-imoveis?q=casa+or+apartamneto");
    expect(data.total).toBe(1);
    expect(data.suggestion).toMatchObject({ q: "casa or apartamento", total: 3 });
    const upper = await page("/todos-os-imoveis?q=casa+OR+apartamneto");
    expect(upper.suggestion).toMatchObject({ q: "casa OR apartamento", total: 3 });
  });

  it("suggests nothing when the words are right and the filters leave nothing (only a description has it)", async () => {
    const data = await page("/todos-os-imoveis?q=ventilada&cidade=Maragogi");
    expect(data.total).toBe(0);
    expect(data.suggestion).toBeUndefined();
    expect(data.fallback?.cards.map((c) => c.titulo)).toEqual(["Casa com piscina"]);
  });

  it("suggests nothing that would find nothing with the same filters", async () => {
    const data = await page("/todos-os-imoveis?q=apartamneto&cidade=Maragogi");
    expect(data.total).toBe(0);
    expect(data.suggestion).toBeUndefined();
  });

  it("does not learn words from drafts", async () => {
    const data = await page("/todos-os-imoveis?q=mansao");
    expect(data.total).toBe(0);
    expect(data.suggestion).toBeUndefined();
  });
});

describe("nothing found", () => {
  it("offers no suggestion for nonsense, and shows the featured listings instead of an empty page", async () => {
    const data = await page("/todos-os-imoveis?q=xyzqwv");
    expect(data.total).toBe(0);
    expect(data.suggestion).toBeUndefined();
    expect(data.fallback).toMatchObject({ heading: "Imóveis em destaque" });
    expect(data.fallback?.cards.map((c) => c.titulo)).toEqual(["Casa com piscina"]);
  });

  it("shows no listings beside a search that found some", async () => {
    const data = await page("/todos-os-imoveis?q=casa");
    expect(data.total).toBe(1);
    expect(data.fallback).toBeUndefined();
  });
});

describe("the catalogue's words", () => {
  let source: DataVersionSource | undefined;
  afterAll(async () => {
    await source?.close();
  });

  it("are read once per data version, and again after a visible write", async () => {
    source = await openDataVersionSource(database);
    const db = database.db;
    const first = await catalogueWords(db);
    expect(await catalogueWords(db)).toBe(first);
    expect(first.keys).toEqual(expect.arrayContaining(["apartamento", "pajucara", "maceio", "piscina"]));
    expect(first.keys).not.toContain("mansao");
    expect(first.spelling.get("pajucara")).toBe("pajuçara");
    expect((await page("/todos-os-imoveis?q=cobertra")).suggestion).toBeUndefined();

    await db.transaction(async (tx) => {
      await insertProperty(tx as never, { titulo: "Cobertura duplex", tipo: "cobertura" });
      await bumpDataVersion(tx);
    });
    await expect.poll(async () => (await catalogueWords(db)).keys).toContain("cobertura");
    await expect
      .poll(async () => (await page("/todos-os-imoveis?q=cobertra")).suggestion?.q)
      .toBe("cobertura");
  });
});
