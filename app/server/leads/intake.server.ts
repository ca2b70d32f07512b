// Leads that other systems post: POST /api/portais/grupozap/leads (ZAP Imóveis, VivaReal, OLX,
// one JSON lead per request: docs/domain.md, Portal leads) and POST /api/leads (anything else: a
// landing page's server, Chaves na Mão or Imovelweb through an e-mail-to-webhook service; JSON or
// a form). Both are authenticated by their own secret (api-secrets.server.ts), bounded in size
// and in requests per address, idempotent by the sender's id, and stored before the 2xx through
// record.server.ts, the path every lead takes. A 4xx/5xx makes the portal retry, so only what it
// can never fix (a malformed body) is a 400; a referência we do not know still makes the lead.
import { z } from "zod";
import { readPhone } from "../../lib/phone";
import type { LeadOrigin } from "../../lib/vocabulary";
import { hitRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Config } from "../config.server";
import type { Db } from "../db/client.server";
import { cleanJson, cleanText } from "../http/clean-input.server";
import { limitStream } from "../http/limited-body.server";
import { listingByReferencia } from "../properties/referencia.server";
import { activeAgent } from "./active-agent.server";
import { isLeadSecret, type LeadApiSecretName, presentedSecret } from "./api-secrets.server";
import { recordLead } from "./record.server";

/** A lead is a few hundred bytes; 64 KB leaves room for long messages and fields added later. */
export const LEAD_API_MAX_BYTES = 64 * 1024;
/** Per address: a portal's burst after an outage passes, a script guessing secrets does not. */
export const LEAD_API_RULE: RateLimitRule = { limit: 120, windowMs: 60_000 };

const LEAD_API_PATH = /^\/api\/(portais\/grupozap\/)?leads\/?$/;
/** The lead endpoints count their own body bytes (server/app.ts: no 411 for a chunked body). */
export const isLeadApiPath = (path: string) => LEAD_API_PATH.test(path);

export interface IntakeContext {
  db: Db;
  config: Config;
  ip: string;
  now?: Date;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** The reasons a request is refused: codes that read the same in Portuguese and English. */
const refuse = {
  unauthorized: (challenge: string) =>
    json(401, { ok: false, error: "unauthorized" }, { "WWW-Authenticate": challenge }),
  tooLarge: () => json(413, { ok: false, error: "payload-too-large", maxBytes: LEAD_API_MAX_BYTES }),
  limited: (seconds: number) =>
    json(429, { ok: false, error: "too-many-requests" }, { "Retry-After": String(seconds) }),
  invalid: (error: string, fields?: Record<string, string>) =>
    json(400, { ok: false, error, ...(fields ? { fields } : {}) }),
  method: () => json(405, { ok: false, error: "method-not-allowed" }, { Allow: "POST" }),
};

/** Read past the limit before a 413 (a client still sending gets the answer, not a reset), up to this. */
const DRAIN_MAX_BYTES = 1024 * 1024;

class BodyTooLarge extends Error {}

/** The body as text, at most LEAD_API_MAX_BYTES (declared or counted); null when larger. */
async function readBounded(request: Request): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > DRAIN_MAX_BYTES) return null;
  if (!request.body) return "";
  const body = limitStream(request.body, LEAD_API_MAX_BYTES, DRAIN_MAX_BYTES, () => new BodyTooLarge());
  try {
    return await new Response(body).text();
  } catch (error) {
    if (error instanceof BodyTooLarge) return null;
    throw error;
  }
}

/** Rate limit, secret, body: what both endpoints check before reading the lead. */
async function admit(
  request: Request,
  ctx: IntakeContext,
  secret: LeadApiSecretName,
  challenge: string,
): Promise<{ ok: true; body: string } | { ok: false; response: Response }> {
  if (request.method !== "POST") return { ok: false, response: refuse.method() };
  const limit = await hitRateLimit(ctx.db, `lead-api:${ctx.ip}`, LEAD_API_RULE, ctx.now);
  if (!limit.allowed) {
    const seconds = Math.max(1, Math.ceil((limit.resetAt.getTime() - Date.now()) / 1000));
    return { ok: false, response: refuse.limited(seconds) };
  }
  const presented = presentedSecret(request.headers.get("authorization"), { bearer: secret === "generic" });
  if (!(await isLeadSecret(ctx.db, ctx.config, secret, presented)))
    return { ok: false, response: refuse.unauthorized(challenge) };
  const body = await readBounded(request);
  if (body === null) return { ok: false, response: refuse.tooLarge() };
  return { ok: true, body };
}

/** `text` cut to `max` UTF-16 units, never between the two halves of a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, cut).trimEnd();
}

/**
 * A known field as text, cut to `max`: an overlong one (a message past 5000 characters) is kept
 * shortened, not refused: a 400 would make the portal retry the same lead until it gives up.
 */
const optionalText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .nullable()
    .transform((v) => (v === undefined || v === null ? "" : clip(cleanText(String(v)).trim(), max)));

/** Grupo ZAP's lead (docs/domain.md): all strings; fields it adds later are kept, never refused. */
export const grupoZapLeadSchema = z.looseObject({
  leadOrigin: optionalText(50),
  timestamp: optionalText(50),
  originLeadId: optionalText(200).pipe(z.string().min(1, "required")),
  originListingId: optionalText(100),
  clientListingId: optionalText(50),
  name: optionalText(200),
  email: optionalText(300),
  ddd: optionalText(5),
  phone: optionalText(30),
  message: optionalText(5000),
});

