// New-password policy (NIST SP 800-63B): 10–128 characters, any characters, no composition
// rules; refused when it is one of the most used passwords (common-passwords.json, shipped beside
// this file: public lists of the most leaked passwords plus patterns recurring in Brazilian leaks;
// JSON so that Vite, Vitest and the tsx scripts all import it without a loader) or when the strength estimate (password-strength.server.ts)
// finds it guessable: Portuguese words, names, years, keyboard runs, and the account's and the
// agency's own words. The message says why, in Portuguese, at the password field.
import { eq } from "drizzle-orm";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../lib/password-rules";
import type { Db } from "../db/client.server";
import { agencySettings } from "../db/schema.server";
import commonPasswordList from "./common-passwords.json";
import { estimateStrength, type PasswordOwner, type PenalisedKind } from "./password-strength.server";

export type { PasswordOwner };

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(commonPasswordList.map((password) => password.toLowerCase()));
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

const LEANS_ON: Record<PenalisedKind, string> = {
  name: "o seu nome",
  email: "o seu e-mail",
  agency: "o nome ou o e-mail da imobiliária",
  trade: "palavras do ramo (como “imobiliária” ou “corretor”)",
};

const ADVICE =
  "Use uma frase de quatro ou mais palavras que não tenham a ver com você nem com a imobiliária.";

/**
 * null when the password may be used, else the message to show at the field. `owner` names the
 * person and the agency, whose words make a password easy to guess.
 */
export async function checkNewPassword(password: string, owner: PasswordOwner = {}): Promise<string | null> {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Senha fraca: use ao menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (length > PASSWORD_MAX_LENGTH) return `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  if (isCommonPassword(password))
    return "Senha fraca: ela está na lista das senhas mais usadas. Escolha outra.";
  const estimate = await estimateStrength(password, owner);
  if (estimate.strongEnough) return null;
  if (estimate.uses.length > 0) {
    return `Senha fraca: não use ${estimate.uses.map((kind) => LEANS_ON[kind]).join(" nem ")} na senha. ${ADVICE}`;
  }
  const why = estimate.warning
    ? `${estimate.warning.charAt(0).toLowerCase()}${estimate.warning.slice(1)}`
    : "ela é fácil de adivinhar.";
  return `Senha fraca: ${why} ${ADVICE}`;
}

/** The agency's name and e-mail (none before the first start has written the settings). */
export async function agencyOf(db: Db): Promise<PasswordOwner["agency"]> {
  const [row] = await db
    .select({ name: agencySettings.name, email: agencySettings.email })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return row;
}
