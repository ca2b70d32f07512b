// /casas: the Casas screen, houses only (casa, casa de condomínio) with the same filters.
import { redirect } from "react-router";
import { SearchPage } from "../../components/search/search-page";
import { searchPageMeta } from "../../lib/search-page";
import { HOUSE_TIPOS } from "../../lib/vocabulary";
import { requestContext } from "../../server/context.server";
import { loadSearchPage } from "../../server/search/search-page.server";
import type { Route } from "./+types/casas";

export async function loader({ url, context }: Route.LoaderArgs) {
  const result = await loadSearchPage(context.get(requestContext).services, url, {
    path: "/casas",
    subject: "Casas",
    intro: "Casas e casas de condomínio à venda e para alugar, na cidade e na praia.",
    restrictTipos: HOUSE_TIPOS,
  });
  if ("redirect" in result) throw redirect(result.redirect, 302);
  return result.data;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  searchPageMeta({ data: loaderData, matches });

export default function Casas({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
