// /sair: sign-out. POST only (a link or an image on another site cannot sign anyone out);
// the session row is deleted, so the token is dead even if a copy of the cookie survives.
import { redirect } from "react-router";
import { audit, requestOrigin } from "../server/audit/audit.server";
import { getSession, isCrossOriginRequest } from "../server/auth/guard.server";
import { clearSessionCookie } from "../server/auth/session-cookie.server";
import { deleteSession } from "../server/auth/sessions.server";
import { requestContext } from "../server/context.server";
import type { Route } from "./+types/sair";

export async function loader() {
  throw redirect("/login");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext).services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    throw new Response("Requisição de outra origem recusada.", { status: 403 });
  }
  const found = await getSession(request, context, { touch: false });
  if (found) {
    await deleteSession(db, found.session.id);
    await audit(db, {
      userId: found.user.id,
      action: "signed-out",
      entity: "session",
      entityId: found.session.id,
      ...requestOrigin(request, context),
    });
  }
  throw redirect("/login", {
    headers: { "Set-Cookie": clearSessionCookie(config), "Cache-Control": "no-store" },
  });
}
