// Whether a request for a link sent to one person (an owner's report, a list or listing an agent
// sent: decisions 046 and 049) is that person opening it, so the agent's screen may count it: a
// view (countsAsView: a GET, not a link preview or other bot, not a prefetch) by nobody signed in
// (the agent checking the link they send).
import { getOptionalUser } from "../auth/guard.server";
import type { LoadContext } from "../context.server";
import { countsAsView } from "../properties/listing-page.server";

export async function isPersonOpening(request: Request, context: LoadContext): Promise<boolean> {
  return countsAsView(request) && (await getOptionalUser(request, context)) === null;
}
