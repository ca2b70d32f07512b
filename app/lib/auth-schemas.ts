// Forms of the sign-in screens, validated the same way in the browser and in the action.
// zod/mini (functions, not methods): the classic API cost the sign-in pages ~11 KB (gzip) more.
import * as z from "zod/mini";
import { newPasswordSchema } from "./password-rules";

export const emailSchema = z.pipe(
  z
    .string({ error: "Informe o e-mail." })
    .check(z.trim(), z.minLength(1, "Informe o e-mail."), z.maxLength(254, "E-mail longo demais.")),
  z.email({ error: "Informe um e-mail válido, ex.: nome@exemplo.com.br." }),
);

export const loginSchema = z.object({
  email: emailSchema,
  // Not the new-password policy: old passwords must still work. The cap keeps hashing cheap.
  password: z
    .string({ error: "Informe a senha." })
    .check(z.minLength(1, "Informe a senha."), z.maxLength(1024, "Senha longa demais.")),
  redirectTo: z.optional(z.string()),
});

export const recoverySchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z
  .object({
    password: newPasswordSchema,
    confirmation: z.string({ error: "Repita a nova senha." }),
  })
  .check(
    z.refine((value) => value.password === value.confirmation, {
      path: ["confirmation"],
      message: "As senhas não conferem.",
    }),
  );

export const INVALID_RESET_LINK_MESSAGE =
  "Este link de redefinição é inválido, já foi usado ou expirou. Peça um novo.";
export const RECOVERY_SENT_MESSAGE =
  "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 30 minutos.";
