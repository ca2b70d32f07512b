// The map view of the search (docs/decisions/036-map-search.md): the centre of a place named in
// a radius search ("até 2 km da Pajuçara": `perto=Maceió|Pajuçara`), and the points the map
// draws. Both read the point a visitor may see (publicPoint/publicLocation,
// app/server/properties/location.server.ts): a hidden address never gives its true point away,
// not even through an average.
import { and, inArray, isNotNull } from "drizzle-orm";
import { placeKey } from "../../lib/place-key";
import type { MapPoint } from "../../lib/search-page";
import type { SearchFilters } from "../../lib/search-params";
import { PLACE_SEPARATOR } from "../../lib/search-params";
import type { Tipo } from "../../lib/vocabulary";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { isPublished, toCardData } from "../properties/cards.server";
import { publicLocation, publicPoint } from "../properties/location.server";
import type { Services } from "../services.server";
import { type SearchOptions, searchProperties } from "./search.server";

/** "maceio" and "maceio|pajucara": the keys of a city and of a bairro in it. */
const placeKeys = (cidade: string, bairro: string) => [
  placeKey(cidade),
  `${placeKey(cidade)}|${placeKey(bairro)}`,
];

/** Each city's and bairro's centre: the mean of its published listings' public points. */
export const placeCentres = perDataVersion(async (db: Db) => {
  const rows = await db
    .select({
      id: properties.id,
      createdAt: properties.createdAt,
      visibilidadeEndereco: properties.visibilidadeEndereco,
      latitude: properties.latitude,
      longitude: properties.longitude,
      cidade: properties.cidade,
      bairro: properties.bairro,
    })
    .from(properties)
    .where(and(isPublished, isNotNull(properties.latitude), isNotNull(properties.longitude)));
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const row of rows) {
    const point = publicPoint(row);
    if (!point) continue;
    for (const key of placeKeys(row.cidade, row.bairro)) {
      const sum = sums.get(key) ?? { lat: 0, lng: 0, n: 0 };
      sum.lat += point.lat;
      sum.lng += point.lng;
      sum.n++;
      sums.set(key, sum);
    }
  }
  const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
  return new Map([...sums].map(([key, s]) => [key, { lat: round5(s.lat / s.n), lng: round5(s.lng / s.n) }]));
});

/** The centre of `perto` ("Maceió" or "Maceió|Pajuçara"); undefined when no listing is there. */
export async function placeCentre(db: Db, perto: string) {
  const at = perto.indexOf(PLACE_SEPARATOR);
  const key = at < 0 ? placeKey(perto) : `${placeKey(perto.slice(0, at))}|${placeKey(perto.slice(at + 1))}`;
  return (await placeCentres(db)).get(key);
}

/** The filters as the search reads them: a place's centre filled in (the URL names the place). */
export async function withResolvedCentre(db: Db, filters: SearchFilters): Promise<SearchFilters> {
  if (!filters.perto) return filters;
  return { ...filters, centro: await placeCentre(db, filters.perto) };
}

/**
 * The map's points: every result up to SEARCH_MAP_POINTS (500 by default), in the list's order, each at the point
 * its listing page shows (moved, with its circle, when the address is hidden). With a temporada
 * stay (`stay`, as the list gets it: decision 040) only the listings free for it, as the list.
 */
export async function mapPoints(
  services: Pick<Services, "db" | "storage" | "config">,
  filters: SearchFilters,
  restrictTipos: readonly Tipo[] | undefined,
  stay?: SearchOptions["stay"],
): Promise<MapPoint[]> {
  const { db, storage } = services;
  const result = await searchProperties(
    db,
    { ...filters, pagina: 1 },
    { pageSize: services.config.SEARCH_MAP_POINTS, restrictTipos, ...(stay && { stay }) },
  );
  const ids = result.items.map((item) => item.property.id);
  if (!ids.length) return [];
  const located = await db
    .select({
      id: properties.id,
      createdAt: properties.createdAt,
      visibilidadeEndereco: properties.visibilidadeEndereco,
      logradouro: properties.logradouro,
      numero: properties.numero,
      complemento: properties.complemento,
      cep: properties.cep,
      bairro: properties.bairro,
      cidade: properties.cidade,
      uf: properties.uf,
      latitude: properties.latitude,
      longitude: properties.longitude,
    })
    .from(properties)
    .where(inArray(properties.id, ids));
  const byId = new Map(located.map((row) => [row.id, publicLocation(row)]));
  return result.items.flatMap(({ property, cover }) => {
    const location = byId.get(property.id);
    if (!location) return [];
    const card = toCardData(property, cover, storage);
    return [
      {
        referencia: card.referencia,
        url: card.url,
        titulo: card.titulo,
        price: card.price,
        place: `${card.bairro}, ${card.cidade}`,
        lat: location.lat,
        lng: location.lng,
        radius: location.radius,
      },
    ];
  });
}
