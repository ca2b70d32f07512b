// /sitemap.xml: every public page and published listing (with its photos), streamed.

import { requestContext } from "../../server/context.server";
import { SITEMAP_HEADERS, sitemapStream } from "../../server/feeds/sitemap.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method === "HEAD") return new Response(null, { headers: SITEMAP_HEADERS });
  const { db, storage, config } = context.get(requestContext).services;
  const body = await sitemapStream(db, { publicUrl: config.publicUrl, storage });
  return new Response(body, { headers: SITEMAP_HEADERS });
}
