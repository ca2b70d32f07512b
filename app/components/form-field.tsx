// A labelled form field with its error beside it (aria-invalid + aria-describedby), and a hook
// that runs the form's zod schema in the browser before submitting (the action runs it again).
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import type { core } from "zod";
import { type FieldErrors, fieldErrorsOf, formValues } from "../lib/form-errors";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Id prefix, when the same field name appears in several forms of one page. */
  idPrefix?: string;
}

export function Field({ label, name, error, hint, idPrefix = "", className, ...input }: FieldProps) {
  const id = `${idPrefix}${name}`;
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className={`form-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {error ? (
        <p className="form-field__error" id={`${id}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> {
  label: ReactNode;
  name: string;
  error?: string;
  /** Id prefix, when the same field name appears in several forms of one page (or a whole `id`). */
  idPrefix?: string;
  /**
   * The choices: value → what the visitor reads, in order. Pairs when the values are numbers (an
   * object would put numeric keys first, in numeric order).
   */
  options: Record<string, string> | ReadonlyArray<readonly [string | number, string]>;
  /** A first, empty choice ("Escolha") when none is chosen yet. */
  placeholder?: string;
}

export function SelectField({
  label,
  name,
  error,
  idPrefix = "",
  id: givenId,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const id = givenId ?? `${idPrefix}${name}`;
  const choices = Array.isArray(options) ? options : Object.entries(options);
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error ? (
        <p className="form-field__error" id={`${id}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "success" }) {
  if (!children) return null;
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/**
 * Validates the form with `schema` on submit; on failure it stops the submission, shows the
 * messages and focuses the first invalid field. Server errors are shown when there are no
 * newer browser-side ones.
 */
export function useClientValidation(
  schema: { safeParse(data: unknown): core.util.SafeParseResult<unknown> },
  serverErrors?: FieldErrors | null,
) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (serverErrors !== lastServerErrors) {
    // A new answer from the server replaces what the browser found before.
    setLastServerErrors(serverErrors);
    setClientErrors(null);
  }
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(formValues(new FormData(form)));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrorsOf(result.error);
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    const element = first ? form.elements.namedItem(first) : null;
    if (element instanceof HTMLElement) element.focus();
  }
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Id prefix, when the same field name appears in several forms of one page. */
  idPrefix?: string;
}

export function TextAreaField({ label, name, error, hint, idPrefix = "", ...textarea }: TextAreaFieldProps) {
  const id = `${idPrefix}${name}`;
  const describedBy = [hint ? `${id}-dica` : null, error ? `${id}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={`${id}-dica`}>
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textarea}
      />
      {error ? (
        <p className="form-field__error" id={`${id}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
