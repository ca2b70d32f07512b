// A visit's e-mails, through the outbox, written in the booking's own transaction: the
// confirmation (to the visitor and to the agent, each with the .ics invitation), the reminder the
// day before (an outbox row held until 09:00 in Maceió of the previous day: `enqueue`'s `at`), and
// the cancellation. Each is built when sent, from the visit as it is then: a reminder or
// confirmation of a visit cancelled meanwhile sends nothing. A rescheduled visit's confirmation
// says "remarcada", with the time before, and moves the calendar event the first booking made.
import { eq } from "drizzle-orm";
import { maceioClock } from "../../lib/maceio-time";
import { addDays } from "../../lib/rental";
import { visitMoment } from "../../lib/visit-slots";
import type { Db, Tx } from "../db/client.server";
import { agencySettings, users } from "../db/schema.server";
import { canSee } from "../leads/inbox.server";
import { sendBrandedMail } from "../mail/branded-mail.server";
import { type MailTransport, safeAddress } from "../mail/mailer.server";
import type { Storage } from "../media/storage.server";
import { enqueue, type OutboxHandler } from "../outbox/outbox.server";
import { buildIcs } from "./ics.server";
import { visitLinkPath, visitToken } from "./links.server";
import { type EarlierVisit, getVisit, rescheduledFrom, type VisitView, visitPlace } from "./visits.server";

export const VISIT_EMAIL_KIND = "visit-email";

export type VisitEmailType = "confirmacao" | "lembrete" | "cancelamento";

export interface VisitEmailPayload {
  visitId: number;
  type: VisitEmailType;
  recipient: "visitante" | "corretor";
}

/** 09:00 in Maceió of the day before the visit. */
export function reminderAt(startsAt: Date): Date {
  const day = new Date(`${maceioClock(startsAt).day}T09:00:00-03:00`);
  return new Date(day.getTime() - 86_400_000);
}

/**
 * Queues a visit's messages in the caller's transaction. A confirmation also queues the visitor's
 * reminder, unless its moment has passed by `now` (a visit booked for tomorrow afternoon).
 */
export async function enqueueVisitEmails(
  tx: Db | Tx,
  visitId: number,
  type: "confirmacao" | "cancelamento",
  startsAt: Date,
  now: Date,
): Promise<void> {
  // Due from `now` (the caller's clock, as the reminder's moment is), not from the database's.
  for (const recipient of ["visitante", "corretor"] as const)
    await enqueue(tx, VISIT_EMAIL_KIND, { visitId, type, recipient } satisfies VisitEmailPayload, {
      at: now,
    });
  const at = reminderAt(startsAt);
  if (type === "confirmacao" && at.getTime() > now.getTime())
    await enqueue(
      tx,
      VISIT_EMAIL_KIND,
      { visitId, type: "lembrete", recipient: "visitante" } satisfies VisitEmailPayload,
      { at },
    );
}

/**
 * The calendar event a visit's .ics describes. A reschedule books a new visit row and cancels the
 * old one (rescheduleVisit in visits.server.ts), but to the visitor and the agent it is one visit
 * moved: the event keeps the first visit's UID, and its SEQUENCE counts the changes (one per
 * reschedule, one more for a cancellation), so a calendar holding it moves or removes it in place
 * (RFC 5546 3.2.1, 3.2.5) instead of keeping the old time beside the new one.
 */
export function visitEvent(
  visit: Pick<VisitView, "id" | "status">,
  earlier: readonly EarlierVisit[],
  publicUrl: string,
): { uid: string; sequence: number } {
  return {
    uid: `visita-${earlier[0]?.id ?? visit.id}@${new URL(publicUrl).hostname || "localhost"}`,
    sequence: earlier.length + (visit.status === "cancelada" ? 1 : 0),
  };
}

export interface VisitEmail {
  subject: string;
  text: string;
  ics: string | null;
}

