// /alertas/:token/cancelar — unsubscribe; with ?todos=1, every alert of the token's address (the
// link and List-Unsubscribe header of an e-mail that carried several searches:
// app/server/alerts/digests.server.ts). The page has one button; a POST here cancels whatever its
// body (RFC 8058's "List-Unsubscribe=One-Click" from a mail client, or the button), without a
// session or CSRF token: the token in the path is the authority, and the request guard only refuses
// a POST whose Origin is another site's (app/server/http/request-guards.server.ts).
import { data, Link } from "react-router";
import { tokensOfLink } from "../../lib/alerts";
import { formatCount } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { alertsOfToken, unsubscribe, unsubscribeAll } from "../../server/alerts/subscriptions.server";
import { requestContext } from "../../server/context.server";
import type { Route } from "./+types/alerta-cancelar";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Cancelar alerta", noindex: true });

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const tokens = tokensOfLink(params.token, url.searchParams);
  const found = await alertsOfToken(context.get(requestContext).services.db, tokens ?? params.token);
  const own = found?.alerts.find((alert) => alert.token === params.token);
  return tokens
    ? { all: true, count: found?.alerts.length ?? 0, title: null }
    : { all: false, count: own ? 1 : 0, title: own?.title ?? null };
}

export async function action({ params, url, context }: Route.ActionArgs) {
  const db = context.get(requestContext).services.db;
  const tokens = tokensOfLink(params.token, url.searchParams);
  if (tokens) await unsubscribeAll(db, tokens);
  else await unsubscribe(db, params.token);
  // Already gone answers the same: the person is unsubscribed either way.
  return data({ cancelled: true }, { status: 200 });
}

export default function AlertaCancelar({ loaderData, actionData }: Route.ComponentProps) {
  const { title, all, count } = loaderData;
  return (
    <main className="container page alert-page">
      <h1>{all ? "Cancelar alertas" : "Cancelar alerta"}</h1>
      {actionData?.cancelled || count === 0 ? (
        <div className="search-notice" role="status" data-testid="alerta-cancelado">
          <p>
            {all
              ? "Pronto: os alertas deste e-mail foram cancelados e você não receberá mais e-mails deles."
              : "Pronto: este alerta foi cancelado e você não receberá mais e-mails dele."}
          </p>
          <p>
            <Link to="/todos-os-imoveis">Voltar aos imóveis</Link>
          </p>
        </div>
      ) : (
        <>
          <p>
            {all
              ? `Não quer mais receber nenhum e-mail de alerta neste endereço (${formatCount(count, "alerta", "alertas")})?`
              : `Não quer mais receber os e-mails da busca “${title}”?`}
          </p>
          <form method="post">
            <button type="submit" className="button button--primary">
              {all ? "Cancelar todos os alertas" : "Cancelar alerta"}
            </button>
          </form>
        </>
      )}
    </main>
  );
}
