// /sitemaps/paginas.xml and /sitemaps/imoveis-N.xml: the parts of the sitemap index, used once
// the catalogue is too big for a single file.

import { requestContext } from "../../server/context.server";
import { parseSitemapFile, SITEMAP_HEADERS, sitemapPartStream } from "../../server/feeds/sitemap.server";
import type { Route } from "./+types/sitemap-part";

const notFound = () =>
  new Response("Arquivo de sitemap não encontrado.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.arquivo);
  if (!file) return notFound();
  const { db, storage, config } = context.get(requestContext).services;
  const body = await sitemapPartStream(db, { publicUrl: config.publicUrl, storage }, file);
  if (!body) return notFound();
  if (request.method === "HEAD") {
    await body.cancel();
    return new Response(null, { headers: SITEMAP_HEADERS });
  }
  return new Response(body, { headers: SITEMAP_HEADERS });
}
