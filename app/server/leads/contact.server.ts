// The general contact form on /sobre-nos: same fields and schema as the listing form
// (app/lib/lead-form.ts), origin "formulario_contato", no listing. The lead, its e-mails (outbox)
// and the live event are written in one transaction: either all exist or none.
import type { LeadActionData } from "../../lib/lead-fields";
import { isHoneypotFilled, parseLeadForm } from "../../lib/lead-form";
import type { Db } from "../db/client.server";
import { leads } from "../db/schema.server";
import { LGPD_CONSENT_VERSION } from "../demo/agency-defaults.server";
import { LEAD_LIMIT_MESSAGE } from "../http/form-limits.server";
import { publishEvent } from "../realtime/events.server";
import { enqueueLeadNotifications } from "./notifications.server";

export interface ContactSubmission {
  status: 200 | 400;
  body: LeadActionData;
}

/** What was typed in a lead form, so a page rendered again (without JavaScript) keeps it. */
export function typedLeadValues(
  form: FormData,
): Partial<Record<"name" | "phone" | "email" | "message", string>> {
  return {
    name: String(form.get("name") ?? "").slice(0, 200),
    phone: String(form.get("phone") ?? "").slice(0, 40),
    email: String(form.get("email") ?? "").slice(0, 300),
    message: String(form.get("message") ?? "").slice(0, 2500),
  };
}

/**
 * A lead form's answer past its per-IP limit (counted at the edge: http/form-limits.server.ts),
 * with what was typed, to send later.
 */
export function leadLimitAnswer(form: FormData): LeadActionData {
  return { ok: false, values: typedLeadValues(form), formError: LEAD_LIMIT_MESSAGE };
}

/** The /sobre-nos form's POST (its per-IP limit is counted at the edge). */
export async function submitContactForm(
  db: Db,
  form: FormData,
  now: Date = new Date(),
): Promise<ContactSubmission> {
  const values = typedLeadValues(form);
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
