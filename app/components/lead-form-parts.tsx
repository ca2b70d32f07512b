// What every public form that takes a person's data shares (lead-form.tsx, captacao-form.tsx,
// routes/public/visita-agendar.tsx, search/alert-form.tsx): a labelled field with its message under
// it, the name, phone and e-mail fields, the error summary and where focus goes after a post, the honeypot bots fill,
// and the LGPD consent box with its link to the policy.
import { type ComponentProps, type ElementType, type ReactNode, type Ref, useCallback } from "react";
import { Link } from "react-router";
import { HONEYPOT_FIELD } from "../lib/lead-fields";
import leadFormCss from "../styles/lead-form.css?inline";
import { Stylesheet } from "./stylesheet";

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="lead-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

interface LabelledProps {
  /** Makes the element ids: `id(name)`, `id(name + "-dica")`, `id(name + "-erro")`. */
  id: (field: string) => string;
  name: string;
  label: ReactNode;
  error?: string;
  /** A line under the field (it describes the field, as its error does). */
  hint?: ReactNode;
  /** The id of what else describes the field (a hint the form shows elsewhere). */
  describedBy?: string;
}

/** The field's aria-describedby: the form's hint, its own, its error, in reading order. */
function describedByOf({ id, name, hint, error, describedBy }: Omit<LabelledProps, "label">) {
  return (
    [describedBy, hint ? id(`${name}-dica`) : null, error ? id(`${name}-erro`) : null]
      .filter(Boolean)
      .join(" ") || undefined
  );
}

/** The frame around a field: its label before it, its hint and its error after it. */
function FieldFrame({ id, name, label, hint, error, children }: LabelledProps & { children: ReactNode }) {
  return (
    <div className="lead-form__field">
      <label htmlFor={id(name)}>{label}</label>
      {children}
      {hint ? (
        <p className="lead-form__hint" id={id(`${name}-dica`)}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id(`${name}-erro`)} message={error} />
    </div>
  );
}

/**
 * One field of a public form made from its element (`input` or `textarea`): its label, the element,
 * an optional hint and the error under it.
 */
function labelled<Element extends "input" | "textarea">(element: Element) {
  // Either element takes the same aria and id attributes; JSX can't see that through the union.
  const Control = element as ElementType;
  return function Labelled({
    id,
    name,
    label,
    error,
    hint,
    describedBy,
    ...control
  }: LabelledProps & Omit<ComponentProps<Element>, "id" | "name">) {
    const field = { id, name, error, hint, describedBy };
    return (
      <FieldFrame {...field} label={label}>
        <Control
          id={id(name)}
          name={name}
          {...control}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(field)}
        />
      </FieldFrame>
    );
  };
}

/** One field of a public form: its label, the input, an optional hint and the error under it. */
export const LabelledInput = labelled("input");
/** LabelledInput's multi-line twin (the message fields). */
export const LabelledTextArea = labelled("textarea");

/**
 * Where focus goes when a post answers (a new `answer`), so a screen reader hears the outcome:
 * the confirmation when it worked, the error summary when it did not. Callback refs made anew for
 * each answer: React calls them when the element is attached, in whichever render that happens.
 * An effect on the answer focused nothing when the summary was committed a render after the
 * answer arrived (a browser test under a 20× slower CPU: about one run in six).
 */
export function useOutcomeFocus(answer: object | undefined, ok: boolean) {
  const confirmation = useCallback(
    (element: HTMLDivElement | null) => {
      if (answer && ok) element?.focus();
    },
    [answer, ok],
  );
  const alert = useCallback(
    (element: HTMLDivElement | null) => {
      if (answer && !ok) element?.focus();
    },
    [answer, ok],
  );
  return { confirmation, alert };
}

/** What replaces the form once it was sent (focusable: useOutcomeFocus moves focus to it). */
export function SentConfirmation({
  ref,
  title,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="lead-form__done" role="status" tabIndex={-1} ref={ref}>
      <Stylesheet name="lead-form" css={leadFormCss} />
      <p className="lead-form__done-title">{title}</p>
      <p>{children}</p>
    </div>
  );
}

/** The summary at the head of a refused form (focusable: useOutcomeFocus moves focus to it). */
export function ErrorSummary({
  ref,
  children,
  ...rest
}: { ref: Ref<HTMLDivElement>; children: ReactNode } & Omit<ComponentProps<"div">, "className" | "role">) {
  return (
    <div className="lead-form__alert" role="alert" tabIndex={-1} ref={ref} {...rest}>
      {children}
    </div>
  );
}

/** What the name, phone and e-mail fields take from their form. */
interface ContactFieldProps {
  id: (field: string) => string;
  value?: string;
  error?: string;
  /** In place of the field's own label. */
  label?: ReactNode;
  required?: boolean;
  maxLength: number;
  /** The id of a hint the form shows elsewhere. */
  describedBy?: string;
}

/** A contact field: its name, its own label, whether it is required unless the form says, its input's kind. */
function contactField(
  name: string,
  {
    label: ownLabel,
    required: ownRequired = false,
    ...input
  }: { label: ReactNode; required?: boolean } & Pick<
    ComponentProps<"input">,
    "type" | "inputMode" | "autoComplete" | "placeholder"
  >,
) {
  return function ContactField({
    id,
    value,
    error,
    label = ownLabel,
    required = ownRequired,
    maxLength,
    describedBy,
  }: ContactFieldProps) {
    return (
      <LabelledInput
        id={id}
        name={name}
        label={label}
        {...input}
        required={required}
        maxLength={maxLength}
        defaultValue={value}
        error={error}
        describedBy={describedBy}
      />
    );
  };
}

/** The person's name, required (every public form that takes a contact asks it first). */
export const NameField = contactField("name", { label: "Nome", required: true, autoComplete: "name" });
/** "Telefone ou WhatsApp" (the server reads it with app/lib/phone.ts). */
export const PhoneField = contactField("phone", {
  label: "Telefone ou WhatsApp",
  type: "tel",
  inputMode: "tel",
  autoComplete: "tel-national",
  placeholder: "(82) 99999-9999",
});
export const EmailField = contactField("email", { label: "E-mail", type: "email", autoComplete: "email" });

/** The honeypot and the consent box; `id` makes the form's element ids ("consent", "consent-erro"). */
export function TrapAndConsent({
  id,
  consentText,
  error,
  checked,
}: {
  id: (field: string) => string;
  consentText: string;
  error?: string;
  /** Ticked when the page comes back with a refused form that had it ticked. */
  checked?: boolean;
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
          defaultChecked={checked}
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
