// /alertas/:token/cancelar — unsubscribe. The page has one button; a POST here cancels whatever
// its body (RFC 8058's "List-Unsubscribe=One-Click" from a mail client, or the button), without a
// session or CSRF token: the token in the path is the authority, and the request guard only refuses
// a POST whose Origin is another site's (app/server/http/request-guards.server.ts).
import { data, Link } from "react-router";
import { pageMeta } from "../../lib/meta";
import { findByToken, unsubscribe } from "../../server/alerts/subscriptions.server";
import { requestContext } from "../../server/context.server";
import type { Route } from "./+types/alerta-cancelar";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Cancelar alerta", noindex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  const row = await findByToken(context.get(requestContext).services.db, params.token);
  return { title: row?.title ?? null };
}

export async function action({ params, context }: Route.ActionArgs) {
  await unsubscribe(context.get(requestContext).services.db, params.token);
  // Already gone answers the same: the person is unsubscribed either way.
  return data({ cancelled: true }, { status: 200 });
}

export default function AlertaCancelar({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="container page alert-page">
      <h1>Cancelar alerta</h1>
      {actionData?.cancelled || loaderData.title === null ? (
        <div className="search-notice" role="status" data-testid="alerta-cancelado">
          <p>Pronto: este alerta foi cancelado e você não receberá mais e-mails dele.</p>
          <p>
            <Link to="/todos-os-imoveis">Voltar aos imóveis</Link>
          </p>
        </div>
      ) : (
        <>
          <p>Não quer mais receber os e-mails da busca “{loaderData.title}”?</p>
          <form method="post">
            <button type="submit" className="button button--primary">
              Cancelar alerta
            </button>
          </form>
        </>
      )}
    </main>
  );
}
