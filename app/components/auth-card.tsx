// The frame of the sign-in and password screens (/login, /recuperar-senha, /redefinir-senha):
// a card with its title, an optional lead paragraph and links under it, and the one form each
// screen posts, with its form-level alert and a submit button that says when it is busy.
import type { FormEventHandler, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import authCss from "../styles/auth.css?inline";
import { Field, FormAlert } from "./form-field";
import { Stylesheet } from "./stylesheet";

export function AuthCard({
  title,
  lead,
  links,
  children,
}: {
  title: string;
  lead?: ReactNode;
  /** Under the card's content: where to go instead. */
  links?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <Stylesheet name="auth" css={authCss} />
      <div className="auth-card">
        <h1>{title}</h1>
        {lead ? <p className="auth-card__lead">{lead}</p> : null}
        {children}
        {links ? <p className="auth-card__links">{links}</p> : null}
      </div>
    </main>
  );
}

/** The account's e-mail, as the browser's password manager knows it. */
export function AccountEmailField({ error }: { error?: string }) {
  return (
    <Field
      label="E-mail"
      name="email"
      type="email"
      autoComplete="username"
      inputMode="email"
      required
      error={error}
    />
  );
}

export function AuthForm({
  formError,
  onSubmit,
  submitLabel,
  busyLabel = submitLabel,
  children,
}: {
  /** A message for the whole form (wrong password, too many attempts…). */
  formError?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** The button's text while the form is being sent. */
  busyLabel?: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <FormAlert>{formError}</FormAlert>
      <Form method="post" noValidate onSubmit={onSubmit} className="auth-form">
        {children}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </Form>
    </>
  );
}
