// The canvas every demo scene is drawn on (1600×1067, scaled by sceneSvg) and the colour and
// number helpers that keep the SVG small.
import type { SeededRandom } from "../../../lib/seeded-random";

export const W = 1600;

export const H = 1067;

function parseHex(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** amount > 0 lightens towards white, < 0 darkens towards black. */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, "#ffffff", amount) : mix(color, "#000000", -amount);
}

export function jitter(color: string, rnd: SeededRandom, amount = 14): string {
  const [r, g, b] = parseHex(color);
  const d = () => rnd.float(-amount, amount);
  const l = rnd.float(-amount, amount) * 0.6;
  return toHex([r + d() + l, g + d() + l, b + d() + l]);
}

/** Compact number formatting keeps the SVG small (and parsing fast). */
export const n = (v: number) => (Math.round(v * 10) / 10).toString();

export function pts(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}
