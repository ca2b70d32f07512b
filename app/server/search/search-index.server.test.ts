// The in-process search index must answer exactly as the SQL search does (same rows, order,
// total, page) for every filter, and must never lag behind a write.
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createActor,
  insertPhoto,
  insertProperty,
  propertyFormData as listingForm,
} from "../../../tests/support/factories";
import { FILTER_NAMES, filterParams } from "../../lib/search-filter-table";
import { parseSearchFilters } from "../../lib/search-filters";
import { SeededRandom } from "../../lib/seeded-random";
import { COMODIDADE_KEYS, HOUSE_TIPOS, STATUS_KEYS, TIPO_KEYS } from "../../lib/vocabulary";
import type { Database, Db } from "../db/client.server";
import type { NewProperty } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import {
  createProperty,
  deleteProperty,
  setPublication,
  setStatus,
  updateProperty,
} from "../properties/admin.server";
import { distanceMetres, publicPoint } from "../properties/location.server";
import { type SearchOptions, searchProperties, searchPropertiesSql, searchWithIndex } from "./search.server";
import { warmSearchIndex } from "./search-index-sync.server";
import { forEachLexeme } from "./search-text.server";

let database: Database;
let db: Db;

// Same places written differently: the filters must fold accents and case like PostgreSQL.
const CIDADES = ["Maceió", "MACEIÓ", "maceio", "Marechal Deodoro", "marechal deodoro", "Barra de São Miguel"];
const BAIRROS = ["Ponta Verde", "ponta verde", "PONTA VERDE", "Pajuçara", "pajucara", "Jatiúca", "Centro"];
const WORDS = [
  "Apartamento",
  "apartamentos",
  "casa",
  "Casa de praia",
  "piscina",
  "piscinas aquecidas",
  "vista mar",
  // Both words of "vista mar" apart: only their positions tell these from the phrase.
  "vista para o mar",
  "bela vista",
  "varanda gourmet",
  "pé-direito duplo",
  "caixa d'água",
  "perto da praia",
  "na Pajuçara",
  "condomínio fechado",
  "mobiliado",
  "área de lazer",
  "frente mar",
  "marina",
  "reformado",
];
const PRICES = [150_000, 480_000, 480_000, 650_000, 800_000, 1_200_000, 2_500_000];
const RENTS = [900, 1_800, 1_800, 3_500, 7_000];
const AREAS = [40, 70, 70, 90, 180, 450];
const DATES = [
  "2026-01-01T12:00:00Z",
  "2026-01-01T12:00:00Z",
  "2026-01-02T08:30:00Z",
  "2026-01-05T00:00:00Z",
];

/** Around Maceió: the map filters' boxes and circles (randomQuery) fall among these. */
const LAT = [-9.7, -9.6] as const;
const LNG = [-35.76, -35.68] as const;

async function seedCatalogue(count: number, seed: number): Promise<void> {
  const r = new SeededRandom(seed);
  // Coordinates from a generator of their own, so the other columns stay what they were.
  const g = new SeededRandom(seed + 1000);
  // The rent's period too: a temporada search compares a weekly price per night (nightlyPrice).
  const period = new SeededRandom(seed + 2000);
  for (let i = 0; i < count; i++) {
    const sentence = () => r.subset(WORDS, 0.25).join(" ") || r.pick(WORDS);
    const finalidades = r.subset(["venda", "aluguel", "temporada"] as const, 0.5);
    const values: Partial<NewProperty> = {
      referencia: `${r.pick(["AP", "CA", "TE", "CC"])}${String(1000 + i)}`,
      titulo: sentence(),
      descricao: r.chance(0.8) ? `${sentence()}. ${sentence()}.` : "",
      tipo: r.pick(TIPO_KEYS),
      finalidades: finalidades.length ? finalidades : ["venda"],
      precoVenda: r.chance(0.75) ? r.pick(PRICES) : null,
      precoAluguel: r.chance(0.5) ? r.pick(RENTS) : null,
      precoSobConsulta: r.chance(0.15),
      quartos: Math.floor(r.next() * 5),
      suites: Math.floor(r.next() * 3),
      vagas: Math.floor(r.next() * 3),
      areaUtil: r.chance(0.7) ? r.pick(AREAS) : null,
      areaTotal: r.chance(0.5) ? r.pick(AREAS) * 2 : null,
      comodidades: r.subset(COMODIDADE_KEYS.slice(0, 6), 0.3),
      mobiliado: r.chance(0.3),
      aceitaPet: r.chance(0.3),
      cidade: r.pick(CIDADES),
      bairro: r.pick(BAIRROS),
      status: r.chance(0.7) ? "disponivel" : r.pick(STATUS_KEYS),
      publicacao: r.chance(0.85) ? "publicado" : r.pick(["rascunho", "arquivado"] as const),
      destaque: r.chance(0.15),
      publishedAt: r.chance(0.05) ? null : new Date(r.pick(DATES)),
    };
    // Every address visibility: the map filters read the moved point of hidden addresses.
    const located = !g.chance(0.08);
    values.latitude = located ? Number((LAT[0] + g.next() * (LAT[1] - LAT[0])).toFixed(6)) : null;
    values.longitude = located ? Number((LNG[0] + g.next() * (LNG[1] - LNG[0])).toFixed(6)) : null;
    values.visibilidadeEndereco = g.pick(["completo", "rua", "bairro"] as const);
    values.periodoAluguel = period.pick(["mensal", "diaria", "semanal", "semanal", null] as const);
    const row = await insertProperty(db, values);
    if (r.chance(0.3)) await insertPhoto(db, row.id, 0);
  }
  // Microseconds apart: a Date would see these as equal, PostgreSQL orders them.
  await db.execute(sql`update properties set published_at = published_at + interval '1 microsecond'
    where id % 7 = 0`);
}

