// What every public form that takes a person's data shares (lead-form.tsx, captacao-form.tsx,
// routes/public/visita-agendar.tsx): the message under a field, the phone field, the honeypot bots
// fill, and the LGPD consent box with its link to the policy.
import { Link } from "react-router";
import { HONEYPOT_FIELD } from "../lib/lead-fields";

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="lead-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

/** "Telefone ou WhatsApp" with its error under it (the server reads it with app/lib/phone.ts). */
export function PhoneField({
  id,
  value,
  error,
  required = false,
  maxLength,
  describedBy,
}: {
  id: (field: string) => string;
  value?: string;
  error?: string;
  required?: boolean;
  maxLength: number;
  /** The field's aria-describedby (its error and any hint the form adds). */
  describedBy?: string;
}) {
  return (
    <div className="lead-form__field">
      <label htmlFor={id("phone")}>Telefone ou WhatsApp</label>
      <input
        id={id("phone")}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(82) 99999-9999"
        required={required}
        maxLength={maxLength}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={id("phone-erro")} message={error} />
    </div>
  );
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
