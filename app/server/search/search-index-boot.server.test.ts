// The index a server builds at boot (server/app.ts): built in the background in small steps, the
// event loop free between them, searches answered from SQL, with the same answers, until it is
// ready, and from the index afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { parseSearchFilters } from "../../lib/search-filters";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { searchProperties, searchPropertiesSql, searchWithIndex } from "./search.server";
import { searchIndexState, warmSearchIndex } from "./search-index-sync.server";

let database: Database;
const LISTINGS = 60;
const CHUNK = 10;

beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < LISTINGS; i++) {
    await insertProperty(database.db, {
      titulo: i % 3 ? `Apartamento ${i} com piscina` : `Casa ${i} perto da praia`,
      tipo: i % 3 ? "apartamento" : "casa",
      cidade: i % 2 ? "Maceió" : "Marechal Deodoro",
      quartos: i % 5,
      precoVenda: 200_000 + i * 10_000,
      publishedAt: new Date(Date.UTC(2026, 0, 1 + (i % 20))),
    });
  }
});

afterAll(async () => {
  await database?.close();
});

describe("the search index built at boot", () => {
  it("answers from SQL while it is built in steps, then from the index", async () => {
    const { db } = database;
    const searches = [
      "",
      "q=piscina",
      "cidade=Maceió&quartos=2&ordem=menor-preco",
      "q=casa praia&pagina=2",
    ].map((query) => parseSearchFilters(query));
    expect(searchIndexState(db)).toBe("absent");

    // Count the event loop's turns while the build runs: a request arriving meanwhile gets one
    // between every two steps, not after the whole build.
    let turns = 0;
    let building = true;
    const tick = () => {
      turns++;
      if (building) setImmediate(tick);
    };
    setImmediate(tick);
    const warming = warmSearchIndex(db, { chunk: CHUNK });
    expect(searchIndexState(db)).toBe("building");
    let answeredWhileBuilding = 0;
    for (const filters of searches) {
      // The index is asked synchronously at the call: building then means SQL answers.
      const wasBuilding = searchIndexState(db) === "building";
      const fromIndex = await searchWithIndex(db, filters);
      if (wasBuilding) {
        expect(fromIndex).toBeUndefined();
        answeredWhileBuilding++;
      }
      expect(await searchProperties(db, filters)).toEqual(await searchPropertiesSql(db, filters));
    }
    expect(answeredWhileBuilding).toBeGreaterThan(0);
    const built = await warming;
    building = false;
    expect(built.listings).toBe(LISTINGS);
    expect(turns).toBeGreaterThanOrEqual(LISTINGS / CHUNK);

    expect(searchIndexState(db)).toBe("ready");
    for (const filters of searches) {
      const fromIndex = await searchWithIndex(db, filters);
      expect(fromIndex).toBeDefined();
      expect(fromIndex).toEqual(await searchPropertiesSql(db, filters));
    }
  });
});
