// /admin/relatorios — the funnel report: the leads received in a period of whole months, per
// source, per agent and per month, how far each got (contacted, visit, proposal, closed), the
// first-response times and two curves (leads and closings per month). The filters are a GET form
// (the view lives in the URL and works without JavaScript); /admin/relatorios.csv exports the same
// view. An admin sees the whole agency; a corretor only their own leads (app/server/reports/).
import { data, Link } from "react-router";
import { AgentFilter, FilterBar, FilterSelect } from "../../components/admin/filter-bar";
import { FunnelTable, type FunnelTableRow } from "../../components/admin/funnel-table";
import { MonthlyChart } from "../../components/monthly-chart";
import { StatGrid } from "../../components/stat-grid";
import { Stylesheet } from "../../components/stylesheet";
import { formatCount, formatInteger } from "../../lib/format";
import {
  type FunnelQuery,
  type FunnelQueryErrors,
  formatDuration,
  formatPercent,
  funnelSearch,
  monthName,
  overallRate,
  parseFunnelQuery,
  periodName,
  REPORT_DEFAULT_MONTHS,
  REPORT_SOURCES,
  sourceName,
} from "../../lib/funnel-report";
import { pageMeta } from "../../lib/meta";
import { type AlertDemand, alertDemand } from "../../server/alerts/subscriptions.server";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { listAgents } from "../../server/properties/admin.server";
import { getFunnelReport } from "../../server/reports/funnel.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import relatoriosCss from "../../styles/relatorios.css?inline";
import type { Route } from "./+types/relatorios";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Relatórios", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const isAdmin = user.role === "admin";
  const parsed = parseFunnelQuery(url.searchParams, new Date());
  // A corretor's report is their own leads: no agent to choose.
  const query: FunnelQuery = isAdmin ? parsed.query : { ...parsed.query, corretor: undefined };
  const agents = isAdmin ? await listAgents(db, query.corretor) : null;
  // What visitors' saved searches ask for (app/server/alerts/): agency-wide, so for the admin.
  const demand = isAdmin ? await alertDemand(db) : null;
  const filtered = ["de", "ate", "corretor", "origem"].some((key) => url.searchParams.get(key));
  const typed = { de: url.searchParams.get("de") ?? "", ate: url.searchParams.get("ate") ?? "" };
  if (parsed.errors.de || parsed.errors.ate) {
    return data(
      { isAdmin, agents, query, errors: parsed.errors, typed, filtered, report: null, demand },
      { status: 400, headers: NO_STORE },
    );
  }
  const report = await getFunnelReport(db, user, query);
  return data(
    { isAdmin, agents, query, errors: parsed.errors, typed, filtered, report, demand },
    { headers: NO_STORE },
  );
}

