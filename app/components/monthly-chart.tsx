// A month-by-month line in inline SVG, as DailyChart (daily-chart.tsx) draws its bars: no chart
// library, a summary for screen readers, and the numbers in a table the page shows beside it
// (`tableId`). Each chart has its own scale, so a small count (closings) is not flattened under a
// large one (leads). Styles: app/styles/relatorios.css (.line-chart) on figures.css's .chart.

import { formatCount, formatInteger } from "../lib/format";
import { monthName, monthShort } from "../lib/funnel-report";
import figuresCss from "../styles/figures.css?inline";
import { Stylesheet } from "./stylesheet";

export interface MonthPoint {
  /** YYYY-MM */
  month: string;
  value: number;
}

const WIDTH = 420;
const HEIGHT = 200;
const PAD_LEFT = 34;
const PAD_RIGHT = 8;
const PAD_TOP = 22;
const PAD_BOTTOM = 26;
/** Room between the axis and the first and last months, so their values clear the scale. */
const INSET = 18;
/** Up to this many months every point gets its value and its month; beyond, a few do. */
const LABEL_ALL = 12;

/** The top of the scale: the largest value rounded up to 1, 2 or 5 × 10ⁿ (at least 1). */
function scaleTop(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((f) => f * power >= max) ?? 10;
  return step * power;
}

export function MonthlyChart({
  id,
  title,
  unit,
  points,
  tone,
  tableId,
}: {
  id: string;
  title: string;
  /** The counted thing: singular, plural and none ("nenhum lead"). */
  unit: readonly [one: string, other: string, none: string];
  points: MonthPoint[];
  tone: "primary" | "success";
  /** The table with these numbers, named in the caption. */
  tableId: string;
}) {
  const top = scaleTop(Math.max(0, ...points.map((p) => p.value)));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const plotWidth = WIDTH - PAD_LEFT - PAD_RIGHT - 2 * INSET;
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const x = (index: number) =>
    PAD_LEFT + INSET + (points.length > 1 ? (index / (points.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => PAD_TOP + plotHeight - (value / top) * plotHeight;
  const line = points
    .map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join("");
  const area =
    points.length > 1 ? `${line}L${x(points.length - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : "";
  const every = points.length <= LABEL_ALL ? 1 : Math.ceil(points.length / 6);
  const labelled = (index: number) => index % every === 0 || index === points.length - 1;
  const first = points[0];
  const last = points[points.length - 1];
  const highest = points.reduce<MonthPoint | undefined>(
    (best, p) => (best === undefined || p.value > best.value ? p : best),
    undefined,
  );
  const summary =
    first && last && highest
      ? `${title}, de ${monthName(first.month)} a ${monthName(last.month)}: ${formatCount(total, ...unit)} no total; ${
          highest.value > 0
            ? `o maior mês foi ${monthName(highest.month)}, com ${formatInteger(highest.value)}`
            : "nenhum mês teve algum"
        }; o último mês teve ${formatInteger(last.value)}.`
      : `${title}: sem meses.`;
  return (
    <figure className={`chart line-chart line-chart--${tone}`} aria-labelledby={`${id}-titulo`}>
      <Stylesheet name="figures" css={figuresCss} />
      <figcaption className="chart__title" id={`${id}-titulo`}>
        {title} <span className="chart__total">({formatCount(total, ...unit)})</span>
      </figcaption>
      <svg className="line-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary}>
        {[0, top / 2, top].map((value) => (
          <g key={value}>
            <line
              className={value === 0 ? "chart__axis" : "line-chart__grid"}
              x1={PAD_LEFT}
              x2={WIDTH - PAD_RIGHT}
              y1={y(value)}
              y2={y(value)}
            />
            <text className="chart__scale" x={PAD_LEFT - 6} y={y(value) + 4} textAnchor="end">
              {Number.isInteger(value) ? formatInteger(value) : ""}
            </text>
          </g>
        ))}
        {area ? <path className="line-chart__area" d={area} /> : null}
        {points.length > 1 ? <path className="line-chart__line" d={line} /> : null}
        {points.map((point, index) => (
          <g key={point.month}>
            <circle className="line-chart__point" cx={x(index)} cy={y(point.value)} r={3.5} />
            {labelled(index) ? (
              <>
                <text className="line-chart__value" x={x(index)} y={y(point.value) - 8} textAnchor="middle">
                  {formatInteger(point.value)}
                </text>
                <text className="chart__scale" x={x(index)} y={HEIGHT - 8} textAnchor="middle">
                  {monthShort(point.month)}
                </text>
              </>
            ) : null}
          </g>
        ))}
      </svg>
      <p className="line-chart__note">
        Os números de cada mês estão na tabela <a href={`#${tableId}`}>Por mês</a>.
      </p>
    </figure>
  );
}
