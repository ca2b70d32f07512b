// /feeds/chavesnamao.xml: the feed Chaves na Mão downloads, streamed.

import { requestContext } from "../../server/context.server";
import { feedResponse } from "../../server/feeds/response.server";
import type { Route } from "./+types/chavesnamao";

export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse("chavesnamao", request, context.get(requestContext).services);
}
