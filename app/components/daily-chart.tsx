// A small bar chart in inline SVG (no chart library: nothing extra to download on a phone).
// Screen readers get a summary label, and everyone can open the numbers as a table.
import type { DayCount } from "../lib/dashboard";
import { formatCount, formatInteger } from "../lib/format";
import figuresCss from "../styles/figures.css?inline";
import { Stylesheet } from "./stylesheet";

const WIDTH = 600;
const HEIGHT = 150;
const PAD_TOP = 16;
const PAD_BOTTOM = 22;

function dayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${date}/${month}`;
}

export function DailyChart({
  title,
  unit,
  points,
  tone,
}: {
  title: string;
  /** The counted thing: singular, plural and none ("nenhuma visualização"). */
  unit: readonly [one: string, other: string, none: string];
  points: DayCount[];
  tone: "primary" | "accent" | "whatsapp";
}) {
  const id = `grafico-${tone}`;
  const max = Math.max(1, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const slot = WIDTH / Math.max(1, points.length);
  const barWidth = Math.max(2, slot * 0.7);
  const plotHeight = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const first = points[0];
  const last = points[points.length - 1];
  const summary = `${title}: ${formatCount(total, ...unit)} nos últimos ${formatCount(points.length, "dia", "dias")}${
    first && last ? `, de ${dayLabel(first.day)} a ${dayLabel(last.day)}` : ""
  }; máximo de ${formatInteger(max)} em um dia.`;
  return (
    <figure className="chart">
      <Stylesheet name="figures" css={figuresCss} />
      <figcaption className="chart__title" id={`${id}-titulo`}>
        {title}{" "}
        <span className="chart__total">
          ({formatInteger(total)} em {formatCount(points.length, "dia", "dias")})
        </span>
      </figcaption>
      <svg
        className={`chart__svg chart__svg--${tone}`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line className="chart__axis" x1={0} x2={WIDTH} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} />
        <text className="chart__scale" x={2} y={11}>
          {formatInteger(max)}
        </text>
        {points.map((point, index) => {
          const height = (point.value / max) * plotHeight;
          return (
            <rect
              key={point.day}
              className="chart__bar"
              x={index * slot + (slot - barWidth) / 2}
              y={HEIGHT - PAD_BOTTOM - height}
              width={barWidth}
              height={Math.max(height, point.value > 0 ? 1 : 0)}
            />
          );
        })}
        {first ? (
          <text className="chart__scale" x={2} y={HEIGHT - 6}>
            {dayLabel(first.day)}
          </text>
        ) : null}
        {last ? (
          <text className="chart__scale" x={WIDTH - 2} y={HEIGHT - 6} textAnchor="end">
            {dayLabel(last.day)}
          </text>
        ) : null}
      </svg>
      <details className="chart__data">
        <summary className="chart__summary">
          Ver os números de {title.charAt(0).toLowerCase() + title.slice(1)}
        </summary>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">{unit[1].charAt(0).toUpperCase() + unit[1].slice(1)}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row">{dayLabel(point.day)}</th>
                <td>{formatInteger(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
