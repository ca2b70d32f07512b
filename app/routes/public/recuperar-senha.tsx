// /recuperar-senha: asks for a reset link. The answer is the same whether or not the e-mail
// has an account, so the screen cannot be used to find out who works here.
import { data, Form, Link, useNavigation } from "react-router";
import { Field, FormAlert, useClientValidation } from "../../components/form-field";
import { Stylesheet } from "../../components/stylesheet";
import { RECOVERY_SENT_MESSAGE, recoverySchema } from "../../lib/auth-schemas";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { pageMeta } from "../../lib/meta";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestOrigin } from "../../server/audit/audit.server";
import { isCrossOriginRequest } from "../../server/auth/guard.server";
import { requestPasswordReset } from "../../server/auth/password-reset.server";
import {
  formLimitExceeded,
  headersWithRetryAfter,
  RECOVERY_LIMIT_MESSAGE,
} from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import authCss from "../../styles/auth.css?inline";
import type { Route } from "./+types/recuperar-senha";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Recuperar senha", noindex: true });

// A post over its limit says when to come back.
export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    return data({ errors: { _form: "Requisição de outra origem recusada." }, sent: false }, { status: 403 });
  }
  const limited = formLimitExceeded(context);
  if (limited) {
    return data(
      { errors: { _form: RECOVERY_LIMIT_MESSAGE }, sent: false },
      { status: 429, headers: limited },
    );
  }
  const parsed = recoverySchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), sent: false }, { status: 400 });
  await requestPasswordReset(
    db,
    { email: parsed.data.email, ...requestOrigin(request, context) },
    { secret: config.SESSION_SECRET },
  );
  return { errors: {} as FieldErrors, sent: true };
}

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(serverAction, () => ({
    errors: { _form: UNAVAILABLE_FORM_MESSAGE } as FieldErrors,
    sent: false,
  }));
}

export default function RecuperarSenha({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { errors, onSubmit } = useClientValidation(recoverySchema, actionData?.errors);
  return (
    <main className="auth-page">
      <Stylesheet name="auth" css={authCss} />
      <div className="auth-card">
        <h1>Recuperar senha</h1>
        {actionData?.sent ? (
          <FormAlert tone="success">{RECOVERY_SENT_MESSAGE}</FormAlert>
        ) : (
          <>
            <p className="auth-card__lead">
              Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.
            </p>
            <FormAlert>{errors._form}</FormAlert>
            <Form method="post" noValidate onSubmit={onSubmit} className="auth-form">
              <Field
                label="E-mail"
                name="email"
                type="email"
                autoComplete="username"
                inputMode="email"
                required
                error={errors.email}
              />
              <button
                type="submit"
                className="btn btn--primary btn--block"
                disabled={navigation.state === "submitting"}
              >
                Enviar link
              </button>
            </Form>
          </>
        )}
        <p className="auth-card__links">
          <Link to="/login">Voltar para o login</Link>
        </p>
      </div>
    </main>
  );
}
