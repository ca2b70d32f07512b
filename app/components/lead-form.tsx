// The lead form: on a listing page ("Fale com um corretor") and on /sobre-nos ("Envie uma
// mensagem"). A plain POST to the page's action without JavaScript; with it, a fetcher submits in
// place. The server validates (app/lib/lead-form.ts) and answers field messages with status 400;
// focus goes to the confirmation or to the error summary so a screen reader hears the outcome.
import { useFetcher } from "react-router";
import { LEAD_LIMITS, type LeadActionData } from "../lib/lead-fields";
import leadFormCss from "../styles/lead-form.css?inline";
import {
  EmailField,
  ErrorSummary,
  LabelledTextArea,
  NameField,
  PhoneField,
  SentConfirmation,
  TrapAndConsent,
  useOutcomeFocus,
} from "./lead-form-parts";
import { Stylesheet } from "./stylesheet";

export function LeadForm({
  idPrefix,
  labelledBy,
  consentText,
  serverResult,
  defaultMessage,
  thanks,
  thanksByPhone,
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
  /** Instead of `thanks` when the server says the answer comes by phone (no usable e-mail). */
  thanksByPhone?: string;
  /** Where to post (defaults to the current route). */
  action?: string;
  /** Sent along unseen: the financing simulator's lead carries its simulation this way. */
  hidden?: Record<string, string>;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: `lead-form-${idPrefix}` });
  const result = fetcher.data ?? serverResult;
  const { confirmation, alert } = useOutcomeFocus(result, result?.ok === true);
  const busy = fetcher.state !== "idle";

  if (result?.ok) {
    return (
      <SentConfirmation ref={confirmation} title="Mensagem enviada!">
        {result.byPhone && thanksByPhone ? thanksByPhone : thanks}
      </SentConfirmation>
    );
  }

  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const values = result && !result.ok ? (result.values ?? {}) : {};
  const id = (field: string) => `${idPrefix}-${field}`;
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
        <ErrorSummary ref={alert}>
          {result.formError ?? "Não foi possível enviar: corrija os campos indicados abaixo."}
        </ErrorSummary>
      ) : null}
      <NameField id={id} value={values.name} error={errors.name} maxLength={LEAD_LIMITS.name} />
      {/* The phone and the e-mail as one group, the rule that ties them at its head: a hint
          between Nome and Telefone read as if it were about the name. */}
      <fieldset className="lead-form__contact">
        <legend>Como podemos responder?</legend>
        <p className="lead-form__hint" id={hint}>
          Informe pelo menos um: telefone ou e-mail.
        </p>
        <PhoneField id={id} value={values.phone} error={errors.phone} maxLength={30} describedBy={hint} />
        <EmailField
          id={id}
          value={values.email}
          error={errors.email}
          maxLength={LEAD_LIMITS.email}
          describedBy={hint}
        />
      </fieldset>
      <LabelledTextArea
        id={id}
        name="message"
        label="Mensagem"
        rows={4}
        maxLength={LEAD_LIMITS.message}
        defaultValue={values.message ?? defaultMessage}
        error={errors.message}
      />
      <TrapAndConsent
        id={id}
        consentText={consentText}
        error={errors.consent}
        checked={values.consent === "sim"}
      />
      <button type="submit" className="button button--primary lead-form__submit" disabled={busy}>
        {busy ? "Enviando…" : "Enviar mensagem"}
      </button>
    </fetcher.Form>
  );
}
