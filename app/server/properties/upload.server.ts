// Reading one uploaded photo from a multipart request without trusting its size: a declared
// Content-Length over the limit is refused before reading anything, and the body is counted
// as it streams, so a lying or chunked request is cut off at the limit instead of buffered.

import { uploadPositionSchema } from "../../lib/photo-actions";
import { cleanText } from "../http/clean-input.server";
import { limitStream } from "../http/limited-body.server";
import { MAX_INPUT_BYTES } from "../media/pipeline.server";
import { PhotoRequestError } from "./errors.server";

/** Room for the multipart boundaries, headers and the small text fields beside the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
export const TOO_LARGE_MESSAGE = "Arquivo grande demais: até 20 MB.";

export interface Upload {
  data: Buffer;
  fileName: string;
  altText: string | undefined;
  /** The place the agent chose for it (app/lib/photo-actions.ts); undefined = at the end. */
  position: number | undefined;
}

function readPosition(value: FormDataEntryValue | null): number | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const parsed = uploadPositionSchema.safeParse(value);
  if (!parsed.success) {
    throw new PhotoRequestError(400, parsed.error.issues[0]?.message ?? "Posição da foto inválida.");
  }
  return parsed.data;
}

/** The single file in field `foto` (and optional `altText` and `position`) of a multipart request. */
export async function readPhotoUpload(request: Request, maxBytes = MAX_INPUT_BYTES): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new PhotoRequestError(400, "Envie a foto como um formulário com arquivo (multipart/form-data).");
  }
  const limit = maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw new PhotoRequestError(413, TOO_LARGE_MESSAGE);
  if (!request.body) throw new PhotoRequestError(400, "Escolha uma foto para enviar.");

  const limited = limitStream(
    request.body,
    limit,
    limit * 2,
    () => new PhotoRequestError(413, TOO_LARGE_MESSAGE),
  );
  let form: FormData;
  try {
    form = await new Response(limited, { headers: { "Content-Type": contentType } }).formData();
  } catch (error) {
    if (error instanceof PhotoRequestError) throw error;
    if ((error as { cause?: unknown })?.cause instanceof PhotoRequestError)
      throw (error as { cause: unknown }).cause;
    throw new PhotoRequestError(400, "O envio chegou incompleto. Tente de novo.");
  }
  const files = form.getAll("foto").filter((v): v is File => typeof v !== "string");
  if (files.length === 0) throw new PhotoRequestError(400, "Escolha uma foto para enviar.");
  if (files.length > 1) throw new PhotoRequestError(400, "Envie uma foto por vez.");
  const file = files[0] as File;
  if (file.size > maxBytes) throw new PhotoRequestError(413, TOO_LARGE_MESSAGE);
  if (file.size === 0) throw new PhotoRequestError(400, "O arquivo está vazio.");
  const altText = form.get("altText");
  const position = readPosition(form.get("position"));
  return {
    data: Buffer.from(await file.arrayBuffer()),
    fileName: cleanText(file.name),
    altText: typeof altText === "string" ? cleanText(altText) : undefined,
    position,
  };
}
