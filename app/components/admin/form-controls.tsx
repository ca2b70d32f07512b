// Labelled controls of the property form. Each reads its value and error by name from the
// form's context and wires the error to the control (aria-invalid + aria-describedby).
import { createContext, type ReactNode, useContext } from "react";
import type { PropertyField, PropertyFieldErrors, PropertyFormInput } from "../../lib/property-form";

interface FormState {
  values: PropertyFormInput;
  errors: PropertyFieldErrors;
}

export const PropertyFormContext = createContext<FormState>({ values: {}, errors: {} });

export const fieldId = (name: PropertyField) => `imovel-${name}`;
const errorId = (name: PropertyField) => `${fieldId(name)}-erro`;
const hintId = (name: PropertyField) => `${fieldId(name)}-dica`;

function useField(name: PropertyField, hint?: ReactNode) {
  const { values, errors } = useContext(PropertyFormContext);
  const error = errors[name];
  const describedBy = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(" ");
  return {
    value: values[name],
    error,
    aria: { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined },
  };
}

function Hint({ name, children }: { name: PropertyField; children?: ReactNode }) {
  return children ? (
    <p className="form-field__hint" id={hintId(name)}>
      {children}
    </p>
  ) : null;
}

export function FieldError({ name, message }: { name: PropertyField; message?: string }) {
  return message ? (
    <p className="form-field__error" id={errorId(name)}>
      {message}
    </p>
  ) : null;
}

const asText = (value: unknown) => (typeof value === "string" ? value : "");

interface TextFieldProps {
  name: PropertyField;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  type?: "text" | "url";
  inputMode?: "text" | "numeric" | "decimal" | "url";
  maxLength?: number;
  autoComplete?: string;
  className?: string;
  /** Controlled use (the coordinates, which the map also moves). */
  value?: string;
  onChange?: (value: string) => void;
}

export function TextField({
  name,
  label,
  hint,
  required,
  className,
  value,
  onChange,
  ...input
}: TextFieldProps) {
  const field = useField(name, hint);
  const controlled = onChange
    ? { value: value ?? "", onChange: (e: { target: { value: string } }) => onChange(e.target.value) }
    : { defaultValue: asText(field.value) };
  return (
    <div className={`form-field${className ? ` ${className}` : ""}`}>
      <label htmlFor={fieldId(name)}>
        {label}
        {required ? <span className="form-field__required"> (obrigatório)</span> : null}
      </label>
      <Hint name={name}>{hint}</Hint>
      <input
        id={fieldId(name)}
        name={name}
        type={input.type ?? "text"}
        inputMode={input.inputMode}
        maxLength={input.maxLength}
        autoComplete={input.autoComplete ?? "off"}
        aria-required={required || undefined}
        {...controlled}
        {...field.aria}
      />
      <FieldError name={name} message={field.error} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  hint,
  rows = 8,
  maxLength,
}: {
  name: PropertyField;
  label: string;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  const field = useField(name, hint);
  return (
    <div className="form-field form-field--wide">
      <label htmlFor={fieldId(name)}>{label}</label>
      <Hint name={name}>{hint}</Hint>
      <textarea
        id={fieldId(name)}
        name={name}
        rows={rows}
        maxLength={maxLength}
        defaultValue={asText(field.value)}
        {...field.aria}
      />
      <FieldError name={name} message={field.error} />
    </div>
  );
}

export function SelectField({
  name,
  label,
  options,
  hint,
  required,
  placeholder,
}: {
  name: PropertyField;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
}) {
  const field = useField(name, hint);
  return (
    <div className="form-field">
      <label htmlFor={fieldId(name)}>
        {label}
        {required ? <span className="form-field__required"> (obrigatório)</span> : null}
      </label>
      <Hint name={name}>{hint}</Hint>
      <select
        id={fieldId(name)}
        name={name}
        defaultValue={asText(field.value)}
        aria-required={required || undefined}
        {...field.aria}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError name={name} message={field.error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
}: {
  name: PropertyField;
  label: string;
  hint?: ReactNode;
}) {
  const field = useField(name, hint);
  return (
    <div className="form-field form-field--checkbox">
      <input
        id={fieldId(name)}
        name={name}
        type="checkbox"
        defaultChecked={field.value === true}
        {...field.aria}
      />
      <label htmlFor={fieldId(name)}>{label}</label>
      <Hint name={name}>{hint}</Hint>
      <FieldError name={name} message={field.error} />
    </div>
  );
}

/**
 * A yes/no fact that may be unknown (mobiliado, aceita pet): Sim, Não or Não informado, three
 * radio buttons in a fieldset. Não informado sends nothing, so the listing says nothing about it.
 */
export function YesNoField({ name, legend }: { name: PropertyField; legend: string }) {
  const field = useField(name);
  const current = field.value === "sim" || field.value === "nao" ? field.value : "";
  const options = [
    { value: "sim", label: "Sim" },
    { value: "nao", label: "Não" },
    { value: "", label: "Não informado" },
  ];
  return (
    <fieldset
      className="form-field form-field--group form-field--yes-no"
      id={fieldId(name)}
      aria-describedby={field.aria["aria-describedby"]}
    >
      <legend>{legend}</legend>
      <div className="form-field__options">
        {options.map((o) => (
          <div className="form-field__option" key={o.value || "nao-informado"}>
            <input
              id={`${fieldId(name)}-${o.value || "nao-informado"}`}
              name={name}
              type="radio"
              value={o.value}
              defaultChecked={current === o.value}
              aria-invalid={field.aria["aria-invalid"]}
            />
            <label htmlFor={`${fieldId(name)}-${o.value || "nao-informado"}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <FieldError name={name} message={field.error} />
    </fieldset>
  );
}

/** A list of checkboxes sharing one name (finalidades, comodidades), in its own fieldset. */
export function CheckboxGroup({
  name,
  legend,
  options,
  required,
  columns,
}: {
  name: PropertyField;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  columns?: boolean;
}) {
  const field = useField(name);
  const checked = new Set(Array.isArray(field.value) ? field.value : []);
  return (
    <fieldset
      className={`form-field form-field--group${columns ? " form-field--columns" : ""}`}
      id={fieldId(name)}
      aria-describedby={field.aria["aria-describedby"]}
    >
      <legend>
        {legend}
        {required ? <span className="form-field__required"> (obrigatório)</span> : null}
      </legend>
      <div className="form-field__options">
        {options.map((o) => (
          <div className="form-field__option" key={o.value}>
            <input
              id={`${fieldId(name)}-${o.value}`}
              name={name}
              type="checkbox"
              value={o.value}
              defaultChecked={checked.has(o.value)}
              aria-invalid={field.aria["aria-invalid"]}
            />
            <label htmlFor={`${fieldId(name)}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
      <FieldError name={name} message={field.error} />
    </fieldset>
  );
}
