// /todos-os-imoveis: every published listing, filtered by the URL (see app/lib/search-params.ts).
import { redirect } from "react-router";
import { SearchPage } from "../../components/search/search-page";
import { searchPageMeta } from "../../lib/search-page";
import { requestContext } from "../../server/context.server";
import { loadSearchPage } from "../../server/search/search-page.server";
import type { Route } from "./+types/todos-os-imoveis";

export async function loader({ url, context }: Route.LoaderArgs) {
  const result = await loadSearchPage(context.get(requestContext).services, url, {
    path: "/todos-os-imoveis",
    subject: "Imóveis",
    intro: "Apartamentos, casas e terrenos à venda e para alugar em Maceió e no litoral de Alagoas.",
  });
  if ("redirect" in result) throw redirect(result.redirect, 302);
  return result.data;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  searchPageMeta({ data: loaderData, matches });

export default function TodosOsImoveis({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
