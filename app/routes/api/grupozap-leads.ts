// POST /api/portais/grupozap/leads — a lead from ZAP Imóveis, VivaReal or OLX (Grupo ZAP's lead
// integration, docs/domain.md). Everything is in app/server/leads/intake.server.ts.
import { requestContext } from "../../server/context.server";
import { receiveGrupoZapLead } from "../../server/leads/intake.server";
import type { Route } from "./+types/grupozap-leads";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ip } = context.get(requestContext);
  return receiveGrupoZapLead(request, { db: services.db, config: services.config, ip });
}

export function loader() {
  return Response.json(
    { ok: false, error: "method-not-allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
