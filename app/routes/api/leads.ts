// POST /api/leads — a lead from any other source (a landing page's server, Chaves na Mão or
// Imovelweb through an e-mail-to-webhook service): README, "Leads de outros sistemas".
import { requestContext } from "../../server/context.server";
import { receiveGenericLead } from "../../server/leads/intake.server";
import type { Route } from "./+types/leads";

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ip } = context.get(requestContext);
  return receiveGenericLead(request, { db: services.db, config: services.config, ip });
}

export function loader() {
  return Response.json(
    { ok: false, error: "method-not-allowed" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
