// The filter bar of the admin lists (/admin/imoveis, /admin/leads, /admin/captacoes,
// /admin/relatorios): a GET form, so the view lives in the URL, with its fields, "Filtrar" and,
// once something is filtered, a way back to the whole list; the count line under it, and the
// "Anterior"/"Próxima" links of the lists that page that way. The admin layout re-creates the screen for each URL,
// so after a sort, a page link or back/forward the fields show that URL's view.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatCount } from "../../lib/format";

export function FilterBar({
  label,
  clearTo,
  filtered,
  children,
}: {
  /** The form's accessible name ("Buscar imóveis"). */
  label: string;
  /** The list without filters. */
  clearTo: string;
  filtered: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="get" className="filters" role="search" aria-label={label}>
      {children}
      <div className="filters__actions">
        <button type="submit" className="btn btn--primary">
          Filtrar
        </button>
        {filtered ? <Link to={clearTo}>Limpar filtros</Link> : null}
      </div>
    </Form>
  );
}

/** A labelled choice; `all` is the empty choice's text ("Todos"), when there is one. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  all,
}: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: readonly (readonly [string | number, string])[];
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

/** "Corretor": the admin's choice of one agent's items (a corretor's lists are their own already). */
export function AgentFilter({
  agents,
  value,
}: {
  agents: readonly { id: number; name: string }[];
  value: number | undefined;
}) {
  return (
    <FilterSelect
      name="corretor"
      label="Corretor"
      value={value}
      options={agents.map((a) => [a.id, a.name])}
      all="Todos"
    />
  );
}

/** A labelled text, search or date input. */
export function FilterInput({
  name,
  label,
  value,
  type = "text",
  wide = false,
  placeholder,
  maxLength,
}: {
  name: string;
  label: string;
  value: string | undefined;
  type?: "text" | "search" | "date";
  /** Takes the room of two fields (the free-text search). */
  wide?: boolean;
  placeholder?: string;
  maxLength?: number;
}) {
  return (
    <div className={wide ? "filters__field filters__field--search" : "filters__field"}>
      <label htmlFor={`filtro-${name}`}>{label}</label>
      <input
        id={`filtro-${name}`}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={maxLength}
      />
    </div>
  );
}

/** "12 leads — página 1 de 2", or why there is none. */
export function ResultCount({
  total,
  page,
  pageCount,
  one,
  many,
  none,
  noneFiltered,
  filtered,
}: {
  total: number;
  page: number;
  pageCount: number;
  /** The noun for one ("imóvel") and for several ("imóveis"). */
  one: string;
  many: string;
  /** What to say when the list is empty, and when the filters leave nothing. */
  none: string;
  noneFiltered: string;
  filtered: boolean;
}) {
  const pages = pageCount > 1 ? ` — página ${page} de ${pageCount}` : "";
  return (
    <p className="listings-count" aria-live="polite">
      {total === 0 ? (filtered ? noneFiltered : none) : `${formatCount(total, one, many)}${pages}`}
    </p>
  );
}

/** "Anterior" and "Próxima" under a list of more than one page; `href` is a page's address. */
export function PrevNextPages({
  label,
  page,
  pageCount,
  href,
}: {
  /** The nav's accessible name ("Páginas de leads"). */
  label: string;
  page: number;
  pageCount: number;
  href: (pagina: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="leads-pages">
      {page > 1 ? <Link to={href(page - 1)}>Anterior</Link> : null}{" "}
      {page < pageCount ? <Link to={href(page + 1)}>Próxima</Link> : null}
    </nav>
  );
}
