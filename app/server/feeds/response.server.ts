// The HTTP side of the portal feeds: token check, headers, and the streamed body.
import type { Services } from "../services.server";
import { getAgencySettings } from "../settings/settings.server";
import { checkFeedAccess } from "./access.server";
import { chavesNaMaoFeedStream } from "./chavesnamao.server";
import type { FeedContext } from "./context.server";
import { vrsyncFeedStream } from "./vrsync.server";

export type FeedKind = "vrsync" | "chavesnamao";

export const FEED_PATHS: Record<FeedKind, string> = {
  vrsync: "/feeds/vrsync.xml",
  chavesnamao: "/feeds/chavesnamao.xml",
};

const STREAMS = { vrsync: vrsyncFeedStream, chavesnamao: chavesNaMaoFeedStream };

export async function feedResponse(
  kind: FeedKind,
  request: Request,
  services: Pick<Services, "db" | "storage" | "config">,
): Promise<Response> {
  const agency = await getAgencySettings(services.db);
  const denied = checkFeedAccess(request, agency.feedToken);
  if (denied) return denied;
  const headers = {
    "Content-Type": "application/xml; charset=utf-8",
    // Portals pull every few hours; a short private cache spares us a burst of retries.
    "Cache-Control": "private, max-age=300",
    "X-Robots-Tag": "noindex",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const context: FeedContext = {
    agency,
    publicUrl: services.config.publicUrl,
    storage: services.storage,
    now: new Date(),
  };
  return new Response(STREAMS[kind](services.db, context), { headers });
}
