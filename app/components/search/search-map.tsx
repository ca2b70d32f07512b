// The search's map view (`mapa=1`, docs/decisions/036-map-search.md): the results as clustered
// markers, in step with the list (the same loader answers both; hovering a card marks its
// marker), "Buscar nesta área" after the visitor moves the map, and a radius around the map's
// centre or the visitor's location. Leaflet and the clustering plugin are fetched only when the
// map is shown (search-map.client.ts); the points are already reduced on the server to what
// each listing's address visibility allows.
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { Bbox, LatLng } from "../../lib/search-filter-table";
import { DEFAULT_RADIUS_KM } from "../../lib/search-filter-table";
import type { SearchPageData } from "../../lib/search-page";
import { type SearchFilters, searchHref } from "../../lib/search-params";
import { useMapTiles } from "../map/tiles";
import type { MountedSearchMap } from "./search-map.client";

type MapState = "loading" | "ready" | "failed";

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

export function SearchMap({ data }: { data: SearchPageData }) {
  const { path, filters } = data;
  const map = data.map;
  const navigate = useNavigate();
  const canvas = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedSearchMap | null>(null);
  const tiles = useMapTiles();
  const [state, setState] = useState<MapState>("loading");
  const [moved, setMoved] = useState(false);
  const [locating, setLocating] = useState<"idle" | "asking" | "denied">("idle");

  // Mount once; the points follow the data (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first data only places the map.
  useEffect(() => {
    const target = canvas.current;
    if (!target || !map) return;
    let cancelled = false;
    import("./search-map.client")
      .then(({ mountSearchMap }) => mountSearchMap(target, { tiles, onMoved: () => setMoved(true) }))
      .then((view) => {
        if (cancelled) {
          view.remove();
          return;
        }
        mounted.current = view;
        view.show(map, filters.regiao);
        setState("ready");
      })
      .catch(() => {
        if (!cancelled) setState("failed");
      });
    return () => {
      cancelled = true;
      mounted.current?.remove();
      mounted.current = null;
    };
  }, []);

  useEffect(() => {
    if (map && mounted.current) {
      mounted.current.show(map, filters.regiao);
      setMoved(false);
    }
  }, [map, filters.regiao]);

  // List and map in step: a card under the pointer or the keyboard marks its marker.
  useEffect(() => {
    const list = document.querySelector(".search-layout");
    if (!list) return;
    const mark = (event: Event) => {
      const card = (event.target as Element | null)?.closest?.(".property-card");
      const href = card?.querySelector("a[href]")?.getAttribute("href") ?? null;
      mounted.current?.highlight(href ? new URL(href, window.location.href).pathname : null);
    };
    const clear = () => mounted.current?.highlight(null);
    list.addEventListener("mouseover", mark);
    list.addEventListener("focusin", mark);
    list.addEventListener("mouseleave", clear);
    return () => {
      list.removeEventListener("mouseover", mark);
      list.removeEventListener("focusin", mark);
      list.removeEventListener("mouseleave", clear);
    };
  }, []);

  const go = (next: Partial<SearchFilters>) =>
    navigate(searchHref(path, { ...filters, ...next, pagina: 1 }), { preventScrollReset: true });

  function searchArea() {
    const bounds = mounted.current?.bounds();
    if (!bounds) return;
    const regiao: Bbox = {
      south: round(bounds.south, 5),
      west: round(bounds.west, 5),
      north: round(bounds.north, 5),
      east: round(bounds.east, 5),
    };
    void go({ regiao, perto: undefined, centro: undefined, raio: undefined });
  }

  function searchAround(centro: LatLng) {
    void go({ centro, perto: undefined, regiao: undefined, raio: filters.raio ?? DEFAULT_RADIUS_KM });
  }

  function aroundMapCentre() {
    const centre = mounted.current?.centre();
    if (centre) searchAround({ lat: round(centre.lat, 5), lng: round(centre.lng, 5) });
  }

  function aroundMe() {
    if (!("geolocation" in navigator)) {
      setLocating("denied");
      return;
    }
    setLocating("asking");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating("idle");
        // About 100 m: the shared URL does not carry the visitor's exact position.
        searchAround({ lat: round(position.coords.latitude, 3), lng: round(position.coords.longitude, 3) });
      },
      () => setLocating("denied"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  if (!map) return null;
  return (
    <section className="search-map" aria-labelledby="search-map-title" data-map-state={state}>
      <h2 id="search-map-title" className="visually-hidden">
        Mapa dos resultados
      </h2>
      <div className="search-map__tools">
        {moved ? (
          <button type="button" className="button button--primary" onClick={searchArea}>
            Buscar nesta área
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost"
          onClick={aroundMapCentre}
          disabled={state !== "ready"}
        >
          Buscar ao redor do centro do mapa
        </button>
        <button type="button" className="button button--ghost" onClick={aroundMe}>
          Perto de mim
        </button>
      </div>
      <p className="search-map__status" aria-live="polite">
        {locating === "asking" ? "Obtendo a sua localização…" : null}
        {locating === "denied"
          ? "Não foi possível obter a sua localização. Escolha um lugar em “Perto de”."
          : null}
        {map.omitted > 0
          ? `O mapa mostra os ${map.points.length} primeiros de ${map.points.length + map.omitted} imóveis; aproxime ou filtre para ver os demais.`
          : null}
      </p>
      {/* Leaflet owns this node's children; React never renders into it. */}
      <div ref={canvas} className="search-map__canvas" data-testid="search-map" />
      {state === "ready" ? null : (
        <p className="search-map__placeholder">
          {state === "failed" ? "Não foi possível carregar o mapa." : "Carregando o mapa…"}
        </p>
      )}
      <noscript>
        <p className="search-map__placeholder">
          O mapa precisa de JavaScript; a lista abaixo traz os mesmos imóveis.
        </p>
      </noscript>
      <p className="search-map__note">
        Imóveis com endereço reservado aparecem na região aproximada, como no anúncio.
      </p>
    </section>
  );
}
