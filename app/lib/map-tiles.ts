// The tile server the maps read: OpenStreetMap's unless MAP_TILE_URL names another
// (app/server/http/map-tiles.server.ts reads it; the root loader hands it to every page).

export interface MapTiles {
  url: string;
  subdomains: string;
  /** HTML (a link to the tiles' licence), shown in the map's corner. */
  attribution: string;
}

export const DEFAULT_MAP_TILES: MapTiles = {
  url: "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
  subdomains: "abc",
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
};
