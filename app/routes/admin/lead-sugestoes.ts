// POST /admin/leads/:id/sugestoes — an agent sends a lead a few listings on WhatsApp, as one link to
// them side by side (app/server/leads/suggestions.server.ts). A plain form in a new tab, like the
// WhatsApp reply (lead-whatsapp.ts): the answer's redirect opens wa.me; bad input answers a small
// 400 page saying what to fix (the lead's page checks the form with the same schema before
// sending, when it has JavaScript; only a referência not on offer is found here).
import { redirect } from "react-router";
import { leadSuggestionSchema } from "../../lib/lead-inbox";
import { SITE_NAME } from "../../lib/meta";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { backToLead, NO_STORE, refusedPage, visibleLeadId } from "../../server/leads/reply-routes.server";
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
    return refusedPage(
      parsed.error.issues[0]?.message ?? "Escolha ao menos um imóvel para sugerir.",
      400,
      id,
    );
  const agency = await getAgencySettings(services.db);
  const result = await suggestByWhatsapp(
    services.db,
    { id: user.id, role: user.role, ip, userAgent: request.headers.get("user-agent") },
    id,
    parsed.data,
    { agencyName: agency.name || SITE_NAME, publicUrl: services.config.publicUrl },
  );
  if (result.ok) return redirect(result.url, { status: 303, headers: NO_STORE });
  if (result.reason === "unavailable") {
    const refs = result.referencias;
    return refusedPage(
      refs.length === 1
        ? `Nenhum imóvel disponível com a referência ${refs[0]} (não existe, não está publicado ou já foi vendido ou alugado). Confira e envie de novo.`
        : `Nenhum imóvel disponível com as referências ${refs.join(", ")} (não existem, não estão publicados ou já foram vendidos ou alugados). Confira e envie de novo.`,
      400,
      id,
    );
  }
  return result.reason === "no-phone"
    ? refusedPage("Este lead não tem um telefone com DDD para o WhatsApp.", 400, id)
    : refusedPage("Lead não encontrado.", 404, null);
}
