// One field of the agency settings form, drawn from its entry in settings-fields.ts.
import { Field, TextAreaField } from "../form-field";
import { RichTextField } from "./rich-text-field";
import type { SettingsField as SettingsFieldSpec } from "./settings-fields";

export function SettingsField({
  field,
  defaultValue,
  error,
}: {
  field: SettingsFieldSpec;
  defaultValue: string;
  error?: string;
}) {
  const { name, label, hint } = field;
  switch (field.kind) {
    case "text":
      return (
        <Field
          label={label}
          name={name}
          defaultValue={defaultValue}
          required={field.required}
          hint={hint}
          error={error}
        />
      );
    case "email":
      return (
        <Field label={label} name={name} type="email" defaultValue={defaultValue} hint={hint} error={error} />
      );
    case "url":
    case "tel":
      return (
        <Field
          label={label}
          name={name}
          type={field.kind}
          inputMode={field.kind}
          defaultValue={defaultValue}
          hint={hint}
          error={error}
        />
      );
    case "token":
      return (
        <Field
          label={label}
          name={name}
          defaultValue={defaultValue}
          autoComplete="off"
          spellCheck={false}
          hint={hint}
          error={error}
        />
      );
    case "decimal":
      return (
        <Field
          label={label}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={defaultValue}
          hint={hint}
          error={error}
        />
      );
    case "lines":
      return (
        <TextAreaField
          label={label}
          name={name}
          rows={field.rows}
          defaultValue={defaultValue}
          hint={hint}
          error={error}
        />
      );
    case "rich":
      return (
        <RichTextField
          label={label}
          name={name}
          rows={field.rows}
          defaultValue={defaultValue}
          error={error}
          whenEmpty={field.whenEmpty}
        />
      );
  }
}
