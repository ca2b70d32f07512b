// Address privacy: when the agency hides the address, neither the HTML nor the loader data may
// carry the true point. The map gets a point moved by a fixed but unguessable offset and rounded,
// and a circle wide enough to still contain the true point.
import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { PublicLocation } from "../../lib/listing";
import { type Property, properties } from "../db/schema.server";

type LocatedProperty = Pick<
  Property,
  | "id"
  | "createdAt"
  | "visibilidadeEndereco"
  | "logradouro"
  | "numero"
  | "complemento"
  | "cep"
  | "bairro"
  | "cidade"
  | "uf"
  | "latitude"
  | "longitude"
>;

/** Circle radius and the offset range (metres) per level; offset + rounding (≤ 80 m) < radius. */
const APPROXIMATION = {
  rua: { radius: 300, minOffset: 60, maxOffset: 180 },
  bairro: { radius: 600, minOffset: 150, maxOffset: 400 },
} as const;

const METRES_PER_DEGREE = 111_320;

/** The address as the visibility level allows it to be read. */
export function publicAddress(p: LocatedProperty): string {
  const place = `${p.bairro}, ${p.cidade} – ${p.uf}`;
  const street = p.logradouro?.trim();
  if (p.visibilidadeEndereco === "bairro" || !street) return place;
  if (p.visibilidadeEndereco === "rua") return `${street} – ${place}`;
  const number = p.numero?.trim() ? `, ${p.numero.trim()}` : "";
  const extra = p.complemento?.trim() ? ` (${p.complemento.trim()})` : "";
  const cep = p.cep?.trim() ? `, CEP ${p.cep.trim()}` : "";
  return `${street}${number}${extra} – ${place}${cep}`;
}

/** Two numbers in [0, 1) from the listing's id and creation instant (not public, so not guessable). */
function seededUnits(p: LocatedProperty): [number, number] {
  const digest = createHash("sha256").update(`${p.id}:${p.createdAt.getTime()}`).digest();
  return [digest.readUInt32BE(0) / 2 ** 32, digest.readUInt32BE(4) / 2 ** 32];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function publicLocation(p: LocatedProperty): PublicLocation | null {
  const address = publicAddress(p);
  if (p.latitude === null || p.longitude === null) return null;
  if (p.visibilidadeEndereco === "completo") {
    return { visibility: "completo", address, lat: p.latitude, lng: p.longitude, radius: null };
  }
  const rule = APPROXIMATION[p.visibilidadeEndereco];
  const [u, v] = seededUnits(p);
  const angle = u * 2 * Math.PI;
  const distance = rule.minOffset + v * (rule.maxOffset - rule.minOffset);
  const dLat = (distance * Math.cos(angle)) / METRES_PER_DEGREE;
  const dLng = (distance * Math.sin(angle)) / (METRES_PER_DEGREE * Math.cos((p.latitude * Math.PI) / 180));
  return {
    visibility: p.visibilidadeEndereco,
    address,
    lat: round3(p.latitude + dLat),
    lng: round3(p.longitude + dLng),
    radius: rule.radius,
  };
}

type PointSource = Pick<Property, "id" | "createdAt" | "visibilidadeEndereco" | "latitude" | "longitude">;

/**
 * The point a visitor may see (publicLocation's lat/lng), without the address: what the map
 * search filters and draws (app/server/search/filters.server.ts).
 */
export function publicPoint(p: PointSource): { lat: number; lng: number } | null {
  const location = publicLocation({
    ...p,
    logradouro: null,
    numero: null,
    complemento: null,
    cep: null,
    bairro: "",
    cidade: "",
    uf: "",
  });
  return location && { lat: location.lat, lng: location.lng };
}

const float = (n: number) => sql.raw(`${n}::float8`);

/**
 * publicPoint in SQL, as `lat` and `lng` of a one-row subquery (`select … from (…) point`):
 * the same operations in the same order on the same doubles (sha256 of the same text, the
 * digest's first two 32-bit words as fractions, Math.round(x·1000)/1000 as floor(x·1000 + 0.5)),
 * so the search's SQL agrees with its index (search-index.server.test.ts compares them).
 */
export function publicPointSubquery(): SQL {
  const p = properties;
  const digest = sql`sha256(convert_to(${p.id}::text || ':' || floor(extract(epoch from ${p.createdAt}) * 1000)::bigint::text, 'UTF8'))`;
  const word = (at: number) =>
    sql`(get_byte(h.d, ${sql.raw(String(at))})::float8 * 16777216 + get_byte(h.d, ${sql.raw(String(at + 1))})::float8 * 65536 + get_byte(h.d, ${sql.raw(String(at + 2))})::float8 * 256 + get_byte(h.d, ${sql.raw(String(at + 3))})::float8) / 4294967296::float8`;
  const rule = (pick: (r: { minOffset: number; maxOffset: number }) => number) =>
    sql`(case ${p.visibilidadeEndereco} when 'rua' then ${float(pick(APPROXIMATION.rua))} else ${float(pick(APPROXIMATION.bairro))} end)`;
  const distance = sql`(${rule((r) => r.minOffset)} + (${word(4)}) * ${rule((r) => r.maxOffset - r.minOffset)})`;
  const angle = sql`((${word(0)}) * 2::float8 * pi())`;
  const round3Sql = (x: SQL) => sql`floor((${x}) * 1000::float8 + 0.5::float8) / 1000::float8`;
  const lat = sql`(case when ${p.visibilidadeEndereco} = 'completo' then ${p.latitude} else ${round3Sql(
    sql`${p.latitude} + (${distance} * cos(${angle})) / ${float(METRES_PER_DEGREE)}`,
  )} end)`;
  const lng = sql`(case when ${p.visibilidadeEndereco} = 'completo' then ${p.longitude} else ${round3Sql(
    sql`${p.longitude} + (${distance} * sin(${angle})) / (${float(METRES_PER_DEGREE)} * cos((${p.latitude} * pi()) / 180::float8))`,
  )} end)`;
  return sql`(select ${lat} as lat, ${lng} as lng from (select ${digest} as d) h) point`;
}

/** Great-circle distance in metres (tests and sanity checks). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}
