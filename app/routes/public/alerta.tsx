// /alertas/:token — the alerts of the address that got this link (every alert e-mail has it; one
// with several searches names all their tokens, ?todos=): see each saved search, change how often
// it comes, delete it, no account (app/server/alerts/subscriptions.server.ts). Plain forms (a
// document POST, no JavaScript needed), told apart by `intent`. Deleting the search whose token the
// link names moves the page to a confirmed search still there, or says the alerts are cancelled
// when none is. Not cached anywhere (security-headers.server.ts NO_STORE_PATH): the token is a key.
import { data, Link, redirect } from "react-router";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_KEYS, tokensOfLink } from "../../lib/alerts";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { rowIdOf } from "../../lib/row-id";
import {
  alertFrequencySchema,
  alertsOfToken,
  changeFrequencyOfLink,
  deleteAlertOfLink,
} from "../../server/alerts/subscriptions.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import type { Route } from "./+types/alerta";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Seus alertas de imóveis", noindex: true });

const NOT_FOUND = "Este link não vale mais: os alertas dele foram apagados ou o endereço está incompleto.";

/** The tokens this page's link names: its own, and those of an e-mail with several searches. */
const linkTokens = (token: string, url: URL) => tokensOfLink(token, url.searchParams) ?? [token];

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const found = await alertsOfToken(context.get(requestContext).services.db, linkTokens(params.token, url));
  if (!found) throw data(NOT_FOUND, { status: 404 });
  return {
    email: found.email,
    deletedOne: url.searchParams.has("apagado"),
    alerts: found.alerts.map((a) => ({
      id: a.id,
      title: a.title,
      href: a.query ? `${a.path}?${a.query}` : a.path,
      frequency: a.frequency,
      confirmed: a.confirmedAt !== null,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

type ActionData =
  | { done: "apagado"; error: null }
  | { done: "frequencia"; title: string; frequency: string; error: null }
  | { done: null; error: string };

const failed = (error: string, status: number) => data<ActionData>({ done: null, error }, { status });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = rowIdOf(form.get("id"));
  if (id === null) return failed("Alerta inválido.", 400);
  const tokens = linkTokens(params.token, url);
  const { db } = context.get(requestContext).services;
  // No intent is a delete: the page's only form before "Salvar" came (a page open since then).
  const intent = form.get("intent") ?? "apagar";
  if (intent === "frequencia") {
    const frequency = alertFrequencySchema.safeParse(form.get("frequencia"));
    if (!frequency.success) return failed(frequency.error.issues[0]?.message ?? "Frequência inválida.", 400);
    const result = await changeFrequencyOfLink(db, tokens, id, frequency.data);
    if (!result) throw data(NOT_FOUND, { status: 404 });
    if (!result.changed)
      return failed("Este alerta não está mais entre os seus: talvez já tenha sido apagado.", 404);
    return {
      done: "frequencia",
      title: result.changed.title,
      frequency: ALERT_FREQUENCIES[result.changed.frequency],
      error: null,
    } satisfies ActionData;
  }
  if (intent !== "apagar") return failed("Ação desconhecida. Recarregue a página e tente de novo.", 400);
  const result = await deleteAlertOfLink(db, tokens, id);
  if (!result) throw data(NOT_FOUND, { status: 404 });
  if (!result.deleted) return failed("Este alerta já tinha sido apagado.", 404);
  // The link's own searches are gone: the page goes on under a search still there, or, with none
  // left, to the page that says the address's alerts are cancelled.
  if (result.pageToken === null)
    return redirect(`/alertas/${encodeURIComponent(params.token)}/cancelar?todos=1`, 303);
  if (!tokens.includes(result.pageToken)) return redirect(`/alertas/${result.pageToken}?apagado=1`, 303);
  return { done: "apagado", error: null } satisfies ActionData;
}

export default function Alerta({ loaderData, actionData }: Route.ComponentProps) {
  const { email, alerts, deletedOne } = loaderData;
  return (
    <main className="container page alert-page">
      <h1>Seus alertas de imóveis</h1>
      <p>
        Alertas enviados para <strong>{email}</strong>.
      </p>
      {actionData?.done === "apagado" || (deletedOne && !actionData) ? (
        <p className="search-notice" role="status">
          Alerta apagado. Você não receberá mais e-mails dele.
        </p>
      ) : actionData?.done === "frequencia" ? (
        <p className="search-notice" role="status">
          Frequência alterada: “{actionData.title}” — {actionData.frequency.toLowerCase()}.
        </p>
      ) : actionData?.error ? (
        <p className="lead-form__alert" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {alerts.length === 0 ? (
        <p>
          Nenhum alerta ativo. <Link to="/todos-os-imoveis">Buscar imóveis</Link>
        </p>
      ) : (
        <ul className="alert-list">
          {alerts.map((alert) => (
            <li key={alert.id} className="search-notice">
              <p>
                <Link to={alert.href}>{alert.title}</Link>
              </p>
              <p>
                {ALERT_FREQUENCIES[alert.frequency]} · criado em {formatDate(alert.createdAt)}
                {alert.confirmed ? "" : " · aguardando confirmação pelo e-mail"}
              </p>
              <form method="post" className="alert-list__frequency">
                <input type="hidden" name="intent" value="frequencia" />
                <input type="hidden" name="id" value={alert.id} />
                <label htmlFor={`frequencia-${alert.id}`}>
                  Frequência<span className="visually-hidden"> de “{alert.title}”</span>
                </label>{" "}
                <select id={`frequencia-${alert.id}`} name="frequencia" defaultValue={alert.frequency}>
                  {ALERT_FREQUENCY_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {ALERT_FREQUENCIES[key]}
                    </option>
                  ))}
                </select>{" "}
                <button type="submit" className="button button--secondary">
                  Salvar<span className="visually-hidden"> a frequência de “{alert.title}”</span>
                </button>
              </form>
              <form method="post">
                <input type="hidden" name="intent" value="apagar" />
                <input type="hidden" name="id" value={alert.id} />
                <button type="submit" className="button button--secondary">
                  Apagar alerta<span className="visually-hidden">: {alert.title}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
