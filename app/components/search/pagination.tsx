// Crawlable pagination: real <a href> links to each page's canonical URL, rel prev/next.

import { Link } from "react-router";
import { pageHref, type SearchFilters } from "../../lib/search-params";

/** Page numbers to show around the current one, with null for a gap: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | null)[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push(p - previous === 2 ? p - 1 : null);
    out.push(p);
  }
  return out;
}

export function Pagination({
  path,
  filters,
  page,
  pageCount,
}: {
  path: string;
  filters: SearchFilters;
  page: number;
  pageCount: number;
}) {
  if (pageCount <= 1) return null;
  const href = (p: number) => pageHref(path, filters, p);
  return (
    <nav className="pagination" aria-label="Páginas de resultados">
      {page > 1 ? (
        <Link className="pagination__step" to={href(page - 1)} rel="prev">
          <span aria-hidden="true">‹</span> Anterior
        </Link>
      ) : null}
      <ol className="pagination__pages">
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Página ${p}`}
                className="pagination__page"
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link className="pagination__step" to={href(page + 1)} rel="next">
          Próxima <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}
