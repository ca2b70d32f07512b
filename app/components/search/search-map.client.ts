// Leaflet and Leaflet.markercluster for the search's map view, loaded on demand by
// search-map.tsx (never part of a search page's first load).
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "leaflet.markercluster/dist/MarkerCluster.css";
import { escapeHtml } from "../../lib/escape-html";
import type { MapTiles } from "../../lib/map-tiles";
import type { Bbox } from "../../lib/search-filter-table";
import type { MapPoint, SearchMapData } from "../../lib/search-page";
import { addTiles, MAP_PRIMARY } from "../map/tiles";

/** The plugin extends the global `L` (its UMD build reads it): set it before the plugin runs. */
let plugin: Promise<unknown> | null = null;
function loadClusters(): Promise<unknown> {
  (globalThis as { L?: typeof L }).L = L;
  plugin ??= import("leaflet.markercluster");
  return plugin;
}

/** Centro de Maceió, where most listings are (an empty result). */
const DEFAULT_CENTER: L.LatLngExpression = [-9.666, -35.735];

export interface MountedSearchMap {
  /**
   * Draws these results (replacing the last ones) and frames them, or the searched area; with
   * `keepView`, the points of the area in view, drawn where the visitor left the map.
   */
  show(map: SearchMapData, regiao: Bbox | undefined, keepView?: boolean): void;
  /** Marks the listing at this path (a card under the pointer): its marker, or the cluster holding it; null clears. */
  highlight(url: string | null): void;
  bounds(): Bbox;
  centre(): { lat: number; lng: number };
  remove(): void;
}

function popupHtml(point: MapPoint): string {
  const approximate = point.radius
    ? `<p class="search-map__popup-note">Localização aproximada (raio de ${point.radius} m)</p>`
    : "";
  return `<p class="search-map__popup-title"><a href="${escapeHtml(point.url)}">${escapeHtml(point.titulo)}</a></p>
<p class="search-map__popup-price">${escapeHtml(point.price)}</p>
<p class="search-map__popup-place">${escapeHtml(point.place)}</p>${approximate}`;
}

export async function mountSearchMap(
  element: HTMLElement,
  options: {
    tiles: MapTiles;
    /** The visitor starts moving the map (not the framing of new results). */
    onMoved: () => void;
    /** The visitor's move has ended: the area in view is the one they chose. */
    onSettled: () => void;
  },
): Promise<MountedSearchMap> {
  await loadClusters();
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const map = L.map(element, {
    scrollWheelZoom: false,
    zoomControl: false,
    zoomAnimation: !still,
    fadeAnimation: !still,
    markerZoomAnimation: !still,
  }).setView(DEFAULT_CENTER, 12);
  L.control.zoom({ zoomInTitle: "Aproximar", zoomOutTitle: "Afastar" }).addTo(map);
  addTiles(L, map, options.tiles);
  const clusters = L.markerClusterGroup({
    animate: !still,
    showCoverageOnHover: false,
    spiderfyOnMaxZoom: true,
    // Up to 500 markers: added in slices that yield to the browser between them, so opening the map
    // is not one long task on a slow phone (docs/benchmarks.md, "busca com o mapa aberto").
    chunkedLoading: true,
    // The last slice is drawn after this call returns: the card under the pointer meanwhile is
    // marked once the markers are on the map (mark() found none of them before).
    chunkProgress: (processed, total) => {
      if (processed === total) queueMicrotask(mark);
    },
    iconCreateFunction: (cluster) => {
      const n = cluster.getChildCount();
      return L.divIcon({
        className: "search-map__cluster",
        html: `<span>${n}</span><span class="visually-hidden"> imóveis; aproxime para ver</span>`,
        iconSize: [40, 40],
      });
    },
  }).addTo(map);
  const extras = L.layerGroup().addTo(map);
  let markers = new Map<string, L.Marker>();
  // The card under the pointer: its marker, or the cluster holding it, is marked, and stays
  // marked as zooming redraws the clusters.
  let highlightedUrl: string | null = null;
  let marked: HTMLElement | null = null;
  function mark() {
    marked?.classList.remove("is-active");
    const marker = highlightedUrl ? markers.get(highlightedUrl) : undefined;
    marked = (marker && clusters.getVisibleParent(marker)?.getElement()) || null;
    marked?.classList.add("is-active");
  }
  map.on("zoomend moveend", mark);
  clusters.on("animationend", mark);
  let framing = false;
  let visitorMoving = false;

  // Only the visitor's own moves offer "Buscar nesta área" (not the framing of new results).
  map.on("movestart", () => {
    if (framing) return;
    visitorMoving = true;
    options.onMoved();
  });
  // A popup opened near the edge pans the map into view: not the visitor's move (a new area
  // would redraw the markers and close that popup).
  map.on("autopanstart", () => {
    framing = true;
  });
  map.on("moveend", () => {
    framing = false;
    if (!visitorMoving) return;
    visitorMoving = false;
    options.onSettled();
  });

  function frame(action: () => void) {
    framing = true;
    action();
    // A view that does not change fires no moveend.
    setTimeout(() => {
      framing = false;
    }, 0);
  }

  return {
    show(data, regiao, keepView = false) {
      clusters.clearLayers();
      extras.clearLayers();
      markers = new Map();
      // New results clear the mark; the same search's points of another area keep the card's.
      if (!keepView) highlightedUrl = null;
      mark();
      const added: L.Marker[] = [];
      for (const point of data.points) {
        const marker = L.marker([point.lat, point.lng], {
          icon: L.divIcon({
            className: `search-map__pin${point.radius ? " search-map__pin--approx" : ""}`,
            iconSize: [18, 18],
          }),
          title: `${point.titulo} – ${point.price}`,
          keyboard: true,
        });
        // The popup's HTML is written when it first opens, not for every marker up front.
        marker.bindPopup(() => popupHtml(point));
        if (point.radius) {
          // As on the listing page: the area the true point is in, never a pin on it.
          const circle = L.circle([point.lat, point.lng], {
            radius: point.radius,
            color: MAP_PRIMARY,
            weight: 2,
            fillOpacity: 0.15,
            interactive: false,
          });
          marker.on("popupopen", () => circle.addTo(extras));
          marker.on("popupclose", () => circle.remove());
        }
        markers.set(point.url, marker);
        added.push(marker);
      }
      if (data.circle) {
        L.circle([data.circle.lat, data.circle.lng], {
          radius: data.circle.radius,
          color: MAP_PRIMARY,
          weight: 2,
          dashArray: "6 6",
          fill: false,
          interactive: false,
        }).addTo(extras);
      }
      if (!keepView)
        frame(() => {
          if (regiao) {
            map.fitBounds([
              [regiao.south, regiao.west],
              [regiao.north, regiao.east],
            ]);
          } else if (data.circle) {
            map.fitBounds(L.latLng(data.circle.lat, data.circle.lng).toBounds(data.circle.radius * 2.2));
          } else if (data.points.length) {
            map.fitBounds(L.latLngBounds(data.points.map((p) => [p.lat, p.lng])), {
              padding: [24, 24],
              maxZoom: 16,
            });
          } else {
            map.setView(DEFAULT_CENTER, 12);
          }
        });
      // After framing: the clusters are drawn once, at the view the visitor will see.
      clusters.addLayers(added);
    },
    highlight(url) {
      highlightedUrl = url;
      mark();
    },
    bounds() {
      const b = map.getBounds();
      return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
    },
    centre() {
      return map.getCenter();
    },
    remove() {
      map.remove();
    },
  };
}