const TEXTS = [
  "piscina",
  "piscinas",
  "apart",
  "apartamento vista mar",
  "Casa praia",
  "PAJUÇARA",
  "pajucara",
  "varanda gourmet vista mar piscina",
  "mar praia casa apartamento piscina varanda gourmet reformado",
  "marina mar",
  "de",
  "-piscina casa",
  "apartamento -mobiliado or marina",
  "ap1003",
  "CA1010",
  "x",
  // Only exclusions: a NOT at the top, or an AND of NOTs (every match ranks the same).
  "-piscina",
  "-piscina -mobiliado",
  "-casa -apartamentos -piscinas -mar",
  "-piscina -piscinas",
];
// Phrases (quotes, hyphens, apostrophes) the query's prefix form covers: answered by the index.
const PHRASE_TEXTS = [
  '"vista mar"',
  "pé-direito",
  "caixa d'água",
  'apartamento "vista mar"',
  '"casa de praia" piscina',
  '"vista mar" -piscina',
  '"frente mar" or marina',
];
// Phrases the prefix form does not cover (an excluded phrase or hyphenated word): the index
// checks its words' positions.
const POSITIONAL_TEXTS = [
  'casa -"vista mar"',
  "varanda -pé-direito",
  '-"vista mar"',
  'piscina -"casa de praia"',
  'apartamento -"vista para o mar"',
  'casa -"vista zarabatana"',
  'mar -"mar mar"',
  '"frente mar" or casa -"vista mar"',
];
// What the index hands to SQL: a phrase of one-letter words alone (they have no prefix form, so
// the phrase is the top of the query), an AND of words at the top of the query (ts_rank's
// proximity formula).
const SQL_ONLY_TEXTS = ['"x y"', "b c"];

