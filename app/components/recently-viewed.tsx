// "Vistos recentemente" on the home page: the listings this browser opened lately
// (lib/recently-viewed.ts), as cards from /api/cartoes. The server knows nothing of them (the
// page is the same cached page for everyone), so the section appears once the page runs in the
// browser and the cards came, below the fold; "Limpar" forgets them. Without JavaScript, or with
// nothing seen, or if the cards cannot be had, there is no section.
import { useEffect, useState } from "react";
import { cardsApiUrl } from "../lib/favorites";
import type { PropertyCardData } from "../lib/property-card";
import { RECENTLY_VIEWED_SHOWN, useRecentlyViewed } from "../lib/recently-viewed";
import { useHydrated } from "../lib/use-hydrated";
import { PropertyCardGrid } from "./property-card";

export function RecentlyViewed() {
  const hydrated = useHydrated();
  const { viewed, clear } = useRecentlyViewed();
  // Every one kept is asked for, so one that left the site makes room for the next.
  const viewedKey = viewed.join(",");
  const [cards, setCards] = useState<PropertyCardData[]>([]);

  useEffect(() => {
    if (!hydrated || !viewedKey) return;
    const controller = new AbortController();
    fetch(cardsApiUrl(viewedKey.split(",")), {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ cards: PropertyCardData[] }>) : null))
      .then((answer) => {
        if (answer) setCards(answer.cards);
      })
      // A convenience: without its cards (offline, a listing gone) the section stays out.
      .catch(() => undefined);
    return () => controller.abort();
  }, [hydrated, viewedKey]);

  // In the order they were seen, the newest RECENTLY_VIEWED_SHOWN still on the site.
  const shown = viewed
    .map((ref) => cards.find((card) => card.referencia.toUpperCase() === ref))
    .filter((card): card is PropertyCardData => card !== undefined)
    .slice(0, RECENTLY_VIEWED_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="container home-section" aria-labelledby="vistos" data-testid="vistos-recentemente">
      <div className="home-section__head">
        <h2 id="vistos">Vistos recentemente</h2>
        <button type="button" className="home-section__clear" onClick={clear}>
          Limpar<span className="visually-hidden"> os imóveis vistos recentemente</span>
        </button>
      </div>
      <PropertyCardGrid cards={shown} />
    </section>
  );
}
