// /admin/captacoes/:id — one captação: the owner, the property as they described it, its photos,
// notes, and what the agent does: the situação, "Criar rascunho do imóvel" (a draft property with
// the photos, in one click: app/server/captacoes/convert.server.ts), and for an admin the
// assignment and erasing a discarded one. Each form posts an `intent`; bad input answers 4xx with
// the message at its field. A corretor reaches only the captações assigned to them (404 otherwise).
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AssigneeChoice, ChoiceForm } from "../../components/admin/lead/handling";
import { LeadNotes } from "../../components/admin/lead/notes";
import { Stylesheet } from "../../components/stylesheet";
import { CAPTACAO_MANUAL_STATUSES, captacaoStatusSchema } from "../../lib/captacao-admin";
import { captacaoHeadline, expectedPriceText } from "../../lib/captacao-text";
import { brazilDigits, telHref, whatsappUrl } from "../../lib/contact";
import { formatDate } from "../../lib/format";
import { leadAssignSchema, leadNoteSchema } from "../../lib/lead-inbox";
import { pageMeta, SITE_NAME } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { useKeptActionData } from "../../lib/use-kept-action-data";
import { CAPTACAO_STATUSES, FINALIDADES, TIPOS } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { convertCaptacao } from "../../server/captacoes/convert.server";
import {
  addCaptacaoNote,
  assignCaptacao,
  CaptacaoError,
  changeCaptacaoStatus,
  eraseCaptacao,
  getCaptacao,
  loadVisible,
  parseCaptacaoId,
} from "../../server/captacoes/queue.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { listAgents } from "../../server/properties/admin.server";
import captacoesCss from "../../styles/captacoes.css?inline";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/captacao";

const NO_STORE = { "Cache-Control": "no-store" };
const NOT_FOUND = "Captação não encontrada.";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `Captação: ${args.loaderData.captacao.name}` : "Captação",
    noindex: true,
  });

export function headers() {
  return NO_STORE;
}

function captacaoId(raw: string | undefined): number {
  const id = parseCaptacaoId(raw);
  if (id === null) throw data(NOT_FOUND, { status: 404, headers: NO_STORE });
  return id;
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const found = await getCaptacao(db, user, captacaoId(params.id));
  if (!found) throw data(NOT_FOUND, { status: 404, headers: NO_STORE });
  const agents = user.role === "admin" ? await listAgents(db, found.captacao.assigneeId) : null;
  return data({ ...found, agents, isAdmin: user.role === "admin" }, { headers: NO_STORE });
}

type ActionData = { ok: true; intent: string } | { ok: false; intent: string; error: string };

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const id = captacaoId(params.id);
  const { services, ip } = context.get(requestContext);
  const { db, storage } = services;
  const actor = { id: user.id, role: user.role, ip, userAgent: request.headers.get("user-agent") };
  const answer = (intent: string, error: string, status: number) =>
    data<ActionData>({ ok: false, intent, error }, { status, headers: NO_STORE });
  // Permission before anything else: a captação the user may not see is 404 whatever the form says.
  try {
    await loadVisible(db, user, id);
  } catch (error) {
    if (error instanceof CaptacaoError) return answer("", error.message, error.status);
    throw error;
  }
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const bad = (error: string) => answer(intent, error, 400);
  const adminOnly = (what: string) => answer(intent, `Apenas administradores ${what}.`, 403);
  try {
    switch (intent) {
      case "status": {
        const parsed = captacaoStatusSchema.safeParse({ status: form.get("status") });
        if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? "Situação inválida.");
        await changeCaptacaoStatus(db, actor, id, parsed.data.status);
        return { ok: true, intent } satisfies ActionData;
      }
      case "note": {
        const parsed = leadNoteSchema.safeParse({ body: form.get("body") ?? "" });
        if (!parsed.success) return bad(parsed.error.issues[0]?.message ?? "Anotação inválida.");
        await addCaptacaoNote(db, actor, id, parsed.data.body);
        return { ok: true, intent } satisfies ActionData;
      }
      case "assign": {
        if (user.role !== "admin") return adminOnly("atribuem captações");
        const parsed = leadAssignSchema.safeParse({ assigneeId: form.get("assigneeId") ?? "" });
        if (!parsed.success) return bad("Escolha um corretor.");
        const result = await assignCaptacao(db, actor, id, parsed.data.assigneeId);
        if (result === "invalid-agent") return bad("Este corretor não existe ou está inativo.");
        return { ok: true, intent } satisfies ActionData;
      }
      case "converter": {
        const conversion = await convertCaptacao(services, actor, id);
        return redirect(`/admin/imoveis/${conversion.propertyId}?ok=captacao`, {
          status: 303,
          headers: NO_STORE,
        });
      }
      case "excluir": {
        if (user.role !== "admin") return adminOnly("excluem captações");
        if (form.get("confirmar") !== "sim") return bad("Marque a confirmação para excluir a captação.");
        await eraseCaptacao(db, storage, actor, id, services.log);
        return redirect("/admin/captacoes?excluida=1", { status: 303, headers: NO_STORE });
      }
      default:
        return bad("Ação desconhecida.");
    }
  } catch (error) {
    if (error instanceof CaptacaoError) return answer(intent, error.message, error.status);
    throw error;
  }
}

