// What the results column adds when a search's words find little or nothing: "Você quis dizer:
// …?" as a plain link (it works without JavaScript), and listings to look at instead of an empty
// page. The server decides both (app/server/search/spelling.server.ts).
import { Link } from "react-router";
import { resultCountText } from "../../lib/search-describe";
import type { SearchFallback, SpellingSuggestion } from "../../lib/search-page";
import { PropertyCardGrid } from "../property-card";

export function DidYouMean({ suggestion }: { suggestion: SpellingSuggestion | undefined }) {
  if (!suggestion) return null;
  return (
    <p className="search-did-you-mean" data-testid="voce-quis-dizer">
      Você quis dizer:{" "}
      <Link to={suggestion.href}>
        <strong>{suggestion.q}</strong>
      </Link>
      ? <span className="search-did-you-mean__count">({resultCountText(suggestion.total)})</span>
    </p>
  );
}

export function FallbackListings({ fallback }: { fallback: SearchFallback | undefined }) {
  if (!fallback) return null;
  return (
    <section className="search-fallback" aria-labelledby="search-fallback-title">
      <h2 id="search-fallback-title">{fallback.heading}</h2>
      <PropertyCardGrid cards={fallback.cards} headingLevel={3} />
    </section>
  );
}
