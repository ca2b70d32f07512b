// Picking a property's location on a map: Leaflet loads only in the browser, only here, and the
// latitude/longitude inputs beside it stay the keyboard and no-JavaScript way to do the same.
import type * as Leaflet from "leaflet";
import "leaflet/dist/leaflet.css";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import { useEffect, useRef, useState } from "react";
import { addTiles, useMapTiles } from "../map/tiles";

/** Centro de Maceió, where most properties are. */
const DEFAULT_CENTER: [number, number] = [-9.666, -35.735];

const round = (n: number) => Math.round(n * 1e6) / 1e6;

interface LocationMapProps {
  latitude: number | null;
  longitude: number | null;
  onPick: (latitude: number, longitude: number) => void;
}

export function LocationMap({ latitude, longitude, onPick }: LocationMapProps) {
  const container = useRef<HTMLElement>(null);
  const leaflet = useRef<{
    L: typeof Leaflet;
    map: Leaflet.Map;
    marker: Leaflet.Marker | null;
    place: (at: Leaflet.LatLngExpression) => Leaflet.Marker;
  } | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const initial = useRef({ latitude, longitude });
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const tiles = useRef(useMapTiles());

  useEffect(() => {
    let cancelled = false;
    import("leaflet")
      .then((module) => {
        const L = ((module as { default?: typeof Leaflet }).default ?? module) as typeof Leaflet;
        if (cancelled || !container.current) return;
        const icon = L.icon({
          iconUrl: markerIcon,
          iconRetinaUrl: markerIcon2x,
          shadowUrl: markerShadow,
          iconSize: [25, 41],
          iconAnchor: [12, 41],
          shadowSize: [41, 41],
        });
        const start = initial.current;
        const has = start.latitude !== null && start.longitude !== null;
        const map = L.map(container.current, {
          center: has ? [start.latitude as number, start.longitude as number] : DEFAULT_CENTER,
          zoom: has ? 16 : 12,
          scrollWheelZoom: false,
        });
        addTiles(L, map, tiles.current);
        let current: Leaflet.Marker | null = null;
        const place = (at: Leaflet.LatLngExpression) => {
          if (current) {
            current.setLatLng(at);
            return current;
          }
          const marker = L.marker(at, {
            draggable: true,
            icon,
            alt: "Localização do imóvel",
            title: "Arraste para ajustar",
          });
          marker.on("dragend", () => {
            const { lat, lng } = marker.getLatLng();
            pick.current(round(lat), round(lng));
          });
          marker.addTo(map);
          current = marker;
          if (leaflet.current) leaflet.current.marker = marker;
          return marker;
        };
        leaflet.current = { L, map, marker: null, place };
        if (has) place([start.latitude as number, start.longitude as number]);
        map.on("click", (event: Leaflet.LeafletMouseEvent) => {
          place(event.latlng);
          pick.current(round(event.latlng.lat), round(event.latlng.lng));
        });
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      leaflet.current?.map.remove();
      leaflet.current = null;
    };
  }, []);

  // Typed coordinates move the marker too.
  useEffect(() => {
    const current = leaflet.current;
    if (!current || latitude === null || longitude === null) return;
    const { L, map } = current;
    const at = L.latLng(latitude, longitude);
    if (current.marker) {
      if (!current.marker.getLatLng().equals(at)) {
        current.marker.setLatLng(at);
        map.panTo(at);
      }
    } else {
      current.place(at);
      map.setView(at, Math.max(map.getZoom(), 15));
    }
  }, [latitude, longitude]);

  return (
    <div className="location-map">
      <section
        ref={container}
        className="location-map__canvas"
        aria-label="Mapa para marcar a localização do imóvel"
      />
      <p className="form-field__hint" aria-live="polite">
        {state === "loading" ? "Carregando o mapa…" : null}
        {state === "ready" ? "Clique no mapa para marcar o imóvel e arraste o marcador para ajustar." : null}
        {state === "failed"
          ? "Não foi possível carregar o mapa. Informe a latitude e a longitude nos campos."
          : null}
      </p>
    </div>
  );
}
