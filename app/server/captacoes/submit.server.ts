// An owner offers a property (/anuncie-seu-imovel): the form's text is checked first (the schema
// in app/lib/captacao-form.ts), then each photo by its bytes, and only then is anything written:
// the photos' files, and in one transaction the captação, its photo rows and the agency's e-mail.
// A refused post writes nothing; a failure after the files were written removes them. The per-IP
// limit is counted at the edge, before the body is read (app/server/http/form-limits.server.ts).
import {
  CAPTACAO_FORM_MAX_BYTES,
  CAPTACAO_MAX_PHOTOS,
  CAPTACAO_PHOTO_MAX_BYTES,
  CAPTACAO_TEXT_FIELDS,
  type CaptacaoActionData,
  type CaptacaoValues,
} from "../../lib/captacao-fields";
import { parseCaptacaoForm } from "../../lib/captacao-form";
import { isHoneypotFilled } from "../../lib/lead-form";
import type { Db } from "../db/client.server";
import { captacaoPhotos, captacoes } from "../db/schema.server";
import { cleanText } from "../http/clean-input.server";
import { LEAD_LIMIT_MESSAGE } from "../http/form-limits.server";
import { UNREADABLE_FORM } from "../http/read-form.server";
import { phoneKey } from "../leads/person.server";
import { defaultLogger, type Logger } from "../log/logger.server";
import { ImageRejectedError, MAX_INPUT_BYTES } from "../media/pipeline.server";
import type { Storage } from "../media/storage.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";
import { enqueueCaptacaoEmail } from "./emails.server";
import {
  type CheckedPhoto,
  checkPendingPhoto,
  pendingKeys,
  removePendingFiles,
  storePendingPhotos,
} from "./pending-photos.server";
import type { CaptacaoBody } from "./read-body.server";

// The form's promise to the owner is the pipeline's own limit.
if (CAPTACAO_PHOTO_MAX_BYTES !== MAX_INPUT_BYTES)
  throw new Error("captação: limite por foto diferente do envio");

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
export const TOO_LARGE_FORM_MESSAGE = `As fotos passam de ${mb(CAPTACAO_FORM_MAX_BYTES)} no total. Envie menos fotos, ou fotos menores, e tente de novo.`;
const TOO_MANY_PHOTOS = `Envie no máximo ${CAPTACAO_MAX_PHOTOS} fotos.`;

export interface CaptacaoSubmission {
  /** 200 received (or a bot answered as if), 400 messages at the fields, 413 too large. */
  status: 200 | 400 | 413;
  body: CaptacaoActionData;
  /** The new captação (absent for a refusal or a bot). */
  captacaoId?: number;
}

/** What was typed, bounded, so a page rendered again (without JavaScript) keeps it. */
function typedValues(read: (name: string) => string): CaptacaoValues {
  const values: CaptacaoValues = {};
  for (const field of CAPTACAO_TEXT_FIELDS) values[field] = read(field).slice(0, 2500);
  return values;
}

/** The over-limit answer (429) of a JavaScript post, counted at the edge (its form keeps what was typed). */
export function captacaoLimitAnswer(): CaptacaoActionData {
  return { ok: false, formError: LEAD_LIMIT_MESSAGE };
}

/** The files a browser sent; an empty file input sends one nameless empty part, which is no photo. */
function photosOf(form: FormData): File[] {
  return form
    .getAll("fotos")
    .filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
}

const photoName = (file: File) => cleanText(file.name).slice(0, 80) || "Uma das fotos";

/** Each photo checked (the first refusal, as a message for the photo field, stops it). */
async function checkPhotos(
  files: File[],
): Promise<{ ok: true; photos: CheckedPhoto[] } | { ok: false; message: string }> {
  if (files.length > CAPTACAO_MAX_PHOTOS) return { ok: false, message: TOO_MANY_PHOTOS };
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.size === 0) return { ok: false, message: `${photoName(file)}: o arquivo está vazio.` };
    if (file.size > CAPTACAO_PHOTO_MAX_BYTES)
      return {
        ok: false,
        message: `${photoName(file)}: arquivo grande demais (até ${mb(CAPTACAO_PHOTO_MAX_BYTES)} por foto).`,
      };
    try {
      const photo = await checkPendingPhoto(Buffer.from(await file.arrayBuffer()));
      // The same picture chosen twice is one photo.
      if (!photos.some((p) => p.hash === photo.hash)) photos.push(photo);
    } catch (error) {
      if (error instanceof ImageRejectedError)
        return { ok: false, message: `${photoName(file)}: ${error.message}` };
      throw error;
    }
  }
  return { ok: true, photos };
}

export async function submitCaptacao(
  services: { db: Db; storage: Storage; log?: Logger },
  body: CaptacaoBody,
  now: Date = new Date(),
): Promise<CaptacaoSubmission> {
  if (body.kind === "unreadable") return { status: 400, body: { ok: false, formError: UNREADABLE_FORM } };
  if (body.kind === "too-large") {
    return {
      status: 413,
      body: {
        ok: false,
        formError: TOO_LARGE_FORM_MESSAGE,
        fieldErrors: { fotos: TOO_LARGE_FORM_MESSAGE },
        values: typedValues((name) => body.typed.get(name) ?? ""),
        photosSent: 1,
      },
    };
  }
  const { form } = body;
  // A bot: answered like a success so it learns nothing, and nothing is kept.
  if (isHoneypotFilled(form)) return { status: 200, body: { ok: true, photos: 0 } };
  const values = typedValues((name) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  });
  const files = photosOf(form);
  const refuse = (fieldErrors: NonNullable<Extract<CaptacaoActionData, { ok: false }>["fieldErrors"]>) => ({
    status: 400 as const,
    body: { ok: false as const, fieldErrors, values, photosSent: files.length },
  });

  const parsed = parseCaptacaoForm(form);
  if (!parsed.ok) {
    // Cheap to say now; the photos' bytes are looked at once the text is right.
    return refuse(
      files.length > CAPTACAO_MAX_PHOTOS
        ? { ...parsed.fieldErrors, fotos: TOO_MANY_PHOTOS }
        : parsed.fieldErrors,
    );
  }
  const checked = await checkPhotos(files);
  if (!checked.ok) return refuse({ fotos: checked.message });

  const stored = await storePendingPhotos(services.storage, checked.photos);
  const v = parsed.values;
  try {
    const captacaoId = await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(captacoes)
        .values({
          name: v.name,
          phone: v.phone,
          email: v.email,
          phoneKey: phoneKey(v.phone),
          logradouro: v.logradouro,
          bairro: v.bairro,
          cidade: v.cidade,
          tipo: v.tipo,
          finalidade: v.finalidade,
          expectedPrice: v.preco,
          message: v.message ?? "",
          consentVersion: LGPD_CONSENT_VERSION,
          consentAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: captacoes.id });
      if (!row) throw new Error("captação: insert sem retorno");
      if (stored.length > 0) {
        await tx
          .insert(captacaoPhotos)
          .values(
            stored.map((photo, position) => ({ ...photo, captacaoId: row.id, position, createdAt: now })),
          );
      }
      await enqueueCaptacaoEmail(tx, row.id);
      return row.id;
    });
    return { status: 200, body: { ok: true, photos: stored.length }, captacaoId };
  } catch (error) {
    const left = await removePendingFiles(services.storage, pendingKeys(stored));
    if (left.length > 0)
      (services.log ?? defaultLogger()).warn({ keys: left }, "captação: arquivos de fotos não removidos");
    throw error;
  }
}
