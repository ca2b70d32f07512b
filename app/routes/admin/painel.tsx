// /admin/painel: the day's numbers, next actions overdue and due today per agent, what needs
// attention, recent leads, 30 days of views, leads and WhatsApp clicks, and the listings most
// sought after. A corretor sees only their own listings and leads.
import { Link, useFetcher } from "react-router";
import { NextActionCounts } from "../../components/admin/lead/next-action-counts";
import { ResponseTimes } from "../../components/admin/response-times";
import { DailyChart } from "../../components/daily-chart";
import { StatGrid } from "../../components/stat-grid";
import { TableScroll } from "../../components/table-scroll";
import { ATTENTION_REASONS } from "../../lib/dashboard";
import { formatCount, formatDate, formatInteger, plural } from "../../lib/format";
import { maceioClock } from "../../lib/maceio-time";
import { pageMeta } from "../../lib/meta";
import { useLiveEvents } from "../../lib/use-live-events";
import { dayLabel } from "../../lib/visit-slots";
import { LEAD_ORIGINS, LEAD_STATUSES, type LeadOrigin, type LeadStatus } from "../../lib/vocabulary";
import { countActiveAlerts } from "../../server/alerts/subscriptions.server";
import { requireSession } from "../../server/auth/guard.server";
import { listUserSessions } from "../../server/auth/sessions.server";
import { requestContext } from "../../server/context.server";
import { getDashboard } from "../../server/dashboard/dashboard.server";
import { responseTimes } from "../../server/dashboard/response-times.server";
import { nextActionCounts } from "../../server/leads/next-action.server";
import { countUndeliveredLeadEmails } from "../../server/leads/undelivered.server";
import { upcomingVisits } from "../../server/visits/visits.server";
import type { Route } from "./+types/painel";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Painel", noindex: true });

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { user, session } = await requireSession({ request, context, url });
  const { db } = context.get(requestContext).services;
  const [dashboard, sessions, undelivered, nextActions, firstResponses, activeAlerts, visits] =
    await Promise.all([
      getDashboard(db, user),
      listUserSessions(db, user.id),
      // Only an admin can act on the agency's undelivered lead e-mails.
      user.role === "admin" ? countUndeliveredLeadEmails(db) : null,
      nextActionCounts(db, user),
      responseTimes(db, user),
      // The agency's saved-search alerts (app/server/alerts/): what they ask is on /admin/relatorios.
      user.role === "admin" ? countActiveAlerts(db) : null,
      upcomingVisits(db, user, new Date(), 7),
    ]);
  return {
    user,
    dashboard,
    otherSessions: sessions.filter((s) => s.id !== session.id).length,
    undelivered,
    nextActions,
    firstResponses,
    activeAlerts,
    // Times written here in Maceió's, so server and browser print the same.
    today: dayLabel(maceioClock(new Date()).day),
    todaysVisits: visits.map((v) => ({
      id: v.id,
      day: dayLabel(maceioClock(v.startsAt).day),
      time: maceioClock(v.startsAt).time,
      name: v.name,
      phone: v.phone,
      leadId: v.leadId,
      referencia: v.referencia,
      agentName: v.agentName,
    })),
  };
}

interface PainelVisit {
  id: number;
  day: string;
  time: string;
  name: string;
  phone: string;
  leadId: number | null;
  referencia: string | null;
  agentName: string | null;
}

/** The visits booked for today, then the week's (a corretor's own; an admin's: everyone's). */
function TodaysVisits({
  visits,
  today,
  showAgent,
}: {
  visits: PainelVisit[];
  today: string;
  showAgent: boolean;
}) {
  return (
    <section className="admin-card" aria-labelledby="painel-visitas" data-testid="painel-visitas">
      <h2 id="painel-visitas">Visitas de hoje</h2>
      <VisitList
        visits={visits.filter((v) => v.day === today)}
        showAgent={showAgent}
        empty="Nenhuma visita agendada para hoje."
      />
      <h3>Próximos dias</h3>
      <VisitList
        visits={visits.filter((v) => v.day !== today)}
        showAgent={showAgent}
        empty="Nenhuma visita nos próximos 7 dias."
      />
      <p>
        <Link to="/admin/visitas">Todas as visitas</Link>
      </p>
    </section>
  );
}

