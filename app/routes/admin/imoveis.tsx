// /admin/imoveis — every property the user may manage: search, filters, sort and pages in the URL.
import { data, Form, Link, useSearchParams } from "react-router";
import { LivePropertyUpdates } from "../../components/admin/live-property-updates";
import { Pagination, PropertiesTable } from "../../components/admin/properties-table";
import { pageMeta } from "../../lib/meta";
import { noticeOf } from "../../lib/property-actions";
import { ADMIN_LIST_SORTS, parseAdminListQuery } from "../../lib/property-admin-list";
import { PUBLICATION_STATES, STATUSES, TIPOS } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { listAgents } from "../../server/properties/admin.server";
import { listForAdmin } from "../../server/properties/admin-list.server";
import { actorFor } from "../../server/properties/http.server";
import "../../styles/admin-listings.css";
import type { Route } from "./+types/imoveis";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Imóveis", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db, storage } = context.services;
  const query = parseAdminListQuery(url.searchParams);
  const [result, agents] = await Promise.all([
    listForAdmin(db, storage, actorFor(user, request, context), query),
    user.role === "admin" ? listAgents(db) : null,
  ]);
  return data({ query, result, agents }, { headers: { "Cache-Control": "no-store" } });
}

function Select({
  name,
  label,
  value,
  options,
  all,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: [string, string][];
  all?: string;
}) {
  return (
    <div className="filters__field">
      <label htmlFor={`filtro-${name}`}>{label}</label>
      <select id={`filtro-${name}`} name={name} defaultValue={value === undefined ? "" : String(value)}>
        {all ? <option value="">{all}</option> : null}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
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

      {/* The admin layout re-creates the screen for each URL, so after a sort, a page link or
          back/forward the inputs show that URL's view, never text left over from the last one. */}
      <Form method="get" className="filters" role="search" aria-label="Buscar imóveis">
        <div className="filters__field filters__field--search">
          <label htmlFor="filtro-q">Buscar</label>
          <input
            id="filtro-q"
            name="q"
            type="search"
            defaultValue={query.q ?? ""}
            placeholder="Referência, título ou bairro"
            maxLength={100}
          />
        </div>
        <Select name="tipo" label="Tipo" value={query.tipo} options={label(TIPOS)} all="Todos" />
        <Select name="status" label="Situação" value={query.status} options={label(STATUSES)} all="Todas" />
        <Select
          name="publicacao"
          label="Publicação"
          value={query.publicacao}
          options={label(PUBLICATION_STATES)}
          all="Todas"
        />
        {agents ? (
          <Select
            name="corretor"
            label="Corretor"
            value={query.corretor}
            options={agents.map((a) => [String(a.id), a.name])}
            all="Todos"
          />
        ) : null}
        <Select name="ordem" label="Ordenar por" value={query.ordem} options={label(ADMIN_LIST_SORTS)} />
        <Select
          name="direcao"
          label="Ordem"
          value={query.direcao}
          options={[
            ["asc", "Crescente"],
            ["desc", "Decrescente"],
          ]}
          all="Padrão"
        />
        <div className="filters__actions">
          <button type="submit" className="btn btn--primary">
            Filtrar
          </button>
          {filtered ? <Link to="/admin/imoveis">Limpar filtros</Link> : null}
        </div>
      </Form>

      <p className="listings-count" aria-live="polite">
        {result.total === 0
          ? filtered
            ? "Nenhum imóvel encontrado com estes filtros."
            : "Nenhum imóvel cadastrado ainda."
          : `${result.total} ${result.total === 1 ? "imóvel" : "imóveis"}${result.pageCount > 1 ? ` — página ${result.page} de ${result.pageCount}` : ""}`}
      </p>

      {result.rows.length > 0 ? <PropertiesTable rows={result.rows} query={query} /> : null}
      <Pagination query={query} page={result.page} pageCount={result.pageCount} />
    </main>
  );
}
