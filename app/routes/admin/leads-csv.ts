// /admin/leads.csv — the inbox's current filters as a spreadsheet (formula-injection safe).
import { parseLeadListQuery } from "../../lib/lead-inbox";
import { maceioClock } from "../../lib/maceio-time";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { leadsCsv } from "../../server/leads/csv.server";
import { allLeads } from "../../server/leads/inbox.server";
import type { Route } from "./+types/leads-csv";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const query = parseLeadListQuery(url.searchParams);
  const rows = await allLeads(context.get(requestContext).services.db, user, query);
  // The agency's day: an export at 22:00 in Maceió is still today's.
  const day = maceioClock(new Date()).day;
  return new Response(leadsCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
