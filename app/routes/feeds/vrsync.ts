// /feeds/vrsync.xml: the feed ZAP Imóveis, VivaReal and OLX download (VRSync), streamed.

import { requestContext } from "../../server/context.server";
import { feedResponse } from "../../server/feeds/response.server";
import type { Route } from "./+types/vrsync";

export function loader({ request, context }: Route.LoaderArgs) {
  return feedResponse("vrsync", request, context.get(requestContext).services);
}
