// The admin table of properties with sortable column headers and pagination, all plain links
// (the view lives in the URL).

import { Link } from "react-router";
import { formatDate } from "../../lib/format";
import {
  ADMIN_LIST_SORTS,
  type AdminListQuery,
  type AdminListSort,
  adminListHref,
  defaultDirection,
} from "../../lib/property-admin-list";
import { TableScroll } from "../table-scroll";

export interface PropertyRow {
  id: number;
  referencia: string;
  titulo: string;
  tipoLabel: string;
  price: string;
  secondaryPrice: string | null;
  status: string;
  statusLabel: string;
  publicacao: string;
  publicacaoLabel: string;
  destaque: boolean;
  corretorName: string | null;
  updatedAt: string;
  thumb: { src: string; width: number; height: number } | null;
}

function SortHeader({
  query,
  sort,
  children,
}: {
  query: AdminListQuery;
  sort: AdminListSort;
  children?: string;
}) {
  const active = query.ordem === sort;
  const direction = query.direcao ?? defaultDirection(query.ordem);
  const next = active ? (direction === "asc" ? "desc" : "asc") : defaultDirection(sort);
  const ariaSort = active ? (direction === "asc" ? "ascending" : "descending") : undefined;
  return (
    <th scope="col" aria-sort={ariaSort}>
      <Link to={adminListHref(query, { ordem: sort, direcao: next })} className="sort-link">
        {children ?? ADMIN_LIST_SORTS[sort]}
        <span aria-hidden="true" className="sort-link__arrow">
          {active ? (direction === "asc" ? " ▲" : " ▼") : ""}
        </span>
        <span className="visually-hidden">
          {active ? `, ordenado ${direction === "asc" ? "crescente" : "decrescente"}` : ", ordenar"}
        </span>
      </Link>
    </th>
  );
}

export function PropertiesTable({ rows, query }: { rows: PropertyRow[]; query: AdminListQuery }) {
  return (
    <TableScroll labelledBy="tabela-imoveis-titulo">
      <table className="listings-table">
        <caption id="tabela-imoveis-titulo" className="visually-hidden">
          Imóveis cadastrados
        </caption>
        <thead>
          <tr>
            <SortHeader query={query} sort="referencia" />
            <th scope="col">
              <span className="visually-hidden">Foto de capa</span>
            </th>
            <SortHeader query={query} sort="titulo" />
            <th scope="col">Tipo</th>
            <SortHeader query={query} sort="preco" />
            <SortHeader query={query} sort="status" />
            <th scope="col">Publicação</th>
            <th scope="col">Corretor</th>
            <SortHeader query={query} sort="atualizado" />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="listings-table__ref">
                <Link to={`/admin/imoveis/${row.id}`}>{row.referencia}</Link>
              </td>
              <td className="listings-table__thumb">
                {row.thumb ? (
                  <img
                    src={row.thumb.src}
                    alt=""
                    width={64}
                    height={Math.round((64 * row.thumb.height) / row.thumb.width)}
                    loading="lazy"
                  />
                ) : (
                  <span className="listings-table__nophoto">Sem foto</span>
                )}
              </td>
              <td>
                <Link to={`/admin/imoveis/${row.id}`} className="listings-table__title">
                  {row.titulo}
                </Link>
                {row.destaque ? <span className="badge badge--destaque">Destaque</span> : null}
              </td>
              <td>{row.tipoLabel}</td>
              <td className="listings-table__price">
                {row.price}
                {row.secondaryPrice ? (
                  <span className="listings-table__secondary">{row.secondaryPrice}</span>
                ) : null}
              </td>
              <td>
                <span className={`badge badge--status-${row.status}`}>{row.statusLabel}</span>
              </td>
              <td>
                <span className={`badge badge--${row.publicacao}`}>{row.publicacaoLabel}</span>
              </td>
              <td>{row.corretorName ?? "—"}</td>
              <td>
                <time dateTime={row.updatedAt}>{formatDate(row.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function Pagination({
  query,
  page,
  pageCount,
}: {
  query: AdminListQuery;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - page) <= 2,
  );
  return (
    <nav className="pagination" aria-label="Paginação">
      <ul>
        {page > 1 ? (
          <li>
            <Link to={adminListHref(query, { pagina: page - 1 })} rel="prev">
              Anterior
            </Link>
          </li>
        ) : null}
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - (pages[i - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
            <Link to={adminListHref(query, { pagina: p })} aria-current={p === page ? "page" : undefined}>
              <span className="visually-hidden">Página </span>
              {p}
            </Link>
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <Link to={adminListHref(query, { pagina: page + 1 })} rel="next">
              Próxima
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
