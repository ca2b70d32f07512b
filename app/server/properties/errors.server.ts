// Domain refusals the routes turn into HTTP answers. Messages are Portuguese and safe to show.
import type { PropertyField } from "../../lib/property-form";

/** The property (or photo) does not exist (404) or is not the actor's to manage (403). */
export class PropertyAccessError extends Error {
  readonly status: 403 | 404;

  constructor(status: 403 | 404, message?: string) {
    super(
      message ??
        (status === 404 ? "Imóvel não encontrado." : "Você não tem permissão para gerenciar este imóvel."),
    );
    this.name = "PropertyAccessError";
    this.status = status;
  }
}

/** A value the form sent is fine on its own but not acceptable here (e.g. a referência in use). */
export class PropertyFieldError extends Error {
  readonly field: PropertyField;

  constructor(field: PropertyField, message: string) {
    super(message);
    this.name = "PropertyFieldError";
    this.field = field;
  }
}

/** A photo request that cannot be honoured; `status` is 400, 404 or 409. */
export class PhotoRequestError extends Error {
  readonly status: 400 | 404 | 409 | 413;

  constructor(status: 400 | 404 | 409 | 413, message: string) {
    super(message);
    this.name = "PhotoRequestError";
    this.status = status;
  }
}

/** True for PostgreSQL's unique_violation, whether or not the driver error was wrapped. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
