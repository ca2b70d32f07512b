// /robots.txt: keeps crawlers out of the admin, sign-in, API and feeds; names the sitemap.

import { requestContext } from "../../server/context.server";
import { robotsTxt } from "../../server/feeds/sitemap.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(requestContext).services.config.publicUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