function VisitList({
  visits,
  showAgent,
  empty,
}: {
  visits: PainelVisit[];
  showAgent: boolean;
  empty: string;
}) {
  return visits.length === 0 ? (
    <p>{empty}</p>
  ) : (
    <ul>
      {visits.map((v) => (
        <li key={v.id}>
          <strong>
            {v.day}, {v.time}
          </strong>{" "}
          — {v.leadId !== null ? <Link to={`/admin/leads/${v.leadId}`}>{v.name}</Link> : v.name} ({v.phone})
          {v.referencia ? `, imóvel ${v.referencia}` : ""}
          {showAgent ? `, com ${v.agentName ?? "a imobiliária"}` : ""}
        </li>
      ))}
    </ul>
  );
}

function UndeliveredEmails({ failed, retrying }: { failed: number; retrying: number }) {
  const total = failed + retrying;
  if (total === 0) return null;
  const detail = [
    failed > 0 ? `${formatInteger(failed)} sem novas tentativas` : null,
    retrying > 0
      ? `${formatInteger(retrying)} ainda ${plural(retrying, "sendo tentado", "sendo tentados")}`
      : null,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="form-alert form-alert--error" data-testid="painel-emails-nao-entregues">
      <p>
        <strong>
          {formatCount(total, "e-mail de lead não foi entregue", "e-mails de leads não foram entregues")}
        </strong>{" "}
        ({detail}). <Link to="/admin/emails-nao-entregues">Ver e tentar de novo</Link>
      </p>
    </div>
  );
}

function OtherSessions({ count }: { count: number }) {
  const fetcher = useFetcher<{ ended: number }>();
  const ended = fetcher.data?.ended;
  return (
    <section className="admin-card" aria-labelledby="painel-sessoes">
      <h2 id="painel-sessoes">Segurança da conta</h2>
      <p role="status">
        {ended !== undefined
          ? ended === 0
            ? "Não havia outras sessões abertas."
            : `${formatCount(ended, "sessão encerrada", "sessões encerradas")}.`
          : count === 0
            ? "Você só está conectado neste aparelho."
            : `Você tem ${formatCount(count, "outra sessão aberta", "outras sessões abertas")} (outro navegador ou aparelho).`}
      </p>
      <fetcher.Form method="post" action="/admin/sessao">
        <input type="hidden" name="intent" value="encerrar-outras" />
        <button type="submit" className="btn btn--secondary" disabled={fetcher.state !== "idle"}>
          Encerrar outras sessões
        </button>
      </fetcher.Form>
    </section>
  );
}

