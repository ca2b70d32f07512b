// A lead's next action as agents read and type it: a day, an optional time (Maceió's clock) and a
// short task. The form's schema (lead screen and its action), the inbox's two sections, where an
// action stands at a moment and how its due moment reads. Shared by the server and the screens.
import { z } from "zod";
import { day } from "./form-field-schemas";
import type { MaceioClock } from "./maceio-time";
import type { LeadStatus } from "./vocabulary";

export const NEXT_ACTION_MAX = 140;

/** Statuses that end a lead: a closed or lost lead has no next action. */
export const CLOSED_LEAD_STATUSES = ["fechado", "perdido"] as const satisfies readonly LeadStatus[];

export function isOpenLead(status: LeadStatus): boolean {
  return !(CLOSED_LEAD_STATUSES as readonly LeadStatus[]).includes(status);
}

/** What a new lead is given, due at once, so no open lead is without a next action. */
export const FIRST_CONTACT_TASK = "Fazer o primeiro contato";
/** What a lead brought back from fechado or perdido is given, due at once. */
export const REOPENED_TASK = "Retomar o contato";
/**
 * What a call or walk-in an agent records is given, due at once: they have just spoken to the
 * person, and choose the step that follows (migration 0012 gave it to open leads past "novo" too).
 */
export const CHOOSE_NEXT_TASK = "Definir a próxima ação";

/** The inbox's sections (?acao=): overdue, and due later today. */
export const NEXT_ACTION_VIEWS = { atrasadas: "Atrasadas", hoje: "Para hoje" } as const;
export type NextActionView = keyof typeof NEXT_ACTION_VIEWS;
export const NEXT_ACTION_VIEW_KEYS = Object.keys(NEXT_ACTION_VIEWS) as [NextActionView, ...NextActionView[]];

/** Where a next action stands: overdue (its day is past, or its time today is), due today, or later. */
export type NextActionState = "atrasada" | "hoje" | "futura";

/**
 * The same rule as the SQL of app/server/leads/next-action-due.server.ts: an action without a time
 * is due all day and overdue from the next Maceió midnight; one with a time, from that minute on.
 */
export function nextActionState(day: string, time: string | null, clock: MaceioClock): NextActionState {
  if (day < clock.day) return "atrasada";
  if (day > clock.day) return "futura";
  // HH:MM of HH:MM or HH:MM:SS (how PostgreSQL prints a time).
  return time !== null && time.slice(0, 5) < clock.time ? "atrasada" : "hoje";
}

const TIME_MESSAGE = "Informe um horário válido, ex.: 14:30, ou deixe em branco.";

/** The "Próxima ação" form: data (a date input's YYYY-MM-DD, or 25/03/2026 typed), hora (optional), tarefa. */
export const nextActionSchema = z.object({
  data: day("Informe a data."),
  hora: z
    .string({ error: TIME_MESSAGE })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, TIME_MESSAGE)
        .transform((value) => value.slice(0, 5))
        .nullable(),
    ),
  tarefa: z
    .string({ error: "Descreva a próxima ação." })
    .trim()
    .min(1, "Descreva a próxima ação.")
    .max(NEXT_ACTION_MAX, `Use no máximo ${NEXT_ACTION_MAX} caracteres.`),
});

export type NextActionInput = z.output<typeof nextActionSchema>;
export type NextActionField = keyof NextActionInput;
export type NextActionErrors = Partial<Record<NextActionField, string>>;
