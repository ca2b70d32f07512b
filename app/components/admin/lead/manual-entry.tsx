// Manual entry on /admin/leads: a call or a walk-in in three fields, sized for a phone and sent as
// a plain form (it works without JavaScript; the action answers field errors or goes to the lead).
import { Form } from "react-router";
import { MANUAL_LIMITS, type ManualLeadErrors, type ManualLeadField } from "../../../lib/lead-manual";

export interface ManualEntryProps {
  errors?: ManualLeadErrors;
  values?: Partial<Record<ManualLeadField, string>>;
  busy: boolean;
}

function Field({
  name,
  label,
  hint,
  error,
  children,
}: {
  name: ManualLeadField;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => React.ReactNode;
}) {
  const ids = [hint ? `manual-${name}-dica` : null, error ? `manual-${name}-erro` : null].filter(Boolean);
  return (
    <div className="form-field">
      <label htmlFor={`manual-${name}`}>{label}</label>
      {children(ids.length > 0 ? ids.join(" ") : undefined)}
      {hint ? (
        <p className="form-field__hint" id={`manual-${name}-dica`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`manual-${name}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ManualLeadEntry({ errors = {}, values = {}, busy }: ManualEntryProps) {
  return (
    <section className="lead-manual" aria-labelledby="lead-manual-titulo">
      <h2 id="lead-manual-titulo">Registrar ligação ou visita</h2>
      <Form method="post" className="lead-manual__form" noValidate>
        <input type="hidden" name="intent" value="registrar" />
        <fieldset className="lead-manual__como">
          <legend>Como a pessoa chegou</legend>
          <label>
            <input type="radio" name="como" value="telefone" defaultChecked={values.como !== "visita"} />{" "}
            Ligação
          </label>
          <label>
            <input type="radio" name="como" value="visita" defaultChecked={values.como === "visita"} /> Visita
          </label>
        </fieldset>
        <Field name="name" label="Nome" error={errors.name}>
          {(describedBy) => (
            <input
              id="manual-name"
              name="name"
              type="text"
              autoComplete="off"
              required
              maxLength={MANUAL_LIMITS.name}
              defaultValue={values.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field name="phone" label="Telefone" error={errors.phone}>
          {(describedBy) => (
            <input
              id="manual-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              maxLength={MANUAL_LIMITS.phone}
              placeholder="(82) 99999-9999"
              defaultValue={values.phone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          name="interesse"
          label="Interesse"
          hint="O que a pessoa procura, ou a referência do imóvel (ex.: AP0042)."
          error={errors.interesse}
        >
          {(describedBy) => (
            <input
              id="manual-interesse"
              name="interesse"
              type="text"
              autoComplete="off"
              maxLength={MANUAL_LIMITS.interesse}
              defaultValue={values.interesse}
              aria-invalid={errors.interesse ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Registrar contato
        </button>
      </Form>
    </section>
  );
}
