// Any unknown path under the public site: a real 404 (status in the document response) that
// still renders the whole shell, with a search and featured listings to carry on.
import { data } from "react-router";
import { NotFoundContent } from "../../components/not-found-content";
import { pageMeta } from "../../lib/meta";
import { requestContext } from "../../server/context.server";
import { listFeaturedCards } from "../../server/properties/public-cards.server";
import type { Route } from "./+types/not-found";

export async function loader({ context }: Route.LoaderArgs) {
  const suggestions = await listFeaturedCards(
    context.get(requestContext).services.db,
    context.get(requestContext).services.storage,
    3,
  );
  return data({ suggestions }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Página não encontrada",
    description: "A página que você procurou não existe. Veja os imóveis disponíveis em Alagoas.",
    noindex: true,
  });

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent suggestions={loaderData.suggestions} />;
}
