// /admin/emails-nao-entregues (admin only): lead e-mails that did not reach the agent or the agency —
// failed for good, or still being retried — with "Tentar de novo" (send now) and "Descartar"
// (a failed one). Both actions are audited.

import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormAlert } from "../../components/form-field";
import { Stylesheet } from "../../components/stylesheet";
import { TableScroll } from "../../components/table-scroll";
import { formatCount, formatInteger } from "../../lib/format";
import { formatMaceioInstant } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import {
  discardLeadEmail,
  explainSendError,
  listUndeliveredLeadEmails,
  requeueLeadEmail,
  UNDELIVERED_LIST_LIMIT,
} from "../../server/leads/undelivered.server";
import emailsCss from "../../styles/emails-nao-entregues.css?inline";
import type { Route } from "./+types/emails-nao-entregues";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "E-mails não entregues", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

const RECIPIENTS = { corretor: "corretor", agencia: "imobiliária" } as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireUser({ request, context, url }, { role: "admin" });
  const now = new Date();
  const rows = await listUndeliveredLeadEmails(context.get(requestContext).services.db, now);
  // Dates are formatted here, in the agency's time zone, so server and browser print the same.
  const emails = rows.map((row) => ({
    id: row.id,
    leadId: row.leadId,
    leadName: row.leadName,
    to: row.to,
    recipient: RECIPIENTS[row.recipient],
    attempts: row.attempts,
    failed: row.failedAt !== null,
    reason: explainSendError(row.lastError),
    technical: row.lastError,
    next: row.failedAt
      ? "Nenhuma: as tentativas acabaram"
      : row.sending
        ? "Enviando agora"
        : row.nextAttemptAt <= now
          ? "Agora"
          : formatMaceioInstant(row.nextAttemptAt),
    createdAt: formatMaceioInstant(row.createdAt),
  }));
  return data(
    { emails, limited: rows.length >= UNDELIVERED_LIST_LIMIT },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionData = { ok: boolean; message: string };

const MESSAGES = {
  requeued: "O e-mail voltou para a fila e será enviado em instantes.",
  discarded: "Aviso descartado. Fica registrado no histórico de ações.",
  gone: "Este e-mail já foi entregue ou descartado.",
  sending: "Este e-mail está sendo enviado agora. Aguarde um pouco e recarregue a página.",
  "not-failed": "Só é possível descartar um e-mail cujas tentativas acabaram.",
} as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url }, { role: "admin" });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const bad = (message: string) => data<ActionData>({ ok: false, message }, { status: 400 });
  if (!Number.isSafeInteger(id) || id <= 0) return bad("Notificação inválida. Recarregue a página.");
  const actor = {
    id: user.id,
    role: user.role,
    ip: context.get(requestContext).ip,
    userAgent: request.headers.get("user-agent"),
  };
  const { db } = context.get(requestContext).services;
  if (intent === "tentar") {
    const result = await requeueLeadEmail(db, actor, id);
    return data<ActionData>({ ok: result === "requeued", message: MESSAGES[result] });
  }
  if (intent === "descartar") {
    const result = await discardLeadEmail(db, actor, id);
    return data<ActionData>({ ok: result === "discarded", message: MESSAGES[result] });
  }
  return bad("Ação desconhecida.");
}

export default function EmailsNaoEntregues({ loaderData }: Route.ComponentProps) {
  const { emails, limited } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const failed = emails.filter((e) => e.failed).length;
  return (
    <main className="admin-page">
      <Stylesheet name="emails-nao-entregues" css={emailsCss} />
      <p>
        <Link to="/admin/painel">← Voltar ao painel</Link>
      </p>
      <h1>E-mails de leads não entregues</h1>
      <p className="admin-page__lead">
        Cada lead é avisado por e-mail ao corretor e à imobiliária. Quando o envio falha, o sistema tenta de
        novo sozinho por cerca de um dia; os que continuam aqui ainda não chegaram. Entre em contato com o
        lead pelo painel enquanto isso.
      </p>
      {result ? <FormAlert tone={result.ok ? "success" : "error"}>{result.message}</FormAlert> : null}
      {emails.length === 0 ? (
        <p role="status">Todos os e-mails de leads foram entregues.</p>
      ) : (
        <section className="admin-card" aria-labelledby="emails-lista">
          <h2 id="emails-lista">
            {formatCount(emails.length, "e-mail não entregue", "e-mails não entregues")}
            {failed > 0 ? ` (${formatInteger(failed)} sem novas tentativas)` : ""}
          </h2>
          {limited ? <p>Mostrando os {formatInteger(emails.length)} mais importantes.</p> : null}
          <TableScroll labelledBy="emails-lista">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Lead</th>
                  <th scope="col">Destinatário</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Tentativas</th>
                  <th scope="col">Último erro</th>
                  <th scope="col">Próxima tentativa</th>
                  <th scope="col">Ações</th>
                </tr>
              </thead>
              <tbody>
                {emails.map((email) => (
                  <tr key={email.id} data-testid="email-nao-entregue">
                    <th scope="row">
                      {email.leadName ? (
                        <Link to={`/admin/leads/${email.leadId}`}>{email.leadName}</Link>
                      ) : (
                        "Lead apagado"
                      )}
                      <br />
                      <small>Recebido em {email.createdAt}</small>
                    </th>
                    <td>
                      {email.to}
                      <br />
                      <small>({email.recipient})</small>
                    </td>
                    <td>
                      <span className={email.failed ? "tag tag--warning" : "tag tag--muted"}>
                        {email.failed ? "Falhou" : "Tentando de novo"}
                      </span>
                    </td>
                    <td>{formatInteger(email.attempts)}</td>
                    <td>
                      {email.reason}
                      {email.technical ? (
                        <details className="undelivered-detail">
                          <summary>Detalhe técnico</summary>
                          <code>{email.technical}</code>
                        </details>
                      ) : null}
                    </td>
                    <td>{email.next}</td>
                    <td>
                      <Form method="post" className="admin-form--inline undelivered-actions">
                        <input type="hidden" name="id" value={email.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="tentar"
                          className="btn btn--secondary btn--small"
                          disabled={busy}
                        >
                          Tentar de novo<span className="visually-hidden"> o e-mail para {email.to}</span>
                        </button>{" "}
                        {email.failed ? (
                          <button
                            type="submit"
                            name="intent"
                            value="descartar"
                            className="btn btn--ghost btn--small"
                            disabled={busy}
                          >
                            Descartar<span className="visually-hidden"> o e-mail para {email.to}</span>
                          </button>
                        ) : null}
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      )}
    </main>
  );
}
