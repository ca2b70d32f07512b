// The search's map view (`mapa=1`, docs/decisions/036-map-search.md): the results as clustered
// markers, in step with the list (the same loader answers both; hovering a card marks its
// marker), "Buscar nesta área" after the visitor moves the map, and a radius around the map's
// centre or the visitor's location. When the search has more results than the map draws at once
// (SEARCH_MAP_POINTS), each move of the visitor's brings the points of the area in view (the
// same loader with that area, through a fetcher), so zooming in shows every listing. Leaflet and
// the clustering plugin are fetched only when the map is shown (search-map.client.ts); the points
// are already reduced on the server to what each listing's address visibility allows.
import { useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import type { Bbox, LatLng } from "../../lib/search-filter-table";
import { DEFAULT_RADIUS_KM } from "../../lib/search-filter-table";
import type { SearchPageData } from "../../lib/search-page";
import { type SearchFilters, searchHref } from "../../lib/search-params";
import { useMapTiles } from "../map/tiles";
import type { MountedSearchMap } from "./search-map.client";

type MapState = "loading" | "ready" | "failed";

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const count = (n: number) => n.toLocaleString("pt-BR");

const clamp = (n: number, limit: number) => Math.min(limit, Math.max(-limit, n));

/**
 * The map's bounds to 5 decimals (about 1 m), as the URL keeps them, inside the world's
 * coordinates (zoomed far out, Leaflet's bounds pass ±180°, which the search refuses).
 */
function roundedBox(bounds: Bbox): Bbox {
  return {
    south: round(clamp(bounds.south, 90), 5),
    west: round(clamp(bounds.west, 180), 5),
    north: round(clamp(bounds.north, 90), 5),
    east: round(clamp(bounds.east, 180), 5),
  };
}

/** The part of `box` inside the searched area, if the search has one; null when they do not meet. */
function within(box: Bbox, searched: Bbox | undefined): Bbox | null {
  if (!searched) return box;
  const south = Math.max(box.south, searched.south);
  const north = Math.min(box.north, searched.north);
  const west = Math.max(box.west, searched.west);
  const east = Math.min(box.east, searched.east);
  return south < north && west < east ? { south, west, north, east } : null;
}

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
  // The points of the area in view, when the search has more than the map draws at once.
  const areaFetcher = useFetcher<SearchPageData>();
  const [area, setArea] = useState<{ shown: number; total: number } | null>(null);
  const areaOf = useRef("");
  const search = searchHref(path, filters);
  const settled = useRef(() => {});
  settled.current = () => {
    const bounds = mounted.current?.bounds();
    if (!map || map.omitted === 0 || !bounds) return;
    const regiao = within(roundedBox(bounds), filters.regiao);
    areaOf.current = search;
    if (!regiao) {
      // Outside the searched area: nothing of this search is in view.
      mounted.current?.show({ points: [], omitted: 0, circle: map.circle }, undefined, true);
      setArea({ shown: 0, total: 0 });
      return;
    }
    void areaFetcher.load(searchHref(path, { ...filters, regiao, pagina: 1 }));
  };

  // Mount once; the points follow the data (below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first data only places the map.
  useEffect(() => {
    const target = canvas.current;
    if (!target || !map) return;
    let cancelled = false;
    import("./search-map.client")
      .then(({ mountSearchMap }) =>
        mountSearchMap(target, {
          tiles,
          onMoved: () => setMoved(true),
          onSettled: () => settled.current(),
        }),
      )
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
    areaOf.current = "";
    setArea(null);
  }, [map, filters.regiao]);

  // The area's points, unless the search changed since they were asked for.
  useEffect(() => {
    const found = areaFetcher.data?.map;
    if (!found || !mounted.current || areaOf.current !== search) return;
    mounted.current.show(found, undefined, true);
    setArea({ shown: found.points.length, total: found.points.length + found.omitted });
  }, [areaFetcher.data, search]);

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
    void go({ regiao: roundedBox(bounds), perto: undefined, centro: undefined, raio: undefined });
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
        {area
          ? area.total === 0
            ? "Nenhum imóvel desta busca nesta área do mapa."
            : area.total > area.shown
              ? `Nesta área do mapa: os ${count(area.shown)} primeiros de ${count(area.total)} imóveis; aproxime para ver os demais.`
              : `O mapa mostra ${area.total === 1 ? "o imóvel" : `os ${count(area.total)} imóveis`} desta área.`
          : map.omitted > 0
            ? `O mapa mostra os ${count(map.points.length)} primeiros de ${count(map.points.length + map.omitted)} imóveis; mova ou aproxime o mapa para ver os de cada área.`
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
