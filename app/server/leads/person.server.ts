// Who a lead is, for "one person, one thread" (docs/domain.md, Portal leads and threads): the same
// phone number or the same e-mail within THREAD_WINDOW_DAYS of their last contact is the same
// person, whose new contact joins their card instead of making a second one.

/** A new contact joins a card whose last contact is at most this old. */
export const THREAD_WINDOW_DAYS = 30;

/**
 * The phone's matching key: DDD + the last 8 digits. A Brazilian number arrives as
 * `+55 82 99999-8888`, `(82) 99999-8888`, `082 9999-8888` (trunk 0) or without the mobile's ninth
 * digit (`82 9999-8888`, how it was written before 2016 and how some people still type it): all
 * are `8299998888`. A landline's 8 digits start with 2–5 and a mobile's last 8 with 6–9, so
 * dropping the ninth digit never makes a mobile look like a landline. Without the DDD (8–9
 * digits) there is no key: the same number in another state is another person.
 */
export function phoneKey(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = raw.replace(/\D/g, "");
  if (digits.length >= 12 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length >= 11 && digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length !== 10 && digits.length !== 11) return null;
  if (digits.length === 11 && digits[2] !== "9") return null;
  return digits.slice(0, 2) + digits.slice(-8);
}

/** The e-mail as a matching key: trimmed, lower case (the inbox's index is on lower(email)). */
export function emailKey(raw: string | null | undefined): string | null {
  const email = raw?.trim().toLowerCase();
  return email ? email : null;
}
