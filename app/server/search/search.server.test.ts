import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPhoto, insertProperty } from "../../../tests/support/factories";
import { parseSearchFilters } from "../../lib/search-filters";
import { HOUSE_TIPOS } from "../../lib/vocabulary";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { searchFacets, searchProperties, searchPropertiesSql } from "./search.server";
import { prefixQuery } from "./text-query.server";

let database: Database;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const add = async (key: string, values: Parameters<typeof insertProperty>[1]) => {
    ids[key] = (await insertProperty(db, { referencia: key, ...values })).id;
  };
  await add("AP0001", {
    titulo: "Apartamentos na Pajuçara",
    descricao: "Três quartos a duas quadras do mar.",
    bairro: "Pajuçara",
    precoVenda: 650_000,
    quartos: 3,
    suites: 1,
    vagas: 2,
    areaUtil: 90,
    comodidades: ["piscina", "academia"],
    aceitaPet: true,
    publishedAt: new Date("2026-01-05"),
  });
  await add("CA0002", {
    titulo: "Casa de praia com piscina",
    descricao: "Casa ampla, pé na areia, com churrasqueira.",
    tipo: "casa",
    bairro: "Guaxuma",
    precoVenda: 1_200_000,
    quartos: 4,
    suites: 3,
    vagas: 3,
    areaUtil: 250,
    comodidades: ["piscina", "churrasqueira"],
    mobiliado: true,
    publishedAt: new Date("2026-01-02"),
  });
  await add("AP0003", {
    titulo: "Apartamento mobiliado em Ponta Verde",
    descricao: "Perto da praia de Pajuçara, mobiliado.",
    finalidades: ["aluguel"],
    precoVenda: null,
    precoAluguel: 3_500,
    periodoAluguel: "mensal",
    quartos: 2,
    suites: 1,
    vagas: 1,
    areaUtil: 70,
    mobiliado: true,
    destaque: true,
    publishedAt: new Date("2026-01-03"),
  });
  await add("FL0004", {
    titulo: "Flat para temporada em Maragogi",
    tipo: "flat",
    finalidades: ["temporada"],
    precoVenda: null,
    precoAluguel: 900,
    periodoAluguel: "diaria",
    cidade: "Maragogi",
    bairro: "Centro",
    quartos: 1,
    areaUtil: 40,
    publishedAt: new Date("2026-01-04"),
  });
  await add("CC0005", {
    titulo: "Casa em condomínio fechado",
    tipo: "casa_condominio",
    precoVenda: 800_000,
    precoSobConsulta: true,
    cidade: "Barra de São Miguel",
    bairro: "Centro",
    quartos: 3,
    areaUtil: 180,
    publishedAt: new Date("2026-01-01"),
  });
  await add("TE0006", {
    titulo: "Terreno na Praia do Francês",
    tipo: "terreno",
    precoVenda: 150_000,
    cidade: "Marechal Deodoro",
    bairro: "Praia do Francês",
    areaUtil: null,
    areaTotal: 450,
    publishedAt: new Date("2026-01-06"),
  });
  await add("AP0007", {
    titulo: "Apartamento rascunho na Pajuçara",
    bairro: "Pajuçara",
    publicacao: "rascunho",
  });
  await add("AP0008", {
    titulo: "Apartamento arquivado na Pajuçara",
    bairro: "Pajuçara",
    publicacao: "arquivado",
  });
  await add("AP0009", {
    titulo: "Apartamento vendido na Pajuçara",
    bairro: "Pajuçara",
    precoVenda: 400_000,
    status: "vendido",
    publishedAt: new Date("2026-01-07"),
  });
  await insertPhoto(db, ids.AP0001!, 0);
  await insertPhoto(db, ids.AP0001!, 1);
  await insertPhoto(db, ids.CA0002!, 0, false);
  await insertPhoto(db, ids.CA0002!, 1, true);
});

afterAll(async () => {
  await database?.close();
});

async function search(query: string, options: Parameters<typeof searchProperties>[2] = {}) {
  return searchProperties(database.db, parseSearchFilters(query), options);
}

async function refs(query: string, options: Parameters<typeof searchProperties>[2] = {}) {
  return (await search(query, options)).items.map((i) => i.property.referencia);
}

const sorted = (list: string[]) => [...list].sort();

