// A Brazilian phone number as people type it: `+55 82 99999-8888`, `(82) 99999-8888`,
// `082 9999-8888` (trunk 0), `82 3333-4444`. Every form that takes a phone reads it here (the
// lead forms, the captação form, an agent's manual entry); the matching key for "one person, one
// thread" is phoneKey in app/server/leads/person.server.ts.

/** (82) 99999-9999 / (82) 3333-4444, or null when the number has no DDD or is not Brazilian. */
export function readPhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length >= 11 && digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length === 11 && digits[2] === "9")
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return null;
}

export const PHONE_HINT = "Informe o telefone com DDD, ex.: (82) 99999-9999.";
