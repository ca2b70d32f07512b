// /admin → /admin/painel (the guard runs first, in the layout's loader and here).
import { redirect } from "react-router";
import { requireUser } from "../../server/auth/guard.server";
import type { Route } from "./+types/index";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url });
  throw redirect("/admin/painel", { headers: { "Cache-Control": "no-store" } });
}