function randomQuery(r: SeededRandom): string {
  const p = new URLSearchParams();
  if (r.chance(0.45)) {
    const texts = r.chance(0.1)
      ? SQL_ONLY_TEXTS
      : r.chance(0.15)
        ? PHRASE_TEXTS
        : r.chance(0.15)
          ? POSITIONAL_TEXTS
          : TEXTS;
    p.set("q", r.pick(texts));
  }
  if (r.chance(0.3)) p.set("finalidade", r.pick(["venda", "aluguel", "temporada"]));
  for (const tipo of r.subset(TIPO_KEYS, 0.08)) p.append("tipo", tipo);
  if (r.chance(0.3)) p.set("cidade", r.pick([...CIDADES, "Recife"]));
  if (r.chance(0.2)) p.set("bairro", r.pick(BAIRROS));
  if (r.chance(0.2)) p.set("precoMin", String(r.pick([...PRICES, ...RENTS])));
  if (r.chance(0.2)) p.set("precoMax", String(r.pick([...PRICES, ...RENTS])));
  if (r.chance(0.2)) p.set("quartos", String(1 + Math.floor(r.next() * 4)));
  if (r.chance(0.1)) p.set("suites", "1");
  if (r.chance(0.1)) p.set("vagas", "2");
  if (r.chance(0.15)) p.set("areaMin", String(r.pick(AREAS)));
  if (r.chance(0.15)) p.set("areaMax", String(r.pick(AREAS) * 3));
  for (const c of r.subset(COMODIDADE_KEYS.slice(0, 6), 0.08)) p.append("comodidades", c);
  if (r.chance(0.1)) p.set("mobiliado", "1");
  if (r.chance(0.1)) p.set("pet", "1");
  // Between `from` and `to` of the way across the catalogue's area (boxes of a fair size).
  const lat = (from = 0, to = 1) =>
    (LAT[0] + (from + r.next() * (to - from)) * (LAT[1] - LAT[0])).toFixed(r.pick([3, 5]));
  const lng = (from = 0, to = 1) =>
    (LNG[0] + (from + r.next() * (to - from)) * (LNG[1] - LNG[0])).toFixed(r.pick([3, 5]));
  if (r.chance(0.1)) p.set("regiao", [lat(0, 0.5), lng(0, 0.5), lat(0.5, 1), lng(0.5, 1)].join(","));
  if (r.chance(0.1)) {
    p.set("centro", `${lat()},${lng()}`);
    if (r.chance(0.8)) p.set("raio", r.pick(["1", "2", "3,5", "5", "10"]));
  }
  // A place the search does not resolve here (search-page.server.ts does): nothing is found.
  if (r.chance(0.03)) p.set("perto", "Maceió|Pajuçara");
  p.set(
    "ordem",
    r.pick(["relevancia", "relevancia", "menor-preco", "maior-preco", "recentes", "maior-area"]),
  );
  p.set("pagina", String(1 + Math.floor(r.next() * 4)));
  return p.toString();
}

async function expectSameAsSql(query: string, options: SearchOptions = {}) {
  const filters = parseSearchFilters(query);
  const expected = await searchPropertiesSql(db, filters, options);
  const actual = await searchWithIndex(db, filters, options);
  if (actual === undefined) expect(SQL_ONLY_TEXTS, query).toContain(filters.q);
  else expect(actual, query).toEqual(expected);
  expect(await searchProperties(db, filters, options), query).toEqual(expected);
  return expected;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seedCatalogue(260, 7);
});

afterAll(async () => {
  await database?.close();
});

