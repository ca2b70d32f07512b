// "Vistos recentemente" on the home page: the listings this browser opened lately
// (lib/recently-viewed.ts), as cards from /api/cartoes. The server knows nothing of them (the
// home page is the same cached page for everyone), so the section is the page's last: it appears
// once the browser has the cards, and moves nothing above it. "Limpar" forgets them and says so
// where the cards were, keeping the keyboard's place. Without JavaScript, or with nothing seen, or
// if the cards cannot be had, there is no section.
import { useEffect, useRef, useState } from "react";
import { fetchCards } from "../lib/fetch-cards";
import type { PropertyCardData } from "../lib/property-card";
import { RECENTLY_VIEWED_SHOWN, useRecentlyViewed } from "../lib/recently-viewed";
import { PropertyCardGrid } from "./property-card";

export function RecentlyViewed() {
  // Empty on the server and while hydrating: the section never differs from the server's HTML.
  const { viewed, clear } = useRecentlyViewed();
  // Every one kept is asked for, so one that left the site makes room for the next.
  const viewedKey = viewed.join(",");
  const [cards, setCards] = useState<PropertyCardData[]>([]);
  const [cleared, setCleared] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!viewedKey) return;
    const controller = new AbortController();
    fetchCards(viewedKey.split(","), controller.signal)
      .then(setCards)
      // A convenience: without its cards (offline, a hiccup) the section stays out.
      .catch(() => undefined);
    return () => controller.abort();
  }, [viewedKey]);

  useEffect(() => {
    if (cleared) heading.current?.focus();
  }, [cleared]);

  // In the order they were seen, the newest RECENTLY_VIEWED_SHOWN still on the site.
  const shown = viewed
    .map((ref) => cards.find((card) => card.referencia.toUpperCase() === ref))
    .filter((card): card is PropertyCardData => card !== undefined)
    .slice(0, RECENTLY_VIEWED_SHOWN);
  if (shown.length === 0 && !cleared) return null;
  return (
    <section className="container home-section" aria-labelledby="vistos" data-testid="vistos-recentemente">
      <div className="home-section__head">
        <h2 id="vistos" ref={heading} tabIndex={-1}>
          Vistos recentemente
        </h2>
        {shown.length ? (
          <button
            type="button"
            className="home-section__clear"
            onClick={() => {
              clear();
              setCleared(true);
            }}
          >
            Limpar<span className="visually-hidden"> os imóveis vistos recentemente</span>
          </button>
        ) : null}
      </div>
      {shown.length ? (
        <PropertyCardGrid cards={shown} />
      ) : (
        <p role="status">
          Lista apagada: os imóveis que você abrir a partir de agora voltam a aparecer aqui.
        </p>
      )}
    </section>
  );
}
