// POST /admin/leads/:id/sugestoes — an agent sends a lead a few listings on WhatsApp, as one link to
// them side by side (app/server/leads/suggestions.server.ts). A plain form in a new tab, like the
// WhatsApp reply (lead-whatsapp.ts): the answer's redirect opens wa.me; bad input answers 400 with
// what to fix (the lead's page checks the choice before sending when it has JavaScript).
import { data, redirect } from "react-router";
import { leadSuggestionSchema } from "../../lib/lead-inbox";
import { SITE_NAME } from "../../lib/meta";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { backToLead, NO_STORE, visibleLeadId } from "../../server/leads/reply-routes.server";
import { suggestByWhatsapp } from "../../server/leads/suggestions.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import type { Route } from "./+types/lead-sugestoes";

/** A GET (a bookmark, a reload) goes back to the lead, when the user may see it. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  return backToLead(await visibleLeadId(context.get(requestContext).services.db, user, params.id));
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const { services, ip } = context.get(requestContext);
  // Permission before the form: a lead the user may not see is 404 whatever it says.
  const id = await visibleLeadId(services.db, user, params.id);
  const form = await readForm(request);
  const parsed = leadSuggestionSchema.safeParse({
    ref: form.getAll("ref").map(String),
    outras: String(form.get("outras") ?? ""),
  });
  if (!parsed.success)
    throw data(parsed.error.issues[0]?.message ?? "Escolha ao menos um imóvel para sugerir.", {
      status: 400,
      headers: NO_STORE,
    });
  const agency = await getAgencySettings(services.db);
  const result = await suggestByWhatsapp(
    services.db,
    { id: user.id, role: user.role, ip, userAgent: request.headers.get("user-agent") },
    id,
    parsed.data,
    { agencyName: agency.name || SITE_NAME, publicUrl: services.config.publicUrl },
  );
  if (!result.ok)
    throw data(
      result.reason === "unknown"
        ? `Nenhum imóvel publicado com a referência ${result.referencias.join(", ")}. Confira e tente de novo.`
        : result.reason === "no-phone"
          ? "Este lead não tem telefone."
          : "Lead não encontrado.",
      { status: result.reason === "not-found" ? 404 : 400, headers: NO_STORE },
    );
  return redirect(result.url, { status: 303, headers: NO_STORE });
}
