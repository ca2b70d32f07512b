// What each form on a lead's screen posts (`intent`), and its answer: one handler per intent, so
// the route (app/routes/admin/lead.tsx) only checks who may act and turns the answer into a
// response. Bad input answers 400 with a Portuguese message (at its field when there is one), a
// conflict 409, a record the user may not see 404, a role that may not 403.
import { filledIn, formValues } from "../../lib/form-errors";
import { leadAssignSchema, leadNoteSchema, leadStatusSchema } from "../../lib/lead-inbox";
import type { NextActionErrors } from "../../lib/next-action";
import { type ProposalErrors, proposalAnswerSchema } from "../../lib/proposal";
import { formatIsoDate } from "../../lib/rental";
import { rowIdOf } from "../../lib/row-id";
import type { Db } from "../db/client.server";
import { PropertyAccessError } from "../properties/errors.server";
import { answerBookingRequest } from "../rentals/rentals.server";
import { type Actor, addLeadNote, assignLead, changeLeadStatus } from "./inbox.server";
import { setNextAction } from "./next-action.server";
import { answerProposal, recordProposal } from "./proposals.server";

export type LeadActionData =
  | {
      ok: true;
      intent: string;
      /** A confirmed stay: whether the guest's e-mail was queued (false: no usable address). */
      emailed?: boolean;
    }
  | {
      ok: false;
      intent: string;
      error: string;
      /** The next-action or proposal form's messages per field, and what was typed. */
      fieldErrors?: NextActionErrors & ProposalErrors & { contraValor?: string };
      values?: Record<string, string>;
      /** The proposal an answer was refused for. */
      proposalId?: number;
    };

export interface LeadIntentAnswer {
  status: 200 | 400 | 403 | 404 | 409;
  body: LeadActionData;
}

interface LeadIntent {
  db: Db;
  actor: Actor;
  /** The lead, which the actor may see (the route checked). */
  id: number;
  form: FormData;
  intent: string;
}

const done = (intent: string): LeadIntentAnswer => ({ status: 200, body: { ok: true, intent } });
const refused = (
  status: LeadIntentAnswer["status"],
  intent: string,
  error: string,
  more: Partial<Extract<LeadActionData, { ok: false }>> = {},
): LeadIntentAnswer => ({ status, body: { ok: false, intent, error, ...more } });
const leadGone = (intent: string) => refused(404, intent, "Lead não encontrado.");
const CLOSED = "Este lead está encerrado: mude a etapa para retomar o atendimento antes de";

