// /admin/captacoes — properties owners offered on /anuncie-seu-imovel, newest first, with a filter
// by situação (in the URL). A corretor sees only the captações assigned to them; an admin all.
import { data, Link } from "react-router";
import { FilterBar, FilterSelect, PrevNextPages, ResultCount } from "../../components/admin/filter-bar";
import { Stylesheet } from "../../components/stylesheet";
import { TableScroll } from "../../components/table-scroll";
import { CAPTACAO_PAGE_SIZE, captacaoListSearch, parseCaptacaoListQuery } from "../../lib/captacao-admin";
import { captacaoHeadline, expectedPriceText } from "../../lib/captacao-text";
import { formatDate } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { CAPTACAO_STATUSES } from "../../lib/vocabulary";
import { requireUser } from "../../server/auth/guard.server";
import { listCaptacoes } from "../../server/captacoes/queue.server";
import { requestContext } from "../../server/context.server";
import adminListingsCss from "../../styles/admin-listings.css?inline";
import captacoesCss from "../../styles/captacoes.css?inline";
import leadsCss from "../../styles/leads.css?inline";
import type { Route } from "./+types/captacoes";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Captações", noindex: true });

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context, url });
  const { db } = context.get(requestContext).services;
  const query = parseCaptacaoListQuery(url.searchParams);
  const result = await listCaptacoes(db, user, query);
  return data(
    { query, result, isAdmin: user.role === "admin", erased: url.searchParams.get("excluida") === "1" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function Captacoes({ loaderData }: Route.ComponentProps) {
  const { query, result, isAdmin, erased } = loaderData;
  const filtered = Boolean(query.status);
  return (
    <main className="admin-page admin-captacoes">
      <Stylesheet name="admin-listings" css={adminListingsCss} />
      <Stylesheet name="leads" css={leadsCss} />
      <Stylesheet name="captacoes" css={captacoesCss} />
      <div className="leads-heading">
        <h1>Captações</h1>
      </div>
      {erased ? (
        <p className="listing-notice" role="status">
          Captação excluída, com as fotos e as anotações.
        </p>
      ) : null}
      <p className="admin-page__lead">
        Imóveis que proprietários ofereceram em <Link to="/anuncie-seu-imovel">Anuncie seu imóvel</Link>.{" "}
        {isAdmin
          ? "Atribua cada um a um corretor, que avalia e cria o rascunho do anúncio."
          : "Aqui aparecem as captações atribuídas a você."}
      </p>

      <FilterBar label="Filtrar captações" clearTo="/admin/captacoes" filtered={filtered}>
        <FilterSelect
          name="status"
          label="Situação"
          value={query.status}
          options={Object.entries(CAPTACAO_STATUSES)}
          all="Todas"
        />
      </FilterBar>

      <ResultCount
        total={result.total}
        page={result.page}
        pageCount={result.pageCount}
        one="captação"
        many="captações"
        none={isAdmin ? "Nenhuma captação recebida ainda." : "Nenhuma captação atribuída a você."}
        noneFiltered="Nenhuma captação encontrada com este filtro."
        filtered={filtered}
      />

      {result.rows.length > 0 ? (
        <TableScroll labelledBy="captacoes-tabela">
          <table className="admin-table">
            <caption id="captacoes-tabela" className="visually-hidden">
              Captações, da mais recente à mais antiga
            </caption>
            <thead>
              <tr>
                <th scope="col">Recebida em</th>
                <th scope="col">Proprietário</th>
                <th scope="col">Imóvel</th>
                <th scope="col">Valor pretendido</th>
                <th scope="col">Fotos</th>
                <th scope="col">Situação</th>
                <th scope="col">Corretor</th>
              </tr>
            </thead>
            <tbody>
              {result.rows.map((row) => (
                <tr key={row.id}>
                  <td>{formatDate(row.createdAt)}</td>
                  <th scope="row">
                    <Link to={`/admin/captacoes/${row.id}`}>{row.name}</Link>
                  </th>
                  <td>
                    {captacaoHeadline(row)}, {row.cidade}
                  </td>
                  <td>{expectedPriceText(row.expectedPrice, row.finalidade)}</td>
                  <td>{row.photoCount}</td>
                  <td>
                    <span className={`lead-status captacao-status--${row.status}`}>
                      {CAPTACAO_STATUSES[row.status]}
                    </span>
                    {row.referencia ? <span className="lead-count">{` · ${row.referencia}`}</span> : null}
                  </td>
                  <td>{row.assigneeName ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}

      <PrevNextPages
        label="Páginas de captações"
        page={result.page}
        pageCount={result.pageCount}
        href={(pagina) => `/admin/captacoes${captacaoListSearch(query, { pagina })}`}
      />
      <p className="visually-hidden">{CAPTACAO_PAGE_SIZE} captações por página.</p>
    </main>
  );
}