/** The message one recipient gets about a visit; null when there is nothing to send any more. */
export function buildVisitEmail(
  visit: VisitView,
  payload: VisitEmailPayload,
  context: {
    publicUrl: string;
    secret: string | undefined;
    agencyName: string;
    now: Date;
    /** Whether the agent may open the person's card (it may be another agent's): its link, if so. */
    leadVisible?: boolean;
    /** The visits this one was rescheduled from, the first booked first (rescheduledFrom). */
    rescheduledFrom: readonly EarlierVisit[];
  },
): VisitEmail | null {
  const cancelled = visit.status === "cancelada";
  if (payload.type !== "cancelamento" && cancelled) return null;
  // A reschedule's cancellation of the old visit is told by the new one's confirmation, whose .ics
  // moves the same calendar event (visitEvent).
  if (payload.type === "cancelamento" && visit.rescheduledToId !== null) return null;
  // Sent late (a retried message, a worker that was down): a confirmation once the visit has
  // begun, or "sua visita é amanhã" on any day but the one before, would only mislead.
  if (payload.type !== "cancelamento" && visit.startsAt.getTime() <= context.now.getTime()) return null;
  if (
    payload.type === "lembrete" &&
    addDays(maceioClock(context.now).day, 1) !== maceioClock(visit.startsAt).day
  )
    return null;
  const moment = visitMoment(visit.startsAt);
  const previous = context.rescheduledFrom.at(-1);
  const movedFrom = payload.type === "confirmacao" && previous ? visitMoment(previous.startsAt) : null;
  const listing = visit.referencia ? `${visit.titulo} (ref. ${visit.referencia})` : "o imóvel";
  const place = visitPlace(visit);
  const link = `${context.publicUrl}${visitLinkPath(visitToken(visit.id, visit.linkKey, context.secret))}`;
  const listingUrl = visit.referencia
    ? `${context.publicUrl}/casas/${encodeURIComponent(visit.referencia)}`
    : undefined;
  const ics = buildIcs({
    ...visitEvent(visit, context.rescheduledFrom, context.publicUrl),
    stamp: context.now,
    start: visit.startsAt,
    end: visit.endsAt,
    summary: `Visita: ${visit.titulo ?? "imóvel"}${visit.referencia ? ` (${visit.referencia})` : ""}`,
    description: [
      `Visita a ${listing} com ${visit.agentName ?? context.agencyName}.`,
      payload.recipient === "corretor" ? `Visitante: ${visit.name}, ${visit.phone}, ${visit.email}.` : "",
      payload.recipient === "visitante" ? `Cancelar ou remarcar: ${link}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    location: place || undefined,
    url: listingUrl,
    cancelled,
  });
  if (payload.recipient === "visitante") {
    const manage = `Para cancelar ou remarcar, use este link:\n${link}`;
    switch (payload.type) {
      case "confirmacao":
        if (movedFrom)
          return {
            subject: `Visita remarcada: ${moment}`,
            text: `Olá, ${visit.name}!\n\nSua visita a ${listing} foi remarcada de ${movedFrom} para ${moment} (horário de Maceió)${place ? `, em ${place}` : ""}, com ${visit.agentName ?? context.agencyName}. O corretor entrará em contato para combinar o ponto de encontro.\n\nO convite anexo (visita.ics) move a visita para o novo horário na sua agenda.\n\n${manage}\n\n${context.agencyName}`,
            ics,
          };
        return {
          subject: `Visita confirmada: ${moment}`,
          text: `Olá, ${visit.name}!\n\nSua visita a ${listing} está marcada para ${moment} (horário de Maceió)${place ? `, em ${place}` : ""}, com ${visit.agentName ?? context.agencyName}. O corretor entrará em contato para combinar o ponto de encontro.\n\nO convite para a sua agenda vai anexo (visita.ics).\n\n${manage}\n\n${context.agencyName}`,
          ics,
        };
      case "lembrete":
        return {
          subject: `Lembrete: sua visita é amanhã, ${moment}`,
          text: `Olá, ${visit.name}!\n\nLembrete: sua visita a ${listing} é amanhã, ${moment} (horário de Maceió), com ${visit.agentName ?? context.agencyName}.\n\n${manage}\n\n${context.agencyName}`,
          ics,
        };
      case "cancelamento":
        return {
          subject: `Visita cancelada: ${moment}`,
          text: `Olá, ${visit.name}!\n\nSua visita a ${listing} marcada para ${moment} foi cancelada. Se quiser, marque outro horário na página do imóvel${listingUrl ? `: ${listingUrl}/visita` : "."}\n\n${context.agencyName}`,
          ics,
        };
    }
  }
  if (payload.type === "lembrete") return null;
  const lead =
    visit.leadId !== null && context.leadVisible !== false
      ? `\n\nLead: ${context.publicUrl}/admin/leads/${visit.leadId}`
      : "";
  if (payload.type === "confirmacao" && movedFrom)
    return {
      subject: `Visita remarcada: ${moment}`,
      text: `O visitante remarcou a visita pelo site.\n\nImóvel: ${listing}\nHorário anterior: ${movedFrom}\nNovo horário: ${moment} (horário de Maceió)\nVisitante: ${visit.name}\nTelefone: ${visit.phone}\nE-mail: ${visit.email}${lead}\n\nO convite anexo (visita.ics) move a visita na sua agenda.\n\nA agenda: ${context.publicUrl}/admin/visitas`,
      ics,
    };
  return payload.type === "confirmacao"
    ? {
        subject: `Nova visita agendada: ${moment}`,
        text: `Uma visita foi agendada pelo site.\n\nImóvel: ${listing}\nQuando: ${moment} (horário de Maceió)\nVisitante: ${visit.name}\nTelefone: ${visit.phone}\nE-mail: ${visit.email}${lead}\n\nA agenda: ${context.publicUrl}/admin/visitas`,
        ics,
      }
    : {
        subject: `Visita cancelada: ${moment}`,
        text: `O visitante cancelou a visita.\n\nImóvel: ${listing}\nQuando: ${moment}\nVisitante: ${visit.name}, ${visit.phone}${lead}`,
        ics,
      };
}

/** The agent's address (the agency's for its own calendar); null when none. */
async function agentAddress(db: Db, visit: VisitView): Promise<string | null> {
  if (visit.agentId !== null) {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, visit.agentId));
    if (row) return safeAddress(row.email);
  }
  const [agency] = await db
    .select({ email: agencySettings.email })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return safeAddress(agency?.email);
}

/**
 * Whether the visit's agent may open the person's card: the card is one per person and may be
 * another agent's (inbox.server.ts visibleLeads), whose link would answer "Lead não encontrado".
 * Without an agent the e-mail goes to the agency's address, read by the admins.
 */
export async function agentMaySeeLead(db: Db, visit: VisitView): Promise<boolean> {
  if (visit.leadId === null || visit.agentId === null) return true;
  const [agent] = await db.select({ role: users.role }).from(users).where(eq(users.id, visit.agentId));
  if (!agent) return false;
  return (await canSee(db, { id: visit.agentId, role: agent.role }, visit.leadId)) !== null;
}

export function visitEmailHandler(
  db: Db,
  transport: MailTransport,
  publicUrl: string,
  options: { secret?: string; storage?: Pick<Storage, "url">; now?: () => Date } = {},
): OutboxHandler {
  return async (row) => {
    const payload = row.payload as unknown as VisitEmailPayload;
    const visit = await getVisit(db, Number(payload.visitId));
    if (!visit) return "skip";
    const [agency] = await db
      .select({ name: agencySettings.name })
      .from(agencySettings)
      .where(eq(agencySettings.id, 1));
    const email = buildVisitEmail(visit, payload, {
      publicUrl,
      secret: options.secret,
      agencyName: agency?.name ?? "Imobiliária",
      now: options.now?.() ?? new Date(),
      leadVisible: await agentMaySeeLead(db, visit),
      rescheduledFrom: await rescheduledFrom(db, visit.id),
    });
    if (!email) return "skip";
    const to = payload.recipient === "visitante" ? safeAddress(visit.email) : await agentAddress(db, visit);
    if (!to) return "skip";
    await sendBrandedMail({ db, transport, publicUrl, storage: options.storage }, row.id, {
      to,
      subject: email.subject,
      text: email.text,
      replyTo: payload.recipient === "corretor" ? visit.email : undefined,
      attachments: email.ics
        ? [
            {
              filename: "visita.ics",
              content: email.ics,
              contentType: `text/calendar; charset=utf-8; method=${visit.status === "cancelada" ? "CANCEL" : "PUBLISH"}`,
            },
          ]
        : undefined,
    });
    return undefined;
  };
}