export default function CaptacaoDetail({ loaderData }: Route.ComponentProps) {
  const { captacao, photos, notes, agents, isAdmin } = loaderData;
  const actionData = useKeptActionData<ActionData>(captacao.id);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const converting = busy && navigation.formData?.get("intent") === "converter";
  const agencyName = useRootData()?.agency.name || SITE_NAME;
  const errorFor = (intent: string) =>
    actionData && !actionData.ok && actionData.intent === intent ? actionData.error : undefined;
  const headline = captacaoHeadline(captacao);
  const hasPhone = brazilDigits(captacao.phone).length >= 12;
  const greeting = `Olá, ${captacao.name}! Aqui é da ${agencyName}, sobre o imóvel que você nos ofereceu pelo site.`;
  const converted = captacao.status === "convertida";

  return (
    <main className="admin-page admin-captacao">
      <Stylesheet name="leads" css={leadsCss} />
      <Stylesheet name="captacoes" css={captacoesCss} />
      <p>
        <Link to="/admin/captacoes">← Voltar às captações</Link>
      </p>
      <div className="leads-heading">
        <h1>{captacao.name}</h1>
        <span className={`lead-status captacao-status--${captacao.status}`}>
          {CAPTACAO_STATUSES[captacao.status]}
        </span>
      </div>
      {actionData?.ok ? (
        <p className="listing-notice" role="status">
          {actionData.intent === "note"
            ? "Anotação salva."
            : actionData.intent === "assign"
              ? "Responsável atualizado."
              : "Situação atualizada."}
        </p>
      ) : null}
      {actionData &&
      !actionData.ok &&
      !["status", "note", "assign", "excluir"].includes(actionData.intent) ? (
        <p className="listing-notice listing-notice--error" role="alert">
          {actionData.error}
        </p>
      ) : null}

      <div className="lead-detail">
        <div className="lead-detail__main">
          <section className="lead-card" aria-labelledby="captacao-proprietario">
            <h2 id="captacao-proprietario">Proprietário</h2>
            <dl className="lead-facts">
              <dt>Telefone</dt>
              <dd>{captacao.phone}</dd>
              <dt>E-mail</dt>
              <dd>{captacao.email ?? "não informado"}</dd>
              <dt>Recebida em</dt>
              <dd>{formatDate(captacao.createdAt)}</dd>
              <dt>Consentimento</dt>
              <dd>{`Versão ${captacao.consentVersion}, em ${formatDate(captacao.consentAt)}`}</dd>
            </dl>
            <ul className="lead-quick" aria-label="Ações rápidas">
              {hasPhone ? (
                <>
                  <li>
                    <a
                      className="btn btn--primary"
                      href={whatsappUrl(captacao.phone, greeting)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
                    </a>
                  </li>
                  <li>
                    <a className="btn btn--secondary" href={telHref(captacao.phone)}>
                      Ligar
                    </a>
                  </li>
                </>
              ) : null}
              {captacao.email ? (
                <li>
                  <a className="btn btn--secondary" href={`mailto:${encodeURIComponent(captacao.email)}`}>
                    Enviar e-mail
                  </a>
                </li>
              ) : null}
            </ul>
          </section>

          <section className="lead-card" aria-labelledby="captacao-imovel">
            <h2 id="captacao-imovel">{headline}</h2>
            <dl className="lead-facts">
              <dt>Tipo</dt>
              <dd>{TIPOS[captacao.tipo].label}</dd>
              <dt>Finalidade</dt>
              <dd>{FINALIDADES[captacao.finalidade]}</dd>
              <dt>Endereço</dt>
              <dd>{captacao.logradouro ?? "não informado"}</dd>
              <dt>Bairro</dt>
              <dd>{captacao.bairro}</dd>
              <dt>Cidade</dt>
              <dd>{captacao.cidade}</dd>
              <dt>Valor pretendido</dt>
              <dd>{expectedPriceText(captacao.expectedPrice, captacao.finalidade)}</dd>
            </dl>
            {captacao.message ? (
              <>
                <h3>Mensagem do proprietário</h3>
                <p className="lead-message">{captacao.message}</p>
              </>
            ) : null}
          </section>

          <section className="lead-card" aria-labelledby="captacao-fotos">
            <h2 id="captacao-fotos">Fotos</h2>
            {photos.length === 0 ? (
              <p>
                {converted && captacao.propertyId
                  ? "As fotos foram para o rascunho do imóvel."
                  : "O proprietário não enviou fotos."}
              </p>
            ) : (
              <ul className="captacao-photos">
                {photos.map((photo, index) => {
                  const src = `/admin/captacoes/${captacao.id}/fotos/${photo.id}`;
                  return (
                    <li key={photo.id}>
                      <a href={src} target="_blank" rel="noopener">
                        <img
                          src={src}
                          alt={`Foto ${index + 1} enviada pelo proprietário (abre em nova aba)`}
                          width={photo.width}
                          height={photo.height}
                          loading="lazy"
                        />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <LeadNotes notes={notes} error={errorFor("note")} busy={busy} />
        </div>

        <aside className="lead-card" aria-labelledby="captacao-atendimento">
          <h2 id="captacao-atendimento">Atendimento</h2>
          {captacao.propertyId && captacao.referencia ? (
            <p>
              Rascunho criado: <Link to={`/admin/imoveis/${captacao.propertyId}`}>{captacao.referencia}</Link>
              {captacao.convertedAt ? ` em ${formatDate(captacao.convertedAt)}` : ""}.
            </p>
          ) : converted ? (
            <p>O rascunho criado desta captação foi excluído.</p>
          ) : null}
          {converted ? null : (
            <ChoiceForm
              intent="status"
              id="situacao"
              name="status"
              label="Situação"
              value={captacao.status}
              options={CAPTACAO_MANUAL_STATUSES.map((status) => [status, CAPTACAO_STATUSES[status]])}
              error={errorFor("status")}
              busy={busy}
              submitLabel="Mudar situação"
              tone="secondary"
            />
          )}
          <AssigneeChoice
            agents={agents}
            assigneeId={captacao.assigneeId}
            assigneeName={captacao.assigneeName}
            error={errorFor("assign")}
            busy={busy}
          />
          {captacao.propertyId ? null : captacao.status === "descartada" ? (
            <p>Para criar o rascunho do imóvel, mude a situação para Nova ou Em avaliação.</p>
          ) : (
            <Form method="post" className="captacao-convert">
              <input type="hidden" name="intent" value="converter" />
              <p className="form-field__hint" id="converter-dica">
                Cria um imóvel não publicado com estes dados
                {photos.length > 0 ? " e as fotos" : ""}, atribuído a {captacao.assigneeName ?? "você"}, e
                abre a página dele para você completar.
              </p>
              <button
                type="submit"
                className="btn btn--primary"
                disabled={busy}
                aria-describedby="converter-dica"
              >
                {converting ? "Criando o rascunho…" : "Criar rascunho do imóvel"}
              </button>
            </Form>
          )}
          {isAdmin && captacao.status === "descartada" ? (
            <Form method="post" className="lead-inline-form">
              <input type="hidden" name="intent" value="excluir" />
              <div className="form-field form-field--checkbox">
                <input
                  id="excluir-confirmar"
                  name="confirmar"
                  type="checkbox"
                  value="sim"
                  required
                  aria-invalid={errorFor("excluir") ? true : undefined}
                  aria-describedby={errorFor("excluir") ? "excluir-erro" : undefined}
                />
                <label htmlFor="excluir-confirmar">
                  Excluir esta captação, as fotos e as anotações; não há como desfazer.
                </label>
              </div>
              {errorFor("excluir") ? (
                <p className="form-field__error" id="excluir-erro">
                  {errorFor("excluir")}
                </p>
              ) : null}
              <button type="submit" className="btn btn--danger" disabled={busy}>
                Excluir captação
              </button>
            </Form>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
