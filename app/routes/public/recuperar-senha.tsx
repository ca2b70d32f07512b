// /recuperar-senha: asks for a reset link. The answer is the same whether or not the e-mail
// has an account, so the screen cannot be used to find out who works here.
import { data, Link } from "react-router";
import { AccountEmailField, AuthCard, AuthForm } from "../../components/auth-card";
import { FormAlert, useClientValidation } from "../../components/form-field";
import { RECOVERY_SENT_MESSAGE, recoverySchema } from "../../lib/auth-schemas";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { pageMeta } from "../../lib/meta";
import { requestOrigin } from "../../server/audit/audit.server";
import { isCrossOriginRequest } from "../../server/auth/guard.server";
import { requestPasswordReset } from "../../server/auth/password-reset.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/recuperar-senha";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Recuperar senha", noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    return data({ errors: { _form: "Requisição de outra origem recusada." }, sent: false }, { status: 403 });
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
