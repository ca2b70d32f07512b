// POST /admin/leads/:id/whatsapp — an agent answers a lead on WhatsApp: the reply is recorded as
// their first response (app/server/leads/reply.server.ts), then the browser goes on to wa.me with
// a message naming the listing. A plain form (new tab), so it works without JavaScript.
import { redirect } from "react-router";
import { SITE_NAME } from "../../lib/meta";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { replyByWhatsapp } from "../../server/leads/reply.server";
import { backToLead, NO_STORE, refusedPage, visibleLeadId } from "../../server/leads/reply-routes.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/lead-whatsapp";

/** A GET (a bookmark, a reload) goes back to the lead, when the user may see it. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  return backToLead(await visibleLeadId(context.get(requestContext).services.db, user, params.id));
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const { services, ip } = context.get(requestContext);
  const id = await visibleLeadId(services.db, user, params.id);
  const agency = await getAgencySettings(services.db);
  const result = await replyByWhatsapp(
    services.db,
    { id: user.id, role: user.role, ip, userAgent: request.headers.get("user-agent") },
    id,
    { agencyName: agency.name || SITE_NAME, publicUrl: services.config.publicUrl },
  );
  if (result.ok) return redirect(result.url, { status: 303, headers: NO_STORE });
  return result.reason === "no-phone"
    ? refusedPage("Este lead não tem um telefone com DDD para o WhatsApp.", 400, id)
    : refusedPage("Lead não encontrado.", 404, null);
}
