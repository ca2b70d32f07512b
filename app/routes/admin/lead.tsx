// /admin/leads/:id — one lead: the data, quick actions (WhatsApp, ligar, e-mail), the pipeline
// step, assignment (admin) and notes. Each form posts an `intent`; bad input answers 400 with
// the message at its field.
import { data, Form, Link, useNavigation } from "react-router";
import { Stylesheet } from "../../components/stylesheet";
import { brazilDigits, telHref, whatsappUrl } from "../../lib/contact";
import { formatDate } from "../../lib/format";
import {
  LEAD_PIPELINE,
  leadAssignSchema,
  leadNoteSchema,
  leadStatusSchema,
  NOTE_MAX,
} from "../../lib/lead-inbox";
import { pageMeta } from "../../lib/meta";
import { useKeptActionData } from "../../lib/use-kept-action-data";
import { useLiveEvents } from "../../lib/use-live-events";
import { LEAD_ORIGINS, LEAD_STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { readForm } from "../../server/http/read-form.server";
import { addLeadNote, assignLead, canSee, changeLeadStatus, getLead } from "../../server/leads/inbox.server";
import { listAgents } from "../../server/properties/admin.server";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: args.loaderData ? `Lead: ${args.loaderData.lead.name}` : "Lead", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

function leadId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data("Lead não encontrado.", { status: 404 });
  return id;
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.services;
  const found = await getLead(db, user, leadId(params.id));
  if (!found) throw data("Lead não encontrado.", { status: 404 });
  const agents = user.role === "admin" ? await listAgents(db, found.lead.assigneeId) : null;
  return data({ ...found, agents }, { headers: { "Cache-Control": "no-store" } });
}

type ActionData = { ok: true; intent: string } | { ok: false; intent: string; error: string };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const id = leadId(params.id);
  const { db } = context.services;
  const actor = {
    id: user.id,
    role: user.role,
    ip: context.ip,
    userAgent: request.headers.get("user-agent"),
  };
  // Permission before anything else: a lead the user may not see is 404 whatever the form says.
  if (!(await canSee(db, user, id)))
    return data<ActionData>({ ok: false, intent: "", error: "Lead não encontrado." }, { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const bad = (error: string) => data<ActionData>({ ok: false, intent, error }, { status: 400 });
  const notFound = () =>
    data<ActionData>({ ok: false, intent, error: "Lead não encontrado." }, { status: 404 });

  if (intent === "status") {
    const parsed = leadStatusSchema.safeParse({ status: form.get("status") });
    if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? "Etapa inválida.");
    return (await changeLeadStatus(db, actor, id, parsed.data.status)) ? { ok: true, intent } : notFound();
  }
  if (intent === "note") {
    const parsed = leadNoteSchema.safeParse({ body: form.get("body") ?? "" });
    if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? "Anotação inválida.");
    return (await addLeadNote(db, actor, id, parsed.data.body)) ? { ok: true, intent } : notFound();
  }
  if (intent === "assign") {
    if (user.role !== "admin")
      return data<ActionData>(
        { ok: false, intent, error: "Apenas administradores atribuem leads." },
        { status: 403 },
      );
    const parsed = leadAssignSchema.safeParse({ assigneeId: form.get("assigneeId") ?? "" });
    if (!parsed.success) return bad("Escolha um corretor.");
    const result = await assignLead(db, actor, id, parsed.data.assigneeId);
    if (result === "invalid-agent") return bad("Este corretor não existe ou está inativo.");
    return result === "ok" ? { ok: true, intent } : notFound();
  }
  return bad("Ação desconhecida.");
}

