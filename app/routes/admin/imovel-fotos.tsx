// /admin/imoveis/:id/fotos — the photo manager's endpoint. A multipart POST uploads ONE photo;
// a form-encoded POST reorders, moves, sets the cover or alt text, or deletes. Answers JSON to
// the manager (Accept: application/json) and redirects back to the edit page for plain forms.
import { redirect } from "react-router";
import { parsePhotoAction } from "../../lib/photo-actions";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { ImageRejectedError } from "../../server/media/pipeline.server";
import { type Actor, loadManageable, parseId } from "../../server/properties/access.server";
import { PhotoRequestError, PropertyAccessError } from "../../server/properties/errors.server";
import { actorFor } from "../../server/properties/http.server";
import {
  addPhoto,
  deletePhoto,
  listPhotos,
  movePhoto,
  reorderPhotos,
  setAltText,
  setCover,
} from "../../server/properties/photos.server";
import { readPhotoUpload } from "../../server/properties/upload.server";
import type { Route } from "./+types/imovel-fotos";

const NO_STORE = { "Cache-Control": "no-store" };

function wantsJson(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

export async function loader({ request, url, context, params }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  try {
    const { db, storage } = context.get(requestContext).services;
    const photos = await listPhotos(db, storage, actorFor(user, request, context), parseId(params.id));
    return Response.json({ photos }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof PropertyAccessError) {
      return Response.json({ error: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}

type Outcome = { status: number; body: Record<string, unknown>; back?: string };

async function upload(request: Request, context: Route.ActionArgs["context"], actor: Actor, id: number) {
  const { db, storage } = context.get(requestContext).services;
  const file = await readPhotoUpload(request);
  const photo = await addPhoto(db, storage, actor, id, file.data, {
    altText: file.altText,
    position: file.position,
  });
  return { status: 201, body: { photo, message: "Foto enviada." }, back: "ok=fotos#fotos" } satisfies Outcome;
}

async function change(
  request: Request,
  context: Route.ActionArgs["context"],
  actor: Actor,
  id: number,
): Promise<Outcome> {
  const { db, storage } = context.get(requestContext).services;
  // Plain form posts are tiny; anything big here is not ours.
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > 64 * 1024) throw new PhotoRequestError(413, "Pedido grande demais.");
  const parsed = parsePhotoAction(await readForm(request));
  if (!parsed.success) {
    throw new PhotoRequestError(400, parsed.error.issues[0]?.message ?? "Pedido inválido.");
  }
  const action = parsed.data;
  switch (action.intent) {
    case "reorder":
      await reorderPhotos(db, actor, id, action.order);
      return { status: 200, body: { message: "Nova ordem salva." }, back: "ok=fotos#fotos" };
    case "move":
      await movePhoto(db, actor, id, action.photoId, action.direction);
      return { status: 200, body: { message: "Foto movida." }, back: `ok=fotos#foto-${action.photoId}` };
    case "cover":
      await setCover(db, actor, id, action.photoId);
      return { status: 200, body: { message: "Capa escolhida." }, back: "ok=fotos#fotos" };
    case "alt":
      await setAltText(db, actor, id, action.photoId, action.altText);
      return { status: 200, body: { message: "Descrição salva." }, back: `ok=fotos#foto-${action.photoId}` };
    case "delete":
      if (action.confirmar !== "sim") {
        return {
          status: 400,
          body: { error: "Confirme a exclusão da foto." },
          back: `excluirFoto=${action.photoId}#foto-${action.photoId}`,
        };
      }
      await deletePhoto(db, storage, actor, id, action.photoId);
      return { status: 200, body: { message: "Foto excluída." }, back: "ok=fotos#fotos" };
  }
}

function refusal(error: unknown): Outcome | null {
  if (error instanceof ImageRejectedError) {
    return { status: error.code === "tamanho" ? 413 : 400, body: { error: error.message, code: error.code } };
  }
  if (error instanceof PhotoRequestError || error instanceof PropertyAccessError) {
    return { status: error.status, body: { error: error.message } };
  }
  return null;
}

export async function action({ request, url, context, params }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const actor = actorFor(user, request, context);
  const json = wantsJson(request);
  let outcome: Outcome;
  try {
    const id = parseId(params.id);
    // Permission before reading the body: someone else's property is 403 before a byte of an
    // upload is stored, whatever the form says.
    await loadManageable(context.get(requestContext).services.db, actor, id);
    const multipart = /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");
    outcome = multipart
      ? await upload(request, context, actor, id)
      : await change(request, context, actor, id);
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    outcome = refused;
  }

  if (json) {
    return Response.json(outcome.body, { status: outcome.status, headers: NO_STORE });
  }
  // Plain forms (no JavaScript): back to the edit page, with the outcome in the query string.
  const editUrl = `/admin/imoveis/${params.id}`;
  if (outcome.status === 403 || outcome.status === 404) {
    return new Response(String(outcome.body.error), {
      status: outcome.status,
      headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  if (outcome.back) return redirect(`${editUrl}?${outcome.back}`, { status: 303, headers: NO_STORE });
  const message = encodeURIComponent(String(outcome.body.error ?? "Não foi possível concluir."));
  return redirect(`${editUrl}?erroFoto=${message}#fotos`, { status: 303, headers: NO_STORE });
}
