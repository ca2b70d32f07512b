// /admin/relatorios.csv — the funnel report's current view (/admin/relatorios, same filters) as a
// spreadsheet; a corretor's holds only their own leads, as their screen does.
import { parseFunnelQuery } from "../../lib/funnel-report";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { getFunnelReport } from "../../server/reports/funnel.server";
import { funnelCsv } from "../../server/reports/funnel-csv.server";
import type { Route } from "./+types/relatorios-csv";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { query, errors } = parseFunnelQuery(url.searchParams, new Date());
  const problems = Object.values(errors);
  if (problems.length > 0)
    return new Response(`Período inválido: ${problems.join(" ")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const report = await getFunnelReport(context.get(requestContext).services.db, user, query);
  return new Response(funnelCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="relatorio-funil-${query.de}-a-${query.ate}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
