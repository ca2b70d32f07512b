// The general contact form on /sobre-nos: same fields and schema as the listing form
// (app/lib/lead-form.ts), origin "formulario_contato", no listing. The lead, its e-mails (outbox)
// and the live event are written in one transaction: either all exist or none.
import type { LeadActionData } from "../../lib/lead-fields";
import { isHoneypotFilled, parseLeadForm } from "../../lib/lead-form";
import { hitRateLimit, type RateLimitRule } from "../auth/rate-limit.server";
import type { Db } from "../db/client.server";
import { leads } from "../db/schema.server";
import { LGPD_CONSENT_VERSION } from "../demo/agency-defaults.server";
import { publishEvent } from "../realtime/events.server";
import { enqueueLeadNotifications } from "./notifications.server";

/** Per IP: enough for a person correcting a typo, not for a script. */
export const CONTACT_RATE: RateLimitRule = { limit: 5, windowMs: 10 * 60_000 };

export interface ContactSubmission {
  status: 200 | 400 | 429;
  body: LeadActionData;
}

export async function submitContactForm(
  db: Db,
  form: FormData,
  ip: string,
  now: Date = new Date(),
): Promise<ContactSubmission> {
  const values = {
    name: String(form.get("name") ?? "").slice(0, 200),
    phone: String(form.get("phone") ?? "").slice(0, 40),
    email: String(form.get("email") ?? "").slice(0, 300),
    message: String(form.get("message") ?? "").slice(0, 2500),
  };
  const rate = await hitRateLimit(db, `contato:${ip}`, CONTACT_RATE, now);
  if (!rate.allowed) {
    return {
      status: 429,
      body: {
        ok: false,
        values,
        formError: "Muitas mensagens em pouco tempo. Tente de novo em alguns minutos.",
      },
    };
  }
  // A bot filled the hidden field: it reads a success and nothing is stored.
  if (isHoneypotFilled(form)) return { status: 200, body: { ok: true } };
  const parsed = parseLeadForm(form);
  if (!parsed.ok) return { status: 400, body: { ok: false, fieldErrors: parsed.fieldErrors, values } };
  const { name, phone, email, message } = parsed.values;
  await db.transaction(async (tx) => {
    const [lead] = await tx
      .insert(leads)
      .values({
        name,
        phone,
        email,
        message: message ?? "",
        origin: "formulario_contato",
        consentVersion: LGPD_CONSENT_VERSION,
        consentAt: now,
      })
      .returning({ id: leads.id });
    if (!lead) throw new Error("lead: insert sem retorno");
    await enqueueLeadNotifications(tx, lead.id);
    await publishEvent(tx, { type: "lead-created", id: lead.id, agentIds: [] });
  });
  return { status: 200, body: { ok: true } };
}
