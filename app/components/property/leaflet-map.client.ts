// Leaflet, loaded on demand by location-map.tsx (never part of the first load).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { PublicLocation } from "../../lib/listing";
import type { MapTiles } from "../../lib/map-tiles";
import { addTiles, MAP_PRIMARY as PRIMARY } from "../map/tiles";

/** Draws the map in `element`; returns the clean-up. */
export function mountMap(
  element: HTMLElement,
  location: PublicLocation,
  title: string,
  tiles: MapTiles,
): () => void {
  const centre: L.LatLngExpression = [location.lat, location.lng];
  const map = L.map(element, { scrollWheelZoom: false, zoomControl: true }).setView(
    centre,
    location.radius ? 15 : 16,
  );
  addTiles(L, map, tiles);
  if (location.radius) {
    // An area, never a pin: the true point is somewhere inside, not at the centre.
    L.circle(centre, { radius: location.radius, color: PRIMARY, weight: 2, fillOpacity: 0.15 }).addTo(map);
  } else {
    L.circleMarker(centre, { radius: 10, color: "#fff", weight: 3, fillColor: PRIMARY, fillOpacity: 1 })
      .bindTooltip(title)
      .addTo(map);
  }
  return () => map.remove();
}
