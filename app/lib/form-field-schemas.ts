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
