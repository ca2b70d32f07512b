// Per-IP limits on the public forms, counted in one place: here, at the edge, before React Router
// reads the request. An over-limit POST used to render the whole listing page (88 KB, 30–110 ms)
// just to say "too many": 20 of them in parallel from one address slowed every other visitor.
// Now each POST to one of these forms costs one counter upsert (rate-limit.server.ts, shared by
// every app instance) and, when it is over the limit:
// - a document POST (a browser without JavaScript) is answered right here with a small
//   Portuguese page holding a form with what the visitor typed, to send again later;
// - a JavaScript POST (React Router's `.data` request) or a resource route goes on to its action
//   with the verdict in the load context (`formLimit`), and the action answers its usual 429 data
//   at once, without counting again (formLimitExceeded below). React Router does not revalidate
//   after a 4xx action, so nothing is rendered for it either.
// Once an address is over a limit, this process remembers it until the window ends (no more
// database writes for it), and holds each of its answers OVER_LIMIT_DELAY_MS before sending it.
// Even the small answer costs ~0.5 ms of the one thread that also renders every page (Express's
// pipeline, reading the form): a script posting from 20 connections, each waiting only for the
// previous answer, took that thread ~400–900 times a second and tripled other visitors' listing
// p50 (bench/flood.ts). Held a second, those 20 connections get 20 answers a second. A person
// past the limit waits a second more for a page telling them to wait minutes. Floods from many
// connections or addresses are for the reverse proxy to cap (README, nginx `limit_req`).
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import type express from "express";
import { escapeHtml } from "../../lib/escape-html";
import { hitRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { LGPD_CONSENT_TEXT } from "../settings/agency-defaults.server";
import { cleanText } from "./clean-input.server";
import { MAX_FORM_BYTES } from "./request-guards.server";

/** What the edge found for this request's form: handed to the action through the load context. */
export interface FormLimitVerdict {
  limited: boolean;
  /** Seconds until the window ends (the 429's Retry-After). */
  retryAfterSeconds: number;
}

interface ResendField {
  name: string;
  label: string;
  kind: "text" | "email" | "tel" | "textarea" | "password" | "checkbox" | "hidden";
}

interface PublicForm {
  /** The counter's key prefix (per IP). */
  key: string;
  rule: RateLimitRule;
  /** The page path the form posts to (without React Router's `.data`). */
  path: RegExp;
  /** What the over-limit page says (and the action's 429 message). */
  message: string;
  /** The fields the over-limit page gives back; absent for a resource route (no page). */
  resend?: ResendField[];
}

/** The message of the lead forms (listing page, /sobre-nos) past their limit. */
export const LEAD_LIMIT_MESSAGE = "Muitas mensagens em pouco tempo. Tente de novo em alguns minutos.";
/** The sign-in's answer past its per-IP limit (the per-account turns are sign-in-turns.server.ts). */
export const SIGN_IN_LIMIT_MESSAGE =
  "Muitas tentativas de entrada a partir desta conexão. Aguarde um minuto e tente novamente.";
export const RECOVERY_LIMIT_MESSAGE =
  "Muitos pedidos de recuperação de senha a partir desta conexão. Aguarde alguns minutos e tente novamente.";

/** The search pages' "Receber novidades desta busca" past its limit (app/routes/public/alertas.tsx). */
export const ALERT_LIMIT_MESSAGE = "Muitos alertas criados em pouco tempo. Tente de novo em alguns minutos.";
/** Alerts created per IP: a family saving a few searches, not a script mailing strangers. */
export const ALERT_RULE: RateLimitRule = { limit: 10, windowMs: 10 * 60_000 };

const LEAD_FIELDS: ResendField[] = [
  { name: "name", label: "Nome", kind: "text" },
  { name: "phone", label: "Telefone ou WhatsApp", kind: "tel" },
  { name: "email", label: "E-mail", kind: "email" },
  { name: "message", label: "Mensagem", kind: "textarea" },
  { name: "consent", label: LGPD_CONSENT_TEXT, kind: "checkbox" },
];

/**
 * "Anuncie seu imóvel" without its photos (a file input cannot be filled back in); the type and
 * the finalidade go back as they were chosen.
 */
const CAPTACAO_FIELDS: ResendField[] = [
  { name: "name", label: "Seu nome", kind: "text" },
  { name: "phone", label: "Telefone ou WhatsApp", kind: "tel" },
  { name: "email", label: "E-mail", kind: "email" },
  { name: "tipo", label: "", kind: "hidden" },
  { name: "finalidade", label: "", kind: "hidden" },
  { name: "logradouro", label: "Endereço (rua e número)", kind: "text" },
  { name: "bairro", label: "Bairro", kind: "text" },
  { name: "cidade", label: "Cidade", kind: "text" },
  { name: "preco", label: "Valor pretendido (R$)", kind: "text" },
  { name: "message", label: "Mensagem", kind: "textarea" },
  { name: "consent", label: LGPD_CONSENT_TEXT, kind: "checkbox" },
];

/** Lead submissions per IP: enough for a family, too few for a spammer. */
export const LEAD_RULE: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };
/** The general contact form: enough for a person correcting a typo, not for a script. */
export const CONTACT_RULE: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };
/** "Anuncie seu imóvel": an owner with a few properties, not a script filling the disk with photos. */
export const CAPTACAO_RULE: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };
export const WHATSAPP_RULE: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };
/** At most 10 sign-in attempts per minute from one IP. */
export const SIGN_IN_IP_RULE: RateLimitRule = { limit: 10, windowMs: 60_000 };
/** Password-recovery requests per IP (each account also has its own cap: password-reset.server.ts). */
export const RECOVERY_IP_RULE: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };

