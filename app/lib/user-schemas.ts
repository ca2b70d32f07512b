// The users screen's forms (admin only), shared by the browser and the action.
import { z } from "zod";
import { emailSchema } from "./auth-schemas";
import { newPasswordSchema } from "./password-rules";
import { rowIdSchema } from "./row-id";
import { USER_ROLE_KEYS } from "./vocabulary";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : null));

export const phoneSchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value.replace(/\D/g, "") : null))
  .refine((digits) => digits === null || /^(55)?\d{10,11}$/.test(digits), {
    message: "Informe o telefone com DDD, ex.: (82) 99999-9999.",
  });

const userFields = {
  name: z
    .string({ error: "Informe o nome." })
    .trim()
    .min(2, "Informe o nome completo.")
    .max(120, "Nome longo demais (máximo 120 caracteres)."),
  role: z.enum(USER_ROLE_KEYS, { error: "Escolha o papel: administrador ou corretor." }),
  creci: optionalText(30, "CRECI longo demais (máximo 30 caracteres)."),
  phone: phoneSchema,
};

export const userCreateSchema = z.object({
  ...userFields,
  email: emailSchema,
  password: newPasswordSchema,
});
export type UserCreateInput = z.output<typeof userCreateSchema>;

export const userUpdateSchema = z.object({ id: rowIdSchema, ...userFields });
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

export const userIdSchema = z.object({ id: rowIdSchema });

export const temporaryPasswordSchema = z.object({
  id: rowIdSchema,
  password: newPasswordSchema,
});

export const USER_INTENTS = ["create", "update", "deactivate", "reactivate", "set-password"] as const;
export const userIntentSchema = z.enum(USER_INTENTS, { error: "Ação desconhecida." });
