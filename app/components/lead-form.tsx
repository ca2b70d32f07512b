// The lead form: on a listing page ("Fale com um corretor") and on /sobre-nos ("Envie uma
// mensagem"). A plain POST to the page's action without JavaScript; with it, a fetcher submits in
// place. The server validates (app/lib/lead-form.ts) and answers field messages with status 400;
// focus goes to the confirmation or to the error summary so a screen reader hears the outcome.
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { LEAD_LIMITS, type LeadActionData, type LeadField } from "../lib/lead-fields";
import leadFormCss from "../styles/lead-form.css?inline";
import { FieldError, PhoneField, TrapAndConsent } from "./lead-form-parts";
import { Stylesheet } from "./stylesheet";

export function LeadForm({
  idPrefix,
  labelledBy,
  consentText,
  serverResult,
  defaultMessage,
  thanks,
  action,
  hidden,
}: {
  /** Prefix of every field id (`${idPrefix}-name`…) and of the fetcher key: unique on the page. */
  idPrefix: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  /** The LGPD consent text of the current version (from the server). */
  consentText: string;
  /** The action's answer when the page was rendered after a POST without JavaScript. */
  serverResult?: LeadActionData;
  /** The message field's starting text. */
  defaultMessage?: string;
  /** The confirmation's second line: who answers. */
  thanks: string;
  /** Where to post (defaults to the current route). */
  action?: string;
  /** Sent along unseen: the financing simulator's lead carries its simulation this way. */
  hidden?: Record<string, string>;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: `lead-form-${idPrefix}` });
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
        <Stylesheet name="lead-form" css={leadFormCss} />
        <p className="lead-form__done-title">Mensagem enviada!</p>
        <p>{thanks}</p>
      </div>
    );
  }

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const id = (field: string) => `${idPrefix}-${field}`;
  const invalid = (field: LeadField) => (errors[field] ? true : undefined);
  const describedBy = (field: LeadField, hint?: string) =>
    [hint, errors[field] ? id(`${field}-erro`) : null].filter(Boolean).join(" ") || undefined;
  const hint = id("dica");

  return (
    <fetcher.Form method="post" action={action} className="lead-form" noValidate aria-labelledby={labelledBy}>
      <Stylesheet name="lead-form" css={leadFormCss} />
      {hidden
        ? Object.entries(hidden).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))
        : null}
      {result && !result.ok ? (
        <div className="lead-form__alert" role="alert" tabIndex={-1} ref={alert}>
          {result.formError ?? "Não foi possível enviar: corrija os campos indicados abaixo."}
        </div>
      ) : null}
      <div className="lead-form__field">
        <label htmlFor={id("name")}>Nome</label>
        <input
          id={id("name")}
          name="name"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.name}
          defaultValue={values.name}
          aria-invalid={invalid("name")}
          aria-describedby={describedBy("name")}
        />
        <FieldError id={id("name-erro")} message={errors.name} />
      </div>
      {/* The phone and the e-mail as one group, the rule that ties them at its head: a hint
          between Nome and Telefone read as if it were about the name. */}
      <fieldset className="lead-form__contact">
        <legend>Como podemos responder?</legend>
        <p className="lead-form__hint" id={hint}>
          Informe pelo menos um: telefone ou e-mail.
        </p>
        <PhoneField
          id={id}
          value={values.phone}
          error={errors.phone}
          maxLength={30}
          describedBy={describedBy("phone", hint)}
        />
        <div className="lead-form__field">
          <label htmlFor={id("email")}>E-mail</label>
          <input
            id={id("email")}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.email}
            defaultValue={values.email}
            aria-invalid={invalid("email")}
            aria-describedby={describedBy("email", hint)}
          />
          <FieldError id={id("email-erro")} message={errors.email} />
        </div>
      </fieldset>
      <div className="lead-form__field">
        <label htmlFor={id("message")}>Mensagem</label>
        <textarea
          id={id("message")}
          name="message"
          rows={4}
          maxLength={LEAD_LIMITS.message}
          defaultValue={values.message ?? defaultMessage}
          aria-invalid={invalid("message")}
          aria-describedby={describedBy("message")}
        />
        <FieldError id={id("message-erro")} message={errors.message} />
      </div>
      <TrapAndConsent id={id} consentText={consentText} error={errors.consent} />
      <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
        {busy ? "Enviando…" : "Enviar mensagem"}
      </button>
    </fetcher.Form>
  );
}
