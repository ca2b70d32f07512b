// The map view's data: a hidden address's true point never leaves the server (not in the
// points, not in a place's centre, not in the radius's circle), the map's filters are search
// filters with canonical URLs, and their pages are not indexed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, insertProperty } from "../../../tests/support/factories";
import { maceioClock } from "../../lib/maceio-time";
import { addDays } from "../../lib/rental";
import { loadConfig } from "../config.server";
import type { Database } from "../db/client.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage } from "../media/storage.server";
import { distanceMetres, publicLocation } from "../properties/location.server";
import { blockNights } from "../rentals/rentals.server";
import { loadSearchPage, type SearchScreen } from "./search-page.server";

let database: Database;
let services: Parameters<typeof loadSearchPage>[0];
const screen: SearchScreen = { path: "/todos-os-imoveis", subject: "Imóveis", intro: "Todos." };
const page = async (query: string) => {
  const result = await loadSearchPage(services, new URL(`http://x/todos-os-imoveis${query}`), screen);
  if (!("data" in result)) throw new Error(`redirecionou: ${query} → ${result.redirect}`);
  return result.data;
};
const redirectOf = async (query: string) => {
  const result = await loadSearchPage(services, new URL(`http://x/todos-os-imoveis${query}`), screen);
  return "redirect" in result ? result.redirect : null;
};

/** The true points of the hidden addresses, as they could be spelt in any output. */
const SECRET = { lat: -9.650123, lng: -35.711987 };
const SECRET_RUA = { lat: -9.668841, lng: -35.72213 };
let hidden: Awaited<ReturnType<typeof insertProperty>>;
let street: Awaited<ReturnType<typeof insertProperty>>;

const PAJUCARA = encodeURIComponent("Maceió|Pajuçara");

beforeAll(async () => {
  database = await createTestDatabase();
  services = {
    db: database.db,
    storage: new LocalDiskStorage("/tmp/nao-usado", "/media"),
    config: loadConfig({}),
  };
  hidden = await insertProperty(database.db, {
    referencia: "SEG001",
    // Fixed: the offset derives from the creation instant (location.server.ts).
    createdAt: new Date("2026-11-01T12:00:00.123Z"),
    bairro: "Pajuçara",
    logradouro: "Rua Secreta",
    numero: "77",
    latitude: SECRET.lat,
    longitude: SECRET.lng,
    visibilidadeEndereco: "bairro",
  });
  street = await insertProperty(database.db, {
    referencia: "SEG002",
    createdAt: new Date("2026-11-02T08:30:00.456Z"),
    bairro: "Ponta Verde",
    logradouro: "Avenida Álvaro Otacílio",
    numero: "1200",
    latitude: SECRET_RUA.lat,
    longitude: SECRET_RUA.lng,
    visibilidadeEndereco: "rua",
  });
  await insertProperty(database.db, {
    referencia: "ABE001",
    bairro: "Ponta Verde",
    latitude: -9.662,
    longitude: -35.699,
    visibilidadeEndereco: "completo",
  });
  await insertProperty(database.db, {
    referencia: "LON001",
    cidade: "Penedo",
    bairro: "Centro",
    latitude: -10.29,
    longitude: -36.58,
  });
  await insertProperty(database.db, { referencia: "SEMXY1", latitude: null, longitude: null });
});

afterAll(async () => {
  await database?.close();
});

/** Every spelling of a true point's digits beyond the public rounding (3 decimals). */
function leaks(text: string, point: { lat: number; lng: number }): string[] {
  return [point.lat, point.lng]
    .flatMap((n) => [String(n), String(Math.abs(n)).slice(0, 7), n.toFixed(4)])
    .filter((s) => text.includes(s));
}

