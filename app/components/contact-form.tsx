// The general contact form (/sobre-nos). A plain POST to the page's action without JavaScript;
// with it, a fetcher submits in place. Field names and rules are the listing form's
// (app/lib/lead-fields.ts, app/lib/lead-form.ts); messages arrive per field with status 400.
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { HONEYPOT_FIELD, LEAD_LIMITS, type LeadActionData, type LeadField } from "../lib/lead-fields";
import "../styles/contact-form.css";

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="contact-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

export function ContactForm({
  consentText,
  serverResult,
  action,
}: {
  /** The LGPD consent text of the current version (from the server). */
  consentText: string;
  /** The action's answer when the page was rendered after a POST without JavaScript. */
  serverResult?: LeadActionData;
  /** Where to post (defaults to the current route). */
  action?: string;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: "contato-geral" });
  const result = fetcher.data ?? serverResult;
  const confirmation = useRef<HTMLDivElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (!result) return;
    if (result.ok) confirmation.current?.focus();
    else alert.current?.focus();
  }, [result]);

  const heading = (
    <h2 id="contato-geral-titulo" tabIndex={-1}>
      Envie uma mensagem
    </h2>
  );

  if (result?.ok) {
    return (
      <section className="contact-section" aria-labelledby="contato-geral-titulo">
        {heading}
        <div className="contact-form__done" role="status" tabIndex={-1} ref={confirmation}>
          <p className="contact-form__done-title">Mensagem enviada!</p>
          <p>Obrigado pelo contato. Vamos responder em breve pelo telefone ou e-mail informado.</p>
        </div>
      </section>
    );
  }

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const invalid = (field: LeadField) => (errors[field] ? true : undefined);
  const describedBy = (field: LeadField, hint?: string) =>
    [hint, errors[field] ? `contato-${field}-erro` : null].filter(Boolean).join(" ") || undefined;

  return (
    <section className="contact-section" aria-labelledby="contato-geral-titulo">
      {heading}
      <fetcher.Form
        method="post"
        action={action}
        className="contact-form"
        noValidate
        aria-labelledby="contato-geral-titulo"
      >
        {result && !result.ok ? (
          <div className="contact-form__alert" role="alert" tabIndex={-1} ref={alert}>
            {result.formError ?? "Não foi possível enviar: corrija os campos indicados abaixo."}
          </div>
        ) : null}
        <div className="contact-form__field">
          <label htmlFor="contato-name">Nome</label>
          <input
            id="contato-name"
            name="name"
            autoComplete="name"
            required
            maxLength={LEAD_LIMITS.name}
            defaultValue={values.name}
            aria-invalid={invalid("name")}
            aria-describedby={describedBy("name")}
          />
          <FieldError id="contato-name-erro" message={errors.name} />
        </div>
        <p className="contact-form__hint" id="contato-dica">
          Informe pelo menos um: telefone ou e-mail.
        </p>
        <div className="contact-form__field">
          <label htmlFor="contato-phone">Telefone ou WhatsApp</label>
          <input
            id="contato-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(82) 99999-9999"
            maxLength={30}
            defaultValue={values.phone}
            aria-invalid={invalid("phone")}
            aria-describedby={describedBy("phone", "contato-dica")}
          />
          <FieldError id="contato-phone-erro" message={errors.phone} />
        </div>
        <div className="contact-form__field">
          <label htmlFor="contato-email">E-mail</label>
          <input
            id="contato-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.email}
            defaultValue={values.email}
            aria-invalid={invalid("email")}
            aria-describedby={describedBy("email", "contato-dica")}
          />
          <FieldError id="contato-email-erro" message={errors.email} />
        </div>
        <div className="contact-form__field">
          <label htmlFor="contato-message">Mensagem</label>
          <textarea
            id="contato-message"
            name="message"
            rows={4}
            maxLength={LEAD_LIMITS.message}
            defaultValue={values.message}
            aria-invalid={invalid("message")}
            aria-describedby={describedBy("message")}
          />
          <FieldError id="contato-message-erro" message={errors.message} />
        </div>
        {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label htmlFor="contato-website">Não preencha este campo</label>
          <input id="contato-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <div className="contact-form__consent">
          <input
            id="contato-consent"
            name="consent"
            type="checkbox"
            required
            aria-invalid={invalid("consent")}
            aria-describedby={describedBy("consent")}
          />
          <label htmlFor="contato-consent">
            {consentText}{" "}
            <Link to="/politica-de-privacidade" target="_blank">
              Ler a política<span className="visually-hidden"> (abre em nova aba)</span>
            </Link>
          </label>
        </div>
        <FieldError id="contato-consent-erro" message={errors.consent} />
        <button type="submit" className="button button--primary contact-form__submit" disabled={busy}>
          {busy ? "Enviando…" : "Enviar mensagem"}
        </button>
      </fetcher.Form>
    </section>
  );
}
