// /admin/sessao (resource route): GET answers the keep-alive's check without extending the
// session; POST refreshes it (audit "token-refreshed") or, with intent=encerrar-outras,
// ends the user's other sessions.
import type { SessionStatus } from "../../lib/session-constants";
import { audit, requestOrigin } from "../../server/audit/audit.server";
import { requireSession } from "../../server/auth/guard.server";
import { revokeUserSessions } from "../../server/auth/sessions.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/sessao";

const NO_STORE = { "Cache-Control": "no-store" };

function status(session: { expiresAt: Date }, idleExpiresAt: Date): SessionStatus {
  return {
    expiresAt: session.expiresAt.toISOString(),
    idleExpiresAt: idleExpiresAt.toISOString(),
    now: new Date().toISOString(),
  };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { session, idleExpiresAt } = await requireSession({ request, context, url }, { touch: false });
  return Response.json(status(session, idleExpiresAt), { headers: NO_STORE });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "GET, POST" } });
  const { user, session, idleExpiresAt } = await requireSession({ request, context, url });
  const { db } = context.get(requestContext).services;
  const type = request.headers.get("content-type") ?? "";
  const form = type.includes("form") ? await readForm(request) : null;
  if (form?.get("intent") === "encerrar-outras") {
    const ended = await revokeUserSessions(db, user.id, { exceptSessionId: session.id });
    await audit(db, {
      userId: user.id,
      action: "user-updated",
      entity: "user",
      entityId: user.id,
      ...requestOrigin(request, context),
      details: { change: "other-sessions-ended", sessionsEnded: ended },
    });
    return Response.json({ ended }, { headers: NO_STORE });
  }
  await audit(db, {
    userId: user.id,
    action: "token-refreshed",
    entity: "session",
    entityId: session.id,
    ...requestOrigin(request, context),
  });
  return Response.json(status(session, idleExpiresAt), { headers: NO_STORE });
}
