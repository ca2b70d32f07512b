// /admin/captacoes/:id/fotos/:foto — the preview of a photo an owner sent with a captação, for
// whoever may see that captação (an admin, or the corretor it is assigned to): the files are
// private, /media never serves them (app/server/captacoes/pending-photos.server.ts).
import { requireUser } from "../../server/auth/guard.server";
import { captacaoPhotoPreview, parseCaptacaoId } from "../../server/captacoes/queue.server";
import { requestContext } from "../../server/context.server";
import type { Route } from "./+types/captacao-foto";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const id = parseCaptacaoId(params.id);
  const photoId = parseCaptacaoId(params.foto);
  const { db, storage } = context.get(requestContext).services;
  const preview = id && photoId ? await captacaoPhotoPreview(db, storage, user, id, photoId) : null;
  if (!preview) {
    return new Response("Foto não encontrada.", {
      status: 404,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(preview), {
    headers: {
      ...NO_STORE,
      "Content-Type": "image/webp",
      "Content-Length": String(preview.length),
      "X-Content-Type-Options": "nosniff",
    },
  });
}