describe("searchProperties", () => {
  it("lists only published listings, with the total", async () => {
    const result = await search("");
    expect(result.total).toBe(7);
    expect(result.items.map((i) => i.property.referencia)).not.toEqual(
      expect.arrayContaining(["AP0007", "AP0008"]),
    );
    expect(result.page).toBe(1);
    expect(result.pageCount).toBe(1);
    expect(result.pageSize).toBe(24);
  });

  it("never shows unpublished listings, even to a precise search", async () => {
    expect(await refs("q=rascunho")).toEqual([]);
    expect(await refs("q=AP0007")).toEqual([]);
    expect(await refs("q=arquivado")).toEqual([]);
  });

  it("finds 'apartamento pajucara' in 'Apartamentos na Pajuçara' (accents, case, stemming)", async () => {
    const found = await refs("q=apartamento+pajucara");
    expect(found[0]).toBe("AP0001");
    expect(found).toContain("AP0003"); // Pajuçara in its description
    expect(found).not.toContain("AP0007");
    expect(await refs("q=PAJUÇARA")).toEqual(expect.arrayContaining(["AP0001", "AP0003", "AP0009"]));
    expect(sorted(await refs("q=casas"))).toEqual(["CA0002", "CC0005"]);
  });

  it("matches word prefixes ('apart', 'maragog')", async () => {
    expect(sorted(await refs("q=apart"))).toEqual(["AP0001", "AP0003", "AP0009"]);
    expect(await refs("q=maragog")).toEqual(["FL0004"]);
  });

  it("finds a listing by its referência, in any case", async () => {
    expect(await refs("q=te0006")).toEqual(["TE0006"]);
  });

  it("ranks title matches above description matches", async () => {
    const found = await refs("q=mobiliado");
    expect(found).toEqual(["AP0003"]);
    const pool = await refs("q=piscina");
    expect(pool[0]).toBe("CA0002");
  });

  it("leaves out the words marked with a minus, and 'or' offers either side", async () => {
    expect(sorted(await refs("q=apartamento+-mobiliado"))).toEqual(["AP0001", "AP0009"]);
    expect(sorted(await refs(`q=${encodeURIComponent('"casa de praia" -piscina')}`))).toEqual([]);
    expect(sorted(await refs("q=maragogi+or+terreno"))).toEqual(["FL0004", "TE0006"]);
    expect(sorted(await refs("q=flat+or+-apartamento+pajucara"))).toEqual(["FL0004"]);
  });

  it("leaves out a phrase marked with a minus only where its words stand together", async () => {
    const q = (text: string) => `q=${encodeURIComponent(text)}`;
    // AP0001: "Três quartos a duas quadras do mar."
    expect(sorted(await refs(q('apartamento -"duas quadras"')))).toEqual(["AP0003", "AP0009"]);
    expect(sorted(await refs(q('apartamento -"quadras duas"')))).toEqual(["AP0001", "AP0003", "AP0009"]);
    expect(sorted(await refs(q('apartamento -"quadras mar"')))).toEqual(["AP0001", "AP0003", "AP0009"]);
    expect(sorted(await refs(q('apartamento -"quadras do mar"')))).toEqual(["AP0003", "AP0009"]);
  });

  it("reads a minus standing alone as a dash: a pasted title finds its listing", async () => {
    const pasted = await refs(`q=${encodeURIComponent("Apartamentos - Pajuçara")}`);
    expect(pasted[0]).toBe("AP0001");
    expect(sorted(pasted)).toEqual(sorted(await refs("q=apartamentos+pajuçara")));
  });

  it("survives queries made of operators, stop words and symbols", async () => {
    for (const q of ['"pé na areia" -terreno', "a & b | !c:*", "de", "'''", "(((", "or or", "--"]) {
      const result = await search(`q=${encodeURIComponent(q)}`);
      expect(result.total).toBeGreaterThanOrEqual(0);
    }
    expect(await refs(`q=${encodeURIComponent('"pé na areia" -terreno')}`)).toEqual(["CA0002"]);
  });

  it("filters by finalidade", async () => {
    expect(await refs("finalidade=aluguel")).toEqual(["AP0003"]);
    expect(await refs("finalidade=temporada")).toEqual(["FL0004"]);
    expect(sorted(await refs("finalidade=venda"))).toEqual([
      "AP0001",
      "AP0009",
      "CA0002",
      "CC0005",
      "TE0006",
    ]);
  });

  it("filters by tipo, and the Casas screen only ever shows houses", async () => {
    expect(sorted(await refs("tipo=casa&tipo=casa_condominio"))).toEqual(["CA0002", "CC0005"]);
    expect(sorted(await refs("tipo=apartamento,flat"))).toEqual(["AP0001", "AP0003", "AP0009", "FL0004"]);
    expect(sorted(await refs("", { restrictTipos: HOUSE_TIPOS }))).toEqual(["CA0002", "CC0005"]);
    expect(await refs("tipo=casa", { restrictTipos: HOUSE_TIPOS })).toEqual(["CA0002"]);
    // A tipo outside the screen's is ignored, not an empty page.
    expect(sorted(await refs("tipo=terreno", { restrictTipos: HOUSE_TIPOS }))).toEqual(["CA0002", "CC0005"]);
  });

  it("filters by cidade and bairro ignoring accents and case", async () => {
    expect(sorted(await refs("cidade=maceio"))).toEqual(["AP0001", "AP0003", "AP0009", "CA0002"]);
    expect(sorted(await refs("cidade=Maceio&bairro=PAJUCARA"))).toEqual(["AP0001", "AP0009"]);
    expect(sorted(await refs("bairro=centro"))).toEqual(["CC0005", "FL0004"]);
    expect(await refs("cidade=Recife")).toEqual([]);
  });

  it("filters by the price of the chosen finalidade, never revealing hidden prices", async () => {
    expect(sorted(await refs("finalidade=venda&precoMin=500000&precoMax=1300000"))).toEqual([
      "AP0001",
      "CA0002",
    ]);
    expect(await refs("finalidade=aluguel&precoMax=4000")).toEqual(["AP0003"]);
    expect(await refs("finalidade=temporada&precoMin=500&precoMax=1000")).toEqual(["FL0004"]);
    // CC0005 costs 800.000 but "sob consulta": no range may match it.
    expect(await refs("precoMin=700000&precoMax=900000")).toEqual([]);
  });

  it("filters by minimum quartos, suítes and vagas", async () => {
    expect(sorted(await refs("quartos=3"))).toEqual(["AP0001", "CA0002", "CC0005"]);
    expect(await refs("suites=2")).toEqual(["CA0002"]);
    expect(sorted(await refs("vagas=2"))).toEqual(["AP0001", "CA0002"]);
  });

  it("filters by area (área útil, else total)", async () => {
    expect(sorted(await refs("areaMin=200"))).toEqual(["CA0002", "TE0006"]);
    expect(sorted(await refs("areaMin=60&areaMax=100"))).toEqual(["AP0001", "AP0003"]);
  });

  it("requires every chosen comodidade, mobiliado and pet", async () => {
    expect(sorted(await refs("comodidades=piscina"))).toEqual(["AP0001", "CA0002"]);
    expect(await refs("comodidades=piscina&comodidades=churrasqueira")).toEqual(["CA0002"]);
    expect(sorted(await refs("mobiliado=1"))).toEqual(["AP0003", "CA0002"]);
    expect(await refs("pet=1")).toEqual(["AP0001"]);
  });

  it("ignores bad parameters instead of failing", async () => {
    const result = await search(
      "finalidade=xpto&tipo=castelo&quartos=muitos&precoMin=abc&ordem=zzz&pagina=-3",
    );
    expect(result.total).toBe(7);
  });

  it("sorts by price, sold listings last and hidden prices after visible ones", async () => {
    expect(await refs("finalidade=venda&ordem=menor-preco")).toEqual([
      "TE0006",
      "AP0001",
      "CA0002",
      "CC0005",
      "AP0009",
    ]);
    expect(await refs("finalidade=venda&ordem=maior-preco")).toEqual([
      "CA0002",
      "AP0001",
      "TE0006",
      "CC0005",
      "AP0009",
    ]);
  });

  it("sorts by newest, by area, and by relevance (featured first without text)", async () => {
    expect(await refs("ordem=recentes")).toEqual([
      "TE0006",
      "AP0001",
      "FL0004",
      "AP0003",
      "CA0002",
      "CC0005",
      "AP0009",
    ]);
    expect(await refs("ordem=maior-area")).toEqual([
      "TE0006",
      "CA0002",
      "CC0005",
      "AP0001",
      "AP0003",
      "FL0004",
      "AP0009",
    ]);
    expect((await refs(""))[0]).toBe("AP0003");
  });

  it("paginates without repeating or skipping", async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map((p) => search(`ordem=recentes&pagina=${p}`, { pageSize: 2 })),
    );
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 1]);
    expect(pages[0]?.pageCount).toBe(4);
    expect(pages.flatMap((p) => p.items.map((i) => i.property.referencia))).toEqual(
      await refs("ordem=recentes"),
    );
    const beyond = await search("pagina=9", { pageSize: 2 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(7);
    expect(beyond.page).toBe(9);
  });

  it("answers in SQL alone (while the index is built) with the same pages, a page past the end included", async () => {
    // searchPropertiesSql takes the total from the page's own rows (count over the matches):
    // a page past the end has none and counts apart.
    for (const query of [
      "ordem=recentes&pagina=1",
      "ordem=recentes&pagina=4",
      "pagina=9",
      "q=piscina&pagina=2",
    ]) {
      const filters = parseSearchFilters(query);
      expect(await searchPropertiesSql(database.db, filters, { pageSize: 2 }), query).toEqual(
        await searchProperties(database.db, filters, { pageSize: 2 }),
      );
    }
    const beyond = await searchPropertiesSql(database.db, parseSearchFilters("pagina=9"), { pageSize: 2 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(7);
    const none = await searchPropertiesSql(database.db, parseSearchFilters("q=inexistentepalavra"));
    expect(none).toMatchObject({ total: 0, pageCount: 1, items: [] });
  });

  it("brings each listing's cover in one go", async () => {
    const result = await search("ordem=recentes");
    const byRef = new Map(result.items.map((i) => [i.property.referencia, i.cover]));
    expect(byRef.get("AP0001")?.altText).toBe("Foto 1");
    expect(byRef.get("CA0002")?.altText).toBe("Foto 2");
    expect(byRef.get("TE0006")).toBeNull();
  });
});