export const PUBLIC_FORMS: readonly PublicForm[] = [
  {
    key: "lead",
    rule: LEAD_RULE,
    path: /^\/casas\/[^/]+\/?$/,
    message: LEAD_LIMIT_MESSAGE,
    resend: LEAD_FIELDS,
  },
  {
    // Booking a visit (/casas/:referencia/visita) and changing it from its link (/visita/:token).
    key: "visita",
    rule: LEAD_RULE,
    path: /^\/(casas\/[^/]+\/visita|visita\/[^/]+)\/?$/,
    message: LEAD_LIMIT_MESSAGE,
    resend: [...LEAD_FIELDS, { name: "slot", label: "", kind: "hidden" }],
  },
  {
    key: "contato",
    rule: CONTACT_RULE,
    path: /^\/sobre-nos\/?$/,
    message: LEAD_LIMIT_MESSAGE,
    resend: LEAD_FIELDS,
  },
  {
    key: "captacao",
    rule: CAPTACAO_RULE,
    path: /^\/anuncie-seu-imovel\/?$/,
    message: LEAD_LIMIT_MESSAGE,
    resend: CAPTACAO_FIELDS,
  },
  {
    key: "alerta",
    rule: ALERT_RULE,
    path: /^\/alertas\/?$/,
    message: ALERT_LIMIT_MESSAGE,
    resend: [
      { name: "email", label: "E-mail", kind: "email" },
      { name: "frequencia", label: "", kind: "hidden" },
      { name: "busca", label: "", kind: "hidden" },
      { name: "consent", label: "Autorizo o envio de e-mails com os imóveis desta busca.", kind: "checkbox" },
    ],
  },
  { key: "whatsapp", rule: WHATSAPP_RULE, path: /^\/api\/whatsapp\/?$/, message: LEAD_LIMIT_MESSAGE },
  {
    key: "sign-in:ip",
    rule: SIGN_IN_IP_RULE,
    path: /^\/login\/?$/,
    message: SIGN_IN_LIMIT_MESSAGE,
    resend: [
      { name: "email", label: "E-mail", kind: "email" },
      // Never written back into a page: the visitor types it again.
      { name: "password", label: "Senha", kind: "password" },
      { name: "redirectTo", label: "", kind: "hidden" },
    ],
  },
  {
    key: "recovery:ip",
    rule: RECOVERY_IP_RULE,
    path: /^\/recuperar-senha\/?$/,
    message: RECOVERY_LIMIT_MESSAGE,
    resend: [{ name: "email", label: "E-mail", kind: "email" }],
  },
];