function MonthField({
  name,
  label,
  value,
  error,
}: {
  name: "de" | "ate";
  label: string;
  value: string;
  error?: string;
}) {
  const id = `filtro-${name}`;
  return (
    <div className="filters__field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="month"
        min="2000-01"
        max="2099-12"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
      />
      {error ? (
        <p className="form-field__error" id={`${id}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The saved searches' demand: which places and price bands the active alerts ask for. */
function AlertDemandSection({ demand }: { demand: AlertDemand }) {
  return (
    <section className="admin-card" aria-labelledby="relatorio-alertas">
      <h2 id="relatorio-alertas">O que procuram os alertas de busca</h2>
      {demand.total === 0 ? (
        <p>Nenhum alerta de busca ativo ainda.</p>
      ) : (
        <>
          <p>
            {formatCount(demand.total, "alerta ativo", "alertas ativos")}, criados em “Receber novidades desta
            busca”.
          </p>
          <table className="admin-table" id="tabela-alertas-lugares">
            <caption>Alertas por cidade e bairro (os 15 mais pedidos)</caption>
            <thead>
              <tr>
                <th scope="col">Lugar</th>
                <th scope="col">Alertas</th>
              </tr>
            </thead>
            <tbody>
              {demand.places.map((row) => (
                <tr key={`${row.cidade ?? ""}|${row.bairro ?? ""}`}>
                  <th scope="row">
                    {[row.bairro, row.cidade].filter(Boolean).join(", ") || "Qualquer lugar"}
                  </th>
                  <td>{formatInteger(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="admin-table" id="tabela-alertas-precos">
            <caption>Alertas por faixa de preço (o teto, ou o piso quando só há piso)</caption>
            <thead>
              <tr>
                <th scope="col">Faixa</th>
                <th scope="col">Alertas</th>
              </tr>
            </thead>
            <tbody>
              {demand.prices.map((row) => (
                <tr key={row.band}>
                  <th scope="row">{row.band}</th>
                  <td>{formatInteger(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function Definitions() {
  return (
    <section className="admin-card" aria-labelledby="relatorio-como">
      <h2 id="relatorio-como">Como os números são contados</h2>
      <dl className="report-definitions">
        <dt>Leads</dt>
        <dd>
          Os leads que chegaram no período (meses no horário de Maceió). Cada lead conta uma vez, para a
          origem do seu primeiro contato, mesmo que a pessoa tenha voltado depois por outro canal.
        </dd>
        <dt>Etapas</dt>
        <dd>
          Um lead conta em uma etapa se chegou a ela, ou a uma etapa seguinte, em algum momento até hoje,
          mesmo que tenha sido perdido depois. Contatado: saiu de “Novo” ou recebeu a primeira resposta (uma
          mudança de etapa ou uma anotação de um corretor).
        </dd>
        <dt>Taxas</dt>
        <dd>
          Entre parênteses, a parte da etapa anterior que chegou à etapa. A conversão total é a parte dos
          leads recebidos que fechou negócio.
        </dd>
        <dt>Primeira resposta</dt>
        <dd>
          Tempo corrido entre a chegada do lead e a primeira ação de um corretor, contando noites, fins de
          semana e feriados. Mediana: metade dos leads foi respondida em menos tempo; p90: nove em cada dez.
          Ficam de fora os leads ainda sem resposta e as ligações e visitas registradas pelo próprio corretor,
          que já chegam respondidas.
        </dd>
        <dt>Corretor</dt>
        <dd>O corretor responsável pelo lead hoje.</dd>
        <dt>Fechamentos no mês</dt>
        <dd>
          Os negócios fechados em cada mês, de leads que chegaram em qualquer mês. As outras colunas de “Por
          mês” acompanham os leads que chegaram naquele mês.
        </dd>
      </dl>
    </section>
  );
}

export default function Relatorios({ loaderData }: Route.ComponentProps) {
  const { isAdmin, agents, query, errors, typed, filtered, report, demand } = loaderData;
  const hasErrors = Boolean(errors.de || errors.ate);
  const csvHref = `/admin/relatorios.csv${funnelSearch(query)}`;
  const withFilter = (overrides: Partial<FunnelQuery>) =>
    `/admin/relatorios${funnelSearch({ ...query, ...overrides })}`;
  const sourceChoices = report
    ? report.sources
    : Object.keys(REPORT_SOURCES).map((key) => ({ key, name: sourceName(key) }));
  const whose = isAdmin ? "os leads da imobiliária" : "os seus leads";
  const fieldErrors: FunnelQueryErrors = errors;

  return (
    <main className="admin-page admin-relatorios">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="relatorios" css={relatoriosCss} />
      <div className="report-heading">
        <h1>Relatórios</h1>
        {report ? (
          <a href={csvHref} className="btn btn--secondary" download>
            Exportar CSV
          </a>
        ) : null}
      </div>
      <p className="admin-page__lead">
        {report
          ? `Funil de leads: ${whose} que chegaram ${periodName(query.de, query.ate)} e até onde cada um chegou até hoje.`
          : `Funil de leads: ${whose}. Sem período escolhido, o relatório mostra os últimos ${REPORT_DEFAULT_MONTHS} meses.`}
        {isAdmin ? null : " Só aparecem os seus leads e os dos seus imóveis ainda sem corretor."}
      </p>

      <FilterBar label="Filtrar o relatório" clearTo="/admin/relatorios" filtered={filtered}>
        <MonthField
          name="de"
          label="De (mês)"
          value={hasErrors ? typed.de : query.de}
          error={fieldErrors.de}
        />
        <MonthField
          name="ate"
          label="Até (mês)"
          value={hasErrors ? typed.ate : query.ate}
          error={fieldErrors.ate}
        />
        {agents ? <AgentFilter agents={agents} value={query.corretor} /> : null}
        <FilterSelect
          name="origem"
          label="Origem"
          value={query.origem}
          options={sourceChoices.map((s) => [s.key, s.name])}
          all="Todas"
        />
      </FilterBar>

      {hasErrors ? (
        <p className="form-alert form-alert--error" role="alert">
          Corrija o período para ver o relatório.
        </p>
      ) : null}

      {report ? (
        <>
          <section aria-labelledby="relatorio-resumo">
            <h2 id="relatorio-resumo" className="visually-hidden">
              Resumo
            </h2>
            <StatGrid
              className="report-stats"
              stats={[
                { value: report.total.leads, label: "Leads recebidos" },
                { value: report.total.contatados, label: "Contatados" },
                { value: report.total.visitas, label: "Chegaram à visita" },
                { value: report.total.propostas, label: "Chegaram à proposta" },
                {
                  value: report.total.fechados,
                  label: "Fechados",
                  detail: `${formatPercent(overallRate(report.total))} dos leads recebidos`,
                },
                {
                  value: formatDuration(report.total.medianaRespostaSegundos),
                  label: "Primeira resposta (mediana)",
                  detail: "tempo corrido, noites e fins de semana incluídos",
                },
              ]}
            />
          </section>

          <section className="admin-card" aria-labelledby="relatorio-meses">
            <h2 id="relatorio-meses">Por mês</h2>
            <div className="chart-pair">
              <MonthlyChart
                id="grafico-leads"
                title="Leads recebidos por mês"
                unit={["lead", "leads", "nenhum lead"]}
                tone="primary"
                points={report.byMonth.map((row) => ({ month: row.month, value: row.leads }))}
                tableId="tabela-meses"
              />
              <MonthlyChart
                id="grafico-fechamentos"
                title="Negócios fechados por mês"
                unit={["fechamento", "fechamentos", "nenhum fechamento"]}
                tone="success"
                points={report.byMonth.map((row) => ({ month: row.month, value: row.fechamentos }))}
                tableId="tabela-meses"
              />
            </div>
            <FunnelTable
              id="tabela-meses"
              caption="Por mês: os leads que chegaram em cada mês e até onde foram; e os negócios fechados no mês"
              rowHeader="Mês"
              rows={report.byMonth.map(
                (row): FunnelTableRow => ({
                  key: row.month,
                  label: monthName(row.month),
                  counts: row,
                  extra: row.fechamentos,
                }),
              )}
              total={report.total}
              totalExtra={report.byMonth.reduce((sum, row) => sum + row.fechamentos, 0)}
              extraColumn="Fechamentos no mês"
            />
          </section>

          <section className="admin-card" aria-labelledby="relatorio-origens">
            <h2 id="relatorio-origens">Funil por origem</h2>
            {report.bySource.length === 0 ? (
              <p>Nenhum lead chegou {periodName(query.de, query.ate)} com estes filtros.</p>
            ) : (
              <FunnelTable
                id="tabela-origens"
                caption="Leads por origem e até onde chegaram; entre parênteses, a parte da etapa anterior"
                rowHeader="Origem"
                rows={report.bySource.map((row) => ({
                  key: row.key,
                  label: query.origem ? (
                    row.name
                  ) : (
                    <Link to={withFilter({ origem: row.key })}>{row.name}</Link>
                  ),
                  counts: row,
                }))}
                total={report.total}
              />
            )}
          </section>

          <section className="admin-card" aria-labelledby="relatorio-corretores">
            <h2 id="relatorio-corretores">Por corretor</h2>
            {report.byAgent.length === 0 ? (
              <p>Nenhum lead chegou {periodName(query.de, query.ate)} com estes filtros.</p>
            ) : (
              <FunnelTable
                id="tabela-corretores"
                caption="Leads por corretor responsável e até onde chegaram; entre parênteses, a parte da etapa anterior"
                rowHeader="Corretor"
                rows={report.byAgent.map((row) => ({
                  key: String(row.agentId ?? "sem"),
                  label:
                    isAdmin && row.agentId !== null && query.corretor === undefined ? (
                      <Link to={withFilter({ corretor: row.agentId })}>{row.name}</Link>
                    ) : (
                      row.name
                    ),
                  counts: row,
                }))}
                total={report.total}
              />
            )}
          </section>

          <Definitions />
        </>
      ) : null}
      {demand ? <AlertDemandSection demand={demand} /> : null}
    </main>
  );
}
