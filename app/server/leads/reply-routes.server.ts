// What the routes that open WhatsApp from a lead share (routes/admin/lead-whatsapp.ts and
// lead-sugestoes.ts, plain forms posted to a new tab): the lead's id from the address with the same
// 404 for a lead the user may not see, and a GET (a bookmark, a reload) that goes back to the lead.
// Each route signs the user in itself (requireUser), where a reader of the route sees it.
import { data, redirect } from "react-router";
import type { SessionUser } from "../auth/guard.server";
import type { Db } from "../db/client.server";
import { canSee } from "./inbox.server";

export const NO_STORE = { "Cache-Control": "no-store" };

const leadNotFound = () => data("Lead não encontrado.", { status: 404, headers: NO_STORE });

/** The lead's id from the address when `user` may see that lead; else throws 404. */
export async function visibleLeadId(db: Db, user: SessionUser, raw: string | undefined): Promise<number> {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || !(await canSee(db, user, id))) throw leadNotFound();
  return id;
}

/** Where a GET of these routes goes: the lead's page. */
export function backToLead(id: number): Response {
  return redirect(`/admin/leads/${id}`, { status: 303, headers: NO_STORE });
}
