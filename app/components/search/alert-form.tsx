// "Receber novidades desta busca": a plain HTML form that posts to /alertas (app/routes/public/alertas.tsx),
// so it works without JavaScript, adds none to the search page, and is the same markup for every
// visitor of a URL (the search page stays cacheable: app/server/cache/page-cache.server.ts). The
// /alertas page shows it again with the errors at their fields.
import {
  ALERT_CONSENT_TEXT,
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_KEYS,
  type AlertFieldErrors,
  type AlertFormValues,
} from "../../lib/alerts";
import leadFormCss from "../../styles/lead-form.css?inline";
import { EmailField, FieldError, TrapAndConsent } from "../lead-form-parts";
import { Stylesheet } from "../stylesheet";

export function AlertForm({
  busca,
  values,
  errors = {},
}: {
  /** The search page's path and query (its canonical URL). */
  busca: string;
  values?: AlertFormValues;
  errors?: AlertFieldErrors;
}) {
  const id = (field: string) => `alerta-${field}`;
  const frequency = values?.frequencia || "diario";
  return (
    <form method="post" action="/alertas" className="lead-form alert-form">
      <Stylesheet name="lead-form" css={leadFormCss} />
      <input type="hidden" name="busca" value={busca} />
      <FieldError id={id("busca-erro")} message={errors.busca} />
      <EmailField
        id={id}
        label="Seu e-mail"
        value={values?.email}
        error={errors.email}
        required
        maxLength={254}
      />
      <fieldset
        className="lead-form__contact"
        aria-invalid={errors.frequencia ? true : undefined}
        aria-describedby={errors.frequencia ? id("frequencia-erro") : undefined}
      >
        <legend>Com que frequência?</legend>
        {ALERT_FREQUENCY_KEYS.map((key) => (
          <div className="lead-form__consent" key={key}>
            <input
              id={id(`frequencia-${key}`)}
              type="radio"
              name="frequencia"
              value={key}
              defaultChecked={frequency === key}
            />
            <label htmlFor={id(`frequencia-${key}`)}>{ALERT_FREQUENCIES[key]}</label>
          </div>
        ))}
        <FieldError id={id("frequencia-erro")} message={errors.frequencia} />
      </fieldset>
      <TrapAndConsent id={id} consentText={ALERT_CONSENT_TEXT} error={errors.consent} />
      <button type="submit" className="button button--primary lead-form__submit">
        Criar alerta
      </button>
      <p className="lead-form__hint">Enviaremos um e-mail para você confirmar antes de qualquer alerta.</p>
    </form>
  );
}

/** The search page's box: closed by default (a <details>, no script), the form inside. */
export function AlertSignup({ busca }: { busca: string }) {
  return (
    <details className="search-notice alert-signup">
      <summary>Receber novidades desta busca</summary>
      <p>Avisamos por e-mail quando surgirem imóveis novos com estes filtros ou quando um preço baixar.</p>
      <AlertForm busca={busca} />
    </details>
  );
}
