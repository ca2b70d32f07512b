// Reading the "Anuncie seu imóvel" post (text fields and up to CAPTACAO_MAX_PHOTOS photos) without
// trusting its size: the body is counted as it streams and kept only up to the form's limit
// (the write guard leaves this path to us: server/app.ts). Past the limit the text fields are
// still read from the part kept (the form puts them before the photos, and a browser sends the
// fields in that order), so a post refused as too large does not lose what the owner typed.
import { CAPTACAO_FORM_MAX_BYTES } from "../../lib/captacao-fields";
import { cleanForm, cleanText } from "../http/clean-input.server";

/** Room for the multipart boundaries and part headers around the photos. */
const MULTIPART_OVERHEAD = 256 * 1024;
export const FORM_LIMIT = CAPTACAO_FORM_MAX_BYTES + MULTIPART_OVERHEAD;
/** Past this we stop reading at all (the client, still sending, may see the connection close). */
const DRAIN_LIMIT = FORM_LIMIT * 2;

export type CaptacaoBody =
  | { kind: "form"; form: FormData }
  | { kind: "too-large"; typed: Map<string, string> }
  | { kind: "unreadable" };

export async function readCaptacaoBody(request: Request): Promise<CaptacaoBody> {
  const contentType = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data;\s*boundary=/i.test(contentType);
  if (!multipart && !/^application\/x-www-form-urlencoded/i.test(contentType)) return { kind: "unreadable" };
  if (!request.body) return { kind: "form", form: new FormData() };
  const kept: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size < FORM_LIMIT) kept.push(value.subarray(0, FORM_LIMIT - size));
      size += value.byteLength;
      if (size > DRAIN_LIMIT) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    return { kind: "unreadable" };
  }
  const body = Buffer.concat(kept);
  if (size > FORM_LIMIT) {
    const boundary = contentType.match(/boundary=(?:"([^"]+)"|([^;]+))/i);
    const typed = multipart
      ? textFieldsBeforeFiles(body, (boundary?.[1] ?? boundary?.[2] ?? "").trim())
      : new Map();
    return { kind: "too-large", typed };
  }
  try {
    const form = await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return { kind: "form", form: cleanForm(form) };
  } catch {
    return { kind: "unreadable" };
  }
}

/**
 * The text parts of a multipart body up to its first file part (or its end), cleaned: what a
 * browser sent before the photos. A part cut off by the limit is left out.
 */
export function textFieldsBeforeFiles(body: Buffer, boundary: string): Map<string, string> {
  const fields = new Map<string, string>();
  if (!boundary) return fields;
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break; // the last part was cut off
    const part = body.subarray(start, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd === -1) break;
    const headers = part.subarray(0, headerEnd).toString("utf8");
    if (/filename=/i.test(headers)) break;
    const name = headers.match(/name="([^"]*)"/i)?.[1];
    // The part's value ends with the CRLF before the next delimiter.
    const value = part.subarray(headerEnd + 4, Math.max(headerEnd + 4, part.length - 2)).toString("utf8");
    if (name && !fields.has(name)) fields.set(cleanText(name), cleanText(value));
    at = next;
  }
  return fields;
}