describe("search index", () => {
  it("compares every filter of the table (search-filter-table.ts) on both paths", () => {
    // A filter added to the table must be added to randomQuery too, or this fails.
    const r = new SeededRandom(11);
    const generated = new Set<string>();
    for (let i = 0; i < 500; i++)
      for (const key of new URLSearchParams(randomQuery(r)).keys()) generated.add(key);
    for (const name of FILTER_NAMES) {
      for (const param of filterParams(name))
        expect([...generated], `randomQuery: ${param}`).toContain(param);
    }
  });

  it("answers every generated search exactly as SQL does: rows, order, total, page", async () => {
    const r = new SeededRandom(2024);
    let nonEmpty = 0;
    // 360: the map filters (regiao, centro) narrow some searches to nothing.
    for (let i = 0; i < 360; i++) {
      const query = randomQuery(r);
      const pageSize = r.pick([5, 7, 24]);
      const options: SearchOptions = r.chance(0.15) ? { pageSize, restrictTipos: HOUSE_TIPOS } : { pageSize };
      const result = await expectSameAsSql(query, options);
      if (result.items.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(75); // the comparison covered real results, not empty pages
  });

  it("orders every text search by PostgreSQL's own ts_rank, ties included", async () => {
    for (const q of [...TEXTS, ...PHRASE_TEXTS, ...POSITIONAL_TEXTS]) {
      for (const pagina of [1, 2, 3]) {
        await expectSameAsSql(`q=${encodeURIComponent(q)}&pagina=${pagina}`, { pageSize: 6 });
      }
    }
  });

  it("answers phrases from the index when the query's prefix form covers them", async () => {
    for (const q of PHRASE_TEXTS) {
      const filters = parseSearchFilters(`q=${encodeURIComponent(q)}&ordem=relevancia`);
      const answer = await searchWithIndex(db, filters);
      expect(answer, q).toBeDefined();
      expect(answer, q).toEqual(await searchPropertiesSql(db, filters));
    }
    // The comparison covered real matches, not only empty answers.
    const vistaMar = await searchWithIndex(db, parseSearchFilters(`q=${encodeURIComponent('"vista mar"')}`));
    expect(vistaMar?.total).toBeGreaterThan(20);
  });

  it("checks the positions of the words of a phrase the prefix form does not cover", async () => {
    for (const q of POSITIONAL_TEXTS) {
      for (const ordem of ["relevancia", "recentes"]) {
        const filters = parseSearchFilters(`q=${encodeURIComponent(q)}&ordem=${ordem}`);
        const answer = await searchWithIndex(db, filters);
        expect(answer, q).toBeDefined();
        expect(answer, q).toEqual(await searchPropertiesSql(db, filters));
      }
    }
    // The positions decided something: "casa" listings with both words, but not side by side
    // ("bela vista", "vista para o mar"), are found; those with "vista mar" are not.
    const total = async (q: string) => (await searchPropertiesSql(db, parseSearchFilters(`q=${q}`))).total;
    const withoutPhrase = await total(encodeURIComponent('casa -"vista mar"'));
    const withoutEither = await total(encodeURIComponent("casa -vista -mar"));
    const casa = await total("casa");
    expect(withoutPhrase).toBeGreaterThan(withoutEither);
    expect(withoutPhrase).toBeLessThan(casa);
    const answer = await searchWithIndex(
      db,
      parseSearchFilters(`q=${encodeURIComponent('casa -"vista mar"')}`),
    );
    expect(answer?.total).toBe(withoutPhrase);
  });

  it("answers queries made only of excluded words from the index", async () => {
    for (const q of ["-piscina", "-piscina -mobiliado", "-casa -apartamentos -piscinas -mar"]) {
      for (const ordem of ["relevancia", "menor-preco"]) {
        const filters = parseSearchFilters(`q=${encodeURIComponent(q)}&ordem=${ordem}`);
        const answer = await searchWithIndex(db, filters);
        expect(answer, q).toBeDefined();
        expect(answer, q).toEqual(await searchPropertiesSql(db, filters));
        expect(answer?.total, q).toBeGreaterThan(0);
      }
    }
    // What an exclusion leaves out: no listing found by "-piscina" is found by "piscina".
    const without = await searchWithIndex(db, parseSearchFilters("q=-piscina&pagina=1"), { pageSize: 500 });
    const withIt = await searchWithIndex(db, parseSearchFilters("q=piscina"), { pageSize: 500 });
    const found = new Set(withIt?.items.map((i) => i.property.id));
    expect(withIt?.total).toBeGreaterThan(0);
    expect(without?.items.some((i) => found.has(i.property.id))).toBe(false);
  });

  it("hands one-letter phrases and AND-only queries to SQL, with the same answers", async () => {
    for (const q of SQL_ONLY_TEXTS) {
      const filters = parseSearchFilters(`q=${encodeURIComponent(q)}`);
      expect(await searchWithIndex(db, filters), q).toBeUndefined();
      expect(await searchProperties(db, filters)).toEqual(await searchPropertiesSql(db, filters));
    }
  });

  it("compares a temporada price per night, a weekly one as its rounded seventh, as SQL does", async () => {
    // RENTS per week: 900 → 129 (128,57), 1.800 → 257, 3.500 → 500, 7.000 → 1.000.
    const bounds = ["128", "129", "257", "258", "500", "501", "999", "1000"];
    const totals = new Set<number>();
    for (const bound of bounds) {
      for (const ordem of ["menor-preco", "maior-preco"]) {
        for (const side of ["precoMin", "precoMax"]) {
          const query = `finalidade=temporada&${side}=${bound}&ordem=${ordem}&pagina=1`;
          totals.add((await expectSameAsSql(query, { pageSize: 500 })).total);
        }
      }
    }
    await expectSameAsSql("finalidade=temporada&ordem=menor-preco&pagina=2", { pageSize: 7 });
    expect(totals.size).toBeGreaterThan(4); // the bounds split the catalogue in many ways
  });

  it("filters by a map area and a radius on the point a visitor sees, as SQL does", async () => {
    const boxes = ["-9.7,-35.76,-9.65,-35.72", "-9.68,-35.74,-9.62,-35.69", "-9.6,-35.7,-9.7,-35.76"];
    const circles = ["-9.65,-35.72&raio=2", "-9.66,-35.7&raio=1", "-9.63,-35.75&raio=5"];
    const totals: number[] = [];
    for (const regiao of boxes) {
      totals.push((await expectSameAsSql(`regiao=${regiao}`, { pageSize: 500 })).total);
      await expectSameAsSql(`regiao=${regiao}&ordem=menor-preco&finalidade=venda`, { pageSize: 7 });
    }
    for (const centro of circles) {
      totals.push((await expectSameAsSql(`centro=${centro}`, { pageSize: 500 })).total);
      await expectSameAsSql(`centro=${centro}&regiao=${boxes[1]}&q=piscina`, { pageSize: 7 });
    }
    // Real results, and fewer than the whole catalogue.
    const all = (await searchPropertiesSql(db, parseSearchFilters(""))).total;
    for (const total of totals) {
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThan(all);
    }
  });

  it("never finds a hidden address by its true point: a tiny circle there misses it", async () => {
    const hidden = await insertProperty(db, {
      referencia: "GEO001",
      latitude: -9.612345,
      longitude: -35.701234,
      visibilidadeEndereco: "bairro",
    });
    const shown = publicPoint(hidden)!;
    expect(distanceMetres(shown, { lat: -9.612345, lng: -35.701234 })).toBeGreaterThan(100);
    const near = (centro: string) => `centro=${centro}&raio=0.1&pagina=1`;
    const atTruth = await expectSameAsSql(near("-9.612345,-35.701234"), { pageSize: 500 });
    expect(atTruth.items.map((i) => i.property.referencia)).not.toContain("GEO001");
    const atShown = await expectSameAsSql(near(`${shown.lat},${shown.lng}`), { pageSize: 500 });
    expect(atShown.items.map((i) => i.property.referencia)).toContain("GEO001");
    const box = `regiao=${shown.lat - 0.0001},${shown.lng - 0.0001},${shown.lat + 0.0001},${shown.lng + 0.0001}`;
    const inBox = await expectSameAsSql(box, { pageSize: 500 });
    expect(inBox.items.map((i) => i.property.referencia)).toContain("GEO001");
    await db.execute(sql`delete from properties where id = ${hidden.id}`);
  });

  it("sees every admin write on the very next search", async () => {
    const admin = await createActor(db, "admin");
    const find = async (query: string) =>
      (await searchProperties(db, parseSearchFilters(query))).items.map((i) => i.property.referencia);
    await searchProperties(db, parseSearchFilters("")); // the index exists before the writes

    const { id, referencia } = await createProperty(
      db,
      admin,
      listingForm({ titulo: "Cobertura zarabatana", publicacao: "publicado", cidade: "Piaçabuçu" }),
    );
    expect(await find("q=zarabatana")).toEqual([referencia]);
    expect(await find("cidade=piacabucu")).toEqual([referencia]);

    await updateProperty(
      db,
      admin,
      id,
      listingForm({ titulo: "Cobertura zarabatana", publicacao: "publicado", cidade: "Penedo" }),
    );
    expect(await find("cidade=piacabucu")).toEqual([]);
    expect(await find("cidade=Penedo")).toEqual([referencia]);

    await setStatus(db, admin, id, "vendido");
    await expectSameAsSql("q=cobertura");
    await setPublication(db, admin, id, "rascunho");
    expect(await find("q=zarabatana")).toEqual([]);
    await setPublication(db, admin, id, "publicado");
    expect(await find("q=zarabatana")).toEqual([referencia]);
    // No photos: the storage is never touched.
    const storage = new LocalDiskStorage(path.join(os.tmpdir(), "search-index-no-files"), "/media");
    await deleteProperty(db, storage, admin, id);
    expect(await find("q=zarabatana")).toEqual([]);
  });

  it("keeps the matches of words and places and a place's listings only until the next write", async () => {
    const admin = await createActor(db, "admin");
    // Asked again with another price, area or page (each call below searches twice): from the
    // second time on the index answers from the matches it kept for the words and the filters
    // with few values, and a city's or a finalidade's search starts from that place's listings
    // (SearchIndex.keptMatches, SlotNarrow.passing).
    const searches = [
      "q=piscina",
      "q=piscina&precoMax=800000",
      "q=piscina&cidade=maceio&pagina=2",
      "q=apartamento%20vista%20mar&finalidade=venda",
      "q=apartamento%20vista%20mar&finalidade=venda&areaMin=60",
      "q=apartamento%20vista%20mar&bairro=Pajucara&ordem=menor-preco",
      "cidade=MACEIO&quartos=2",
      "cidade=maceio&quartos=2&precoMax=800000&pagina=2",
      "cidade=Maceió&finalidade=venda&ordem=menor-preco",
      "cidade=Maceió&finalidade=venda&ordem=menor-preco&precoMin=400000",
      "finalidade=venda&bairro=ponta%20verde",
    ];
    for (const query of searches) await expectSameAsSql(query);
    const totals = async () =>
      Promise.all(searches.map(async (query) => (await expectSameAsSql(query)).total));
    const before = await totals();

    // A new listing every one of those searches finds.
    const added = await createProperty(
      db,
      admin,
      listingForm({
        titulo: "Apartamento com piscina e vista mar",
        publicacao: "publicado",
        precoVenda: "700000",
        quartos: "2",
        areaUtil: "80",
        bairro: "Pajuçara",
      }),
    );
    const pajucara = (await totals()).map((total, i) => total - before[i]!);
    expect(pajucara).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0]); // not in Ponta Verde

    // Removed again: every search is back to what it was.
    await setPublication(db, admin, added.id, "rascunho");
    expect(await totals()).toEqual(before);
  });

  it("sees writes that bypass the app (a psql session, another instance)", async () => {
    await searchProperties(db, parseSearchFilters(""));
    const row = await insertProperty(db, { titulo: "Chácara quixabeira", precoVenda: 90_000 });
    expect((await searchProperties(db, parseSearchFilters("q=quixabeira"))).total).toBe(1);
    await db.execute(sql`update properties set preco_venda = 95000 where id = ${row.id}`);
    expect((await searchProperties(db, parseSearchFilters("q=quixabeira&precoMax=92000"))).total).toBe(0);
    expect((await searchProperties(db, parseSearchFilters("q=quixabeira&precoMax=96000"))).total).toBe(1);
    await db.execute(sql`delete from properties where id = ${row.id}`);
    expect((await searchProperties(db, parseSearchFilters("q=quixabeira"))).total).toBe(0);
  });

  it("answers in SQL while the boot-time build runs, then from the index", async () => {
    const filters = parseSearchFilters("q=piscina&ordem=menor-preco");
    const warming = warmSearchIndex(db);
    expect(await searchWithIndex(db, filters)).toBeUndefined();
    expect(await searchProperties(db, filters)).toEqual(await searchPropertiesSql(db, filters));
    expect((await warming).listings).toBeGreaterThan(100);
    expect(await searchWithIndex(db, filters)).toEqual(await searchPropertiesSql(db, filters));
  });

  it("stays exact after a bulk insert (rebuilt) and after the table is emptied", async () => {
    await searchProperties(db, parseSearchFilters(""));
    await db.execute(sql`insert into properties (referencia, titulo, descricao, tipo, finalidades,
        preco_venda, bairro, cidade, publicacao, published_at, destaque)
      select 'BK' || g, 'Lote ' || (g % 13) || ' perto da praia', 'Piscina ' || (g % 5), 'terreno',
        '{venda}', 100000 + (g % 17) * 5000, 'Centro', 'Maceió', 'publicado',
        timestamptz '2026-02-01' + (g % 11) * interval '1 hour', g % 9 = 0
      from generate_series(1, 2600) g`);
    await expectSameAsSql("");
    await expectSameAsSql("q=piscina&pagina=3");
    // One listing in 17 passes the price: a kept ranked list's page is found over many chunks.
    await expectSameAsSql("q=piscina&precoMin=180000&pagina=3");
    await expectSameAsSql("q=piscina&precoMin=180000&pagina=5");
    await expectSameAsSql("cidade=MACEIO&ordem=menor-preco&pagina=40");
    await db.execute(sql`truncate properties cascade`);
    expect((await searchProperties(db, parseSearchFilters(""))).total).toBe(0);
  });
});

describe("forEachLexeme", () => {
  it("reads tsvector's text output, quotes and backslashes included", () => {
    const seen: [string, number[], number[]][] = [];
    forEachLexeme(
      "'a''b':1A,3 'back\\\\slash':2B 'plain' 'x':4C,5,16383A",
      (lexeme, weights, count, positions) => {
        seen.push([lexeme, [...weights.subarray(0, count)], [...positions.subarray(0, count)]]);
      },
    );
    expect(seen).toEqual([
      ["a'b", [3, 0], [1, 3]],
      ["back\\slash", [2], [2]],
      ["plain", [0], [0]],
      ["x", [1, 0, 3], [4, 5, 16383]],
    ]);
  });
});
