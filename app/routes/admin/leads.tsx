// /admin/leads — the inbox: filters (etapa, imóvel, corretor, período) in the URL, newest first,
// kept current by live events. A corretor sees only their own leads.
import { data, Form, Link } from "react-router";
import { TableScroll } from "../../components/admin/table-scroll";
import { Stylesheet } from "../../components/stylesheet";
import { formatCount, formatDate } from "../../lib/format";
import { LEAD_PAGE_SIZE, leadListSearch, parseLeadListQuery } from "../../lib/lead-inbox";
import { pageMeta } from "../../lib/meta";
import { useLiveEvents } from "../../lib/use-live-events";
import { LEAD_ORIGINS, LEAD_STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { listingsWithLeads, listLeads } from "../../server/leads/inbox.server";
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
  const { db } = context.services;
  const query = parseLeadListQuery(url.searchParams);
  const [result, listings, agents] = await Promise.all([
    listLeads(db, user, query),
    listingsWithLeads(db, user),
    user.role === "admin" ? listAgents(db) : null,
  ]);
  return data(
    { query, result, listings, agents, isAdmin: user.role === "admin" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { query, result, listings, agents, isAdmin } = loaderData;
  useLiveEvents(["lead-created", "lead-updated"]);
  const filtered = Boolean(query.status || query.imovel || query.corretor || query.de || query.ate);
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
            <Link to="/admin/leads/lgpd" className="btn btn--ghost">
              Pedidos LGPD
            </Link>
          ) : null}
        </div>
      </div>

      <Form method="get" className="filters" role="search" aria-label="Filtrar leads">
        <div className="filters__field">
          <label htmlFor="filtro-status">Etapa</label>
          <select id="filtro-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">Todas</option>
            {Object.entries(LEAD_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="filters__field">
          <label htmlFor="filtro-imovel">Imóvel</label>
          <select id="filtro-imovel" name="imovel" defaultValue={query.imovel ?? ""}>
            <option value="">Todos</option>
            {listings.map((l) => (
              <option key={l.id} value={l.id}>
                {l.referencia}
              </option>
            ))}
          </select>
        </div>
        {agents ? (
          <div className="filters__field">
            <label htmlFor="filtro-corretor">Corretor</label>
            <select id="filtro-corretor" name="corretor" defaultValue={query.corretor ?? ""}>
              <option value="">Todos</option>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="filters__field">
          <label htmlFor="filtro-de">De</label>
          <input id="filtro-de" name="de" type="date" defaultValue={query.de ?? ""} />
        </div>
        <div className="filters__field">
          <label htmlFor="filtro-ate">Até</label>
          <input id="filtro-ate" name="ate" type="date" defaultValue={query.ate ?? ""} />
        </div>
        <div className="filters__actions">
          <button type="submit" className="btn btn--primary">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/leads">Limpar filtros</Link> : null}
        </div>
      </Form>

      <p className="listings-count" aria-live="polite">
        {result.total === 0
          ? filtered
            ? "Nenhum lead encontrado com estes filtros."
            : "Nenhum lead recebido ainda."
          : `${formatCount(result.total, "lead", "leads")}${result.pageCount > 1 ? ` — página ${result.page} de ${result.pageCount}` : ""}`}
      </p>

      {result.rows.length > 0 ? (
        <TableScroll labelledBy="leads-tabela">
          <table className="admin-table">
            <caption id="leads-tabela" className="visually-hidden">
              Leads recebidos, do mais recente ao mais antigo
            </caption>
            <thead>
              <tr>
                <th scope="col">Recebido em</th>
                <th scope="col">Nome</th>
                <th scope="col">Contato</th>
                <th scope="col">Imóvel</th>
                <th scope="col">Origem</th>
                <th scope="col">Etapa</th>
                <th scope="col">Corretor</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((lead) => (
                <tr key={lead.id}>
                  <td>{formatDate(lead.createdAt)}</td>
                  <th scope="row">
                    <Link to={`/admin/leads/${lead.id}`}>{lead.name}</Link>
                  </th>
                  <td>{[lead.phone, lead.email].filter(Boolean).join(" · ") || "—"}</td>
                  <td>{lead.referencia ?? "—"}</td>
                  <td>{LEAD_ORIGINS[lead.origin]}</td>
                  <td>
                    <span className={`lead-status lead-status--${lead.status}`}>
                      {LEAD_STATUSES[lead.status]}
                    </span>
                  </td>
                  <td>{lead.assigneeName ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      {result.pageCount > 1 ? (
        <nav aria-label="Páginas de leads" className="leads-pages">
          {result.page > 1 ? (
            <Link to={`/admin/leads${leadListSearch(query, { pagina: result.page - 1 })}`}>Anterior</Link>
          ) : null}{" "}
          {result.page < result.pageCount ? (
            <Link to={`/admin/leads${leadListSearch(query, { pagina: result.page + 1 })}`}>Próxima</Link>
          ) : null}
        </nav>
      ) : null}
      <p className="visually-hidden">{LEAD_PAGE_SIZE} leads por página.</p>
    </main>
  );
}
