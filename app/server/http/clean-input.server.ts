// Text from outside is cleaned once, where it comes in, so no loader or action has to think
// about bytes: PostgreSQL refuses a NUL (0x00) in text, which turned a lead whose name held one
// into a 500 and a lost contact, and the other C0 controls are never meant in a form or address.
// - The address (cleanRequestUrl): malformed percent-encoding (a lone "%", "%E0%A4%A", bytes
//   that are not UTF-8) or an encoded control character in the path (nothing here is named by
//   one: /casas/%00) is a 400 with a short Portuguese page; in the query, control characters
//   are dropped before anything reads them, so a search with a stray NUL still answers.
// - Forms (cleanForm, used by read-form.server.ts and the photo upload): every text field loses
//   its NULs and other C0 controls, keeping tab and line breaks (a message's paragraphs).
import type express from "express";

/** C0 controls and DEL, except tab, line feed and carriage return (a textarea sends CRLF). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** `text` without NULs and other control characters; tab and line breaks stay. */
export function cleanText(text: string): string {
  return text.replace(CONTROLS_IN_TEXT, "");
}

/** A UTF-16 half without its other half: JSON can spell one ("\ud800"), jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Nesting kept in JSON stored as received; deeper is nothing a sender means (and would overflow the stack). */
const JSON_MAX_DEPTH = 32;

/**
 * A value parsed from a sender's JSON, made storable in a jsonb column: every string and key
 * cleaned (cleanText, a lone surrogate as U+FFFD: PostgreSQL refuses both "\u0000" and it) and
 * what is nested deeper than JSON_MAX_DEPTH as null.
 */
export function cleanJson(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return cleanText(value).replace(LONE_SURROGATE, "\uFFFD");
  if (value === null || typeof value !== "object") return value;
  if (depth >= JSON_MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [cleanJson(key), cleanJson(item, depth + 1)]),
  );
}

/** The same form with every text value cleaned (files are passed on as they came). */
export function cleanForm(form: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of form) {
    cleaned.append(cleanText(name), typeof value === "string" ? cleanText(value) : value);
  }
  return cleaned;
}

/** C0 controls and DEL: nothing on this site is addressed by one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/;
/** Encoded, except tab and line breaks, which free text in the query (the search words) may hold. */
const ENCODED_CONTROL_IN_QUERY = /%(?:0[0-8bcef]|1[0-9a-f]|7f)/gi;

export const MALFORMED_ADDRESS_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Endereço inválido</title></head>
<body><main><h1>Endereço inválido</h1>
<p>O endereço pedido tem caracteres que não puderam ser lidos. Confira o link ou volte à <a href="/">página inicial</a>.</p>
</main></body></html>
`;

/**
 * `text` percent-decoded, or null when its escapes are malformed or not UTF-8. Callers use the
 * result: the production bundler drops a call to decodeURIComponent whose result goes unused,
 * and a check written that way passed every address.
 */
function decoded(text: string): string | null {
  try {
    // Escapes are decoded one by one, whatever the separators around them: the whole query
    // decodes exactly when each of its names and values does.
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Express middleware: see the top of this file. */
export const cleanRequestUrl: express.RequestHandler = (req, res, next) => {
  const url = req.url;
  if (!url.includes("%")) return next();
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  const decodedPath = decoded(path);
  if (decodedPath === null || CONTROL.test(decodedPath) || decoded(query) === null) {
    res
      .status(400)
      .set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" })
      .type("html")
      .send(MALFORMED_ADDRESS_PAGE);
    return;
  }
  const cleanQuery = query.replace(ENCODED_CONTROL_IN_QUERY, "");
  if (cleanQuery !== query) {
    // Both: routing reads req.url, the React Router bridge and the page cache req.originalUrl.
    req.url = path + cleanQuery;
    req.originalUrl = req.url;
  }
  next();
};
