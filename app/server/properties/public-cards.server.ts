// Card lists for the home page, the favourites page and the 404 suggestions: published listings
// only, each with its cover, shaped by toCardData.
import { and, asc, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { ComparedCardData } from "../../lib/property-card";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { cardColumns, isOnOffer, isPublished, toCardData } from "./cards.server";
import { coverColumn } from "./covers.server";
import { placeSpellings } from "./place-spellings.server";
import { PRICE_DROP_SHOWN_DAYS } from "./price-drop.server";
import { feeLines } from "./price-facts.server";

// Sold or rented listings stay reachable (and in favourites) but are not advertised: isOnOffer.

/** What a card shows, its cover included: one query, not the description or search vector. */
const cardWithCover = { ...cardColumns, cover: coverColumn };

async function listCards(db: Db, storage: Storage, where: SQL | undefined, order: SQL[], limit: number) {
  const rows = await db
    .select(cardWithCover)
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => toCardData(row, row.cover, storage));
}

/** Featured listings (destaque) on offer, newest first. */
export function listFeaturedCards(db: Db, storage: Storage, limit: number) {
  return listCards(
    db,
    storage,
    and(isOnOffer, eq(properties.destaque, true)),
    [desc(properties.publishedAt), asc(properties.id)],
    limit,
  );
}

/** The newest listings on offer, leaving out those already shown (e.g. the featured ones). */
export function listNewestCards(db: Db, storage: Storage, limit: number, exclude: string[] = []) {
  const where = exclude.length ? and(isOnOffer, notInArray(properties.referencia, exclude)) : isOnOffer;
  return listCards(db, storage, where, [desc(properties.publishedAt), asc(properties.id)], limit);
}

/**
 * Listings on offer whose price came down lately (decision 047), the biggest cut first, leaving
 * out those already shown. The cards' own rule (priceDropOf) has the last word: a cut under 1 %
 * or past its 30 days is left out.
 */
export async function listReducedCards(db: Db, storage: Storage, limit: number, exclude: string[] = []) {
  const reduced = and(
    isOnOffer,
    eq(properties.status, "disponivel"),
    eq(properties.precoSobConsulta, false),
    sql`${properties.priceDropAt} > now() - make_interval(days => ${PRICE_DROP_SHOWN_DAYS})`,
    exclude.length ? notInArray(properties.referencia, exclude) : undefined,
  );
  const cut = sql`(${properties.priceDropFrom} - coalesce(${properties.precoVenda}, ${properties.precoAluguel}))::float8 / ${properties.priceDropFrom}`;
  const cards = await listCards(db, storage, reduced, [desc(cut), asc(properties.id)], limit);
  return cards.filter((card) => card.priceDrop !== null);
}

/**
 * Published listings by referência (case-insensitive), in the order asked for, unknown ones
 * dropped: the favourites' cards, with the fees their comparison shows.
 */
export async function listCardsByReferencias(
  db: Db,
  storage: Storage,
  referencias: string[],
): Promise<ComparedCardData[]> {
  const wanted = [...new Set(referencias.map((r) => r.toUpperCase()))];
  if (!wanted.length) return [];
  const rows = await db
    .select(cardWithCover)
    .from(properties)
    .where(and(isPublished, inArray(sql`upper(${properties.referencia})`, wanted)));
  const cards = rows.map((row) => ({ ...toCardData(row, row.cover, storage), ...feeLines(row) }));
  const byRef = new Map(cards.map((c) => [c.referencia.toUpperCase(), c]));
  return wanted.map((r) => byRef.get(r)).filter((c) => c !== undefined);
}

export interface CityCount {
  cidade: string;
  count: number;
}

const collator = new Intl.Collator("pt-BR");

/**
 * Cities with published listings, the busiest first (home quick links): the count the city's
 * search then finds (sold and rented ones included, listed last there). A count over every
 * listing that only a listing write changes: once per data version.
 */
export const listCityCounts: (db: Db) => Promise<CityCount[]> = perDataVersion(async (db) => {
  const [rows, spell] = await Promise.all([
    db
      .select({ cidade: properties.cidade, count: count() })
      .from(properties)
      .where(isPublished)
      .groupBy(properties.cidade),
    placeSpellings(db),
  ]);
  // "Maceio" and "Maceió" are one link, counting both (place-spellings.server.ts).
  const byCity = new Map<string, number>();
  for (const row of rows) {
    const cidade = spell.cidade(row.cidade);
    byCity.set(cidade, (byCity.get(cidade) ?? 0) + row.count);
  }
  return [...byCity]
    .map(([cidade, total]) => ({ cidade, count: total }))
    .sort((a, b) => b.count - a.count || collator.compare(a.cidade, b.cidade));
});

export interface CityBairros {
  cidade: string;
  bairros: string[];
}

/**
 * Every city and its bairros with published listings, alphabetically (the filter's selects).
 * Once per data version, like listCityCounts.
 */
export const listCitiesWithBairros: (db: Db) => Promise<CityBairros[]> = perDataVersion(async (db) => {
  const [rows, spell] = await Promise.all([
    db
      .selectDistinct({ cidade: properties.cidade, bairro: properties.bairro })
      .from(properties)
      .where(and(isPublished, ne(properties.bairro, ""))),
    placeSpellings(db),
  ]);
  const byCity = new Map<string, Set<string>>();
  for (const { cidade, bairro } of rows) {
    const city = spell.cidade(cidade);
    const list = byCity.get(city) ?? new Set<string>();
    list.add(spell.bairro(bairro, cidade));
    byCity.set(city, list);
  }
  return [...byCity.entries()]
    .map(([cidade, bairros]) => ({ cidade, bairros: [...bairros].sort(collator.compare) }))
    .sort((a, b) => collator.compare(a.cidade, b.cidade));
});
