// "Baixou 8%" (decision 047): the rules of a reduction (pure), then on a real database the admin's
// edit writing it and the cards and listing page reading it.

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty, propertyFormData } from "../../../tests/support/factories";
import { getDataVersion } from "../cache/data-version.server";
import type { Database } from "../db/client.server";
import { properties } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { updateProperty } from "./admin.server";
import {
  PRICE_DROP_SHOWN_DAYS,
  PRICE_REFERENCE_DAYS,
  priceColumnsAfter,
  priceDropOf,
} from "./price-drop.server";
import { endExpiredPriceDrops } from "./price-drop-sweep.server";
import { listCardsByReferencias, listReducedCards } from "./public-cards.server";

const DAY = 86_400_000;
const NOW = new Date("2026-11-20T15:00:00.000Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);
const sale = (precoVenda: number | null, extra: Partial<Parameters<typeof priceColumnsAfter>[0]> = {}) => ({
  precoVenda,
  precoAluguel: null,
  periodoAluguel: null,
  precoSobConsulta: false,
  priceSince: daysAgo(60),
  priceDropFrom: null,
  priceDropAt: null,
  publishedAt: daysAgo(90) as Date | null,
  ...extra,
});

describe("priceColumnsAfter", () => {
  it("makes a reduction from a price held a month, and nothing when the price stays", () => {
    expect(priceColumnsAfter(sale(900_000), sale(850_000), NOW)).toEqual({
      priceSince: NOW,
      priceDropFrom: 900_000,
      priceDropAt: NOW,
    });
    expect(priceColumnsAfter(sale(900_000), sale(900_000), NOW)).toEqual({});
  });

  it("is no reduction when the price it comes down from was set less than a month ago (a raise undone)", () => {
    const raised = sale(1_000_000, { priceSince: daysAgo(PRICE_REFERENCE_DAYS - 1) });
    expect(priceColumnsAfter(raised, sale(950_000), NOW)).toEqual({
      priceSince: NOW,
      priceDropFrom: null,
      priceDropAt: null,
    });
  });

  it("is no reduction from a price never on the site that long: a draft's, or one published last week", () => {
    expect(priceColumnsAfter(sale(1_200_000, { publishedAt: null }), sale(1_050_000), NOW)).toMatchObject({
      priceDropFrom: null,
    });
    expect(
      priceColumnsAfter(sale(1_200_000, { publishedAt: daysAgo(7) }), sale(1_050_000), NOW),
    ).toMatchObject({
      priceDropFrom: null,
    });
  });

  it("keeps the first reference and start through progressive reductions in force, and a raise ends it", () => {
    const reduced = sale(850_000, {
      priceSince: daysAgo(10),
      priceDropFrom: 900_000,
      priceDropAt: daysAgo(10),
    });
    expect(priceColumnsAfter(reduced, sale(800_000), NOW)).toEqual({ priceSince: NOW });
    expect(priceDropOf({ ...reduced, precoVenda: 800_000, priceSince: NOW }, NOW)).toEqual({
      from: "R$ 900.000",
      percent: 11,
      at: NOW.toISOString(),
    });
    expect(priceColumnsAfter(reduced, sale(870_000), NOW)).toMatchObject({ priceDropFrom: null });
    // Back up to the old price or above: no longer a reduction.
    expect(priceColumnsAfter(reduced, sale(900_000), NOW)).toMatchObject({ priceDropFrom: null });
    // Cut again after the reduction's month, from a price held only 10 days: no badge (cutting a
    // little every month cannot keep it up against the old price).
    const stale = { ...reduced, priceDropAt: daysAgo(PRICE_DROP_SHOWN_DAYS + 5) };
    expect(priceColumnsAfter(stale, sale(840_000), NOW)).toMatchObject({ priceDropFrom: null });
  });

  it("reads a rent without a period as monthly, as the card does", () => {
    const rent = (precoAluguel: number, periodoAluguel: "mensal" | null) => ({
      ...sale(null),
      precoAluguel,
      periodoAluguel,
    });
    expect(priceColumnsAfter(rent(3_000, null), rent(2_700, "mensal"), NOW)).toMatchObject({
      priceDropFrom: 3_000,
    });
  });

  it("ends on a change of kind (sale to rent), of rent period, or to 'sob consulta'", () => {
    const rentOnly = { ...sale(null), precoAluguel: 3_000, periodoAluguel: "mensal" as const };
    expect(priceColumnsAfter(sale(900_000), rentOnly, NOW)).toMatchObject({
      priceDropFrom: null,
      priceSince: NOW,
    });
    expect(
      priceColumnsAfter({ ...rentOnly }, { ...rentOnly, precoAluguel: 500, periodoAluguel: "diaria" }, NOW),
    ).toMatchObject({ priceDropFrom: null });
    expect(priceColumnsAfter(sale(900_000), sale(800_000, { precoSobConsulta: true }), NOW)).toMatchObject({
      priceDropFrom: null,
    });
  });
});

describe("priceDropOf", () => {
  it("shows the reduction for a month, in whole percent rounded down, from 1 %", () => {
    const reduced = sale(846_000, {
      priceSince: daysAgo(3),
      priceDropFrom: 900_000,
      priceDropAt: daysAgo(3),
    });
    expect(priceDropOf(reduced, NOW)).toEqual({
      from: "R$ 900.000",
      percent: 6,
      at: daysAgo(3).toISOString(),
    });
    expect(priceDropOf({ ...reduced, priceDropAt: daysAgo(PRICE_DROP_SHOWN_DAYS + 1) }, NOW)).toBeNull();
    // Rounded down: 7,9 % reads 7 %, and 0,9 % is no reduction to show.
    expect(priceDropOf({ ...reduced, precoVenda: 828_900 }, NOW)?.percent).toBe(7);
    expect(priceDropOf({ ...reduced, precoVenda: 891_900 }, NOW)).toBeNull();
  });

  it("names a rent's period", () => {
    const rent = { ...sale(null), precoAluguel: 2_700, periodoAluguel: "mensal" as const };
    expect(priceDropOf({ ...rent, priceDropFrom: 3_000, priceDropAt: daysAgo(1) }, NOW)).toMatchObject({
      from: "R$ 3.000/mês",
      percent: 10,
    });
  });
});

describe("an agent lowering a price", () => {
  let database: Database;
  const storage = new LocalDiskStorage("/tmp/price-drop-test-media", "/media");
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("puts 'Baixou' on the listing's card when the old price was held a month; a raise takes it off", async () => {
    const admin = await createActor(database.db, "admin");
    const listing = await insertProperty(database.db, {
      referencia: "PD0001",
      precoVenda: 800_000,
      priceSince: new Date(Date.now() - 45 * DAY),
    });
    const edit = (precoVenda: string) =>
      updateProperty(
        database.db,
        admin,
        listing.id,
        propertyFormData({ referencia: "PD0001", precoVenda, publicacao: "publicado" }),
      );
    await edit("720000");
    let [card] = await listCardsByReferencias(database.db, storage, ["PD0001"]);
    expect(card?.price).toBe("R$ 720.000");
    expect(card?.priceDrop).toMatchObject({ from: "R$ 800.000", percent: 10 });
    // The home page's "Baixaram de preço" has it, unless it is already shown above.
    expect((await listReducedCards(database.db, storage, 3)).map((c) => c.referencia)).toContain("PD0001");
    expect(
      (await listReducedCards(database.db, storage, 3, ["PD0001"])).map((c) => c.referencia),
    ).not.toContain("PD0001");

    await edit("750000");
    [card] = await listCardsByReferencias(database.db, storage, ["PD0001"]);
    expect(card?.priceDrop).toBeNull();
    expect((await listReducedCards(database.db, storage, 3)).map((c) => c.referencia)).not.toContain(
      "PD0001",
    );
    // Lowered again the next minute: the price it comes down from (750 000) was never held a month.
    await edit("700000");
    [card] = await listCardsByReferencias(database.db, storage, ["PD0001"]);
    expect(card?.priceDrop).toBeNull();
  });

  it("takes the badge off when its 30 days are over, in the database and in one new data version", async () => {
    const now = new Date();
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const reduced = { precoVenda: 540_000, priceDropFrom: 600_000, priceSince: at(0) };
    await insertProperty(database.db, {
      ...reduced,
      referencia: "PD0010",
      priceDropAt: at(PRICE_DROP_SHOWN_DAYS + 1),
    });
    await insertProperty(database.db, {
      ...reduced,
      referencia: "PD0011",
      priceDropAt: at(PRICE_DROP_SHOWN_DAYS - 1),
    });
    const before = await getDataVersion(database.db);

    expect(await endExpiredPriceDrops(database.db, now)).toEqual({ ended: 1 });
    expect(await getDataVersion(database.db)).toBe(before + 1);
    const cards = await listCardsByReferencias(database.db, storage, ["PD0010", "PD0011"]);
    expect(cards.map((c) => [c.referencia, c.priceDrop?.percent ?? null])).toEqual([
      ["PD0010", null],
      ["PD0011", 10],
    ]);
    const [ended] = await database.db
      .select({ from: properties.priceDropFrom, at: properties.priceDropAt, price: properties.precoVenda })
      .from(properties)
      .where(eq(properties.referencia, "PD0010"));
    expect(ended).toEqual({ from: null, at: null, price: 540_000 });
    // Nothing more to end: no new version (the cached pages stay).
    expect(await endExpiredPriceDrops(database.db, now)).toEqual({ ended: 0 });
    expect(await getDataVersion(database.db)).toBe(before + 1);
    // Its 30 days over, the one in force goes too.
    expect(await endExpiredPriceDrops(database.db, new Date(now.getTime() + 2 * DAY))).toEqual({ ended: 1 });
  });
});
