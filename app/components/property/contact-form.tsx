// The listing's contact form. A plain POST to the page's action without JavaScript; with it, a
// fetcher submits in place. The server validates (same schema as app/lib/lead-form.ts) and
// answers field messages with status 400.
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { HONEYPOT_FIELD, LEAD_LIMITS, type LeadActionData, type LeadField } from "../../lib/lead-fields";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="lead-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

export function ContactForm({
  referencia,
  consentText,
  serverResult,
}: {
  referencia: string;
  /** The LGPD consent text of the current version (from the server). */
  consentText: string;
  /** The action's answer when the page was rendered after a POST without JavaScript. */
  serverResult?: LeadActionData;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: `lead-${referencia}` });
  const result = fetcher.data ?? serverResult;
  const confirmation = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    if (result.ok) confirmation.current?.focus();
    else alert.current?.focus();
  }, [result]);

  if (result?.ok) {
    return (
      <div className="lead-form__done" role="status" tabIndex={-1} ref={confirmation}>
        <p className="lead-form__done-title">Mensagem enviada!</p>
        <p>Obrigado pelo contato. Um corretor vai responder em breve pelo telefone ou e-mail informado.</p>
      </div>
    );
  }

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const invalid = (field: LeadField) => (errors[field] ? true : undefined);
  const describedBy = (field: LeadField, hint?: string) =>
    [hint, errors[field] ? `lead-${field}-erro` : null].filter(Boolean).join(" ") || undefined;

  return (
    <fetcher.Form method="post" className="lead-form" noValidate aria-labelledby="contato-titulo">
      {result && !result.ok ? (
        <div className="lead-form__alert" role="alert" tabIndex={-1} ref={alert}>
          {result.formError ?? "Não foi possível enviar: corrija os campos indicados abaixo."}
        </div>
      ) : null}
      <div className="lead-form__field">
        <label htmlFor="lead-name">Nome</label>
        <input
          id="lead-name"
          name="name"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.name}
          defaultValue={values.name}
          aria-invalid={invalid("name")}
          aria-describedby={describedBy("name")}
        />
        <FieldError id="lead-name-erro" message={errors.name} />
      </div>
      <p className="lead-form__hint" id="lead-contato-dica">
        Informe pelo menos um: telefone ou e-mail.
      </p>
      <div className="lead-form__field">
        <label htmlFor="lead-phone">Telefone ou WhatsApp</label>
        <input
          id="lead-phone"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(82) 99999-9999"
          maxLength={30}
          defaultValue={values.phone}
          aria-invalid={invalid("phone")}
          aria-describedby={describedBy("phone", "lead-contato-dica")}
        />
        <FieldError id="lead-phone-erro" message={errors.phone} />
      </div>
      <div className="lead-form__field">
        <label htmlFor="lead-email">E-mail</label>
        <input
          id="lead-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={LEAD_LIMITS.email}
          defaultValue={values.email}
          aria-invalid={invalid("email")}
          aria-describedby={describedBy("email", "lead-contato-dica")}
        />
        <FieldError id="lead-email-erro" message={errors.email} />
      </div>
      <div className="lead-form__field">
        <label htmlFor="lead-message">Mensagem</label>
        <textarea
          id="lead-message"
          name="message"
          rows={4}
          maxLength={LEAD_LIMITS.message}
          defaultValue={
            values.message ?? `Olá! Tenho interesse no imóvel ${referencia} e gostaria de mais informações.`
          }
          aria-invalid={invalid("message")}
          aria-describedby={describedBy("message")}
        />
        <FieldError id="lead-message-erro" message={errors.message} />
      </div>
      {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
      <div className="lead-form__trap" aria-hidden="true">
        <label htmlFor="lead-website">Não preencha este campo</label>
        <input id="lead-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <div className="lead-form__consent">
        <input
          id="lead-consent"
          name="consent"
          type="checkbox"
          required
          aria-invalid={invalid("consent")}
          aria-describedby={describedBy("consent")}
        />
        <label htmlFor="lead-consent">
          {consentText}{" "}
          <Link to="/politica-de-privacidade" target="_blank">
            Ler a política<span className="visually-hidden"> (abre em nova aba)</span>
          </Link>
        </label>
      </div>
      <FieldError id="lead-consent-erro" message={errors.consent} />
      <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
        {busy ? "Enviando…" : "Enviar mensagem"}
      </button>
    </fetcher.Form>
  );
}
