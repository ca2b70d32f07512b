// One spelling per place wherever the site names places: the search's facets and its address,
// the home page's city links and the filter's selects, the sitemap. Listings typed "Maceio" and
// "Maceió" are one city to the search (app/lib/place-key.ts); each list names it once, as most of
// its published listings spell it, and its search links all lead to that one address.
import { count } from "drizzle-orm";
import { placeKey, preferredSpelling } from "../../lib/place-key";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { isPublished } from "./cards.server";

export interface PlaceSpellings {
  /** The spelling shown of this city; the name as given when no published listing has it. */
  cidade(name: string): string;
  /** The spelling shown of this bairro in its city, or across every city when none is given. */
  bairro(name: string, cidade?: string): string;
}

type Tally = Map<string, Map<string, number>>;

function tally(into: Tally, key: string, spelling: string, listings: number) {
  const spellings = into.get(key) ?? new Map<string, number>();
  spellings.set(spelling, (spellings.get(spelling) ?? 0) + listings);
  into.set(key, spellings);
}

function chosen(tallies: Tally): Map<string, string> {
  return new Map([...tallies].map(([key, spellings]) => [key, preferredSpelling(spellings)]));
}

/** Read once per data version: a GROUP BY over the published listings' places. */
export const placeSpellings: (db: Db) => Promise<PlaceSpellings> = perDataVersion(async (db) => {
  const rows = await db
    .select({ cidade: properties.cidade, bairro: properties.bairro, listings: count() })
    .from(properties)
    .where(isPublished)
    .groupBy(properties.cidade, properties.bairro);
  const cities: Tally = new Map();
  const bairrosInCity: Tally = new Map();
  const bairros: Tally = new Map();
  for (const { cidade, bairro, listings } of rows) {
    tally(cities, placeKey(cidade), cidade, listings);
    tally(bairrosInCity, `${placeKey(cidade)}|${placeKey(bairro)}`, bairro, listings);
    tally(bairros, placeKey(bairro), bairro, listings);
  }
  const city = chosen(cities);
  const bairroInCity = chosen(bairrosInCity);
  const bairro = chosen(bairros);
  return {
    cidade: (name) => city.get(placeKey(name)) ?? name,
    bairro: (name, cidade) =>
      (cidade === undefined
        ? bairro.get(placeKey(name))
        : bairroInCity.get(`${placeKey(cidade)}|${placeKey(name)}`)) ?? name,
  };
});