export default function LeadDetail({ loaderData }: Route.ComponentProps) {
  const { lead, notes, agents } = loaderData;
  const actionData = useKeptActionData<ActionData>(lead.id);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useLiveEvents(["lead-updated"]);
  const errorFor = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent ? actionData.error : undefined;
  const noteError = errorFor("note");
  const statusError = errorFor("status");
  const assignError = errorFor("assign");
  const hasPhone = lead.phone ? brazilDigits(lead.phone).length >= 12 : false;
  const greeting = `Olá, ${lead.name}! Aqui é da Imóveis em Alagoas${lead.referencia ? `, sobre o imóvel ${lead.referencia}` : ""}.`;

  return (
    <main className="admin-page admin-lead">
      <Stylesheet name="leads" css={leadsCss} />
      <p>
        <Link to="/admin/leads">← Voltar aos leads</Link>
      </p>
      <div className="leads-heading">
        <h1>{lead.name}</h1>
        <span className={`lead-status lead-status--${lead.status}`}>{LEAD_STATUSES[lead.status]}</span>
      </div>
      {actionData?.ok ? (
        <p className="listing-notice" role="status">
          {actionData.intent === "note"
            ? "Anotação salva."
            : actionData.intent === "assign"
              ? "Responsável atualizado."
              : "Etapa atualizada."}
        </p>
      ) : null}

      <div className="lead-detail">
        <div className="lead-detail__main">
          <section className="lead-card" aria-labelledby="lead-dados">
            <h2 id="lead-dados">Dados do contato</h2>
            <dl className="lead-facts">
              <dt>Telefone</dt>
              <dd>{lead.phone ?? "não informado"}</dd>
              <dt>E-mail</dt>
              <dd>{lead.email ?? "não informado"}</dd>
              <dt>Origem</dt>
              <dd>{LEAD_ORIGINS[lead.origin]}</dd>
              <dt>Imóvel</dt>
              <dd>
                {lead.referencia && lead.propertyId ? (
                  <Link to={`/admin/imoveis/${lead.propertyId}`}>
                    {lead.referencia}
                    {lead.titulo ? ` — ${lead.titulo}` : ""}
                  </Link>
                ) : (
                  "—"
                )}
              </dd>
              <dt>Recebido em</dt>
              <dd>{formatDate(lead.createdAt)}</dd>
              <dt>Consentimento</dt>
              <dd>
                {lead.consentAt
                  ? `Versão ${lead.consentVersion ?? "?"}, em ${formatDate(lead.consentAt)}`
                  : "Não registrado"}
              </dd>
            </dl>
            {lead.message ? (
              <>
                <h3>Mensagem</h3>
                <p className="lead-message">{lead.message}</p>
              </>
            ) : null}
            <ul className="lead-quick" aria-label="Ações rápidas">
              {hasPhone && lead.phone ? (
                <>
                  <li>
                    <a
                      className="btn btn--primary"
                      href={whatsappUrl(lead.phone, greeting)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
                    </a>
                  </li>
                  <li>
                    <a className="btn btn--secondary" href={telHref(lead.phone)}>
                      Ligar
                    </a>
                  </li>
                </>
              ) : null}
              {lead.email ? (
                <li>
                  <a className="btn btn--secondary" href={`mailto:${encodeURIComponent(lead.email)}`}>
                    Enviar e-mail
                  </a>
                </li>
              ) : null}
            </ul>
          </section>

          <section className="lead-card" aria-labelledby="lead-notas">
            <h2 id="lead-notas">Anotações</h2>
            {/* key: a saved note empties the field */}
            <Form method="post" className="lead-note-form" key={notes.length}>
              <input type="hidden" name="intent" value="note" />
              <div className="form-field">
                <label htmlFor="nota">Nova anotação</label>
                <textarea
                  id="nota"
                  name="body"
                  rows={3}
                  maxLength={NOTE_MAX}
                  required
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? "nota-erro" : undefined}
                />
                {noteError ? (
                  <p className="form-field__error" id="nota-erro">
                    {noteError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn btn--primary" disabled={busy}>
                Salvar anotação
              </button>
            </Form>
            {notes.length === 0 ? (
              <p>Nenhuma anotação ainda.</p>
            ) : (
              <ul className="lead-notes">
                {notes.map((note) => (
                  <li key={note.id}>
                    <p className="lead-notes__meta">
                      {note.authorName ?? "Usuário removido"} · {formatDate(note.createdAt)}
                    </p>
                    <p className="lead-notes__body">{note.body}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="lead-card" aria-labelledby="lead-atendimento">
          <h2 id="lead-atendimento">Atendimento</h2>
          <ol className="lead-pipeline" aria-label="Etapas do atendimento">
            {LEAD_PIPELINE.map((step) => (
              <li key={step} aria-current={step === lead.status ? "step" : undefined}>
                {LEAD_STATUSES[step]}
              </li>
            ))}
          </ol>
          <Form method="post" className="lead-inline-form">
            <input type="hidden" name="intent" value="status" />
            <div className="form-field">
              <label htmlFor="etapa">Etapa</label>
              <select
                id="etapa"
                name="status"
                defaultValue={lead.status}
                key={lead.status}
                aria-invalid={statusError ? true : undefined}
                aria-describedby={statusError ? "etapa-erro" : undefined}
              >
                {LEAD_PIPELINE.map((step) => (
                  <option key={step} value={step}>
                    {LEAD_STATUSES[step]}
                  </option>
                ))}
              </select>
              {statusError ? (
                <p className="form-field__error" id="etapa-erro">
                  {statusError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Mudar etapa
            </button>
          </Form>
          {agents ? (
            <Form method="post" className="lead-inline-form">
              <input type="hidden" name="intent" value="assign" />
              <div className="form-field">
                <label htmlFor="responsavel">Responsável</label>
                <select
                  id="responsavel"
                  name="assigneeId"
                  defaultValue={lead.assigneeId ?? ""}
                  key={lead.assigneeId ?? "nenhum"}
                  aria-invalid={assignError ? true : undefined}
                  aria-describedby={assignError ? "responsavel-erro" : undefined}
                >
                  <option value="">Sem responsável</option>
                  {agents.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </select>
                {assignError ? (
                  <p className="form-field__error" id="responsavel-erro">
                    {assignError}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="btn btn--secondary" disabled={busy}>
                Atribuir
              </button>
            </Form>
          ) : (
            <p>Responsável: {lead.assigneeName ?? "sem responsável"}</p>
          )}
        </aside>
      </div>
    </main>
  );
}