const DATA_SUFFIX = ".data";
/** How long an over-limit answer is held (see the top of this file). */
export const OVER_LIMIT_DELAY_MS = 1000;

const secondsUntil = (date: Date, now: number) => Math.max(1, Math.ceil((date.getTime() - now) / 1000));

/** At most this many addresses remembered as over a limit (a flood from many addresses). */
const MAX_REMEMBERED = 10_000;

/**
 * The addresses this process knows to be over a form's limit, with when their window ends.
 * Within a window the shared counter only grows, so the verdict cannot change before then: a
 * flood's later posts are refused without another database write (each costs a few lookups).
 */
class OverLimit {
  private readonly until = new Map<string, number>();

  /** Ms until `key`'s window ends, when it is known to be over its limit; else null. */
  remaining(key: string, now: number): number | null {
    const until = this.until.get(key);
    if (until === undefined) return null;
    if (until > now) return until - now;
    this.until.delete(key);
    return null;
  }

  remember(key: string, until: number, now: number): void {
    if (this.until.size >= MAX_REMEMBERED) {
      for (const [known, end] of this.until) if (end <= now) this.until.delete(known);
      // Still full: forget the oldest (it is counted in the database again on its next post).
      const oldest = this.until.keys().next();
      if (this.until.size >= MAX_REMEMBERED && !oldest.done) this.until.delete(oldest.value);
    }
    this.until.set(key, until);
  }
}

/**
 * A request's path as React Router matches it to a route: percent-decoded, in lower case, with
 * repeated and trailing slashes folded and the data request's suffix (`.data`, `/_.data` for the
 * index) taken off. `/Login`, `/logi%6E` and `/login//` are the sign-in's action too, so they
 * count against its limit.
 */
export function routePathOf(raw: string): string {
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: cleanRequestUrl answers it 400 before any route runs.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, "/");
  if (path.endsWith(`/_${DATA_SUFFIX}`)) path = path.slice(0, -`/_${DATA_SUFFIX}`.length);
  else if (path.endsWith(DATA_SUFFIX)) path = path.slice(0, -DATA_SUFFIX.length);
  return path.replace(/\/+$/, "") || "/";
}

/** Express middleware: see the top of this file. Place after the write guards (body size, origin). */
export function limitPublicForms(db: Db): express.RequestHandler {
  const overLimit = new OverLimit();
  return async (req, res, next) => {
    if (req.method !== "POST") return next();
    const isData = req.path.endsWith(DATA_SUFFIX);
    const path = routePathOf(req.path);
    const form = PUBLIC_FORMS.find((candidate) => candidate.path.test(path));
    if (!form) return next();
    try {
      const key = `${form.key}:${req.ip ?? ""}`;
      const now = Date.now();
      let verdict: FormLimitVerdict;
      const known = overLimit.remaining(key, now);
      if (known !== null) {
        verdict = { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(known / 1000)) };
      } else {
        const rate = await hitRateLimit(db, key, form.rule, new Date(now));
        verdict = { limited: !rate.allowed, retryAfterSeconds: secondsUntil(rate.resetAt, now) };
        if (!rate.allowed) overLimit.remember(key, rate.resetAt.getTime(), now);
      }
      if (verdict.limited) {
        await sleep(OVER_LIMIT_DELAY_MS);
        // The client gave up meanwhile: nothing to answer.
        if (res.destroyed || req.socket.destroyed) return;
      }
      if (!verdict.limited || isData || !form.resend) {
        res.locals.formLimit = verdict;
        return next();
      }
      const values = await typedValues(req);
      res
        .status(429)
        .set({ "Retry-After": String(verdict.retryAfterSeconds), "Cache-Control": "no-store" })
        .type("html")
        // "Enviar de novo" posts back to the address as it was asked (not its folded form).
        .send(overLimitPage(form, req.path, values, verdict.retryAfterSeconds));
    } catch (error) {
      next(error);
    }
  };
}

