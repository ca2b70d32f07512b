// Numbers at a glance: a grid of big figures with their labels (the painel, the funnel report, a
// listing's numbers on its admin screen, the owner's report). Styles in app/styles/figures.css,
// shared with the charts.
import type { ReactNode } from "react";
import { formatInteger } from "../lib/format";
import figuresCss from "../styles/figures.css?inline";
import { Stylesheet } from "./stylesheet";

export interface Stat {
  /** A count (grouped: "1.250") or a figure already formatted ("2 h 15 min"). */
  value: number | string;
  label: string;
  /** A smaller line under the label. */
  detail?: ReactNode;
  testId?: string;
}

export function StatGrid({ stats, className }: { stats: Stat[]; className?: string }) {
  return (
    <>
      <Stylesheet name="figures" css={figuresCss} />
      <ul className={className ? `stat-grid ${className}` : "stat-grid"}>
        {stats.map((stat) => (
          <li key={stat.label} className="stat" data-testid={stat.testId}>
            <span className="stat__value">
              {typeof stat.value === "number" ? formatInteger(stat.value) : stat.value}
            </span>
            <span className="stat__label">
              {stat.label}
              {stat.detail ? <span className="stat__detail">{stat.detail}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
