// /og/{referencia}.jpg: a listing's 1200×630 social image (og:image). The page links it with
// ?v=<version>; that URL never changes content, so it is cached for a year.
import { z } from "zod";
import { requestContext } from "../../server/context.server";
import { getOgImage } from "../../server/og/og-image.server";
import type { Route } from "./+types/og-image";

const fileSchema = z.string().regex(/^[A-Za-z0-9-]{1,50}\.jpg$/);

const notFound = () =>
  new Response("Imagem não encontrada.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const file = fileSchema.safeParse(params.arquivo);
  if (!file.success) return notFound();
  const image = await getOgImage(context.get(requestContext).services, file.data.slice(0, -".jpg".length));
  if (!image) return notFound();
  const etag = `"${image.version}"`;
  const versioned = url.searchParams.get("v") === image.version;
  const headers = {
    "Content-Type": "image/jpeg",
    ETag: etag,
    // An unversioned or stale link still gets the current image, just not for long.
    "Cache-Control": versioned ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const body = request.method === "HEAD" ? null : new Uint8Array(image.bytes);
  return new Response(body, { headers: { ...headers, "Content-Length": String(image.bytes.length) } });
}
