// The tile server every map reads (the search's map view, the listing page's, the admin's
// picker): OpenStreetMap's by default, another one with MAP_TILE_URL (a self-hosted or paid
// server; browser tests point it at blank tiles of their own). Its origin joins the pages'
// img-src (security-headers.server.ts).
import { DEFAULT_MAP_TILES, type MapTiles } from "../../lib/map-tiles";

/** The tiles configured by MAP_TILE_URL / MAP_TILE_ATTRIBUTION (validated in config.server.ts). */
export function mapTiles(env: NodeJS.ProcessEnv = process.env): MapTiles {
  const url = env.MAP_TILE_URL?.trim();
  if (!url) return DEFAULT_MAP_TILES;
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim();
  return { url, subdomains: "abc", attribution: attribution || DEFAULT_MAP_TILES.attribution };
}

/** The img-src source of a tile URL: its origin, "{s}" as a wildcard; none for 'self'. */
export function tileImageSource(url: string): string | undefined {
  if (url.startsWith("/")) return undefined;
  const { protocol, host } = new URL(url.replace("{s}", "s-placeholder"));
  return `${protocol}//${host.replace("s-placeholder", "*")}`;
}
