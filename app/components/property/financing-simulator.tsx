// The financing simulator on a sale listing (decision 033). The form is a GET of the listing's own
// URL (?simular=1&entrada=…#simulador), answered by the server without JavaScript. With it, the
// schema (zod, the heavy part) loads when the visitor first touches the form, and the result
// appears in place, then follows every change at once. The result's own code is small and comes
// with the page: a lazy component inside <Suspense> would be sent by the server as a hidden
// segment that only JavaScript reveals (React outlines large boundaries), and the simulation
// answered without JavaScript would not show.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  FINANCING_VALUE_MAX,
  type FinancingField,
  type FinancingOffer,
  type FinancingValues,
  PRAZO_MAX,
  PRAZO_MIN,
  SIMULATION_PARAM,
  type SimulationRequest,
} from "../../lib/financing-fields";
import { formatPrice } from "../../lib/format";
import type { LeadActionData } from "../../lib/lead-fields";
import { listingPath, type PublicListing } from "../../lib/listing";
import financingCss from "../../styles/financing.css?inline";
import { Stylesheet } from "../stylesheet";
import { FinancingResult } from "./financing-result";

// Asked again, import() answers from its cache.
const loadSchema = () => import("../../lib/financing-form");

const ID = "simulador";
const fieldId = (field: FinancingField) => `${ID}-${field}`;

function FieldError({ field, message }: { field: FinancingField; message?: string }) {
  return message ? (
    <p className="financing__error" id={`${fieldId(field)}-erro`}>
      {message}
    </p>
  ) : null;
}

/** The ids that describe a field: its hint (when it has one), then its error (when shown). */
const describedBy = (field: FinancingField, error: string | undefined, hint = false) =>
  [hint ? `${fieldId(field)}-dica` : null, error ? `${fieldId(field)}-erro` : null]
    .filter(Boolean)
    .join(" ") || undefined;

/** One of the simulator's numbers: its label, the input, the hint under it (`children`) and its error. */
function NumberField({
  field,
  label,
  inputMode = "decimal",
  value,
  error,
  children,
}: {
  field: FinancingField;
  label: string;
  inputMode?: "decimal" | "numeric";
  value: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="financing__field">
      <label htmlFor={fieldId(field)}>{label}</label>
      <input
        id={fieldId(field)}
        name={field}
        inputMode={inputMode}
        autoComplete="off"
        maxLength={FINANCING_VALUE_MAX}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(field, error, true)}
      />
      <p className="financing__hint" id={`${fieldId(field)}-dica`}>
        {children}
      </p>
      <FieldError field={field} message={error} />
    </div>
  );
}

export function FinancingSimulator({
  listing,
  offer,
  simulation,
  consentText,
  leadResult,
}: {
  listing: PublicListing;
  offer: FinancingOffer;
  /** A simulation the server answered (sent in the URL without JavaScript). */
  simulation: SimulationRequest | null;
  consentText: string;
  /** The simulator's lead form's answer after a post without JavaScript. */
  leadResult?: LeadActionData;
}) {
  const [shown, setShown] = useState(simulation);
  /** Whether what is shown came with the page (then the amortisation table is in the HTML). */
  const [fromServer, setFromServer] = useState(true);
  /** Bumped by each submit with JavaScript: the result takes focus (financing-result.tsx). */
  const [submits, setSubmits] = useState(0);
  /** A submit found a wrong field: it takes focus once the messages are drawn. */
  const focusWrong = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const first: FinancingValues = simulation?.values ?? offer.defaults;
  const errors = shown?.fieldErrors ?? {};

  useEffect(() => {
    if (!focusWrong.current || !shown) return;
    focusWrong.current = false;
    const wrong = Object.keys(shown.fieldErrors)[0] as FinancingField | undefined;
    if (wrong) form.current?.querySelector<HTMLElement>(`#${fieldId(wrong)}`)?.focus();
  }, [shown]);

  const warm = () => {
    loadSchema().catch(() => {}); // the submit tries again, and falls back to a plain GET
  };

  async function run(element: HTMLFormElement, submitted: boolean) {
    const data = new FormData(element); // read now: the fields may change while the code loads
    let schema: Awaited<ReturnType<typeof loadSchema>>;
    try {
      schema = await loadSchema();
    } catch {
      if (submitted) element.submit(); // offline or a new deploy: the server answers the GET
      return;
    }
    const parsed = schema.parseFinancing((name) => data.get(name) ?? undefined);
    setShown(
      parsed.ok
        ? { values: parsed.values, input: parsed.input, fieldErrors: {} }
        : { values: parsed.values, input: null, fieldErrors: parsed.fieldErrors },
    );
    setFromServer(false);
    if (submitted) {
      focusWrong.current = !parsed.ok;
      setSubmits((n) => n + 1);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(event.currentTarget, true);
  }

  return (
    <section id={ID} className="listing-section financing" aria-labelledby={`${ID}-titulo`}>
      <Stylesheet name="financing" css={financingCss} />
      <h2 id={`${ID}-titulo`}>Simule o financiamento</h2>
      <form
        ref={form}
        method="get"
        action={`${listingPath(listing.referencia)}#${ID}`}
        className="financing__form"
        noValidate
        onFocus={warm}
        onSubmit={onSubmit}
        // Once a result is shown, every change recomputes it (the code is loaded by then).
        onChange={(event) => {
          if (shown) void run(event.currentTarget, false);
        }}
      >
        <input type="hidden" name={SIMULATION_PARAM} value="1" />
        <div className="financing__fields">
          <NumberField field="preco" label="Valor do imóvel (R$)" value={first.preco} error={errors.preco}>
            {`Anunciado por ${formatPrice(offer.price)}.`}
          </NumberField>
          <NumberField field="entrada" label="Entrada (R$)" value={first.entrada} error={errors.entrada}>
            Os bancos costumam pedir ao menos 20 %.
          </NumberField>
          <NumberField
            field="prazo"
            label="Prazo (meses)"
            inputMode="numeric"
            value={first.prazo}
            error={errors.prazo}
          >
            De {PRAZO_MIN} a {PRAZO_MAX} meses ({PRAZO_MAX / 12} anos).
          </NumberField>
          <NumberField field="taxa" label="Juros (% ao ano)" value={first.taxa} error={errors.taxa}>
            Confira a taxa do seu banco.
          </NumberField>
        </div>
        <fieldset className="financing__systems" aria-describedby={describedBy("sistema", errors.sistema)}>
          <legend>Tabela</legend>
          <label>
            <input type="radio" name="sistema" value="sac" defaultChecked={first.sistema === "sac"} /> SAC
            <span className="financing__hint"> (parcelas que diminuem)</span>
          </label>
          <label>
            <input type="radio" name="sistema" value="price" defaultChecked={first.sistema === "price"} />{" "}
            Price
            <span className="financing__hint"> (parcelas fixas)</span>
          </label>
        </fieldset>
        <FieldError field="sistema" message={errors.sistema} />
        <button type="submit" className="button button--primary financing__submit">
          Simular
        </button>
      </form>
      {shown?.input ? (
        <FinancingResult
          input={shown.input}
          values={shown.values}
          listing={listing}
          consentText={consentText}
          leadResult={leadResult}
          tableInHtml={fromServer}
          focusKey={submits}
        />
      ) : null}
    </section>
  );
}
