// What every public form that takes a person's data shares (lead-form.tsx, captacao-form.tsx): the
// message under a field, the honeypot bots fill, and the LGPD consent box with its link to the policy.
import { Link } from "react-router";
import { HONEYPOT_FIELD } from "../lib/lead-fields";

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="lead-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

/** The honeypot and the consent box; `id` makes the form's element ids ("consent", "consent-erro"). */
export function TrapAndConsent({
  id,
  consentText,
  error,
}: {
  id: (field: string) => string;
  consentText: string;
  error?: string;
}) {
  return (
    <>
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div className="lead-form__trap" aria-hidden="true">
        <label htmlFor={id("website")}>Não preencha este campo</label>
        <input id={id("website")} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div className="lead-form__consent">
        <input
          id={id("consent")}
          name="consent"
          type="checkbox"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? id("consent-erro") : undefined}
        />
        <label htmlFor={id("consent")}>
          {consentText}{" "}
          <Link to="/politica-de-privacidade" target="_blank">
            Ler a política<span className="visually-hidden"> (abre em nova aba)</span>
          </Link>
        </label>
      </div>
      <FieldError id={id("consent-erro")} message={error} />
    </>
  );
}