/** The pipeline step ("Etapa"). */
async function status({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const parsed = leadStatusSchema.safeParse({ status: form.get("status") });
  if (!parsed.success) return refused(400, intent, parsed.error.issues[0]?.message ?? "Etapa inválida.");
  return (await changeLeadStatus(db, actor, id, parsed.data.status)) ? done(intent) : leadGone(intent);
}

async function note({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const parsed = leadNoteSchema.safeParse({ body: form.get("body") ?? "" });
  if (!parsed.success) return refused(400, intent, parsed.error.issues[0]?.message ?? "Anotação inválida.");
  return (await addLeadNote(db, actor, id, parsed.data.body)) ? done(intent) : leadGone(intent);
}

async function nextAction({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const values = {
    data: String(form.get("data") ?? ""),
    hora: String(form.get("hora") ?? ""),
    tarefa: String(form.get("tarefa") ?? ""),
  };
  const result = await setNextAction(db, actor, id, values);
  if (result.ok) return done(intent);
  if (result.reason === "not-found") return leadGone(intent);
  if (result.reason === "closed") return refused(400, intent, `${CLOSED} marcar uma ação.`);
  return refused(400, intent, "Corrija os campos da próxima ação.", {
    fieldErrors: result.fieldErrors,
    values,
  });
}

export const BOOKING_NOT_YOURS =
  "Só o corretor deste imóvel ou um administrador pode responder a este pedido de reserva.";

/** A temporada booking request (decision 037): confirming takes its nights, or says they are taken. */
async function bookingRequest({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const contactId = rowIdOf(form.get("contactId"));
  if (contactId === null) return refused(400, intent, "Pedido de reserva inválido.");
  let answer: Awaited<ReturnType<typeof answerBookingRequest>>;
  try {
    answer = await answerBookingRequest(
      db,
      actor,
      id,
      contactId,
      intent === "reserva-confirmar" ? "confirmar" : "recusar",
      new Date(),
    );
  } catch (error) {
    // Seeing the lead is not managing its listing: only the listing's corretor or an admin answers
    // (they can cancel the stay later on the temporada screen; rentals.server.ts).
    if (!(error instanceof PropertyAccessError)) throw error;
    return error.status === 403
      ? refused(403, intent, BOOKING_NOT_YOURS)
      : refused(404, intent, "Imóvel não encontrado.");
  }
  switch (answer.status) {
    case "confirmed":
      return { status: 200, body: { ok: true, intent, emailed: answer.emailed } };
    case "declined":
      return done(intent);
    case "taken":
      return refused(
        409,
        intent,
        "Não foi possível confirmar: há noites dessas datas já reservadas ou bloqueadas. Veja o calendário do imóvel.",
      );
    case "answered":
      return refused(409, intent, "Este pedido já foi respondido.");
    case "expired":
      return refused(
        409,
        intent,
        `Não foi possível confirmar: a chegada (${formatIsoDate(answer.checkIn)}) já passou. Recuse o pedido ou combine novas datas com o hóspede.`,
      );
    case "unavailable":
      return refused(
        409,
        intent,
        "Não foi possível confirmar: o imóvel não está mais disponível para temporada (não publicado, vendido, alugado ou sem diária).",
      );
    case "refused":
      return refused(
        409,
        intent,
        `Não foi possível confirmar com as regras atuais do imóvel: ${answer.reason.charAt(0).toLowerCase()}${answer.reason.slice(1)}`,
      );
    case "not-found":
      return leadGone(intent);
  }
}

/** A proposal recorded (decision 048). */
async function proposal({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const values = formValues(form);
  const result = await recordProposal(db, actor, id, values);
  if (result.ok) return done(intent);
  if (result.reason === "not-found") return leadGone(intent);
  if (result.reason === "closed") return refused(400, intent, `${CLOSED} registrar uma proposta.`);
  return refused(400, intent, "Corrija os campos da proposta.", { fieldErrors: result.fieldErrors, values });
}

/** The answer to a proposal: the owner's, or the person's to a contraproposta. */
async function proposalAnswer({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  const proposalId = rowIdOf(form.get("proposalId"));
  if (proposalId === null) return refused(400, intent, "Proposta inválida.");
  const parsed = proposalAnswerSchema.safeParse(filledIn(formValues(form)));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Resposta inválida.";
    const atAmount = parsed.error.issues[0]?.path[0] === "contraValor";
    return refused(400, intent, message, {
      proposalId,
      fieldErrors: atAmount ? { contraValor: message } : undefined,
    });
  }
  const answer = await answerProposal(db, actor, id, proposalId, parsed.data);
  if (answer.ok) return done(intent);
  if (answer.reason === "answered") return refused(409, intent, "Esta proposta já foi respondida.");
  return refused(404, intent, "Proposta não encontrada.");
}

/** Who handles the lead: an admin's choice. */
async function assign({ db, actor, id, form, intent }: LeadIntent): Promise<LeadIntentAnswer> {
  if (actor.role !== "admin") return refused(403, intent, "Apenas administradores atribuem leads.");
  const parsed = leadAssignSchema.safeParse({ assigneeId: form.get("assigneeId") ?? "" });
  if (!parsed.success) return refused(400, intent, "Escolha um corretor.");
  const result = await assignLead(db, actor, id, parsed.data.assigneeId);
  if (result === "invalid-agent") return refused(400, intent, "Este corretor não existe ou está inativo.");
  return result === "ok" ? done(intent) : leadGone(intent);
}

const LEAD_INTENTS: Record<string, (request: LeadIntent) => Promise<LeadIntentAnswer>> = {
  status,
  note,
  "proxima-acao": nextAction,
  "reserva-confirmar": bookingRequest,
  "reserva-recusar": bookingRequest,
  proposta: proposal,
  "proposta-resposta": proposalAnswer,
  assign,
};

/** The answer to what a lead's form posted; an unknown intent is 400. */
export function runLeadIntent(request: LeadIntent): Promise<LeadIntentAnswer> {
  const handler = Object.hasOwn(LEAD_INTENTS, request.intent) ? LEAD_INTENTS[request.intent] : undefined;
  return handler ? handler(request) : Promise.resolve(refused(400, request.intent, "Ação desconhecida."));
}
