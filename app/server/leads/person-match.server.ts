// Finding one person's rows by the e-mail or phone they gave (LGPD requests: lgpd.server.ts), in
// any table that keeps them as leads do (leads, captações).
import { eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { phoneKey } from "./person.server";

/**
 * Rows of a table with a person's e-mail and phone (leads, captações, visits) that are the person
 * with this e-mail or phone (phone compared by its digits, DDD included; also by its key where the
 * table keeps one).
 */
export function personMatchOn(
  columns: { email: AnyPgColumn; phone: AnyPgColumn; phoneKey?: AnyPgColumn },
  contato: string,
): SQL {
  const value = contato.trim();
  if (value.includes("@")) return eq(sql`lower(${columns.email})`, value.toLowerCase());
  let digits = value.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  const byDigits = sql`regexp_replace(coalesce(${columns.phone}, ''), '\\D', '', 'g') = ${digits}`;
  // The same phone written another way (without the ninth digit, with a trunk 0): person.server.ts.
  const key = phoneKey(value);
  return key && columns.phoneKey ? (or(byDigits, eq(columns.phoneKey, key)) as SQL) : byDigits;
}
