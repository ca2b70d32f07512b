// /alertas/:token — the alerts of the address that got this link (every alert e-mail has it; one
// with several searches names all their tokens, ?todos=): see each saved search and delete it, no
// account (app/server/alerts/subscriptions.server.ts). Deleting the search whose token the link
// names moves the page to a confirmed search still there, or says the alerts are cancelled when
// none is. Not cached anywhere (security-headers.server.ts NO_STORE_PATH): the token is a key.
import { data, Link, redirect } from "react-router";
import { ALERT_FREQUENCIES, tokensOfLink } from "../../lib/alerts";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { rowIdOf } from "../../lib/row-id";
import { alertsOfToken, deleteAlertOfLink } from "../../server/alerts/subscriptions.server";
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
      frequency: ALERT_FREQUENCIES[a.frequency],
      confirmed: a.confirmedAt !== null,
      createdAt: a.createdAt.toISOString(),
    })),
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const id = rowIdOf(form.get("id"));
  if (id === null) return data({ deleted: false, error: "Alerta inválido." }, { status: 400 });
  const tokens = linkTokens(params.token, url);
  const result = await deleteAlertOfLink(context.get(requestContext).services.db, tokens, id);
  if (!result) throw data(NOT_FOUND, { status: 404 });
  if (!result.deleted)
    return data({ deleted: false, error: "Este alerta já tinha sido apagado." }, { status: 404 });
  // The link's own searches are gone: the page goes on under a search still there, or, with none
  // left, to the page that says the address's alerts are cancelled.
  if (result.pageToken === null)
    return redirect(`/alertas/${encodeURIComponent(params.token)}/cancelar?todos=1`, 303);
  if (!tokens.includes(result.pageToken)) return redirect(`/alertas/${result.pageToken}?apagado=1`, 303);
  return { deleted: true, error: null };
}

export default function Alerta({ loaderData, actionData }: Route.ComponentProps) {
  const { email, alerts, deletedOne } = loaderData;
  return (
    <main className="container page alert-page">
      <h1>Seus alertas de imóveis</h1>
      <p>
        Alertas enviados para <strong>{email}</strong>.
      </p>
      {actionData?.deleted || (deletedOne && !actionData) ? (
        <p className="search-notice" role="status">
          Alerta apagado. Você não receberá mais e-mails dele.
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
                {alert.frequency} · criado em {formatDate(alert.createdAt)}
                {alert.confirmed ? "" : " · aguardando confirmação pelo e-mail"}
              </p>
              <form method="post">
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
