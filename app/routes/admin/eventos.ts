// /admin/eventos — Server-Sent Events for open admin pages (lead-created, lead-updated,
// property-changed). Resource route: no component.
import { getSession, requireSession, toSessionUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { eventStreamResponse } from "../../server/realtime/sse.server";
import type { Route } from "./+types/eventos";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // touch: false — an open tab must not keep an idle session alive by itself.
  const { user } = await requireSession({ request, context, url }, { touch: false });
  return eventStreamResponse(request, context.get(requestContext).services.database, user, {
    // Signed out, deactivated, expired or demoted meanwhile: the stream follows (never touched).
    recheck: async () => {
      const found = await getSession(request, context, { touch: false });
      return found ? toSessionUser(found.user) : null;
    },
  });
}
