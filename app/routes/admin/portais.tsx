// /admin/portais: the feed URLs to paste into each portal, the addresses and secrets of the lead
// endpoints (admin only; a secret is made here and shown once: api-secrets.server.ts), and, before
// the portal's next pull, everything it would reject or warn about in each listing, with a link
// to the field to fix.

import { useState } from "react";
import { data, Form, Link } from "react-router";
import { LivePropertyUpdates } from "../../components/admin/live-property-updates";
import { Stylesheet } from "../../components/stylesheet";
import { formatCount, formatDate, plural } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import {
  PORTAIS_FILTER_KEYS,
  PORTAIS_FILTERS,
  PORTAIS_PAGE_SIZE,
  parsePortaisQuery,
  portaisHref,
} from "../../lib/portais";
import { useKeptActionData } from "../../lib/use-kept-action-data";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { feedUrl } from "../../server/feeds/access.server";
import { PORTAL_NAMES, type Portal } from "../../server/feeds/mapping.server";
import { filterReport, fixHref, portalReport } from "../../server/feeds/portal-report.server";
import { FEED_PATHS } from "../../server/feeds/response.server";
import { validateAgencyForPortals } from "../../server/feeds/validation.server";
import { readForm } from "../../server/http/read-form.server";
import {
  LEAD_API_SECRET_NAMES,
  type LeadApiSecretName,
  leadSecretStatus,
  rotateLeadSecret,
} from "../../server/leads/api-secrets.server";
import { getAgencySettings } from "../../server/settings/settings.server";
import portaisCss from "../../styles/portais.css?inline";
import type { Route } from "./+types/portais";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Portais", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

