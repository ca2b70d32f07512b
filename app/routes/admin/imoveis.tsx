// /admin/imoveis — every listing the user may manage: search, filters, sort and pages in the URL.
import { data, Link, useSearchParams } from "react-router";
import {
  AgentFilter,
  FilterBar,
  FilterInput,
  FilterSelect,
  ResultCount,
} from "../../components/admin/filter-bar";
import { LivePropertyUpdates } from "../../components/admin/live-property-updates";
import { Pagination, PropertiesTable } from "../../components/admin/properties-table";
import { Stylesheet } from "../../components/stylesheet";
import { pageMeta } from "../../lib/meta";
import { noticeOf } from "../../lib/property-actions";
import { ADMIN_LIST_SORTS, parseAdminListQuery } from "../../lib/property-admin-list";
import { PUBLICATION_STATES, STATUSES, TIPOS } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { requestContext } from "../../server/context.server";
import { listAgents } from "../../server/properties/admin.server";
import { listForAdmin } from "../../server/properties/admin-list.server";
import { actorFor } from "../../server/properties/http.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import type { Route } from "./+types/imoveis";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Imóveis", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db, storage } = context.get(requestContext).services;
  const query = parseAdminListQuery(url.searchParams);
  const [result, agents] = await Promise.all([
    listForAdmin(db, storage, actorFor(user, request, context), query),
    user.role === "admin" ? listAgents(db) : null,
  ]);
  return data({ query, result, agents }, { headers: { "Cache-Control": "no-store" } });
}

export default function Listings({ loaderData }: Route.ComponentProps) {
  const { query, result, agents } = loaderData;
  const [search] = useSearchParams();
  const notice = noticeOf(search);
  const deleted = search.get("ok") === "excluido" ? search.get("ref") : null;
  const filtered = Boolean(query.q || query.tipo || query.status || query.publicacao || query.corretor);
  const label = (record: Record<string, string | { label: string }>): [string, string][] =>
    Object.entries(record).map(([k, v]) => [k, typeof v === "string" ? v : v.label]);

  return (
    <main className="admin-page admin-listings">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <div className="listings-heading">
        <h1>Imóveis</h1>
        <Link to="/admin/imoveis/novo" className="btn btn--primary">
          Cadastrar imóvel
        </Link>
      </div>
      <LivePropertyUpdates />

      {notice ? (
        <p className="listing-notice" role="status">
          {deleted ? `Imóvel ${deleted} excluído.` : notice}
        </p>
      ) : null}

      <FilterBar label="Buscar imóveis" clearTo="/admin/imoveis" filtered={filtered}>
        <FilterInput
          name="q"
          label="Buscar"
          type="search"
          wide
          value={query.q}
          placeholder="Referência, título ou bairro"
          maxLength={100}
        />
        <FilterSelect name="tipo" label="Tipo" value={query.tipo} options={label(TIPOS)} all="Todos" />
        <FilterSelect
          name="status"
          label="Situação"
          value={query.status}
          options={label(STATUSES)}
          all="Todas"
        />
        <FilterSelect
          name="publicacao"
          label="Publicação"
          value={query.publicacao}
          options={label(PUBLICATION_STATES)}
          all="Todas"
        />
        {agents ? <AgentFilter agents={agents} value={query.corretor} /> : null}
        <FilterSelect
          name="ordem"
          label="Ordenar por"
          value={query.ordem}
          options={label(ADMIN_LIST_SORTS)}
        />
        <FilterSelect
          name="direcao"
          label="Ordem"
          value={query.direcao}
          options={[
            ["asc", "Crescente"],
            ["desc", "Decrescente"],
          ]}
          all="Padrão"
        />
      </FilterBar>

      <ResultCount
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        one="imóvel"
        many="imóveis"
        none="Nenhum imóvel cadastrado ainda."
        noneFiltered="Nenhum imóvel encontrado com estes filtros."
        filtered={filtered}
      />

      {result.rows.length > 0 ? <PropertiesTable rows={result.rows} query={query} /> : null}
      <Pagination query={query} page={result.page} pageCount={result.pageCount} />
    </main>
  );
}
