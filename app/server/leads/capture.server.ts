// Lead capture from a listing's contact form: validated with the form's own schema, stored with
// the LGPD consent given (docs/domain.md) and assigned to the listing's corretor.
import { and, eq } from "drizzle-orm";
import type { LeadFieldErrors } from "../../lib/lead-fields";
import { isHoneypotFilled, parseLeadForm } from "../../lib/lead-form";
import type { Db } from "../db/client.server";
import { leads, properties } from "../db/schema.server";
import { LGPD_CONSENT_VERSION } from "../demo/agency-defaults.server";
import { agentsOf, publishEvent } from "../realtime/events.server";
import { enqueueLeadNotifications } from "./notifications.server";

export type CreateLeadResult =
  | { status: "created"; leadId: number }
  /** The honeypot was filled: answered like a success so the bot learns nothing, but not stored. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: LeadFieldErrors }
  /** The listing is gone, unpublished, sold or rented. */
  | { status: "unavailable" };

export interface CreateLeadInput {
  propertyId: number;
  /** The submitted form fields (FormData or an object with the same names). */
  form: FormData | Record<string, unknown>;
  now?: Date;
}

export async function createLead(db: Db, input: CreateLeadInput): Promise<CreateLeadResult> {
  if (isHoneypotFilled(input.form)) return { status: "ignored" };
  const parsed = parseLeadForm(input.form);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  const [property] = await db
    .select({ id: properties.id, status: properties.status, corretorId: properties.corretorId })
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.publicacao, "publicado")));
  if (!property || property.status === "vendido" || property.status === "alugado")
    return { status: "unavailable" };
  const { name, phone, email, message } = parsed.values;
  // The lead, its lead e-mails and its live event commit together or not at all.
  const lead = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(leads)
      .values({
        propertyId: property.id,
        name,
        phone,
        email,
        message: message ?? "",
        origin: "formulario_imovel",
        consentVersion: LGPD_CONSENT_VERSION,
        consentAt: input.now ?? new Date(),
        assigneeId: property.corretorId,
      })
      .returning({ id: leads.id });
    if (!row) throw new Error("lead: insert sem retorno");
    await enqueueLeadNotifications(tx, row.id);
    await publishEvent(tx, { type: "lead-created", id: row.id, agentIds: agentsOf(property.corretorId) });
    return row;
  });
  return { status: "created", leadId: lead.id };
}