export default function Painel({ loaderData }: Route.ComponentProps) {
  const {
    user,
    dashboard,
    otherSessions,
    undelivered,
    nextActions,
    firstResponses,
    activeAlerts,
    todaysVisits,
    today,
  } = loaderData;
  // New leads and listing changes update the counts and the chart without a reload.
  useLiveEvents();
  const { counts } = dashboard;
  const scope = user.role === "admin" ? "da imobiliária" : "dos seus imóveis";
  return (
    <main className="admin-page">
      <h1>Painel</h1>
      <p className="admin-page__lead">
        Olá, {user.name.split(" ")[0]}. Estes são os números {scope}.
      </p>
      {undelivered ? <UndeliveredEmails {...undelivered} /> : null}

      <section aria-labelledby="painel-numeros">
        <h2 id="painel-numeros" className="visually-hidden">
          Números
        </h2>
        <StatGrid
          stats={[
            { value: counts.publicados, label: "Publicados" },
            { value: counts.rascunhos, label: "Rascunhos" },
            {
              value: counts.vendidosNoMes + counts.alugadosNoMes,
              label: "Vendidos/alugados no mês",
              detail: `${formatCount(counts.vendidosNoMes, "vendido", "vendidos", "nenhum vendido")} · ${formatCount(counts.alugadosNoMes, "alugado", "alugados", "nenhum alugado")}`,
            },
            { value: counts.leadsNovos, label: "Leads novos" },
            {
              value: counts.propostasAbertas,
              label: "Propostas em aberto",
              detail: (
                <Link to="/admin/leads?status=proposta">
                  {formatCount(counts.propostasVencidas, "vencida", "vencidas", "nenhuma vencida")}
                </Link>
              ),
              testId: "propostas-abertas",
            },
            ...(activeAlerts !== null
              ? [
                  {
                    value: activeAlerts,
                    label: "Alertas de busca ativos",
                    detail: <Link to="/admin/relatorios#relatorio-alertas">O que as pessoas procuram</Link>,
                    testId: "alertas-ativos",
                  },
                ]
              : []),
          ]}
        />
      </section>

      <TodaysVisits visits={todaysVisits} today={today} showAgent={user.role === "admin"} />

      <NextActionCounts {...nextActions} />

      <section className="admin-card" aria-labelledby="painel-grafico">
        <h2 id="painel-grafico">Últimos 30 dias</h2>
        <div className="chart-pair">
          <DailyChart
            title="Visualizações por dia"
            unit={["visualização", "visualizações", "nenhuma visualização"]}
            tone="primary"
            points={dashboard.daily.map((d) => ({ day: d.day, value: d.views }))}
          />
          <DailyChart
            title="Leads por dia"
            unit={["lead", "leads", "nenhum lead"]}
            tone="accent"
            points={dashboard.daily.map((d) => ({ day: d.day, value: d.leads }))}
          />
          <DailyChart
            title="Cliques no WhatsApp por dia"
            unit={["clique", "cliques", "nenhum clique"]}
            tone="whatsapp"
            points={dashboard.daily.map((d) => ({ day: d.day, value: d.whatsapp }))}
          />
        </div>
      </section>

      <section className="admin-card" aria-labelledby="painel-procurados">
        <h2 id="painel-procurados">Imóveis mais procurados nos últimos 30 dias</h2>
        {dashboard.topListings.length === 0 ? (
          <p>Nenhuma visita nem clique no WhatsApp nos últimos 30 dias.</p>
        ) : (
          <TableScroll labelledBy="painel-procurados">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Referência</th>
                  <th scope="col">Título</th>
                  <th scope="col">Cliques no WhatsApp</th>
                  <th scope="col">Visualizações</th>
                  <th scope="col">Leads</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.topListings.map((item) => (
                  <tr key={item.id}>
                    <th scope="row">
                      <Link to={`/admin/imoveis/${item.id}#desempenho`}>{item.referencia}</Link>
                    </th>
                    <td>{item.titulo}</td>
                    <td>{formatInteger(item.whatsapp)}</td>
                    <td>{formatInteger(item.views)}</td>
                    <td>{formatInteger(item.leads)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section className="admin-card" aria-labelledby="painel-atencao">
        <h2 id="painel-atencao">Imóveis que precisam de atenção</h2>
        {dashboard.attention.length === 0 ? (
          <p>Nenhum imóvel precisa de atenção agora.</p>
        ) : (
          <TableScroll labelledBy="painel-atencao">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Referência</th>
                  <th scope="col">Título</th>
                  <th scope="col">O que falta</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.attention.map((item) => (
                  <tr key={item.id}>
                    <th scope="row">
                      <Link to={`/admin/imoveis/${item.id}`}>{item.referencia}</Link>
                    </th>
                    <td>{item.titulo}</td>
                    <td>
                      <ul className="tag-list">
                        {item.reasons.map((reason) => (
                          <li key={reason} className="tag tag--warning">
                            {ATTENTION_REASONS[reason]}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <ResponseTimes rows={firstResponses} own={user.role !== "admin"} />

      <section className="admin-card" aria-labelledby="painel-leads">
        <h2 id="painel-leads">Leads recentes</h2>
        {dashboard.recentLeads.length === 0 ? (
          <p>Nenhum lead ainda.</p>
        ) : (
          <TableScroll labelledBy="painel-leads">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Imóvel</th>
                  <th scope="col">Origem</th>
                  <th scope="col">Situação</th>
                  <th scope="col">Data</th>
                </tr>
              </thead>
              <tbody>
                {dashboard.recentLeads.map((lead) => (
                  <tr key={lead.id}>
                    <th scope="row">{lead.name}</th>
                    <td>
                      {lead.property ? (
                        <Link to={`/admin/imoveis/${lead.property.id}`}>{lead.property.referencia}</Link>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td>{LEAD_ORIGINS[lead.origin as LeadOrigin] ?? lead.origin}</td>
                    <td>{LEAD_STATUSES[lead.status as LeadStatus] ?? lead.status}</td>
                    <td>{formatDate(lead.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <OtherSessions count={otherSessions} />
    </main>
  );
}
