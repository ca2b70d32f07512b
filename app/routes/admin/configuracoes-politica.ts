// POST /admin/configuracoes/politica — "Incluir": a paragraph the default privacy policy gained
// goes into the site's own text (app/server/settings/privacy-updates.server.ts), then back to the
// settings screen. A plain form, so it works without JavaScript. Admin only, as the screen.
import { data, redirect } from "react-router";
import { requestOrigin } from "../../server/audit/audit.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { includePrivacyParagraph } from "../../server/settings/privacy-updates.server";
import type { Route } from "./+types/configuracoes-politica";

const BACK = "/admin/configuracoes?politica=incluida#politica-atualizacoes";

/** A GET (a reload, a bookmark) goes back to the settings. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  return redirect("/admin/configuracoes");
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireUser({ request, context, url }, { role: "admin" });
  const form = await readForm(request);
  const id = form.get("paragrafo");
  const done =
    typeof id === "string" &&
    (await includePrivacyParagraph(context.get(requestContext).services.db, id, {
      userId: me.id,
      ...requestOrigin(request, context),
    }));
  // Already there (another tab, a second click) or not one of the paragraphs: nothing to include.
  if (!done) return data("Este parágrafo já está na política ou não existe.", { status: 400 });
  return redirect(BACK, { status: 303 });
}
