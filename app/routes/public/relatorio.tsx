// /relatorio/:token — the owner's report of a listing, from the link the agent sent (decision 046;
// app/server/owner-reports/owner-report.server.ts). Never cached nor indexed: the token is the key.
// A replaced or turned-off link is 404.
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundContent } from "../../components/not-found-content";
import { OwnerReportView } from "../../components/owner-report/owner-report-view";
import { pageMeta } from "../../lib/meta";
import { requestContext } from "../../server/context.server";
import { isPersonOpening } from "../../server/http/person-opening.server";
import { openOwnerReport } from "../../server/owner-reports/owner-report.server";
import type { Route } from "./+types/relatorio";

const PRIVATE_HEADERS = { "X-Robots-Tag": "noindex", "Cache-Control": "private, no-store" };
const INVALID_LINK =
  "Este link de relatório não abre: pode ter sido trocado por um novo ou desativado. Peça o link atual ao seu corretor.";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Relatório do imóvel ${args.data.report.listing.referencia}` : "Relatório do imóvel",
    description: "Visualizações, contatos e visitas do seu imóvel, e o preço comparado com o mercado.",
    noindex: true,
  });

export function headers() {
  return PRIVATE_HEADERS;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, storage } = context.get(requestContext).services;
  // The agent checking the link they send is not the owner opening it.
  const countOpen = await isPersonOpening(request, context);
  const report = await openOwnerReport(db, storage, params.token, { countOpen });
  if (!report) throw data(INVALID_LINK, { status: 404, headers: PRIVATE_HEADERS });
  return data({ report }, { headers: PRIVATE_HEADERS });
}

export default function OwnerReportPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  return (
    <main className="container page owner-report-page">
      <h1>{`Relatório do seu imóvel ${report.listing.referencia}`}</h1>
      <p>
        Como o anúncio do seu imóvel está indo no nosso site: quantas pessoas o viram, quantas entraram em
        contato e quantas marcaram visita.
      </p>
      <OwnerReportView report={report} />
    </main>
  );
}

/** A replaced or turned-off link says so, and what to do (the layout's 404 speaks of a missing page). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundContent title="Link de relatório inválido" message={INVALID_LINK} />;
  }
  throw error;
}
