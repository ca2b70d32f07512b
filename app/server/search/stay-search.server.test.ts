// The search by dates (decision 040) on both engines (TEST_ENGINE=postgres runs it on PostgreSQL):
// only temporada listings that can take the stay (guests, the seasons' minimum nights, no night
// taken by a booking or a block), each with the listing page's own quote; the index path and SQL
// alone give the same page. "Today" is fixed: no test depends on the wall clock.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, rentalTermsInput } from "../../../tests/support/factories";
import { addDays } from "../../lib/rental";
import { parseSearchFilters } from "../../lib/search-filters";
import { staySearchOf } from "../../lib/search-stay";
import { getDataVersion } from "../cache/data-version.server";
import { attachDataVersion } from "../cache/per-data-version.server";
import type { Database } from "../db/client.server";
import { appState, properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import type { Actor } from "../properties/access.server";
import {
  availableStays,
  blockNights,
  getRentalTermsRow,
  type ListingRental,
  quoteForListing,
  recordBooking,
  rentalOf,
  saveRentalTerms,
} from "../rentals/rentals.server";
import { searchProperties, searchPropertiesSql } from "./search.server";

const TODAY = "2026-11-27";
let database: Database;
let admin: Actor;
const ids: Record<string, number> = {};

const TERMS = rentalTermsInput();

async function listing(referencia: string, extra: Partial<Parameters<typeof insertProperty>[1]> = {}) {
  const row = await insertProperty(database.db, {
    referencia,
    titulo: `Casa ${referencia} em Maragogi`,
    tipo: "casa",
    finalidades: ["temporada"],
    precoVenda: null,
    precoAluguel: 500,
    periodoAluguel: "diaria",
    bairro: "Centro",
    cidade: "Maragogi",
    quartos: 2,
    ...extra,
  });
  ids[referencia] = row.id;
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createActor(database.db, "admin");
  // Seasons with réveillon: 8 guests, 5 nights minimum over the réveillon.
  await saveRentalTerms(database.db, admin, await listing("CA0001"), TERMS);
  // No terms yet: its daily price, one night minimum, two guests per bedroom (4).
  await listing("CA0002");
  // The same seasons, one night blocked by the agency inside the stay.
  const blocked = await listing("CA0003");
  await saveRentalTerms(database.db, admin, blocked, TERMS);
  await blockNights(database.db, admin, blocked, "2026-12-30", "2026-12-30");
  // A stay booked from the check-out day on: its nights start where the search's end.
  const afterwards = await listing("CA0004", { quartos: 3 });
  await recordBooking(database.db, admin, afterwards, {
    checkIn: "2027-01-03",
    checkOut: "2027-01-06",
    guests: 2,
    guestName: "Hóspede",
    guestEmail: null,
    total: 1500,
  });
  // Booked across the stay.
  const booked = await listing("CA0005", { quartos: 4 });
  await recordBooking(database.db, admin, booked, {
    checkIn: "2026-12-20",
    checkOut: "2026-12-29",
    guests: 2,
    guestName: "Outro hóspede",
    guestEmail: null,
    total: 4000,
  });
  // Not for temporada, same city and size.
  await listing("CA0006", {
    finalidades: ["venda"],
    precoVenda: 900_000,
    precoAluguel: null,
    periodoAluguel: null,
  });
});

afterAll(async () => {
  await database?.close();
});

async function search(query: string) {
  const filters = parseSearchFilters(query);
  const stay = staySearchOf(filters, TODAY);
  if (stay.kind !== "ok") throw new Error(`estadia inválida: ${JSON.stringify(stay)}`);
  const options = { stay: { request: stay.stay, today: TODAY } };
  const result = await searchProperties(database.db, filters, options);
  // The module's contract: the index path and SQL alone answer the same.
  expect(await searchPropertiesSql(database.db, filters, options)).toEqual(result);
  return {
    total: result.total,
    totals: Object.fromEntries(
      result.items.map(({ property }) => [property.referencia, result.stays?.get(property.id)?.total]),
    ),
  };
}

