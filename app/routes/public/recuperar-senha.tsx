// /recuperar-senha: asks for a reset link. The answer is the same whether or not the e-mail
// has an account, so the screen cannot be used to find out who works here.
import { data, Link } from "react-router";
import { AccountEmailField, AuthCard, AuthForm } from "../../components/auth-card";
import { FormAlert, useClientValidation } from "../../components/form-field";
import { RECOVERY_SENT_MESSAGE, recoverySchema } from "../../lib/auth-schemas";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { pageMeta } from "../../lib/meta";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestOrigin } from "../../server/audit/audit.server";
import { isCrossOriginRequest } from "../../server/auth/guard.server";
import { requestPasswordReset } from "../../server/auth/password-reset.server";
import { requestContext } from "../../server/context.server";
import {
  formLimitExceeded,
  headersWithRetryAfter,
  RECOVERY_LIMIT_MESSAGE,
} from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/recuperar-senha";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Recuperar senha", noindex: true });

// A post over its limit says when to come back.
export const headers = headersWithRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext).services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    return data({ errors: { _form: "Requisição de outra origem recusada." }, sent: false }, { status: 403 });
  }
  const limited = formLimitExceeded(context.get(requestContext));
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
  const { errors, onSubmit } = useClientValidation(recoverySchema, actionData?.errors);
  const sent = actionData?.sent;
  return (
    <AuthCard
      title="Recuperar senha"
      lead={sent ? null : "Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha."}
      links={<Link to="/login">Voltar para o login</Link>}
    >
      {sent ? (
        <FormAlert tone="success">{RECOVERY_SENT_MESSAGE}</FormAlert>
      ) : (
        <AuthForm formError={errors._form} onSubmit={onSubmit} submitLabel="Enviar link">
          <AccountEmailField error={errors.email} />
        </AuthForm>
      )}
    </AuthCard>
  );
}
