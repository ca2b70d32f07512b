import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProperty } from "../../../tests/support/factories";
import { pictureSrc, pictureSrcSet } from "../../lib/photos";
import { parseSearchFilters } from "../../lib/search-filters";
import type { Database } from "../db/client.server";
import { type NewProperty, propertyPhotos } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { searchProperties } from "../search/search.server";
import {
  listCardsByReferencias,
  listCitiesWithBairros,
  listCityCounts,
  listFeaturedCards,
  listNewestCards,
} from "./public-cards.server";

let database: Database;
const storage = new LocalDiskStorage("/tmp/public-cards-test-media", "/media");

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

/** A listing of this file's: its referência in its title, 3 quartos, published on 01/01/2025 unless said. */
const listing = (referencia: string, overrides: Partial<NewProperty> = {}) =>
  insertProperty(database.db, {
    referencia,
    titulo: `Imóvel ${referencia}`,
    quartos: 3,
    publishedAt: day(1),
    ...overrides,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = [
    await listing("AP0001", { destaque: true, publishedAt: day(2) }),
    await listing("AP0002", { destaque: true, publishedAt: day(5), bairro: "Pajuçara" }),
    await listing("CA0001", { tipo: "casa", publishedAt: day(9), cidade: "Maragogi", bairro: "Centro" }),
    await listing("CA0002", { tipo: "casa", publishedAt: day(8), status: "vendido", destaque: true }),
    await listing("AP0003", { publicacao: "rascunho", destaque: true, cidade: "Penedo", bairro: "Centro" }),
    await listing("AP0004", { publishedAt: day(3), bairro: "Jatiúca" }),
  ];
  const ap1 = rows.find((r) => r.referencia === "AP0001")!;
  await database.db.insert(propertyPhotos).values({
    propertyId: ap1.id,
    position: 0,
    isCover: true,
    altText: "Sala ampla",
    width: 1600,
    height: 1067,
    placeholderColor: "#88aacc",
    hash: "abc",
    variants: [
      { format: "jpeg", width: 640, height: 427, key: "ab/abc-640.jpg", bytes: 1 },
      { format: "webp", width: 640, height: 427, key: "ab/abc-640.webp", bytes: 1 },
    ],
  });
});

afterAll(async () => {
  await database.close();
});

describe("public card lists", () => {
  it("lists featured listings on offer, newest first, with their cover", async () => {
    const cards = await listFeaturedCards(database.db, storage, 6);
    expect(cards.map((c) => c.referencia)).toEqual(["AP0002", "AP0001"]);
    const ap1 = cards[1]!;
    expect(ap1.cover?.alt).toBe("Sala ampla");
    expect(ap1.cover && pictureSrc(ap1.cover)).toBe("/media/ab/abc-640.jpg");
    expect(ap1.cover && pictureSrcSet(ap1.cover, "webp")).toBe("/media/ab/abc-640.webp 640w");
    expect(ap1.url).toBe("/casas/AP0001");
    expect(ap1.price).toBe("R$ 500.000");
    expect(cards[0]!.cover).toBeNull();
  });

  it("lists the newest listings on offer, leaving out the excluded ones", async () => {
    const cards = await listNewestCards(database.db, storage, 10, ["AP0001", "AP0002"]);
    expect(cards.map((c) => c.referencia)).toEqual(["CA0001", "AP0004"]);
  });

  it("finds published listings by referência in the order asked, any case, sold ones included", async () => {
    const cards = await listCardsByReferencias(database.db, storage, [
      "ca0002",
      "AP0001",
      "AP0003",
      "XX9999",
    ]);
    expect(cards.map((c) => c.referencia)).toEqual(["CA0002", "AP0001"]);
    expect(cards[0]!.statusLabel).toBe("Vendido");
    expect(await listCardsByReferencias(database.db, storage, [])).toEqual([]);
  });

  it("a card carries the price per m², the fees and the month's total with condomínio and IPTU", async () => {
    // Sold (left out of the other lists here), but found by referência.
    await listing("AP0005", {
      status: "vendido",
      finalidades: ["venda", "aluguel"],
      precoVenda: 850_000,
      precoAluguel: 3_500,
      periodoAluguel: "mensal",
      condominio: 650,
      iptu: 1_200,
      iptuPeriodo: "anual",
      areaUtil: 100,
    });
    const [card] = await listCardsByReferencias(database.db, storage, ["AP0005"]);
    expect(card).toMatchObject({
      price: "R$ 850.000",
      secondaryPrice: "ou R$ 3.500/mês",
      pricePerM2: "R$ 8.500/m²",
      monthlyTotal: "R$ 4.250/mês",
      condominio: "R$ 650/mês",
      iptu: "R$ 1.200/ano",
    });
    const [plain] = await listCardsByReferencias(database.db, storage, ["AP0004"]);
    expect(plain).toMatchObject({ pricePerM2: null, monthlyTotal: null, condominio: null, iptu: null });
  });

  it("counts published listings by city, as the city's search finds them, and lists their bairros", async () => {
    const counts = await listCityCounts(database.db);
    expect(counts.map((c) => c.cidade)).toEqual(["Maceió", "Maragogi"]);
    // The number on the home's link is what that link's search finds (a sold one included).
    for (const { cidade, count } of counts) {
      const filters = parseSearchFilters(new URLSearchParams({ cidade }));
      expect((await searchProperties(database.db, filters)).total, cidade).toBe(count);
    }
    expect(await listCitiesWithBairros(database.db)).toEqual([
      { cidade: "Maceió", bairros: ["Jatiúca", "Pajuçara", "Ponta Verde"] },
      { cidade: "Maragogi", bairros: ["Centro"] },
    ]);
  });
});
