// Rules for a new password that the browser can check too (the server adds the common-password
// list and the strength estimate: app/server/auth/password-policy.server.ts). No composition
// rules: length and unpredictability are what make a password strong.
import * as z from "zod/mini";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** What the new-password fields say under their label. */
export const PASSWORD_HINT = `Ao menos ${PASSWORD_MIN_LENGTH} caracteres. Uma frase de quatro ou mais palavras, sem o seu nome nem o da imobiliária, é fácil de lembrar e difícil de adivinhar.`;

export const newPasswordSchema = z
  .string({ error: "Informe a senha." })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Senha fraca: use ao menos ${PASSWORD_MIN_LENGTH} caracteres.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`),
  );
