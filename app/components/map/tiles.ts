// The maps' shared pieces (the search's map view, the listing page's map, the admin's picker):
// the tile layer from the configured server (MAP_TILE_URL, through the root loader) and the
// brand colour of markers and circles.
import type * as Leaflet from "leaflet";
import { useRouteLoaderData } from "react-router";
import { DEFAULT_MAP_TILES, type MapTiles } from "../../lib/map-tiles";

export const MAP_PRIMARY = "#0b6e8a";

/** The configured tiles (the root loader's), OpenStreetMap's outside a page (tests). */
export function useMapTiles(): MapTiles {
  const root = useRouteLoaderData("root") as { mapTiles?: MapTiles } | undefined;
  return root?.mapTiles ?? DEFAULT_MAP_TILES;
}

export function addTiles(L: typeof Leaflet, map: Leaflet.Map, tiles: MapTiles): Leaflet.TileLayer {
  return L.tileLayer(tiles.url, {
    subdomains: tiles.subdomains,
    maxZoom: 19,
    attribution: tiles.attribution,
  }).addTo(map);
}
