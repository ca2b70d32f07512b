// Zod builders for fields as a <form> sends them, with Portuguese messages. The FormData reader
// turns blank inputs into undefined, so "required" is a type error (undefined) and its message
// is the `error` given to the base type.
import { z } from "zod";

export const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

/** Whole reais as people type them: 850000, 850.000, R$ 850.000,00. */
export const money = (label: string, max: number) =>
  z
    .string()
    .transform((raw, ctx) => {
      const cleaned = raw.replace(/^R\$\s*/i, "").replace(/\s/g, "");
      if (!/^(\d+|\d{1,3}(\.\d{3})+)(,0{1,2})?$/.test(cleaned)) {
        ctx.addIssue({
          code: "custom",
          message: `${label}: informe o valor em reais, sem centavos (ex.: 850.000).`,
        });
        return z.NEVER;
      }
      const value = Number(cleaned.replace(/,0+$/, "").replace(/\./g, ""));
      if (value > max) {
        ctx.addIssue({ code: "custom", message: `${label}: valor alto demais.` });
        return z.NEVER;
      }
      return value;
    })
    .optional()
    .transform((v) => v ?? null);

export const integerIn = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${label}: use um número inteiro de ${min} a ${max}, sem pontos.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${label}: use um número de ${min} a ${max}.`)
        .max(max, `${label}: use um número de ${min} a ${max}.`),
    );

export const count = (label: string, max = 99) =>
  integerIn(label, 0, max)
    .optional()
    .transform((v) => v ?? 0);

export const optionalInteger = (label: string, min: number, max: number) =>
  integerIn(label, min, max)
    .optional()
    .transform((v) => v ?? null);

export const coordinate = (label: string, limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}([.,]\d+)?$/, `${label}: use um número decimal, ex.: -9.6658.`)
    .transform((v) => Number(v.replace(",", ".")))
    .pipe(
      z
        .number()
        .min(-limit, `${label}: entre -${limit} e ${limit}.`)
        .max(limit, `${label}: entre -${limit} e ${limit}.`),
    )
    .optional()
    .transform((v) => v ?? null);

export const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label}: endereço longo demais.`)
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === "https:" && url.hostname.includes(".");
      } catch {
        return false;
      }
    }, `${label}: informe um endereço completo começando com https://`)
    .optional()
    .transform((v) => v ?? null);

export const checkbox = z
  .boolean()
  .optional()
  .transform((v) => v === true);

/**
 * Sim / Não / Não informado, as three radio buttons send it: "sim" → true, "nao" → false, nothing
 * (the "Não informado" button's empty value) → null, which the site and the feeds leave unsaid.
 */
export const yesNoUnknown = (label: string) =>
  z
    .enum(["sim", "nao"], { error: `${label}: escolha Sim, Não ou Não informado.` })
    .optional()
    .transform((v) => (v === undefined ? null : v === "sim"));

export const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** "2026-02-31" and "2026-13-01" are no days (Date would roll them over or fail). */
export function isRealDate(value: string): boolean {
  const [year, month, date] = value.split("-").map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === date;
}

const DATE_MESSAGE = "Informe uma data válida, ex.: 25/03/2026.";

/**
 * A day as YYYY-MM-DD: what a date input sends, or 25/03/2026 typed where the browser has no date
 * input. Years outside 2000–2099 are typos (0202, 3026) rather than plans.
 */
export const day = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .transform((value) => {
      const typed = value.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
      return typed ? `${typed[3]}-${typed[2]?.padStart(2, "0")}-${typed[1]?.padStart(2, "0")}` : value;
    })
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
        .refine(isRealDate, DATE_MESSAGE)
        .refine((value) => value >= "2000-01-01" && value <= "2099-12-31", DATE_MESSAGE),
    );
