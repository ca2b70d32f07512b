// New-password policy (NIST SP 800-63B): 10–128 characters, any characters, and not one of
// the most common passwords (common-passwords.txt, shipped beside this file).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/password-rules";
import commonPasswordsText from "./common-passwords.txt?raw";

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    commonPasswordsText
      .split("\n")
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== "" && !line.startsWith("#")),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/** null when the password may be used, else the message to show at the field. */
export function checkNewPassword(
  password: string,
  context: { email?: string; name?: string } = {},
): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Senha fraca: use ao menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (length > PASSWORD_MAX_LENGTH) return `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (isCommonPassword(password))
    return "Senha fraca: ela está na lista das senhas mais usadas. Escolha outra.";
  const lower = password.trim().toLowerCase();
  if (context.email && lower === context.email.trim().toLowerCase())
    return "Senha fraca: não use o seu e-mail como senha.";
  if (context.name && lower === context.name.trim().toLowerCase())
    return "Senha fraca: não use o seu nome como senha.";
  if (new Set(password).size === 1) return "Senha fraca: não repita um só caractere.";
  return null;
}
