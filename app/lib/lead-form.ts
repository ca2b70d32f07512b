// The lead forms' schema (a listing's and /sobre-nos'), run by their actions (createLead in
// app/server/leads/capture.server.ts). Field names are the <input> names; messages are what the
// visitor reads at each field.
import { z } from "zod";
import { HONEYPOT_FIELD, LEAD_LIMITS, type LeadField, type LeadFieldErrors } from "./lead-fields";
import { PHONE_HINT, readPhone } from "./phone";

const MISSING_CONTACT = "Informe um telefone ou um e-mail para que possamos responder.";

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => (v ? v : null));

export const leadFormSchema = z.object({
  name: z
    .string({ error: "Informe seu nome." })
    .trim()
    .min(2, "Informe seu nome.")
    .max(LEAD_LIMITS.name, `Use no máximo ${LEAD_LIMITS.name} caracteres.`),
  phone: optionalText(30, "Telefone longo demais.").transform((v, ctx) => {
    if (v === null) return null;
    const phone = readPhone(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: PHONE_HINT });
      return z.NEVER;
    }
    return phone;
  }),
  email: optionalText(LEAD_LIMITS.email, "E-mail longo demais.").pipe(
    z.email({ message: "Informe um e-mail válido, ex.: nome@exemplo.com.br." }).nullable(),
  ),
  message: optionalText(LEAD_LIMITS.message, "Use no máximo 2.000 caracteres."),
  consent: z
    .string()
    .optional()
    .refine(
      (v) => v === "on" || v === "1" || v === "true",
      "Para enviar, autorize o contato marcando esta caixa.",
    ),
});

export type LeadFormValues = z.output<typeof leadFormSchema>;

export type LeadFormResult =
  | { ok: true; values: LeadFormValues }
  | { ok: false; fieldErrors: LeadFieldErrors };

/** Reads the form's fields (FormData or a plain object); empty inputs count as absent. */
export function parseLeadForm(input: FormData | Record<string, unknown>): LeadFormResult {
  const read = (key: string) => {
    const value = input instanceof FormData ? input.get(key) : input[key];
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const parsed = leadFormSchema.safeParse({
    name: read("name"),
    phone: read("phone"),
    email: read("email"),
    message: read("message"),
    consent: read("consent"),
  });
  const fieldErrors: LeadFieldErrors = {};
  // Checked here rather than in an object refinement, which zod skips when another field fails.
  if (!read("phone") && !read("email")) {
    fieldErrors.phone = MISSING_CONTACT;
    fieldErrors.email = MISSING_CONTACT;
  }
  if (parsed.success && !fieldErrors.phone) return { ok: true, values: parsed.data };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] as LeadField | undefined;
    if (field && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  return { ok: false, fieldErrors };
}

/** True when the honeypot was filled (a bot). */
export function isHoneypotFilled(input: FormData | Record<string, unknown>): boolean {
  const value = input instanceof FormData ? input.get(HONEYPOT_FIELD) : input[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}
