// Lead capture: the contact form on a listing's page and the general one on /sobre-nos take this
// one path: a per-IP limit, the honeypot, the form's own schema (app/lib/lead-form.ts), then the
// lead with the LGPD consent given (docs/domain.md), recorded by record.server.ts (the path every
// lead takes: the person's card, its lead e-mails, its live event). A listing's lead goes to its
// corretor. The financing simulator's form is this form with the simulation in hidden fields: its
// summary heads the message (app/server/properties/financing.server.ts).
import { and, eq } from "drizzle-orm";
import { DEFAULT_FINANCING_RATE_BP } from "../../lib/financing-fields";
import type { LeadActionData, LeadFieldErrors } from "../../lib/lead-fields";
import { isHoneypotFilled, parseLeadForm } from "../../lib/lead-form";
import { maceioClock } from "../../lib/maceio-time";
import { parseStay, STAY_PARAM } from "../../lib/rental-form";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import { LEAD_LIMIT_MESSAGE } from "../http/form-limits.server";
import { safeAddress } from "../mail/mailer.server";
import { financingOffer, leadSimulation, type SimulationNote } from "../properties/financing.server";
import { getRentalTermsRow, quoteForListing, rentalOf, stayNote } from "../rentals/rentals.server";
import { LGPD_CONSENT_VERSION } from "../settings/agency-defaults.server";
import { activeListingAgentId } from "./active-agent.server";
import { recordLead } from "./record.server";

/** A simulation whose hidden fields were changed, or a listing that no longer offers one. */
export const INVALID_SIMULATION_MESSAGE =
  "Não foi possível enviar a simulação junto: refaça a simulação e envie de novo.";

/** Where a lead form was sent from: a listing's page (by its referência) or /sobre-nos. */
export type LeadFormSource = { referencia: string } | "contato";

export interface LeadSubmission {
  /** 200 sent (or a bot answered as if), 400 field messages, 404 no such listing, 409 sold. */
  status: 200 | 400 | 404 | 409;
  body: LeadActionData;
}

/** What was typed in a lead form, bounded, so a page rendered again (without JavaScript) keeps it. */
export function typedLeadValues(
  form: FormData,
): Partial<Record<"name" | "phone" | "email" | "message" | "consent", string>> {
  return {
    name: String(form.get("name") ?? "").slice(0, 200),
    phone: String(form.get("phone") ?? "").slice(0, 40),
    email: String(form.get("email") ?? "").slice(0, 300),
    message: String(form.get("message") ?? "").slice(0, 2500),
    // The consent box as it was ticked: a refused form (without JavaScript, a new page) keeps it.
    consent: form.get("consent") ? "sim" : "",
  };
}

/**
 * A lead form's answer past its per-IP limit (counted at the edge: http/form-limits.server.ts),
 * with what was typed, to send later.
 */
export function leadLimitAnswer(form: FormData): LeadActionData {
  return { ok: false, values: typedLeadValues(form), formError: LEAD_LIMIT_MESSAGE };
}

/**
 * A lead form's POST, from either page, answered as the page shows it. Its per-IP limit is
 * counted at the edge, before the form is read (app/server/http/form-limits.server.ts).
 */
export async function submitLeadForm(
  db: Db,
  form: FormData,
  source: LeadFormSource,
  now: Date = new Date(),
): Promise<LeadSubmission> {
  let propertyId: number | null = null;
  let note: SimulationNote | undefined;
  const values = typedLeadValues(form);
  if (source !== "contato") {
    const [listing] = await db
      .select({
        id: properties.id,
        finalidades: properties.finalidades,
        precoVenda: properties.precoVenda,
        precoSobConsulta: properties.precoSobConsulta,
        status: properties.status,
        precoAluguel: properties.precoAluguel,
        periodoAluguel: properties.periodoAluguel,
        quartos: properties.quartos,
      })
      .from(properties)
      .where(and(eq(properties.referencia, source.referencia), eq(properties.publicacao, "publicado")));
    if (!listing)
      return { status: 404, body: { ok: false, formError: "Este imóvel não está mais disponível." } };
    propertyId = listing.id;
    // The financing simulator's lead form carries the simulation: its summary goes in the message.
    const simulation = leadSimulation(form, financingOffer(listing, DEFAULT_FINANCING_RATE_BP));
    if (simulation.kind === "invalid")
      return { status: 400, body: { ok: false, values, formError: INVALID_SIMULATION_MESSAGE } };
    if (simulation.kind === "ok") note = simulation.note;
    // A temporada booking request carries the stay: quoted again here, from the database's rates
    // and taken nights, so the agent reads what the site would charge (decision 037).
    if (form.has(STAY_PARAM)) {
      const stay = await bookingRequestNote(db, listing, form, now);
      if (!stay.ok) return { status: 400, body: { ok: false, values, formError: stay.message } };
      note = stay.note;
    }
  }
  const result = await createLead(db, { propertyId, form, note, now });
  switch (result.status) {
    case "created":
    case "ignored":
      // A booking request without an address the mailer takes gets its answer by phone (the
      // confirmation e-mail goes only to a usable address: booking-email.server.ts).
      return {
        status: 200,
        body:
          form.has(STAY_PARAM) && !safeAddress(String(form.get("email") ?? ""))
            ? { ok: true, byPhone: true }
            : { ok: true },
      };
    case "invalid":
      return { status: 400, body: { ok: false, fieldErrors: result.fieldErrors, values } };
    case "unavailable":
      return {
        status: 409,
        body: { ok: false, values, formError: "Este imóvel não está mais disponível para contato." },
      };
  }
}