describe("busca por datas", () => {
  it("27/12 a 03/01 com 6 hóspedes: capacidade, noites ocupadas e o total da cotação (réveillon)", async () => {
    const found = await search(
      "finalidade=temporada&cidade=Maragogi&chegada=2026-12-27&saida=2027-01-03&hospedes=6",
    );
    // CA0001: 3 alta nights × 900 + 4 réveillon nights × 1.500 + 250 cleaning. CA0004 (3 bedrooms,
    // 6 guests) is free: its booking starts on the check-out day. CA0002 takes 4 guests; CA0003
    // has a blocked night; CA0005 a booked one; CA0006 is not for temporada.
    expect(found.totals).toEqual({ CA0001: 8950, CA0004: 3500 });
    expect(found.total).toBe(2);
  });

  it("2 hóspedes: a casa sem tarifas cadastradas entra pela diária", async () => {
    const found = await search("finalidade=temporada&chegada=2026-12-27&saida=2027-01-03&hospedes=2");
    expect(found.totals).toEqual({ CA0001: 8950, CA0002: 3500, CA0004: 3500 });
  });

  it("a estadia mínima das temporadas que a estadia toca", async () => {
    // Three nights touching the réveillon (5 nights minimum there): CA0001 is out; CA0005 is
    // booked on the 28th, CA0003 blocked on the 30th.
    const found = await search("finalidade=temporada&chegada=2026-12-28&saida=2026-12-31&hospedes=2");
    expect(Object.keys(found.totals).sort()).toEqual(["CA0002", "CA0004"]);
    // Three alta nights (3 minimum) before the blocked night and the booking: CA0003 and CA0005 are back.
    const alta = await search("finalidade=temporada&chegada=2026-12-15&saida=2026-12-18&hospedes=2");
    expect(alta.totals).toMatchObject({ CA0001: 2950, CA0003: 2950, CA0005: 1500 });
  });

  it("noites ocupadas: a busca em memória responde como a cotação da página do imóvel, em toda estadia da temporada", async () => {
    // A night an imported calendar holds is a row of rental_nights too (decision 039).
    await blockNights(database.db, admin, ids.CA0002!, "2027-01-08", "2027-01-09");
    const all = Object.values(ids);
    const rentals = new Map<number, ListingRental | null>();
    for (const id of all) {
      const [property] = await database.db.select().from(properties).where(eq(properties.id, id));
      rentals.set(id, rentalOf(property!, await getRentalTermsRow(database.db, id)));
    }
    for (let start = 0; start < 30; start++) {
      for (const nights of [1, 3, 7]) {
        const checkIn = addDays("2026-12-12", start);
        const request = { checkIn, checkOut: addDays(checkIn, nights), guests: 2 };
        const available = await availableStays(database.db, all, request, TODAY);
        for (const id of all) {
          const rental = rentals.get(id);
          const listingPage = rental ? await quoteForListing(database.db, id, rental, request, TODAY) : null;
          // The same listings, and each one's total (the compiled terms' walk, which orders
          // "menor preço") equal to the page's quote to the cent.
          expect(available.get(id)?.total, `${checkIn}, ${nights} noite(s), imóvel ${id}`).toBe(
            listingPage?.ok ? listingPage.quote.total : undefined,
          );
        }
      }
    }
  });

  it("o total de cada cartão é a cotação da página do imóvel, em estadias que cruzam temporadas e o réveillon", async () => {
    for (let start = 0; start < 30; start += 3) {
      const checkIn = addDays("2026-12-12", start);
      const request = { checkIn, checkOut: addDays(checkIn, 7), guests: 2 };
      const filters = parseSearchFilters(
        `finalidade=temporada&cidade=Maragogi&chegada=${request.checkIn}&saida=${request.checkOut}&hospedes=2`,
      );
      const result = await searchProperties(database.db, filters, { stay: { request, today: TODAY } });
      expect(result.items.length, checkIn).toBeGreaterThan(0);
      for (const { property } of result.items) {
        const [row] = await database.db.select().from(properties).where(eq(properties.id, property.id));
        const rental = rentalOf(row!, await getRentalTermsRow(database.db, property.id))!;
        const quoted = await quoteForListing(database.db, property.id, rental, request, TODAY);
        if (!quoted.ok) throw new Error(`${property.referencia} ${checkIn}: a página recusa a estadia`);
        expect(result.stays?.get(property.id), `${property.referencia} ${checkIn}`).toEqual(quoted.quote);
      }
    }
  });

  it("as noites ocupadas em memória: só uma escrita no calendário as relê, e a busca seguinte a vê", async () => {
    // As a running process: the memos keyed by the data version (per-data-version.server.ts).
    const detach = attachDataVersion(database.db, () => getDataVersion(database.db));
    const calendarVersion = async () =>
      (await database.db.select().from(appState).where(eq(appState.key, "calendar_version")))[0]?.value ?? 0;
    try {
      const query = "finalidade=temporada&cidade=Maragogi&chegada=2027-02-10&saida=2027-02-13&hospedes=2";
      expect(Object.keys((await search(query)).totals)).toContain("CA0001");
      const version = await calendarVersion();
      // New terms: a visible write, not a calendar's (migration 0021's trigger is on rental_nights).
      await saveRentalTerms(database.db, admin, ids.CA0004!, { ...TERMS, cleaningFee: 300 });
      expect(await calendarVersion()).toBe(version);
      expect((await search(query)).totals.CA0004).toBe(3 * 900 + 300);
      await blockNights(database.db, admin, ids.CA0001!, "2027-02-11", "2027-02-11");
      expect(await calendarVersion()).toBeGreaterThan(version);
      expect(Object.keys((await search(query)).totals)).not.toContain("CA0001");
    } finally {
      detach();
    }
  });

  it("as datas sem finalidade escolhem temporada; com venda ou aluguel são deixadas de lado", () => {
    expect(parseSearchFilters("chegada=2026-12-27&saida=2027-01-03").finalidade).toBe("temporada");
    const venda = parseSearchFilters("finalidade=venda&chegada=2026-12-27&hospedes=6");
    expect([venda.chegada, venda.hospedes]).toEqual([undefined, undefined]);
  });

  it("datas inválidas: a mensagem em português no campo, nenhuma busca por datas", () => {
    const errors = (query: string) => {
      const stay = staySearchOf(parseSearchFilters(query), TODAY);
      return stay.kind === "invalid" ? stay.errors : {};
    };
    expect(errors("chegada=2026-11-26&saida=2026-11-30")).toEqual({
      chegada: "A chegada não pode ser antes de hoje.",
    });
    expect(errors("chegada=2026-12-10&saida=2026-12-10")).toEqual({
      saida: "A saída deve ser depois da chegada.",
    });
    expect(errors("chegada=2026-12-01&saida=2027-03-02").saida).toMatch(/até 90 dias/);
    expect(errors("chegada=2026-12-01&saida=2026-12-05&hospedes=51")).toEqual({
      hospedes: "Informe de 1 a 50 hóspedes.",
    });
    expect(errors("chegada=31/12&saida=2027-01-02")).toEqual({
      chegada: "Informe a data de chegada (dia/mês/ano).",
    });
    expect(errors("hospedes=4").chegada).toBe("Informe a data de chegada (dia/mês/ano).");
    expect(staySearchOf(parseSearchFilters("finalidade=temporada"), TODAY)).toEqual({ kind: "none" });
    expect(staySearchOf(parseSearchFilters("chegada=2026-12-27&saida=2027-01-03"), TODAY)).toEqual({
      kind: "ok",
      stay: { checkIn: "2026-12-27", checkOut: "2027-01-03", guests: 1, nights: 7 },
    });
  });

  it("menor preço e maior preço com datas: pelo total da estadia (limpeza e temporada), não pela diária", async () => {
    const terms = (defaultRate: number, cleaningFee: number, seasons: typeof TERMS.seasons = []) => ({
      ...TERMS,
      minNights: 1,
      defaultRate,
      cleaningFee,
      seasons,
    });
    const march = [
      { kind: "alta" as const, start: "2027-03-01", end: "2027-03-31", rate: 900, minNights: 2 },
    ];
    // Per night: JP01 300 < JP03 350 < JP04 400 < JP02 500. For three nights in March: JP04
    // 1.300 < JP02 1.500 < JP01 1.900 (its cleaning fee) < JP03 2.700 (its March season).
    const listings = [
      ["JP01", terms(300, 1000)],
      ["JP02", terms(500, 0)],
      ["JP03", terms(350, 0, march)],
      ["JP04", terms(400, 100)],
      // The cheapest stay of all, but rented: below the available ones in both orders.
      ["JP05", terms(100, 0), { status: "alugado" as const }],
    ] as const;
    for (const [referencia, rentalTerms, extra] of listings) {
      const id = await listing(referencia, {
        cidade: "Japaratinga",
        precoAluguel: rentalTerms.defaultRate,
        ...extra,
      });
      await saveRentalTerms(database.db, admin, id, rentalTerms);
    }
    const stay = "chegada=2027-03-10&saida=2027-03-13&hospedes=2";
    const cheapest = await search(`finalidade=temporada&cidade=Japaratinga&${stay}&ordem=menor-preco`);
    expect(Object.entries(cheapest.totals)).toEqual([
      ["JP04", 1300],
      ["JP02", 1500],
      ["JP01", 1900],
      ["JP03", 2700],
      ["JP05", 300],
    ]);
    const dearest = await search(`finalidade=temporada&cidade=Japaratinga&${stay}&ordem=maior-preco`);
    expect(Object.keys(dearest.totals)).toEqual(["JP03", "JP01", "JP02", "JP04", "JP05"]);
    // The page is cut after the order: page 2 of two cards goes on where page 1 stopped.
    const second = parseSearchFilters(
      `finalidade=temporada&cidade=Japaratinga&${stay}&ordem=menor-preco&pagina=2`,
    );
    const request = { checkIn: "2027-03-10", checkOut: "2027-03-13", guests: 2 };
    const options = { pageSize: 2, stay: { request, today: TODAY } };
    const pageTwo = await searchProperties(database.db, second, options);
    expect(await searchPropertiesSql(database.db, second, options)).toEqual(pageTwo);
    expect(pageTwo.items.map(({ property }) => property.referencia)).toEqual(["JP01", "JP03"]);
    expect(pageTwo.total).toBe(5);
  });
});
