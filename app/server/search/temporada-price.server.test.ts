// A temporada search compares prices per night: its form asks for "Valor da diária"
// (app/components/search/search-form.tsx), so a price per week counts as its seventh, to the
// nearest real (nightlyPrice, filters.server.ts; docs/decisions/037-temporada.md), in the price
// range and in the price orders, on the index and in SQL alone, with dates too (decision 040).
// On both engines (TEST_ENGINE=postgres runs it on PostgreSQL).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, rentalTermsInput } from "../../../tests/support/factories";
import { parseSearchFilters } from "../../lib/search-filters";
import { staySearchOf } from "../../lib/search-stay";
import type { Database } from "../db/client.server";
import type { NewProperty } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { saveRentalTerms } from "../rentals/rentals.server";
import { type SearchResult, searchProperties, searchPropertiesSql, searchWithIndex } from "./search.server";

const TODAY = "2026-11-27";
let database: Database;
const ids: Record<string, number> = {};

const nightly = (precoAluguel: number): Partial<NewProperty> => ({ precoAluguel, periodoAluguel: "diaria" });
const weekly = (precoAluguel: number): Partial<NewProperty> => ({ precoAluguel, periodoAluguel: "semanal" });

beforeAll(async () => {
  database = await createTestDatabase();
  const add = async (referencia: string, values: Partial<NewProperty>) => {
    ids[referencia] = (
      await insertProperty(database.db, {
        referencia,
        tipo: "casa",
        finalidades: ["temporada"],
        precoVenda: null,
        cidade: "Maragogi",
        bairro: "Centro",
        quartos: 2,
        ...values,
      })
    ).id;
  };
  await add("TP01", nightly(400));
  await add("TP02", weekly(3_500)); // R$ 500 a night
  await add("TP03", nightly(600));
  await add("TP04", weekly(2_100)); // R$ 300 a night
  await add("TP05", weekly(3_000)); // R$ 428,57 a night: R$ 429
  await add("TP06", weekly(7_000)); // R$ 1.000 a night
  await add("TP07", { ...weekly(2_800), precoSobConsulta: true }); // hidden: never in a range
  await add("AL01", { finalidades: ["aluguel"], precoAluguel: 3_200, periodoAluguel: "mensal" });
});

afterAll(async () => {
  await database?.close();
});

const refsOf = (result: SearchResult | undefined) => result?.items.map((i) => i.property.referencia);

/** The listings a search shows, in order: the same through the index and in SQL alone. */
async function refs(query: string): Promise<string[]> {
  const filters = parseSearchFilters(query);
  const sqlAlone = await searchPropertiesSql(database.db, filters);
  const indexed = await searchWithIndex(database.db, filters);
  expect(indexed, query).toBeDefined();
  expect(refsOf(indexed), query).toEqual(refsOf(sqlAlone));
  expect(indexed, query).toEqual(sqlAlone);
  return refsOf(sqlAlone)!;
}

const sorted = (list: string[]) => [...list].sort();

describe("the price of a temporada search, per night", () => {
  it("finds a R$ 3.500/semana house in a search up to R$ 500 a night", async () => {
    expect(sorted(await refs("finalidade=temporada&precoMax=500"))).toEqual(["TP01", "TP02", "TP04", "TP05"]);
  });

  it("leaves a weekly price out of a search from R$ 500 a night unless its week is worth it", async () => {
    expect(sorted(await refs("finalidade=temporada&precoMin=500"))).toEqual(["TP02", "TP03", "TP06"]);
    expect(sorted(await refs("finalidade=temporada&precoMin=700&precoMax=1500"))).toEqual(["TP06"]);
  });

  it("rounds a week's seventh to the real: R$ 3.000/semana is R$ 429 a night", async () => {
    expect(await refs("finalidade=temporada&precoMin=428&precoMax=428")).toEqual([]);
    expect(await refs("finalidade=temporada&precoMin=429&precoMax=429")).toEqual(["TP05"]);
  });

  it("orders nightly and weekly prices together by the price per night, hidden prices last", async () => {
    const cheapest = ["TP04", "TP01", "TP05", "TP02", "TP03", "TP06"];
    expect(await refs("finalidade=temporada&ordem=menor-preco")).toEqual([...cheapest, "TP07"]);
    expect(await refs("finalidade=temporada&ordem=maior-preco")).toEqual([...cheapest.reverse(), "TP07"]);
  });

  it("leaves the other searches as they were: a monthly rent, and the number each card shows", async () => {
    expect(await refs("finalidade=aluguel&precoMax=3200")).toEqual(["AL01"]);
    // Without a finalidade the form asks for "Preço (R$)": the card's number, in its own period.
    expect(sorted(await refs("precoMin=3000&precoMax=3500"))).toEqual(["AL01", "TP02", "TP05"]);
  });

  it("sees a change of the price's period alone on the very next search", async () => {
    expect(await refs("finalidade=temporada&precoMin=1000")).toEqual(["TP06"]);
    // A plain SQL statement that writes only the period: R$ 7.000 is now a night's price.
    await database.db.execute(sql`update properties set periodo_aluguel = 'diaria' where id = ${ids.TP06!}`);
    expect(await refs("finalidade=temporada&precoMin=5000")).toEqual(["TP06"]);
    await database.db.execute(sql`update properties set periodo_aluguel = 'semanal' where id = ${ids.TP06!}`);
    expect(await refs("finalidade=temporada&precoMin=5000")).toEqual([]);
  });

  it("with dates, finds the weekly house by its price per night and shows the stay's total", async () => {
    const admin = await createActor(database.db, "admin");
    // Its terms: R$ 500 a night, a week at least (its weekly price, night by night).
    await saveRentalTerms(
      database.db,
      admin,
      ids.TP02!,
      rentalTermsInput({ defaultRate: 500, minNights: 7, cleaningFee: 0, seasons: [] }),
    );
    const filters = parseSearchFilters(
      "finalidade=temporada&precoMax=500&chegada=2027-03-01&saida=2027-03-08&hospedes=2&ordem=menor-preco",
    );
    const stay = staySearchOf(filters, TODAY);
    if (stay.kind !== "ok") throw new Error(`estadia inválida: ${JSON.stringify(stay)}`);
    const options = { stay: { request: stay.stay, today: TODAY } };
    const result = await searchProperties(database.db, filters, options);
    expect(await searchPropertiesSql(database.db, filters, options)).toEqual(result);
    // TP01 quotes at its daily price (no terms); the weekly houses without terms quote nothing.
    expect(result.items.map((i) => [i.property.referencia, result.stays?.get(i.property.id)?.total])).toEqual(
      [
        ["TP01", 2_800],
        ["TP02", 3_500],
      ],
    );
  });
});
