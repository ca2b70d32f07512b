// Forms of the sign-in screens, validated the same way in the browser and in the action.
import { z } from "zod";
import { newPasswordSchema } from "./password-rules";

export const emailSchema = z
  .string({ error: "Informe o e-mail." })
  .trim()
  .min(1, "Informe o e-mail.")
  .max(254, "E-mail longo demais.")
  .pipe(z.email({ error: "Informe um e-mail válido, ex.: nome@exemplo.com.br." }));

export const loginSchema = z.object({
  email: emailSchema,
  // Not the new-password policy: old passwords must still work. The cap keeps hashing cheap.
  password: z
    .string({ error: "Informe a senha." })
    .min(1, "Informe a senha.")
    .max(1024, "Senha longa demais."),
  redirectTo: z.string().optional(),
});

export const recoverySchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmation: z.string({ error: "Repita a nova senha." }),
  })
  .refine((value) => value.password === value.confirmation, {
    path: ["confirmation"],
    message: "As senhas não conferem.",
  });

export const INVALID_RESET_LINK_MESSAGE =
  "Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo.";
export const RECOVERY_SENT_MESSAGE =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 30 minutos.";
