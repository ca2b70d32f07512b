// A call or a walk-in an agent records on /admin/leads (manual entry): three fields and how the
// person came. Shared by the form (names, limits) and its action (app/server/leads/manual.server.ts).
import { z } from "zod";
import { PHONE_HINT, readPhone } from "./phone";
import { MANUAL_LEAD_ORIGINS } from "./vocabulary";

export const MANUAL_LIMITS = { name: 120, phone: 30, interesse: 500 } as const;
export type ManualLeadField = "name" | "phone" | "interesse" | "como";
export type ManualLeadErrors = Partial<Record<ManualLeadField, string>>;

export const manualLeadSchema = z.object({
  name: z
    .string({ error: "Informe o nome." })
    .trim()
    .min(2, "Informe o nome.")
    .max(MANUAL_LIMITS.name, `Use no máximo ${MANUAL_LIMITS.name} caracteres.`),
  phone: z
    .string({ error: PHONE_HINT })
    .trim()
    .max(MANUAL_LIMITS.phone, "Telefone longo demais.")
    .transform((raw, ctx) => {
      const phone = readPhone(raw);
      if (!phone) {
        ctx.addIssue({ code: "custom", message: PHONE_HINT });
        return z.NEVER;
      }
      return phone;
    }),
  interesse: z
    .string()
    .trim()
    .max(MANUAL_LIMITS.interesse, `Use no máximo ${MANUAL_LIMITS.interesse} caracteres.`)
    .optional()
    .transform((v) => v ?? ""),
  como: z.enum(MANUAL_LEAD_ORIGINS, { error: "Escolha telefone ou visita." }).catch("telefone"),
});

export type ManualLeadInput = z.output<typeof manualLeadSchema>;
