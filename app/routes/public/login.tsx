// /login: e-mail and password. Signed-in visitors go straight to the panel (spec section 2).
import { data, Link, redirect, useSearchParams } from "react-router";
import { AccountEmailField, AuthCard, AuthForm } from "../../components/auth-card";
import { Field, useClientValidation } from "../../components/form-field";
import { loginSchema } from "../../lib/auth-schemas";
import type { FieldErrors } from "../../lib/form-errors";
import { fieldErrorsOf, formValues } from "../../lib/form-errors";
import { pageMeta } from "../../lib/meta";
import { DEFAULT_AFTER_LOGIN, safeRedirectTo } from "../../lib/redirect-to";
import { keepFormWhenUnavailable, UNAVAILABLE_FORM_MESSAGE } from "../../lib/unavailable";
import { requestOrigin } from "../../server/audit/audit.server";
import { getOptionalUser, getSession, isCrossOriginRequest } from "../../server/auth/guard.server";
import { serializeSessionCookie } from "../../server/auth/session-cookie.server";
import { deleteSession, sessionPolicy } from "../../server/auth/sessions.server";
import { accountBusyMessage, INVALID_CREDENTIALS_MESSAGE, signIn } from "../../server/auth/sign-in.server";
import { requestContext } from "../../server/context.server";
import { formLimitExceeded, SIGN_IN_LIMIT_MESSAGE } from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Entrar", noindex: true });

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getOptionalUser(request, context)) throw redirect(DEFAULT_AFTER_LOGIN);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext).services;
  if (isCrossOriginRequest(request, config.publicUrl)) {
    return data({ errors: { _form: "Requisição de outra origem recusada." } }, { status: 403 });
  }
  // Over the per-IP limit (counted at the edge): refused before the form is even read.
  const limited = formLimitExceeded(context.get(requestContext));
  if (limited) return data({ errors: { _form: SIGN_IN_LIMIT_MESSAGE } }, { status: 429, headers: limited });
  const parsed = loginSchema.safeParse(formValues(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error) }, { status: 400 });

  const { ip, userAgent } = requestOrigin(request, context);
  const result = await signIn(db, sessionPolicy(config), { ...parsed.data, ip, userAgent });
  if (!result.ok && result.reason === "rate-limited") {
    return data(
      { errors: { _form: accountBusyMessage(result.retryAfterSeconds) } },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data({ errors: { _form: INVALID_CREDENTIALS_MESSAGE } }, { status: 401 });

  // A session this browser already had is replaced, not kept beside the new one.
  const previous = await getSession(request, context);
  if (previous) await deleteSession(db, previous.session.id);
  throw redirect(safeRedirectTo(parsed.data.redirectTo), {
    headers: { "Set-Cookie": serializeSessionCookie(result.token, config), "Cache-Control": "no-store" },
  });
}

// Without a connection to the server (a restart), the form stays with what was typed and says so;
// the post is not sent again by itself (app/lib/unavailable.ts).
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return keepFormWhenUnavailable(serverAction, () => ({
    errors: { _form: UNAVAILABLE_FORM_MESSAGE } as FieldErrors,
  }));
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const { errors, onSubmit } = useClientValidation(loginSchema, actionData?.errors);
  // Only a path on this site goes into the form: the action checks again, but the page never
  // carries an address from the query string that it would not follow itself.
  const redirectTo = safeRedirectTo(searchParams.get("redirectTo"), "");
  return (
    <AuthCard
      title="Entrar no painel"
      lead="Acesso restrito à equipe da imobiliária."
      links={<Link to="/recuperar-senha">Esqueci minha senha</Link>}
    >
      <AuthForm formError={errors._form} onSubmit={onSubmit} submitLabel="Entrar" busyLabel="Entrando…">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <AccountEmailField error={errors.email} />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
      </AuthForm>
    </AuthCard>
  );
}
