// One funnel as a table (/admin/relatorios): a row per source, agent or month, the stages as
// columns, each count with the share of the stage before it, the overall conversion and the
// first-response times; the period's total in the footer.
import type { ReactNode } from "react";
import { formatInteger } from "../../lib/format";
import {
  FUNNEL_STAGE_KEYS,
  FUNNEL_STAGES,
  type FunnelCounts,
  formatDuration,
  formatPercent,
  overallRate,
  stageRate,
} from "../../lib/funnel-report";
import { TableScroll } from "../table-scroll";

export interface FunnelTableRow {
  key: string;
  /** The row's header: a name, or a link to the report filtered by it. */
  label: ReactNode;
  counts: FunnelCounts;
  /** The value of `extraColumn`, when the table has one. */
  extra?: number;
}

function Cells({ counts, extra, hasExtra }: { counts: FunnelCounts; extra?: number; hasExtra: boolean }) {
  return (
    <>
      <td>{formatInteger(counts.leads)}</td>
      {FUNNEL_STAGE_KEYS.map((stage) => (
        <td key={stage}>
          {formatInteger(counts[stage])}{" "}
          <span className="funnel-rate">({formatPercent(stageRate(counts, stage))})</span>
        </td>
      ))}
      <td>{formatPercent(overallRate(counts))}</td>
      <td>{formatDuration(counts.medianaRespostaSegundos)}</td>
      <td>{formatDuration(counts.p90RespostaSegundos)}</td>
      {hasExtra ? <td>{formatInteger(extra ?? 0)}</td> : null}
    </>
  );
}

export function FunnelTable({
  id,
  caption,
  rowHeader,
  rows,
  total,
  totalExtra,
  extraColumn,
}: {
  id: string;
  caption: string;
  /** The first column's name ("Origem", "Corretor", "Mês"). */
  rowHeader: string;
  rows: FunnelTableRow[];
  total: FunnelCounts;
  totalExtra?: number;
  extraColumn?: string;
}) {
  const hasExtra = extraColumn !== undefined;
  return (
    <TableScroll labelledBy={id}>
      <table className="admin-table funnel-table" data-testid={id}>
        <caption id={id} className="funnel-table__caption">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            <th scope="col">Leads</th>
            {FUNNEL_STAGE_KEYS.map((stage) => (
              <th scope="col" key={stage}>
                {FUNNEL_STAGES[stage]}
              </th>
            ))}
            <th scope="col">Conversão total</th>
            <th scope="col">1ª resposta (mediana)</th>
            <th scope="col">1ª resposta (p90)</th>
            {hasExtra ? <th scope="col">{extraColumn}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <Cells counts={row.counts} extra={row.extra} hasExtra={hasExtra} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <Cells counts={total} extra={totalExtra} hasExtra={hasExtra} />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
