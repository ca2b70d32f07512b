// /admin/leads — the inbox: one card per person with every source they came through and its next
// action, filters (etapa, origem, imóvel, corretor, período, próxima ação) in the URL, latest contact
// first (a next-action section: the longest overdue first), kept current by live events; and manual
// entry of a call or a walk-in (intent "registrar"). A corretor sees only their own leads.
import { data, Link, redirect, useNavigation } from "react-router";
import {
  AgentFilter,
  FilterBar,
  FilterInput,
  FilterSelect,
  PrevNextPages,
  ResultCount,
} from "../../components/admin/filter-bar";
import { ManualLeadEntry } from "../../components/admin/lead/manual-entry";
import { NextActionBadge } from "../../components/admin/lead/next-action";
import { awaitsResponse, ResponseTimer } from "../../components/admin/lead/response-timer";
import { Stylesheet } from "../../components/stylesheet";
import { TableScroll } from "../../components/table-scroll";
import { formatDate } from "../../lib/format";
import { LEAD_PAGE_SIZE, leadListSearch, parseLeadListQuery } from "../../lib/lead-inbox";
import type { ManualLeadErrors, ManualLeadField } from "../../lib/lead-manual";
import { formatDayTime, formatMaceioInstant, maceioClock } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { NEXT_ACTION_VIEWS, nextActionState } from "../../lib/next-action";
import { useKeptActionData } from "../../lib/use-kept-action-data";
import { useLiveEvents } from "../../lib/use-live-events";
import { LEAD_ORIGINS, LEAD_STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { readForm } from "../../server/http/read-form.server";
import { readResponseDue } from "../../server/leads/distribution.server";
import { listingsWithLeads, listLeads } from "../../server/leads/inbox.server";
import { recordManualLead } from "../../server/leads/manual.server";
import { nextActionTotals } from "../../server/leads/next-action.server";
import { listAgents } from "../../server/properties/admin.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/leads";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Leads", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const query = parseLeadListQuery(url.searchParams);
  const now = new Date();
  const [result, listings, agents, due, responseDue] = await Promise.all([
    listLeads(db, user, query, now),
    listingsWithLeads(db, user),
    user.role === "admin" ? listAgents(db) : null,
    nextActionTotals(db, user, query, now),
    readResponseDue(db),
  ]);
  // Where each next action stands, by Maceió's clock on the server (the browser's may differ).
  const clock = maceioClock(now);
  const rows = result.rows.map((row) => ({
    ...row,
    responseDue: responseDue(row),
    nextActionState: row.nextActionDate
      ? nextActionState(row.nextActionDate, row.nextActionTime, clock)
      : null,
    // A list the agent sent, opened in the last day: the moment to call (decision 049).
    listOpened:
      row.listOpenedAt && now.getTime() - row.listOpenedAt.getTime() < LIST_OPENED_SHOWN_MS
        ? formatMaceioInstant(row.listOpenedAt)
        : null,
  }));
  return data(
    { query, result: { ...result, rows }, listings, agents, due, isAdmin: user.role === "admin", now },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** How long the inbox flags a sent list's opening. */
const LIST_OPENED_SHOWN_MS = 24 * 3_600_000;

type ActionData = {
  ok: false;
  errors: ManualLeadErrors;
  values: Partial<Record<ManualLeadField, string>>;
  formError?: string;
};

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const form = await readForm(request);
  const field = (name: ManualLeadField) => String(form.get(name) ?? "");
  const values = {
    name: field("name"),
    phone: field("phone"),
    interesse: field("interesse"),
    como: field("como"),
  };
  if (form.get("intent") !== "registrar")
    return data<ActionData>(
      { ok: false, errors: {}, values, formError: "Ação desconhecida." },
      { status: 400 },
    );
  const actor = {
    id: user.id,
    role: user.role,
    ip: context.get(requestContext).ip,
    userAgent: request.headers.get("user-agent"),
  };
  const result = await recordManualLead(db, actor, values);
  if (!result.ok) return data<ActionData>({ ok: false, errors: result.fieldErrors, values }, { status: 400 });
  // To the card (a new one, or the person's own when they had got in touch before).
  return redirect(`/admin/leads/${result.leadId}?registrado=${result.joined ? "historico" : "novo"}`, 303);
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { query, result, listings, agents, due, isAdmin, now } = loaderData;
  useLiveEvents(["lead-created", "lead-updated"]);
  const actionData = useKeptActionData<ActionData>("leads");
  const busy = useNavigation().state === "submitting";
  const filtered = Boolean(
    query.status || query.origem || query.imovel || query.corretor || query.de || query.ate || query.acao,
  );
  const csvHref = `/admin/leads.csv${leadListSearch({ ...query, pagina: undefined })}`;

  return (
    <main className="admin-page admin-leads">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="leads" css={leadsCss} />
      <div className="leads-heading">
        <h1>Leads</h1>
        <div className="leads-heading__actions">
          <a href={csvHref} className="btn btn--secondary" download>
            Exportar CSV
          </a>
          {isAdmin ? (
            <>
              <Link to="/admin/leads/distribuicao" className="btn btn--ghost">
                Distribuição
              </Link>
              <Link to="/admin/leads/lgpd" className="btn btn--ghost">
                Pedidos LGPD
              </Link>
            </>
          ) : null}
        </div>
      </div>

      {actionData?.formError ? (
        <p className="form-error" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <ManualLeadEntry errors={actionData?.errors} values={actionData?.values} busy={busy} />

      <FilterBar label="Filtrar leads" clearTo="/admin/leads" filtered={filtered}>
        <FilterSelect
          name="status"
          label="Etapa"
          value={query.status}
          options={Object.entries(LEAD_STATUSES)}
          all="Todas"
        />
        <FilterSelect
          name="origem"
          label="Origem"
          value={query.origem}
          options={Object.entries(LEAD_ORIGINS)}
          all="Todas"
        />
        <FilterSelect
          name="imovel"
          label="Imóvel"
          value={query.imovel}
          options={listings.map((l) => [l.id, l.referencia])}
          all="Todos"
        />
        {agents ? <AgentFilter agents={agents} value={query.corretor} /> : null}
        <FilterInput name="de" label="De" type="date" value={query.de} />
        <FilterInput name="ate" label="Até" type="date" value={query.ate} />
        <FilterSelect
          name="acao"
          label="Próxima ação"
          value={query.acao}
          options={Object.entries(NEXT_ACTION_VIEWS)}
          all="Todas"
        />
      </FilterBar>

      <nav className="next-action-sections" aria-label="Próximas ações">
        <ul>
          {(
            [
              ["atrasadas", due.overdue],
              ["hoje", due.today],
            ] as const
          ).map(([view, count]) => (
            <li key={view}>
              <Link
                to={`/admin/leads${leadListSearch(query, { acao: view, pagina: undefined })}`}
                aria-current={query.acao === view ? "page" : undefined}
                className={`next-action-sections__link next-action-sections__link--${view}`}
              >
                {NEXT_ACTION_VIEWS[view]} <span className="next-action-sections__count">{count}</span>
              </Link>
            </li>
          ))}
          {query.acao ? (
            <li>
              <Link to={`/admin/leads${leadListSearch(query, { acao: undefined, pagina: undefined })}`}>
                Todos os leads
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>

      <ResultCount
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        one="lead"
        many="leads"
        none="Nenhum lead recebido ainda."
        noneFiltered="Nenhum lead encontrado com estes filtros."
        filtered={filtered}
      />

      {result.rows.length > 0 ? (
        <TableScroll labelledBy="leads-tabela">
          <table className="admin-table">
            <caption id="leads-tabela" className="visually-hidden">
              Leads, uma linha por pessoa, do contato mais recente ao mais antigo
            </caption>
            <thead>
              <tr>
                <th scope="col">Último contato</th>
                <th scope="col">Nome</th>
                <th scope="col">Contato</th>
                <th scope="col">Imóvel</th>
                <th scope="col">Origens</th>
                <th scope="col">Etapa</th>
                <th scope="col">Próxima ação</th>
                <th scope="col">Corretor</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((lead) => (
                <tr key={lead.id}>
                  <td>{formatDate(lead.lastContactAt)}</td>
                  <th scope="row">
                    <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link>
                    {lead.contactCount > 1 ? (
                      <span className="lead-count">{` · ${lead.contactCount} contatos`}</span>
                    ) : null}
                    {lead.listOpened ? (
                      <span className="lead-flag lead-flag--opened">{`Abriu o link enviado em ${lead.listOpened}`}</span>
                    ) : null}
                  </th>
                  <td>{[lead.phone, lead.email].filter(Boolean).join(" · ") || "—"}</td>
                  <td>
                    {lead.referencia ?? (lead.unknownReferencias || lead.deletedReferencias ? "" : "—")}
                    {lead.unknownReferencias ? (
                      <span className="lead-flag">
                        {`Imóvel não encontrado: ${lead.unknownReferencias.join(", ")}`}
                      </span>
                    ) : null}
                    {lead.deletedReferencias ? (
                      <span className="lead-flag">{`Imóvel excluído: ${lead.deletedReferencias.join(", ")}`}</span>
                    ) : null}
                  </td>
                  <td>
                    <ul className="lead-origins">
                      {lead.origins.map((origin) => (
                        <li key={origin} className="lead-origin" data-origin={origin}>
                          {LEAD_ORIGINS[origin] ?? origin}
                        </li>
                      ))}
                      {(lead.sourceLabels ?? []).map((label) => (
                        <li key={`rotulo-${label}`} className="lead-origin">
                          {label}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <span className={`lead-status lead-status--${lead.status}`}>
                      {LEAD_STATUSES[lead.status]}
                    </span>
                    {awaitsResponse(lead) ? (
                      <ResponseTimer since={lead.createdAt} serverNow={now} due={lead.responseDue} />
                    ) : null}
                  </td>
                  <td className="next-action-cell">
                    {lead.nextAction && lead.nextActionDate && lead.nextActionState ? (
                      <>
                        {lead.nextAction}
                        <span className="next-action-cell__due">
                          {formatDayTime(lead.nextActionDate, lead.nextActionTime)}{" "}
                          <NextActionBadge state={lead.nextActionState} />
                        </span>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td>{lead.assigneeName ?? <span className="lead-unassigned">Sem responsável</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      <PrevNextPages
        label="Páginas de leads"
        page={result.page}
        pageCount={result.pageCount}
        href={(pagina) => `/admin/leads${leadListSearch(query, { pagina })}`}
      />
      <p className="visually-hidden">{LEAD_PAGE_SIZE} leads por página.</p>
    </main>
  );
}
