// Rules for a new password that the browser can check too (the server adds the
// common-password list). No composition rules: length is what makes a password strong.
import * as z from "zod/mini";

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const newPasswordSchema = z
  .string({ error: "Informe a senha." })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, `Senha fraca: use ao menos ${PASSWORD_MIN_LENGTH} caracteres.`),
    z.maxLength(PASSWORD_MAX_LENGTH, `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`),
  );
