// Turning a zod failure into one Portuguese message per field, for forms.
import type { core } from "zod";

export type FieldErrors = Record<string, string>;

/** Any zod error: the classic API's and zod/mini's share this core type. */
export function fieldErrorsOf(error: core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A FormData as a plain object of strings (the last value wins; files are dropped). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/**
 * A form's fields without the blank ones, as the zod builders of form-field-schemas.ts expect: a
 * blank field is one not filled in (undefined), so "required" says so.
 */
export function filledIn(input: Record<string, unknown>): Record<string, string> {
  const filled: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (typeof value === "string" && value.trim() !== "") filled[name] = value;
  }
  return filled;
}
