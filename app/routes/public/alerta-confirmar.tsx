// /alertas/:token/confirmar — the double opt-in's link (decision 035). Opening it shows a button;
// the POST confirms. A GET alone changes nothing, so a mail scanner that follows every link in a
// message cannot subscribe someone who never opened it.
import { data, Link } from "react-router";
import { pageMeta } from "../../lib/meta";
import { confirmSubscription, findByToken } from "../../server/alerts/subscriptions.server";
import { requestContext } from "../../server/context.server";
import type { Route } from "./+types/alerta-confirmar";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Confirmar alerta", noindex: true });

const NOT_FOUND = "Este link não vale mais: o alerta foi apagado ou o endereço está incompleto.";

export async function loader({ params, context }: Route.LoaderArgs) {
  const row = await findByToken(context.get(requestContext).services.db, params.token);
  if (!row) throw data(NOT_FOUND, { status: 404 });
  return { title: row.title, email: row.email, confirmed: row.confirmedAt !== null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const result = await confirmSubscription(context.get(requestContext).services.db, params.token, new Date());
  if (result.status === "not-found") return data({ status: result.status }, { status: 404 });
  if (result.status === "expired") return data({ status: result.status }, { status: 410 });
  return { status: result.status };
}

export default function AlertaConfirmar({ loaderData, actionData, params }: Route.ComponentProps) {
  const status = actionData?.status ?? (loaderData.confirmed ? "already" : undefined);
  return (
    <main className="container page alert-page">
      <h1>Confirmar alerta</h1>
      {status === "confirmed" || status === "already" ? (
        <div className="search-notice" role="status" data-testid="alerta-confirmado">
          <p>
            Alerta confirmado! Você vai receber em <strong>{loaderData.email}</strong> os imóveis novos de “
            {loaderData.title}”.
          </p>
          <p>
            <Link to={`/alertas/${params.token}`}>Ver e apagar seus alertas</Link>
          </p>
        </div>
      ) : status === "expired" ? (
        <p className="lead-form__alert" role="alert">
          Este link de confirmação expirou (vale 7 dias). Crie o alerta de novo na página de busca.
        </p>
      ) : (
        <>
          <p>
            Confirme que quer receber em <strong>{loaderData.email}</strong> as novidades da busca “
            {loaderData.title}
            ”.
          </p>
          <form method="post">
            <button type="submit" className="button button--primary">
              Confirmar alerta
            </button>
          </form>
        </>
      )}
    </main>
  );
}