/**
 * For an action: the 429's headers when the edge found this request over its form's limit, else
 * null. Actions check it before anything else and answer their usual 429 data.
 */
export function formLimitExceeded(context: {
  formLimit?: FormLimitVerdict;
}): { "Retry-After": string } | null {
  const verdict = context.formLimit;
  return verdict?.limited ? { "Retry-After": String(verdict.retryAfterSeconds) } : null;
}

/**
 * A form route's `headers` export: what its parents set, plus the action's Retry-After (React
 * Router passes an action's headers on only through the route's `headers`).
 */
export function headersWithRetryAfter({
  parentHeaders,
  actionHeaders,
}: {
  parentHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** The posted form's text fields, cleaned; empty when the body is not a form. */
async function typedValues(req: express.Request): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  // A form with photos ("Anuncie seu imóvel") is not read whole just to be refused, nor a body of
  // undeclared length (chunked): "Anuncie seu imóvel" counts its own bytes, so the write guards'
  // 411 does not run before this, and an endless body would be read into memory.
  const declared = req.get("content-length");
  if (declared === undefined || !(Number(declared) <= MAX_FORM_BYTES)) return values;
  try {
    if (req.is("application/x-www-form-urlencoded")) {
      // What a browser without JavaScript sends: read as it is, without a web stream.
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      for (const [name, value] of new URLSearchParams(Buffer.concat(chunks).toString("utf8"))) {
        if (!values.has(name)) values.set(cleanText(name), cleanText(value));
      }
      return values;
    }
    const body = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": req.get("content-type") ?? "" },
      body: Readable.toWeb(req) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    for (const [name, value] of await body.formData()) {
      if (typeof value === "string" && !values.has(name)) values.set(cleanText(name), cleanText(value));
    }
  } catch {
    // Not a form (or cut off): the page still says when to come back, with empty fields.
  }
  return values;
}

function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 segundo" : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

function fieldHtml(field: ResendField, values: Map<string, string>): string {
  const value = values.get(field.name) ?? "";
  const id = `campo-${field.name}`;
  const label = `<label for="${id}">${escapeHtml(field.label)}</label>`;
  switch (field.kind) {
    case "hidden":
      return value ? `<input type="hidden" name="${field.name}" value="${escapeHtml(value)}">` : "";
    case "password":
      return `<p>${label}<input id="${id}" name="${field.name}" type="password" autocomplete="current-password"></p>`;
    case "checkbox":
      return `<p class="check"><input id="${id}" name="${field.name}" type="checkbox"${value ? " checked" : ""}>${label}</p>`;
    case "textarea":
      return `<p>${label}<textarea id="${id}" name="${field.name}" rows="4">${escapeHtml(value)}</textarea></p>`;
    default:
      return `<p>${label}<input id="${id}" name="${field.name}" type="${field.kind}" value="${escapeHtml(value)}"></p>`;
  }
}

/** The small page a document POST over its limit gets (a few KB, no scripts, nothing to render). */
export function overLimitPage(
  form: Pick<PublicForm, "message" | "resend">,
  path: string,
  values: Map<string, string>,
  retryAfterSeconds: number,
): string {
  const fields = (form.resend ?? []).map((field) => fieldHtml(field, values)).join("\n");
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Muitos envios em pouco tempo</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;font-weight:600}input:not([type=checkbox]),textarea{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.check{display:flex;gap:.5rem;align-items:flex-start}.check label{font-weight:400}
button{padding:.6rem 1.2rem;font:inherit;background:#0b6e8a;color:#fff;border:0;border-radius:.3rem}</style></head>
<body><main><h1>Muitos envios em pouco tempo</h1>
<p role="alert">${escapeHtml(form.message)}</p>
<p>O que você escreveu está guardado abaixo: envie de novo daqui a ${waitText(retryAfterSeconds)}.</p>
<form method="post" action="${escapeHtml(path)}">
${fields}
<p><button type="submit">Enviar de novo</button></p>
</form>
<p><a href="${escapeHtml(path)}">Voltar à página</a></p>
</main></body></html>
`;
}