/** leadOrigin as the portal names itself ("VivaReal", "Zap", "OLX"); another name is a portal still. */
export function portalOrigin(leadOrigin: string): LeadOrigin {
  const name = leadOrigin.toLowerCase().replace(/[^a-z]/g, "");
  if (name.startsWith("vivareal") || name === "viva") return "vivareal";
  if (name.startsWith("zap")) return "zap";
  if (name.startsWith("olx")) return "olx";
  return "portal";
}

const emailOrNull = (value: string) => (value && z.email().safeParse(value).success ? value : null);

/**
 * Who the lead is about: our listing by its referência in any case, or by one it had before
 * renamed (a portal's ad keeps the old one), with its corretor while active (a deactivated one's
 * lead goes to the roleta or the admins: active-agent.server.ts); null when unknown.
 */
async function listingOf(db: Db, referencia: string) {
  const listing = await listingByReferencia(db, referencia);
  return listing && { id: listing.id, corretorId: await activeAgent(db, listing.corretorId) };
}

function issuesOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    if (!fields[key])
      fields[key] = issue.code === "invalid_type" || issue.message === "required" ? "required" : "invalid";
  }
  return fields;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** POST /api/portais/grupozap/leads */
export async function receiveGrupoZapLead(request: Request, ctx: IntakeContext): Promise<Response> {
  const admitted = await admit(request, ctx, "grupozap", 'Basic realm="leads", charset="UTF-8"');
  if (!admitted.ok) return admitted.response;
  const payload = parseJson(admitted.body);
  if (payload === undefined || payload === null || typeof payload !== "object" || Array.isArray(payload))
    return refuse.invalid("invalid-json");
  const parsed = grupoZapLeadSchema.safeParse(payload);
  if (!parsed.success) return refuse.invalid("invalid-lead", issuesOf(parsed.error));
  const { leadOrigin, originLeadId, clientListingId, name, email, ddd, phone, message, ...rest } =
    parsed.data;
  const digits = `${ddd}${phone}`.replace(/\D/g, "");
  const validEmail = emailOrNull(email);
  if (!name && !digits && !validEmail) return refuse.invalid("invalid-lead", { name: "required" });
  const listing = await listingOf(ctx.db, clientListingId);
  // What we do not keep in a column stays with the contact: the portal's listing id, its
  // timestamp, and whatever it adds later, its text cleaned for jsonb (a NUL in it was a 500);
  // an e-mail or phone we cannot read, as received.
  const extra: Record<string, unknown> = { leadOrigin, ...rest };
  if (email && !validEmail) extra.email = email;
  const formatted = readPhone(digits);
  if (digits && !formatted) extra.phone = `${ddd} ${phone}`.trim();
  const result = await recordLead(ctx.db, {
    name: name || validEmail || formatted || "Sem nome",
    phone: formatted,
    email: validEmail,
    message,
    origin: portalOrigin(leadOrigin),
    propertyId: listing?.id ?? null,
    referencia: clientListingId || null,
    assigneeId: listing?.corretorId ?? null,
    external: { source: "grupozap", id: originLeadId },
    extra: cleanJson(extra) as Record<string, unknown>,
    now: ctx.now,
  });
  return result.status === "created"
    ? json(201, { ok: true, leadId: result.leadId })
    : json(200, { ok: true, duplicate: true, leadId: result.leadId });
}

/** /api/leads' fields, in JSON or a form. */
export const genericLeadSchema = z.object({
  name: optionalText(200),
  email: optionalText(300),
  phone: optionalText(40),
  message: optionalText(5000),
  referencia: optionalText(50),
  source: optionalText(80),
  externalId: optionalText(200),
});

function readGenericBody(request: Request, body: string): Record<string, unknown> | undefined {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) {
    const form = new URLSearchParams(body);
    return Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]));
  }
  const payload = parseJson(body);
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return undefined;
  return payload as Record<string, unknown>;
}

/** POST /api/leads */
export async function receiveGenericLead(request: Request, ctx: IntakeContext): Promise<Response> {
  const admitted = await admit(request, ctx, "generic", 'Bearer realm="leads", Basic realm="leads"');
  if (!admitted.ok) return admitted.response;
  const payload = readGenericBody(request, admitted.body);
  if (!payload) return refuse.invalid("invalid-body");
  const parsed = genericLeadSchema.safeParse({
    ...payload,
    // Common spellings of the id and the source by webhook services.
    externalId: payload.externalId ?? payload.external_id ?? payload.id,
    source: payload.source ?? payload.origem,
  });
  if (!parsed.success) return refuse.invalid("invalid-lead", issuesOf(parsed.error));
  const { name, email, phone, message, referencia, source, externalId } = parsed.data;
  const validEmail = emailOrNull(email);
  const formatted = readPhone(phone);
  const fields: Record<string, string> = {};
  if (!name) fields.name = "required";
  if (email && !validEmail) fields.email = "invalid";
  if (phone && !formatted) fields.phone = "invalid";
  if (!validEmail && !formatted) fields.contact = "required";
  if (Object.keys(fields).length > 0) return refuse.invalid("invalid-lead", fields);
  const label = source || "Integração";
  const listing = await listingOf(ctx.db, referencia);
  const result = await recordLead(ctx.db, {
    name,
    phone: formatted,
    email: validEmail,
    message,
    origin: "integracao",
    sourceLabel: label,
    propertyId: listing?.id ?? null,
    referencia: referencia || null,
    assigneeId: listing?.corretorId ?? null,
    external: externalId ? { source: `api:${label.toLowerCase()}`, id: externalId } : null,
    now: ctx.now,
  });
  return result.status === "created"
    ? json(201, { ok: true, leadId: result.leadId })
    : json(200, { ok: true, duplicate: true, leadId: result.leadId });
}
