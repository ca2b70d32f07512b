// A row's id as a URL or a form gives it: digits only, within PostgreSQL's integer (ids are
// `integer` columns). Anything else is no id, so a made-up one answers 404 or 400, never a
// database error ("value out of range for type integer") and a 500.
import { z } from "zod";

const ID = /^\d{1,9}$/;

/** The id, or null when `raw` is not one. */
export function rowIdOf(raw: unknown): number | null {
  if (typeof raw !== "string" || !ID.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The same rule inside a zod schema (forms, URL filters): a positive integer of at most 9 digits. */
export const rowIdSchema = z.coerce.number().int().positive().max(999_999_999);
