// Reading the settings form: plain fields, or a multipart post with the logo and the hero photo
// (the form works without JavaScript, so the files come with the rest). The body is counted as
// it streams (app/server/http/limited-body.server.ts): a lying Content-Length or an endless
// upload is cut off at the limit, never buffered.
import type { FieldErrors } from "../../lib/form-errors";
import { cleanForm } from "../http/clean-input.server";
import { limitStream } from "../http/limited-body.server";
import { readForm, UNREADABLE_FORM } from "../http/read-form.server";
import { BRAND_IMAGE_RULES, type BrandImageKind } from "./brand-images.server";
import type { BrandUploads } from "./update-settings.server";

/** Room for the texts (the privacy policy may be 100 000 characters), boundaries and headers. */
const TEXT_ROOM = 1024 * 1024;
const LIMIT = BRAND_IMAGE_RULES.logo.maxBytes + BRAND_IMAGE_RULES.heroPhoto.maxBytes + TEXT_ROOM;
export const TOO_LARGE_FORM = "O envio passou do limite: o logotipo pode ter até 5 MB e a foto, até 20 MB.";

/** The whole post is refused (413 too large, 400 unreadable); the message goes above the form. */
export class SettingsFormError extends Error {
  readonly status: 400 | 413;

  constructor(status: 400 | 413, message: string) {
    super(message);
    this.name = "SettingsFormError";
    this.status = status;
  }
}

export interface SettingsForm {
  form: FormData;
  uploads: BrandUploads;
  /** A file refused before any decoding (too large, more than one): its field and message. */
  fileErrors: FieldErrors;
  /** 413 when a file is over its size, else 400 (only meaningful with fileErrors). */
  fileStatus: 400 | 413;
}

async function readMultipart(request: Request, contentType: string): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > LIMIT) throw new SettingsFormError(413, TOO_LARGE_FORM);
  if (!request.body) return new FormData();
  const tooLarge = () => new SettingsFormError(413, TOO_LARGE_FORM);
  const limited = limitStream(request.body, LIMIT, LIMIT * 2, tooLarge);
  try {
    return cleanForm(await new Response(limited, { headers: { "Content-Type": contentType } }).formData());
  } catch (error) {
    if (error instanceof SettingsFormError) throw error;
    if ((error as { cause?: unknown })?.cause instanceof SettingsFormError) {
      throw (error as { cause: SettingsFormError }).cause;
    }
    throw new SettingsFormError(400, UNREADABLE_FORM);
  }
}

export async function readSettingsForm(request: Request): Promise<SettingsForm> {
  const contentType = request.headers.get("content-type") ?? "";
  const form = /^multipart\/form-data/i.test(contentType)
    ? await readMultipart(request, contentType)
    : await readForm(request);
  const uploads: BrandUploads = {};
  const fileErrors: FieldErrors = {};
  let fileStatus: 400 | 413 = 400;
  for (const kind of ["logo", "heroPhoto"] as const satisfies BrandImageKind[]) {
    // A file input left empty still sends a part: no name, no bytes.
    const files = form
      .getAll(kind)
      .filter((value): value is File => typeof value !== "string" && (value.size > 0 || value.name !== ""));
    if (files.length === 0) continue;
    const [file] = files as [File, ...File[]];
    if (files.length > 1) fileErrors[kind] = "Envie um arquivo só.";
    else if (file.size > BRAND_IMAGE_RULES[kind].maxBytes) {
      fileErrors[kind] = BRAND_IMAGE_RULES[kind].tooLarge;
      fileStatus = 413;
    } else uploads[kind] = Buffer.from(await file.arrayBuffer());
  }
  return { form, uploads, fileErrors, fileStatus };
}

/**
 * The colour the owner chose. The form has a colour picker and a text box for the same value;
 * without JavaScript nothing keeps them in step, so the one that differs from the saved colour
 * is the one that was changed (the text box first: it is what the page shows the value in).
 */
export function chosenBrandColor(text: string | undefined, picker: string | undefined, saved: string) {
  const differs = (value: string | undefined) => !!value && value.trim().toLowerCase() !== saved;
  if (differs(text)) return text;
  if (differs(picker)) return picker;
  return text ?? picker;
}
