// The agency settings form (/admin/configuracoes), validated in the browser and in the action.
import { z } from "zod";
import { contrastMessage, normalizeHex, passesContrast } from "./brand-color";
import { parsePercent, TAXA_MAX } from "./financing-fields";

const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .optional()
    .transform((value) => value ?? "");

const httpsUrl = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      message: `${label}: informe um endereço completo começando com https://`,
    });

const optionalEmail = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value ?? "")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: `${label}: informe um e-mail válido, ex.: contato@exemplo.com.br.`,
    });

const PHONE = /^(55)?\d{10,11}$/;

export const settingsSchema = z.object({
  name: z
    .string({ error: "Informe o nome da imobiliária." })
    .trim()
    .min(2, "Informe o nome da imobiliária.")
    .max(120, "Nome: no máximo 120 caracteres."),
  creci: z
    .string({ error: "Informe o CRECI da imobiliária." })
    .trim()
    .min(2, "Informe o CRECI da imobiliária, ex.: 1234-J.")
    .max(40, "CRECI: no máximo 40 caracteres."),
  /** One number per line; stored as digits. */
  phones: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const lines = (value ?? "")
        .split(/[\n,;]/)
        .map((line) => line.trim())
        .filter(Boolean);
      if (lines.length > 5) {
        ctx.addIssue({ code: "custom", message: "Informe no máximo 5 telefones." });
        return z.NEVER;
      }
      const bad = lines.find((line) => !PHONE.test(line.replace(/\D/g, "")));
      if (bad) {
        ctx.addIssue({
          code: "custom",
          message: `Telefone inválido: "${bad}". Use o DDD, ex.: (82) 3333-4444.`,
        });
        return z.NEVER;
      }
      return lines.map((line) => line.replace(/\D/g, ""));
    }),
  whatsapp: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ?? "").replace(/\D/g, ""))
    .refine((digits) => digits === "" || PHONE.test(digits), {
      message: "WhatsApp inválido: informe o número com DDD, ex.: (82) 99999-9999.",
    }),
  email: optionalEmail("E-mail"),
  address: text(300, "Endereço"),
  videoChannelUrl: httpsUrl("Canal de vídeos"),
  instagram: httpsUrl("Instagram"),
  facebook: httpsUrl("Facebook"),
  tiktok: httpsUrl("TikTok"),
  linkedin: httpsUrl("LinkedIn"),
  aboutText: text(20_000, "Sobre nós"),
  privacyText: text(100_000, "Política de privacidade"),
  dpoName: text(120, "Encarregado (DPO)"),
  dpoEmail: optionalEmail("E-mail do encarregado"),
  /** Sent to a guest whose temporada stay is confirmed (app/server/rentals/booking-email.server.ts). */
  rentalPaymentText: text(2000, "Instruções de pagamento da temporada"),
  feedToken: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || /^[A-Za-z0-9_-]{16,128}$/.test(value), {
      message: "Chave dos portais: de 16 a 128 letras, números, - ou _ (ou deixe em branco).",
    }),
  /**
   * The financing simulator's starting rate, "11,5" (% a.a.), stored in basis points; absent keeps
   * the saved rate (a form from before the field existed).
   */
  financingRate: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return null;
      const percent = parsePercent(value);
      if (!(percent >= 0 && percent <= TAXA_MAX)) {
        ctx.addIssue({
          code: "custom",
          message: `Taxa de juros: de 0 a ${TAXA_MAX} % ao ano, ex.: 11,5.`,
        });
        return z.NEVER;
      }
      return Math.round(percent * 100);
    }),
  /** "#rrggbb"; absent or blank keeps the saved colour (a form from before the field existed). */
  brandColor: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const hex = normalizeHex(value);
      if (!hex) {
        ctx.addIssue({ code: "custom", message: "Cor da marca: use o formato #RRGGBB, ex.: #0b6e8a." });
        return z.NEVER;
      }
      if (!passesContrast(hex)) {
        ctx.addIssue({ code: "custom", message: contrastMessage(hex) });
        return z.NEVER;
      }
      return hex;
    }),
  /** Checkboxes: take the saved logo / hero photo away. */
  removeLogo: z
    .string()
    .optional()
    .transform((value) => value === "sim"),
  removeHeroPhoto: z
    .string()
    .optional()
    .transform((value) => value === "sim"),
});

export type SettingsInput = z.output<typeof settingsSchema>;
/** The social profiles; the YouTube channel is videoChannelUrl (one field, not two). */
export const SOCIAL_KEYS = ["instagram", "facebook", "tiktok", "linkedin"] as const;
