// The listing's location. The map (Leaflet + OpenStreetMap tiles) is fetched only when its box
// comes near the viewport, so its code and CSS never weigh on the first load. The position it
// receives is already reduced on the server to what the address-visibility level allows.
import { useEffect, useRef, useState } from "react";
import type { PublicLocation } from "../../lib/listing";
import { PinIcon } from "../feature-icons";
import { useMapTiles } from "../map/tiles";

type MapState = "idle" | "loading" | "ready" | "failed";

function osmLink(location: PublicLocation): string {
  const zoom = location.radius ? 15 : 17;
  const marker = location.radius ? "" : `mlat=${location.lat}&mlon=${location.lng}&`;
  return `https://www.openstreetmap.org/?${marker}#map=${zoom}/${location.lat}/${location.lng}`;
}

export function LocationMap({
  address,
  location,
  title,
}: {
  address: string;
  location: PublicLocation | null;
  title: string;
}) {
  const box = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MapState>("idle");
  const tiles = useMapTiles();

  useEffect(() => {
    const element = box.current;
    const target = canvas.current;
    if (!element || !target || !location) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setState("loading");
        import("./leaflet-map.client")
          .then(({ mountMap }) => {
            if (cancelled) return;
            unmount = mountMap(target, location, title, tiles);
            setState("ready");
          })
          .catch(() => {
            if (!cancelled) setState("failed");
          });
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      unmount?.();
    };
  }, [location, title, tiles]);

  return (
    <section className="listing-section" aria-labelledby="localizacao">
      <h2 id="localizacao">Localização</h2>
      <p className="listing-address">
        <PinIcon />
        <span>{address}</span>
      </p>
      {location?.radius ? (
        <p className="listing-map__note">
          Localização aproximada: o endereço exato é informado pelo corretor no atendimento.
        </p>
      ) : null}
      {location ? (
        <>
          <figure
            ref={box}
            className="listing-map"
            data-map-state={state}
            aria-label={
              location.radius ? "Mapa com a região aproximada do imóvel" : "Mapa com a localização do imóvel"
            }
          >
            {/* Leaflet owns this node's children; React never renders into it. */}
            <div ref={canvas} className="listing-map__canvas" />
            {state === "ready" ? null : (
              <p className="listing-map__placeholder">
                {state === "failed" ? "Não foi possível carregar o mapa." : "Mapa"}
              </p>
            )}
          </figure>
          <p className="listing-map__external">
            <a href={osmLink(location)} target="_blank" rel="noopener noreferrer">
              Abrir no OpenStreetMap<span className="visually-hidden"> (abre em nova aba)</span>
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
