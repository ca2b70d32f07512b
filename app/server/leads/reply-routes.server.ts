// What the routes that open WhatsApp from a lead share (routes/admin/lead-whatsapp.ts and
// lead-sugestoes.ts, plain forms posted to a new tab): the lead's id from the address with the same
// 404 for a lead the user may not see, a GET (a bookmark, a reload) that goes back to the lead, and
// the small page a refused post answers in that tab. Each route signs the user in itself
// (requireUser), where a reader of the route sees it.
import { data, redirect } from "react-router";
import { escapeHtml } from "../../lib/escape-html";
import { rowIdOf } from "../../lib/row-id";
import type { SessionUser } from "../auth/guard.server";
import type { Db } from "../db/client.server";
import { canSee } from "./inbox.server";

export const NO_STORE = { "Cache-Control": "no-store" };

const leadNotFound = () => data("Lead não encontrado.", { status: 404, headers: NO_STORE });

/** The lead's id from the address when `user` may see that lead; else throws 404. */
export async function visibleLeadId(db: Db, user: SessionUser, raw: string | undefined): Promise<number> {
  const id = rowIdOf(raw);
  if (id === null || !(await canSee(db, user, id))) throw leadNotFound();
  return id;
}

/** Where a GET of these routes goes: the lead's page. */
export function backToLead(id: number): Response {
  return redirect(`/admin/leads/${id}`, { status: 303, headers: NO_STORE });
}

/**
 * What a refused post answers in its new tab: a small page in Portuguese saying what to fix, with
 * the way back to the lead (a thrown `data` from a resource route would be a bare JSON string).
 */
export function refusedPage(message: string, status: 400 | 404, leadId: number | null): Response {
  const back = leadId === null ? "/admin/leads" : `/admin/leads/${leadId}`;
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Não foi possível enviar</title></head>
<body><main><h1>Não foi possível enviar</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${back}">Voltar ${leadId === null ? "aos leads" : "ao lead"}</a></p>
</main></body></html>
`;
  return new Response(html, { status, headers: { ...NO_STORE, "Content-Type": "text/html; charset=utf-8" } });
}