/** A stay that can no longer be booked as sent (taken meanwhile, or changed hidden fields). */
export const INVALID_STAY_MESSAGE = "Não foi possível enviar o pedido de reserva";

async function bookingRequestNote(
  db: Db,
  listing: Parameters<typeof rentalOf>[0],
  form: FormData,
  now: Date,
): Promise<{ ok: true; note: SimulationNote } | { ok: false; message: string }> {
  const rental = rentalOf(listing, await getRentalTermsRow(db, listing.id));
  const parsed = parseStay((name) => form.get(name) ?? undefined);
  if (!rental || !parsed.ok) return { ok: false, message: `${INVALID_STAY_MESSAGE}: refaça a cotação.` };
  const quoted = await quoteForListing(db, listing.id, rental, parsed.stay, maceioClock(now).day);
  if (!quoted.ok) {
    const reason = Object.values(quoted.errors)[0] ?? "refaça a cotação.";
    return {
      ok: false,
      message: `${INVALID_STAY_MESSAGE}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`,
    };
  }
  // The sender as createLead reads the same form (it refuses the lead when this parse fails): the
  // request keeps its own name and e-mail, which the card it joins may not have (rentals.server.ts).
  const sender = parseLeadForm(form);
  const guest = sender.ok
    ? { name: sender.values.name, email: sender.values.email }
    : { name: String(form.get("name") ?? ""), email: null };
  return { ok: true, note: stayNote(quoted.quote, guest) };
}

export type CreateLeadResult =
  | { status: "created"; leadId: number }
  /** The honeypot was filled: answered like a success so the bot learns nothing, but not stored. */
  | { status: "ignored" }
  | { status: "invalid"; fieldErrors: LeadFieldErrors }
  /** The listing is gone, unpublished, sold or rented. */
  | { status: "unavailable" };

export interface CreateLeadInput {
  /** The listing the form was on; null for the general contact form. */
  propertyId: number | null;
  /** The submitted form fields (FormData or an object with the same names). */
  form: FormData | Record<string, unknown>;
  /** Written above the visitor's message and kept with the contact (a financing simulation). */
  note?: SimulationNote;
  now?: Date;
}

/** The lead itself, once the request is allowed: validated, stored with its e-mails and event. */
export async function createLead(db: Db, input: CreateLeadInput): Promise<CreateLeadResult> {
  if (isHoneypotFilled(input.form)) return { status: "ignored" };
  const parsed = parseLeadForm(input.form);
  if (!parsed.ok) return { status: "invalid", fieldErrors: parsed.fieldErrors };
  let corretorId: number | null = null;
  let referencia: string | null = null;
  if (input.propertyId !== null) {
    const [property] = await db
      // The listing's corretor while active: a deactivated one's lead goes to the roleta or the
      // admins (active-agent.server.ts).
      .select({
        status: properties.status,
        corretorId: activeListingAgentId,
        referencia: properties.referencia,
      })
      .from(properties)
      .where(and(eq(properties.id, input.propertyId), eq(properties.publicacao, "publicado")));
    if (!property || property.status === "vendido" || property.status === "alugado")
      return { status: "unavailable" };
    corretorId = property.corretorId;
    referencia = property.referencia;
  }
  const { name, phone, email, message } = parsed.values;
  const now = input.now ?? new Date();
  const result = await recordLead(db, {
    name,
    phone,
    email,
    message: input.note ? [input.note.text, message].filter(Boolean).join("\n\n") : (message ?? ""),
    origin: input.propertyId === null ? "formulario_contato" : "formulario_imovel",
    extra: input.note?.extra ?? null,
    propertyId: input.propertyId,
    // Kept on the contact as portal and visit contacts keep theirs: lead_contacts.property_id
    // empties when the listing is deleted, and the lead page and the LGPD export still name it.
    referencia,
    assigneeId: corretorId,
    consent: { version: LGPD_CONSENT_VERSION, at: now },
    now,
  });
  if (result.status !== "created") throw new Error("lead: formulário sem id externo tido como repetido");
  return { status: "created", leadId: result.leadId };
}
