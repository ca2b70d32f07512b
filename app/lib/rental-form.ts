// The forms of holiday rentals (decision 037): a listing's rates and rules (admin), the stay a
// visitor asks a quote for (the listing page's GET form and the booking request's hidden fields),
// and the nights an agent blocks. Every message is Portuguese and belongs to one field.
import { z } from "zod";
import type { StayValues } from "./rental";

export type { StayValues } from "./rental";

import {
  dayNumber,
  MAX_STAY_NIGHTS,
  type QuoteErrors,
  SEASON_KIND_KEYS,
  type Season,
  STAY_FIELDS,
} from "./rental";

/** Season rows the admin form offers (blank ones are ignored). */
export const SEASON_ROWS = 8;

export { isStayQuery, STAY_FIELDS, STAY_PARAM } from "./rental";

const money = (label: string) =>
  z
    .string()
    .trim()
    .transform((s) => (s === "" ? Number.NaN : Number(s.replace(/^R\$\s*/, "").replace(/\./g, ""))))
    .pipe(
      z
        .number({ error: `Informe ${label} em reais (número inteiro).` })
        .int(`Informe ${label} em reais (número inteiro).`)
        .min(0, `Informe ${label} em reais (número inteiro).`)
        .max(1_000_000, `${label[0]?.toUpperCase()}${label.slice(1)} vai até R$ 1.000.000.`),
    );

const whole = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((s) => (/^\d{1,4}$/.test(s) ? Number(s) : Number.NaN))
    .pipe(z.number({ error: message }).min(min, message).max(max, message));

const hhmm = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message);

const isoDate = (message: string) =>
  z
    .string()
    .trim()
    .refine((s) => !Number.isNaN(dayNumber(s)), message);

export const rentalTermsSchema = z.object({
  defaultRate: money("a diária padrão").refine((n) => n > 0, "Informe a diária padrão (maior que zero)."),
  minNights: whole("A estadia mínima vai de 1 a 90 noites.", 1, MAX_STAY_NIGHTS),
  cleaningFee: money("a taxa de limpeza"),
  securityDeposit: money("o caução"),
  maxGuests: whole("Informe de 1 a 50 hóspedes.", 1, 50),
  checkInTime: hhmm("Informe o horário de entrada como 14:00."),
  checkOutTime: hhmm("Informe o horário de saída como 11:00."),
  houseRules: z.string().max(5000, "As regras da casa vão até 5.000 caracteres."),
  inventory: z.string().max(10000, "O inventário vai até 10.000 caracteres."),
});

const seasonSchema = z.object({
  kind: z.enum(SEASON_KIND_KEYS, { error: "Escolha o tipo de temporada." }),
  start: isoDate("Informe a primeira noite (data)."),
  end: isoDate("Informe a última noite (data)."),
  rate: money("a diária").refine((n) => n > 0, "Informe a diária (maior que zero)."),
  minNights: whole("A estadia mínima vai de 1 a 90 noites.", 1, MAX_STAY_NIGHTS),
});

export type RentalTermsInput = z.infer<typeof rentalTermsSchema> & { seasons: Season[] };
export type RentalTermsErrors = Record<string, string>;
export type RentalTermsValues = Record<string, string>;

const seasonField = (i: number, name: keyof z.infer<typeof seasonSchema>) => `season-${i}-${name}`;

/** Reads the admin form: the terms and each non-blank season row, or the messages per field. */
export function parseRentalTerms(
  form: FormData,
):
  | { ok: true; input: RentalTermsInput }
  | { ok: false; errors: RentalTermsErrors; values: RentalTermsValues } {
  const values: RentalTermsValues = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value.slice(0, 10000);
  const errors: RentalTermsErrors = {};
  const parsed = rentalTermsSchema.safeParse({
    defaultRate: values.defaultRate ?? "",
    minNights: values.minNights ?? "",
    cleaningFee: values.cleaningFee ?? "0",
    securityDeposit: values.securityDeposit ?? "0",
    maxGuests: values.maxGuests ?? "",
    checkInTime: values.checkInTime ?? "",
    checkOutTime: values.checkOutTime ?? "",
    houseRules: values.houseRules ?? "",
    inventory: values.inventory ?? "",
  });
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  const seasons: Season[] = [];
  for (let i = 0; i < SEASON_ROWS; i++) {
    const row = {
      kind: values[seasonField(i, "kind")] ?? "",
      start: values[seasonField(i, "start")] ?? "",
      end: values[seasonField(i, "end")] ?? "",
      rate: values[seasonField(i, "rate")] ?? "",
      minNights: values[seasonField(i, "minNights")] || "1",
    };
    if (!row.kind && !row.start && !row.end && !row.rate) continue;
    const season = seasonSchema.safeParse(row);
    if (!season.success) {
      for (const issue of season.error.issues)
        errors[seasonField(i, issue.path[0] as keyof typeof row)] ??= issue.message;
      continue;
    }
    if (season.data.end < season.data.start) {
      errors[seasonField(i, "end")] = "A última noite deve ser igual ou depois da primeira.";
      continue;
    }
    const clash = seasons.find(
      (s) => s.kind === season.data.kind && s.start <= season.data.end && season.data.start <= s.end,
    );
    if (clash) {
      errors[seasonField(i, "start")] = "Duas temporadas do mesmo tipo não podem ter noites em comum.";
      continue;
    }
    seasons.push(season.data);
  }
  if (!parsed.success || Object.keys(errors).length) return { ok: false, errors, values };
  seasons.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return { ok: true, input: { ...parsed.data, seasons } };
}

const staySchema = z.object({
  chegada: isoDate("Informe a data de chegada."),
  saida: isoDate("Informe a data de saída."),
  hospedes: whole("Informe quantos hóspedes (número).", 1, 99),
});

export type StayRequest = { checkIn: string; checkOut: string; guests: number };

/** A stay from a URL or a form (`read` gives one field): the request, or messages per field. */
export function parseStay(
  read: (name: string) => unknown,
):
  | { ok: true; stay: StayRequest; values: StayValues }
  | { ok: false; errors: QuoteErrors; values: StayValues } {
  const values = {} as StayValues;
  for (const field of STAY_FIELDS) {
    const value = read(field);
    values[field] = typeof value === "string" ? value.slice(0, 12) : "";
  }
  const parsed = staySchema.safeParse(values);
  if (!parsed.success) {
    const errors: QuoteErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof QuoteErrors] ??= issue.message;
    return { ok: false, errors, values };
  }
  return {
    ok: true,
    stay: { checkIn: parsed.data.chegada, checkOut: parsed.data.saida, guests: parsed.data.hospedes },
    values,
  };
}

/** Blocking or unblocking nights (admin): first and last night, both included. */
export const blockSchema = z
  .object({
    from: isoDate("Informe a primeira noite."),
    to: isoDate("Informe a última noite."),
  })
  .refine((v) => v.to >= v.from, {
    message: "A última noite deve ser igual ou depois da primeira.",
    path: ["to"],
  })
  .refine((v) => dayNumber(v.to) - dayNumber(v.from) < 366, {
    message: "Bloqueie no máximo um ano de cada vez.",
    path: ["to"],
  });
