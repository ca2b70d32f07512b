// Card data for the listings a browser keeps (favourites, vistos recentemente):
// GET /api/cartoes?refs=AP0001,CA0002 → { cards }.
// Only published listings; unknown referências are simply absent. Bad input: 400 with a message.
import { data } from "react-router";
import { cardsQuerySchema } from "../../lib/cards-api";
import { requestContext } from "../../server/context.server";
import { listCardsByReferencias } from "../../server/properties/public-cards.server";
import type { Route } from "./+types/cartoes";

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = cardsQuerySchema.safeParse({ refs: url.searchParams.get("refs") ?? undefined });
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Parâmetros inválidos.", cards: [] },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const cards = await listCardsByReferencias(
    context.get(requestContext).services.db,
    context.get(requestContext).services.storage,
    parsed.data.refs,
  );
  return data({ cards }, { headers: { "Cache-Control": "public, max-age=60" } });
}
