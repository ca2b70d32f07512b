// The maps' tile server: OpenStreetMap's unless MAP_TILE_URL names another, whose origin (and
// only it) the CSP lets images come from.
import { describe, expect, it } from "vitest";
import { DEFAULT_MAP_TILES } from "../../lib/map-tiles";
import { loadConfig } from "../config.server";
import { mapTiles, tileImageSource } from "./map-tiles.server";

describe("map tiles", () => {
  it("uses OpenStreetMap's tiles, with their credit, when MAP_TILE_URL is unset", () => {
    expect(mapTiles({})).toEqual(DEFAULT_MAP_TILES);
    expect(tileImageSource(DEFAULT_MAP_TILES.url)).toBe("https://*.tile.openstreetmap.org");
  });

  it("uses the configured server and credit; a same-site path needs no CSP source", () => {
    const tiles = mapTiles({
      MAP_TILE_URL: "https://tiles.exemplo.com.br/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "Exemplo",
    });
    expect(tiles).toMatchObject({
      url: "https://tiles.exemplo.com.br/{z}/{x}/{y}.png",
      attribution: "Exemplo",
    });
    expect(tileImageSource(tiles.url)).toBe("https://tiles.exemplo.com.br");
    expect(tileImageSource("/ladrilhos/{z}/{x}/{y}.png")).toBeUndefined();
  });

  it("refuses a MAP_TILE_URL without {z}, {x} and {y}", () => {
    expect(() => loadConfig({ MAP_TILE_URL: "https://tiles.exemplo.com.br/mapa.png" })).toThrow(
      /MAP_TILE_URL/,
    );
    expect(loadConfig({ MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png" }).MAP_TILE_URL).toBe(
      "http://127.0.0.1:9/{z}/{x}/{y}.png",
    );
  });
});