describe("the map view's data", () => {
  it("gives each result the point and circle of its listing page, never a hidden true point", async () => {
    const data = await page("?mapa=1");
    const points = data.map?.points ?? [];
    expect(points.map((p) => p.referencia).sort()).toEqual(["ABE001", "LON001", "SEG001", "SEG002"]);
    const byRef = new Map(points.map((p) => [p.referencia, p]));
    for (const row of [hidden, street]) {
      const shown = publicLocation(row)!;
      const point = byRef.get(row.referencia)!;
      expect({ lat: point.lat, lng: point.lng, radius: point.radius }).toEqual({
        lat: shown.lat,
        lng: shown.lng,
        radius: shown.radius,
      });
      expect(distanceMetres(point, { lat: row.latitude!, lng: row.longitude! })).toBeGreaterThan(50);
    }
    expect(byRef.get("ABE001")).toMatchObject({ lat: -9.662, lng: -35.699, radius: null });
    const json = JSON.stringify(data);
    expect(leaks(json, SECRET)).toEqual([]);
    expect(leaks(json, SECRET_RUA)).toEqual([]);
    expect(json).not.toContain("Rua Secreta");
    expect(json).not.toContain("1200");
  });

  it("has no map data when the map is closed", async () => {
    expect((await page("")).map).toBeUndefined();
  });

  it("centres a radius on a place from its listings' public points, not their true ones", async () => {
    const data = await page(`?perto=${PAJUCARA}&raio=0.1&mapa=1`);
    const shown = publicLocation(hidden)!;
    // Pajuçara's only listing: its centre is that listing's public point, and it is found.
    expect(data.map?.circle).toEqual({ lat: shown.lat, lng: shown.lng, radius: 100 });
    expect(data.cards.map((c) => c.referencia)).toEqual(["SEG001"]);
    expect(leaks(JSON.stringify(data), SECRET)).toEqual([]);
    // A 100 m circle on the true point misses it (it is searched where it is shown).
    const atTruth = await page("?centro=-9.65012%2C-35.71199&raio=0.1");
    expect(atTruth.cards.map((c) => c.referencia)).not.toContain("SEG001");
  });

  it("filters the list by area and radius without the map open (the no-JavaScript page)", async () => {
    const area = await page("?regiao=-9.7,-35.76,-9.6,-35.65");
    expect(area.cards.map((c) => c.referencia).sort()).toEqual(["ABE001", "SEG001", "SEG002"]);
    expect(area.map).toBeUndefined();
    const far = await page("?centro=-10.29,-36.58&raio=5");
    expect(far.cards.map((c) => c.referencia)).toEqual(["LON001"]);
    const unknown = await page(`?perto=${encodeURIComponent("Maceió|Atlântida")}&raio=2`);
    expect(unknown.total).toBe(0);
  });

  it("keeps area and radius URLs canonical and out of the search engines", async () => {
    expect(await redirectOf("?mapa=1&regiao=-9.6,-35.65,-9.7,-35.76&quartos=")).toBe(
      "/todos-os-imoveis?regiao=-9.7%2C-35.76%2C-9.6%2C-35.65&mapa=1",
    );
    expect(await redirectOf(`?centro=-9.66,-35.71&perto=${PAJUCARA}`)).toBe(
      `/todos-os-imoveis?perto=${PAJUCARA}&raio=2`,
    );
    expect(await redirectOf("?raio=3")).toBe("/todos-os-imoveis");
    for (const query of ["?regiao=-9.7%2C-35.76%2C-9.6%2C-35.65", `?perto=${PAJUCARA}&raio=2`, "?mapa=1"]) {
      expect((await page(query)).noindex, query).toBe(true);
    }
    expect((await page("")).noindex).toBe(false);
  });
  it("with dates, draws only the listings free for the stay, as the list shows", async () => {
    const temporada = {
      cidade: "Maragogi",
      bairro: "Centro",
      finalidades: ["temporada" as const],
      precoVenda: null,
    };
    const free = { ...temporada, precoAluguel: 500, periodoAluguel: "diaria" as const, quartos: 2 };
    await insertProperty(database.db, { ...free, referencia: "TMP001", latitude: -9.01, longitude: -35.22 });
    const taken = await insertProperty(database.db, {
      ...free,
      referencia: "TMP002",
      latitude: -9.02,
      longitude: -35.23,
    });
    // Two bedrooms take four guests (no terms yet: two per bedroom); this one takes two.
    await insertProperty(database.db, {
      ...free,
      referencia: "TMP003",
      quartos: 1,
      latitude: -9.03,
      longitude: -35.24,
    });
    // The site's today (Maceió), as the loader reads it: the stay is a month ahead.
    const checkIn = addDays(maceioClock(new Date()).day, 30);
    await blockNights(
      database.db,
      await createActor(database.db, "admin"),
      taken.id,
      addDays(checkIn, 1),
      addDays(checkIn, 1),
    );
    const open = async (query: string) =>
      page(new URL((await redirectOf(query)) ?? `/todos-os-imoveis${query}`, "http://x").search);
    const undated = await open("?finalidade=temporada&cidade=Maragogi&mapa=1");
    expect(undated.map?.points.map((p) => p.referencia).sort()).toEqual(["TMP001", "TMP002", "TMP003"]);
    const dated = await open(
      `?finalidade=temporada&cidade=Maragogi&chegada=${checkIn}&saida=${addDays(checkIn, 3)}&hospedes=3&mapa=1`,
    );
    // TMP002 has a blocked night in the stay; TMP003 takes two guests, not three.
    expect(dated.cards.map((c) => c.referencia)).toEqual(["TMP001"]);
    expect(dated.map?.points.map((p) => p.referencia)).toEqual(["TMP001"]);
    expect(dated.map?.omitted).toBe(0);
  });
});
