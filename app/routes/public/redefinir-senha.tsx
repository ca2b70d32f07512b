// /redefinir-senha/:token: the link from the recovery e-mail. Single use, 30 minutes; on
// success every session of the account ends and the person signs in with the new password.
import { data, Link } from "react-router";
import { AuthCard, AuthForm } from "../../components/auth-card";
import { Field, FormAlert, useClientValidation } from "../../components/form-field";
import { INVALID_RESET_LINK_MESSAGE, resetPasswordSchema } from "../../lib/auth-schemas";
import { type FieldErrors, fieldErrorsOf, formValues } from "../../lib/form-errors";
import { pageMeta } from "../../lib/meta";
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from "../../lib/password-rules";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestOrigin } from "../../server/audit/audit.server";
import { isCrossOriginRequest } from "../../server/auth/guard.server";
import { findValidReset, resetPassword } from "../../server/auth/password-reset.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/redefinir-senha";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Nova senha", noindex: true });

// The token is in the path: keep it out of caches and out of Referer headers.
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, db } = context.get(requestContext).services;
  const reset = await findValidReset(db, params.token, { secret: config.SESSION_SECRET });
  return { valid: reset !== null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext).services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    return data({ errors: { _form: "Requisição de outra origem recusada." }, done: false }, { status: 403 });
  }
  const parsed = resetPasswordSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error), done: false }, { status: 400 });
  const result = await resetPassword(
    db,
    { token: params.token, password: parsed.data.password, ...requestOrigin(request, context) },
    { secret: config.SESSION_SECRET },
  );
  if (!result.ok) {
    const errors: FieldErrors =
      result.reason === "weak-password" ? { password: result.message } : { _form: result.message };
    return data({ errors, done: false }, { status: 400 });
  }
  return { errors: {} as FieldErrors, done: true };
}

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(serverAction, () => ({
    errors: { _form: UNAVAILABLE_FORM_MESSAGE } as FieldErrors,
    done: false,
  }));
}

export default function RedefinirSenha({ loaderData, actionData }: Route.ComponentProps) {
  const { errors, onSubmit } = useClientValidation(resetPasswordSchema, actionData?.errors);
  if (actionData?.done) {
    return (
      <AuthCard title="Criar nova senha" links={<Link to="/login">Ir para o login</Link>}>
        <FormAlert tone="success">Senha alterada. Entre com a nova senha.</FormAlert>
      </AuthCard>
    );
  }
  if (!loaderData.valid) {
    return (
      <AuthCard title="Criar nova senha" links={<Link to="/recuperar-senha">Pedir um novo link</Link>}>
        <FormAlert>{INVALID_RESET_LINK_MESSAGE}</FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Criar nova senha">
      <AuthForm formError={errors._form} onSubmit={onSubmit} submitLabel="Salvar nova senha">
        <Field
          label="Nova senha"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint={PASSWORD_HINT}
          error={errors.password}
        />
        <Field
          label="Repita a nova senha"
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmation}
        />
      </AuthForm>
    </AuthCard>
  );
}