describe("searchFacets", () => {
  it("lists cities and bairros of published listings with counts", async () => {
    const facets = await searchFacets(database.db);
    expect(facets.map((c) => [c.cidade, c.count])).toEqual([
      ["Barra de São Miguel", 1],
      ["Maceió", 4],
      ["Maragogi", 1],
      ["Marechal Deodoro", 1],
    ]);
    expect(facets.find((c) => c.cidade === "Maceió")?.bairros).toEqual([
      { bairro: "Guaxuma", count: 1 },
      { bairro: "Pajuçara", count: 2 },
      { bairro: "Ponta Verde", count: 1 },
    ]);
  });

  it("restricts to the screen's tipos", async () => {
    const facets = await searchFacets(database.db, { restrictTipos: HOUSE_TIPOS });
    expect(facets.map((c) => [c.cidade, c.count])).toEqual([
      ["Barra de São Miguel", 1],
      ["Maceió", 1],
    ]);
  });
});

describe("prefixQuery", () => {
  it("keeps only plain words as prefixes", () => {
    expect(prefixQuery("Apartamento  Pajuçara!")).toBe("apartamento:* & pajucara:*");
    expect(prefixQuery("a & | !:* '")).toBe("");
  });

  it("reads websearch's syntax: a minus leaves a word out, 'or' separates alternatives", () => {
    expect(prefixQuery("apart -mobiliado")).toBe("apart:* & !mobiliado");
    expect(prefixQuery('apart -mobiliado or "vista mar"')).toBe("(apart:* & !mobiliado) | (vista:* & mar:*)");
    expect(prefixQuery("casa -pé-direito")).toBe("casa:* & !(pe & direito)");
    // A quoted phrase after a minus is left out too; two minuses cancel out; a minus standing
    // alone is a dash, not an operator.
    expect(prefixQuery('casa -"vista mar"')).toBe("casa:* & !(vista & mar)");
    expect(prefixQuery("casa --piscina")).toBe("casa:* & piscina:*");
    expect(prefixQuery('casa-"vista mar"')).toBe("casa:* & vista:* & mar:*");
    expect(prefixQuery("casa - piscina")).toBe("casa:* & piscina:*");
    expect(prefixQuery('casa - "vista mar"')).toBe("casa:* & vista:* & mar:*");
    // websearch skips brackets and operator signs before a word: the minus among them counts.
    expect(prefixQuery("casa (-piscina)")).toBe("casa:* & !piscina");
    expect(prefixQuery('casa (-"vista mar")')).toBe("casa:* & !(vista & mar)");
    expect(prefixQuery("casa !-piscina")).toBe("casa:* & !piscina");
    // A hyphen inside a word, and "-" or "or" inside quotes, are not operators.
    expect(prefixQuery('beira-mar "casa or -praia"')).toBe("beira:* & mar:* & casa:* & or:* & praia:*");
    // Only exclusions, or "or" at either end, leave nothing to add.
    expect(prefixQuery("-piscina")).toBe("");
    expect(prefixQuery("or casa or")).toBe("casa:*");
  });
});
