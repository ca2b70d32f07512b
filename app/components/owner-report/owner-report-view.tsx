// The owner's report (decision 046): the listing, its last 30 days and whole life in numbers, and
// its price per m² against listings like it. Shown to the owner at /relatorio/<token> and to the
// agent as a preview on /admin/imoveis/:id/relatorio (`preview`: no contact block, the agent is
// the contact). Data: app/lib/owner-report.ts.
import { creciText, reachableOnWhatsapp, whatsappUrl } from "../../lib/contact";
import { CHART_DAYS } from "../../lib/dashboard";
import { formatCount, formatDate } from "../../lib/format";
import { formatPerM2, marketSentence, type OwnerReport } from "../../lib/owner-report";
import ownerReportCss from "../../styles/owner-report.css?inline";
import { DailyChart } from "../daily-chart";
import { PropertyCard } from "../property-card";
import { StatGrid } from "../stat-grid";
import { Stylesheet } from "../stylesheet";

export function OwnerReportView({
  report,
  preview = false,
  headingLevel = 2,
}: {
  report: OwnerReport;
  preview?: boolean;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  const { listing, recent, overall, market, agent } = report;
  return (
    <div className="owner-report">
      <Stylesheet name="owner-report" css={ownerReportCss} />
      <div className="owner-report__listing">
        <PropertyCard
          card={listing}
          headingLevel={headingLevel}
          favorite={false}
          linked={listing.publicUrl !== null}
        />
        <p className="owner-report__since">
          {listing.publicUrl === null || listing.publishedAt === null || listing.daysOnline === null
            ? "Fora do site no momento: o anúncio não está publicado."
            : listing.daysOnline === 0
              ? "No site desde hoje."
              : `No site desde ${formatDate(listing.publishedAt)} (${formatCount(listing.daysOnline, "dia", "dias")}).`}
          {listing.publicUrl ? (
            <>
              {" "}
              <a href={listing.publicUrl} target="_blank" rel="noopener">
                Ver o anúncio<span className="visually-hidden"> (abre em nova aba)</span>
              </a>
            </>
          ) : null}
        </p>
      </div>

      <section aria-labelledby="relatorio-recente">
        <H id="relatorio-recente">Nos últimos {CHART_DAYS} dias</H>
        <StatGrid
          className="owner-report__stats"
          stats={[
            { value: recent.views, label: "Visualizações do anúncio" },
            { value: recent.whatsapp, label: "Cliques no WhatsApp" },
            { value: recent.contacts, label: "Contatos recebidos" },
            { value: recent.visits, label: "Visitas agendadas" },
            { value: recent.alerts, label: "Envios em alertas de busca" },
          ]}
        />
        <div className="chart-pair">
          <DailyChart
            title="Visualizações"
            unit={["visualização", "visualizações", "nenhuma visualização"]}
            points={report.views}
            tone="primary"
          />
          <DailyChart
            title="Cliques no WhatsApp"
            unit={["clique", "cliques", "nenhum clique"]}
            points={report.whatsapp}
            tone="whatsapp"
          />
        </div>
      </section>

      <section aria-labelledby="relatorio-total">
        <H id="relatorio-total">Desde o início do anúncio</H>
        <StatGrid
          className="owner-report__stats"
          stats={[
            { value: overall.views, label: "Visualizações" },
            { value: overall.contacts, label: "Contatos" },
            { value: overall.visits, label: "Visitas agendadas" },
          ]}
        />
      </section>

      {market ? (
        <section aria-labelledby="relatorio-mercado" className="owner-report__market">
          <H id="relatorio-mercado">Preço comparado com o mercado</H>
          <MarketFigures market={market} />
          <p>{marketSentence(market)}</p>
          {market.medianPerM2 !== null ? (
            <p className="owner-report__note">
              Comparação com {formatCount(market.count, "anúncio", "anúncios")} de {market.scope} no nosso
              site: a mediana do preço do m², o valor do meio (metade custa mais, metade menos). Cada imóvel
              tem seus diferenciais; converse com seu corretor antes de mudar o preço.
            </p>
          ) : null}
        </section>
      ) : null}

      {preview ? null : (
        <section aria-labelledby="relatorio-contato" className="owner-report__contact">
          <H id="relatorio-contato">Quem cuida do seu imóvel</H>
          <p>
            <strong>{agent.name}</strong>
            {agent.creci ? ` · ${creciText(agent.creci)}` : null}
          </p>
          {reachableOnWhatsapp(agent.phone) ? (
            <p>
              <a
                className="button button--whatsapp"
                href={whatsappUrl(
                  agent.phone,
                  `Olá! Vi o relatório do imóvel ${listing.referencia} e gostaria de conversar.`,
                )}
                target="_blank"
                rel="noopener"
              >
                Falar pelo WhatsApp<span className="visually-hidden"> (abre em nova aba)</span>
              </a>
            </p>
          ) : null}
        </section>
      )}

      <p className="owner-report__note">
        Atualizado em {formatDate(report.generatedAt)}, a cada abertura desta página. Contamos as
        visualizações de pessoas (robôs de busca ficam de fora). Os dados de quem entrou em contato não
        aparecem aqui: são tratados pela imobiliária conforme a LGPD.
      </p>
    </div>
  );
}

function MarketFigures({ market }: { market: NonNullable<OwnerReport["market"]> }) {
  if (market.medianPerM2 === null || market.ownPerM2 === null) return null;
  return (
    <dl className="owner-report__figures">
      <div>
        <dt>Este imóvel</dt>
        <dd>{formatPerM2(market.ownPerM2, market.unit)}</dd>
      </div>
      <div>
        <dt>Típico da região</dt>
        <dd>{formatPerM2(market.medianPerM2, market.unit)}</dd>
      </div>
    </dl>
  );
}
