// POST /api/whatsapp — a WhatsApp click on a listing (navigator.sendBeacon from the listing
// page, field "referencia"). Answers 204 whatever happens to a valid request: the visitor is
// already on their way to wa.me and must never wait for this.
import { data } from "react-router";
import { isCrossOriginRequest } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded } from "../../server/http/form-limits.server";
import { recordWhatsappClick } from "../../server/leads/whatsapp.server";
import type { Route } from "./+types/whatsapp";

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ ok: false }, { status: 405 });
  if (isCrossOriginRequest(request, context.get(requestContext).services.config.publicUrl))
    return data({ ok: false }, { status: 403 });
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited) return data({ ok: false }, { status: 429, headers: limited });
  let referencia: unknown;
  try {
    referencia = (await request.formData()).get("referencia");
  } catch {
    return data({ ok: false, error: "Envie o campo referencia." }, { status: 400 });
  }
  const result = await recordWhatsappClick(
    context.get(requestContext).services.db,
    referencia,
    context.get(requestContext).ip,
  );
  if (result === "invalid") return data({ ok: false, error: "Referência inválida." }, { status: 400 });
  return new Response(null, { status: 204 });
}

export function loader() {
  return data({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
