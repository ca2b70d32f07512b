// /alertas: where the search pages' "Receber novidades desta busca" form posts (a document POST,
// no JavaScript needed; app/components/search/alert-form.tsx). Saves the search and sends the
// confirmation e-mail (app/server/alerts/subscriptions.server.ts); a wrong field comes back here
// with its message at the field and a 400. Nothing in the answer depends on what the address
// already has (decision 035).
import { data, Link } from "react-router";
import { AlertForm } from "../../components/search/alert-form";
import { ALERT_FREQUENCIES, type AlertFieldErrors, type AlertFormValues } from "../../lib/alerts";
import { isHoneypotFilled } from "../../lib/lead-form";
import { pageMeta } from "../../lib/meta";
import { parseAlertForm, subscribe } from "../../server/alerts/subscriptions.server";
import { requestContext } from "../../server/context.server";
import {
  ALERT_LIMIT_MESSAGE,
  formLimitExceeded,
  headersWithRetryAfter,
} from "../../server/http/form-limits.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/alertas";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Alerta de imóveis por e-mail", noindex: true });

export const headers = headersWithRetryAfter;

type ActionData =
  | { state: "sent"; email: string; title: string; frequency: string }
  | { state: "invalid"; errors: AlertFieldErrors; values: AlertFormValues; message?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const form = await readForm(request);
  const limited = formLimitExceeded(ctx);
  const parsed = parseAlertForm(form);
  const values: AlertFormValues = {
    email: String(form.get("email") ?? "").slice(0, 254),
    frequencia: String(form.get("frequencia") ?? ""),
    busca: String(form.get("busca") ?? "").slice(0, 2000),
  };
  if (limited) {
    return data<ActionData>(
      { state: "invalid", errors: {}, values, message: ALERT_LIMIT_MESSAGE },
      { status: 429, headers: limited },
    );
  }
  if (!parsed.ok)
    return data<ActionData>(
      { state: "invalid", errors: parsed.errors, values: parsed.values },
      { status: 400 },
    );
  const { email, frequencia, busca } = parsed.value;
  // A bot filled the hidden field: answered like a success, nothing saved nor sent.
  if (isHoneypotFilled(form)) {
    return {
      state: "sent",
      email,
      title: "",
      frequency: ALERT_FREQUENCIES[frequencia],
    } satisfies ActionData;
  }
  // Whatever the outcome (saved, already active, or the address already has the most alerts), the
  // answer is the same: whoever typed the address may not own it, and its owner is told by e-mail.
  const { search } = await subscribe(ctx.services.db, { email, frequency: frequencia, busca }, new Date());
  return {
    state: "sent",
    email,
    title: search.title,
    frequency: ALERT_FREQUENCIES[frequencia],
  } satisfies ActionData;
}

export default function Alertas({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  return (
    <main className="container page alert-page">
      <h1>Alerta de imóveis por e-mail</h1>
      {result?.state === "sent" ? (
        <div className="search-notice" role="status" data-testid="alerta-enviado">
          {/* The same words whether or not the address already has this alert, or all it may have:
              whoever typed it may not own it (its owner is told by e-mail: subscriptions.server.ts). */}
          <p>
            Quase lá! Enviamos um e-mail para <strong>{result.email}</strong>. Abra o link da mensagem para
            confirmar o alerta{result.title ? ` “${result.title}”` : ""}.
          </p>
          <p>Nada será enviado antes da confirmação. Não chegou? Veja a caixa de spam.</p>
          <p>
            <Link to="/todos-os-imoveis">Voltar aos imóveis</Link>
          </p>
        </div>
      ) : result?.state === "invalid" ? (
        <>
          <div className="lead-form__alert" role="alert">
            {result.message ?? "Confira os campos marcados abaixo."}
          </div>
          {result.errors.busca ? (
            <p className="lead-form__error">
              {result.errors.busca} <Link to="/todos-os-imoveis">Ir para a busca de imóveis</Link>
            </p>
          ) : (
            <AlertForm busca={result.values.busca} values={result.values} errors={result.errors} />
          )}
        </>
      ) : (
        <p>
          Para receber por e-mail os imóveis novos de uma busca, abra a{" "}
          <Link to="/todos-os-imoveis">busca de imóveis</Link>, escolha os filtros e use “Receber novidades
          desta busca”.
        </p>
      )}
    </main>
  );
}