const SHORT_PORTAL: Record<Portal, string> = { vrsync: "ZAP/VivaReal/OLX", chavesnamao: "Chaves na Mão" };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const query = parsePortaisQuery(url.searchParams);
  const { db, config } = context.get(requestContext).services;
  const isAdmin = user.role === "admin";
  const [agency, report, secrets] = await Promise.all([
    getAgencySettings(db),
    portalReport(db, isAdmin ? {} : { corretorId: user.id }),
    isAdmin ? leadSecretStatus(db, config) : [],
  ]);
  const shown = filterReport(report.listings, query.mostrar);
  const pages = Math.max(1, Math.ceil(shown.length / PORTAIS_PAGE_SIZE));
  const page = Math.min(query.pagina, pages);
  const listings = shown.slice((page - 1) * PORTAIS_PAGE_SIZE, page * PORTAIS_PAGE_SIZE).map((l) => ({
    ...l,
    editHref: `/admin/imoveis/${l.id}`,
    problems: l.problems.map((p) => ({ ...p, href: fixHref(l.id, p.field) })),
  }));
  return data(
    {
      isAdmin,
      // The feed addresses carry the secret token: only an administrator sees them.
      feeds: isAdmin
        ? (Object.keys(FEED_PATHS) as Portal[]).map((portal) => ({
            portal,
            name: PORTAL_NAMES[portal],
            url: feedUrl(config.publicUrl, FEED_PATHS[portal], agency.feedToken),
          }))
        : [],
      tokenSet: Boolean(agency.feedToken?.trim()),
      leadEndpoints: isAdmin
        ? secrets.map((secret) => ({
            ...secret,
            url: `${config.publicUrl}${secret.name === "grupozap" ? "/api/portais/grupozap/leads" : "/api/leads"}`,
          }))
        : [],
      agencyProblems: isAdmin ? validateAgencyForPortals(agency) : [],
      counts: {
        inFeed: report.inFeed,
        withErrors: report.withErrors,
        withWarnings: report.withWarnings,
        outOfFeed: report.outOfFeed,
        cutFromVrsync: report.cutFromVrsync,
        vrsyncMax: report.vrsyncMax,
      },
      filter: query.mostrar,
      page,
      pages,
      total: shown.length,
      listings,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type ActionData = { ok: true; name: LeadApiSecretName; secret: string } | { ok: false; error: string };

/** Admin only: a new secret for one lead endpoint (the old one stops working at once). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context, url });
  if (user.role !== "admin")
    return data<ActionData>(
      { ok: false, error: "Apenas administradores geram segredos de integração." },
      { status: 403 },
    );
  const form = await readForm(request);
  const name = String(form.get("name") ?? "");
  if (form.get("intent") !== "gerar-segredo" || !LEAD_API_SECRET_NAMES.includes(name as LeadApiSecretName))
    return data<ActionData>({ ok: false, error: "Ação desconhecida." }, { status: 400 });
  const { db } = context.get(requestContext).services;
  const secret = await rotateLeadSecret(
    db,
    {
      id: user.id,
      role: user.role,
      ip: context.get(requestContext).ip,
      userAgent: request.headers.get("user-agent"),
    },
    name as LeadApiSecretName,
  );
  return data<ActionData>(
    { ok: true, name: name as LeadApiSecretName, secret },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="portais-feed__field">
      <label htmlFor={id}>{label}</label>
      <div className="portais-feed__row">
        <input id={id} type="text" readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button
          type="button"
          className="btn btn--small"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopied(true);
              setTimeout(() => setCopied(false), 2500);
            } catch {
              // No clipboard permission: the field is selected on focus, so Ctrl+C still works.
              document.getElementById(id)?.focus();
            }
          }}
        >
          Copiar
        </button>
        <span className="portais-feed__copied" aria-live="polite">
          {copied ? "Copiado!" : ""}
        </span>
      </div>
    </div>
  );
}

export default function Portais({ loaderData }: Route.ComponentProps) {
  const {
    feeds,
    counts,
    listings,
    filter,
    page,
    pages,
    total,
    tokenSet,
    agencyProblems,
    isAdmin,
    leadEndpoints,
  } = loaderData;
  // Kept through live revalidations: the new secret must stay on screen until it is copied.
  const actionData = useKeptActionData<ActionData>("portais");
  return (
    <main className="admin-page portais">
      <Stylesheet name="portais" css={portaisCss} />
      <h1>Portais</h1>
      <LivePropertyUpdates />
      <p className="portais__intro">
        ZAP Imóveis, VivaReal, OLX e Chaves na Mão baixam os feeds abaixo a cada poucas horas. Vão para eles
        os imóveis <strong>publicados</strong>, <strong>disponíveis</strong> e marcados “publicar nos
        portais”. Um imóvel com erro continua no feed, mas o portal recusa esse anúncio: corrija aqui antes da
        próxima leitura.
      </p>

      {isAdmin ? (
        <section className="portais-feeds" aria-labelledby="portais-feeds-titulo">
          <h2 id="portais-feeds-titulo">Endereços para colar nos portais</h2>
          {feeds.map((feed) => (
            <CopyField key={feed.portal} id={`feed-${feed.portal}`} label={feed.name} value={feed.url} />
          ))}
          <p className="portais-feeds__note">
            {tokenSet
              ? "Os endereços levam o token secreto definido em Configurações: sem ele, o feed responde “acesso negado”."
              : "Sem token: qualquer pessoa com o endereço pode baixar o feed. Defina um token em Configurações para protegê-lo."}{" "}
            <Link to="/admin/configuracoes">Abrir Configurações</Link>
          </p>
          {agencyProblems.length > 0 ? (
            <ul className="portais-problems portais-problems--agency">
              {agencyProblems.map((p) => (
                <li key={p.message} className={`portais-problem portais-problem--${p.severity}`}>
                  <span className="portais-tag">{p.severity === "erro" ? "Erro" : "Aviso"}</span> {p.message}{" "}
                  <Link to="/admin/configuracoes">Corrigir</Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : (
        <p className="portais-feeds__note">
          Você vê apenas os seus imóveis. Os endereços dos feeds ficam com o administrador.
        </p>
      )}

      {isAdmin ? (
        <section className="portais-feeds" aria-labelledby="portais-leads-titulo">
          <h2 id="portais-leads-titulo">Leads recebidos dos portais e de outros sistemas</h2>
          <p className="portais-feeds__note">
            Cada endereço recebe leads por POST com autenticação HTTP Basic (para o Grupo ZAP: qualquer
            usuário, a senha é o segredo). O segredo aparece uma única vez, ao ser gerado: copie-o para o
            portal na hora. Gerar outro desativa o anterior.
          </p>
          {actionData && !actionData.ok ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          {leadEndpoints.map((endpoint) => (
            <div key={endpoint.name} className="portais-lead-endpoint">
              <h3>{endpoint.label}</h3>
              <CopyField id={`leads-${endpoint.name}`} label="Endereço" value={endpoint.url} />
              {actionData?.ok && actionData.name === endpoint.name ? (
                <div role="status">
                  <CopyField
                    id={`segredo-${endpoint.name}`}
                    label="Novo segredo (copie agora: ele não será mostrado de novo)"
                    value={actionData.secret}
                  />
                </div>
              ) : null}
              <p className="portais-feeds__note" data-testid={`segredo-${endpoint.name}-situacao`}>
                {endpoint.source === "env"
                  ? `Segredo definido pela variável de ambiente ${endpoint.env}, que vale no lugar de um gerado aqui.`
                  : endpoint.source === "admin"
                    ? `Segredo em uso terminado em “…${endpoint.hint}”, gerado em ${endpoint.createdAt ? formatDate(endpoint.createdAt) : "?"}.`
                    : "Nenhum segredo ainda: o endereço recusa todo envio até você gerar um."}
              </p>
              {endpoint.source !== "env" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="gerar-segredo" />
                  <input type="hidden" name="name" value={endpoint.name} />
                  <button type="submit" className="btn btn--small">
                    {endpoint.source === "admin" ? "Gerar outro segredo" : "Gerar segredo"}
                    <span className="visually-hidden"> para {endpoint.label}</span>
                  </button>
                </Form>
              ) : null}
            </div>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="portais-resumo-titulo">
        <h2 id="portais-resumo-titulo">Resumo</h2>
        <ul className="portais-counts">
          <li>
            <span className="portais-counts__value" data-testid="portais-no-feed">
              {counts.inFeed}
            </span>{" "}
            no feed
          </li>
          <li className="portais-counts--erro">
            <span className="portais-counts__value" data-testid="portais-com-erros">
              {counts.withErrors}
            </span>{" "}
            com erros
          </li>
          <li className="portais-counts--aviso">
            <span className="portais-counts__value" data-testid="portais-com-avisos">
              {counts.withWarnings}
            </span>{" "}
            com avisos
          </li>
          <li>
            <span className="portais-counts__value">{counts.outOfFeed}</span>{" "}
            {plural(counts.outOfFeed, "marcado", "marcados")}, mas fora do feed
          </li>
          {counts.cutFromVrsync > 0 ? (
            <li className="portais-counts--erro">
              <span className="portais-counts__value" data-testid="portais-fora-do-limite">
                {counts.cutFromVrsync}
              </span>{" "}
              fora do arquivo do ZAP/VivaReal/OLX, que lê no máximo {counts.vrsyncMax.toLocaleString("pt-BR")}{" "}
              imóveis
            </li>
          ) : null}
        </ul>
      </section>

      <section aria-labelledby="portais-lista-titulo">
        <h2 id="portais-lista-titulo">Imóveis</h2>
        <nav aria-label="Filtrar imóveis" className="portais-filters">
          <ul>
            {PORTAIS_FILTER_KEYS.map((key) => (
              <li key={key}>
                <Link to={portaisHref({ mostrar: key })} aria-current={key === filter ? "page" : undefined}>
                  {PORTAIS_FILTERS[key]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {listings.length === 0 ? (
          <p className="portais-empty">
            {filter === "fora"
              ? "Nenhum imóvel marcado para os portais está fora do feed."
              : "Nada a corrigir: os portais devem aceitar todos os imóveis do feed."}
          </p>
        ) : (
          <ol className="portais-list">
            {listings.map((listing) => (
              <li key={listing.id} className="portais-item">
                <h3>
                  <Link to={listing.editHref}>
                    {listing.referencia} — {listing.titulo}
                  </Link>
                </h3>
                {listing.outOfFeedReason ? (
                  <p className="portais-item__out">{listing.outOfFeedReason}</p>
                ) : null}
                {listing.problems.length > 0 ? (
                  <ul className="portais-problems">
                    {listing.problems.map((problem) => (
                      <li
                        key={problem.code}
                        className={`portais-problem portais-problem--${problem.severity}`}
                      >
                        <span className="portais-tag">{problem.severity === "erro" ? "Erro" : "Aviso"}</span>{" "}
                        {problem.message}{" "}
                        <span className="portais-problem__portals">
                          ({problem.portals.map((p) => SHORT_PORTAL[p]).join(" e ")})
                        </span>{" "}
                        <Link to={problem.href}>
                          Corrigir<span className="visually-hidden"> em {listing.referencia}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        {pages > 1 ? (
          <nav aria-label="Páginas" className="portais-pages">
            <p>
              Página {page} de {pages} ({formatCount(total, "imóvel", "imóveis")})
            </p>
            <ul>
              {page > 1 ? (
                <li>
                  <Link to={portaisHref({ mostrar: filter, pagina: page - 1 })}>Anterior</Link>
                </li>
              ) : null}
              {page < pages ? (
                <li>
                  <Link to={portaisHref({ mostrar: filter, pagina: page + 1 })}>Próxima</Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </section>
    </main>
  );
}
