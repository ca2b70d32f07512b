// Drawing pieces several scenes share: gradients, shadows, sky and clouds, palms, bushes, and the
// final colour grade and vignette.

import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade, W } from "./canvas.server";
import { SKIES } from "./palettes.server";

export function defs(extra = ""): string {
  return `<defs>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.38"/><stop offset="0.6" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff6dc" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></radialGradient>
<radialGradient id="puff"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.62" stop-color="#fff" stop-opacity="0.88"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="puffshade"><stop offset="0" stop-color="#b8c7d6" stop-opacity="0.55"/><stop offset="1" stop-color="#b8c7d6" stop-opacity="0"/></radialGradient>
${extra}</defs>`;
}

export function softShadow(cx: number, cy: number, rx: number, ry: number, opacity = 1): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#shadow)" opacity="${opacity}"/>`;
}

export function sky(
  rnd: SeededRandom,
  horizon: number,
): { svg: string; defs: string; top: string; bottom: string } {
  const [top, bottom] = rnd.pick(SKIES);
  const t = jitter(top, rnd, 10);
  const b = jitter(bottom, rnd, 8);
  const grad = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  const sunX = rnd.float(150, 1450);
  const sunY = rnd.float(60, horizon * 0.5);
  const svg = `<rect width="${W}" height="${n(horizon + 2)}" fill="url(#sky)"/>
<circle cx="${n(sunX)}" cy="${n(sunY)}" r="260" fill="url(#glow)" opacity="0.55"/>`;
  return { svg, defs: grad, top: t, bottom: b };
}

/** A cumulus made of soft-edged puffs (radial gradients: blur filters are too slow). */
function cloud(rnd: SeededRandom, cx: number, cy: number, width: number): string {
  const parts: string[] = [];
  const count = rnd.int(5, 8);
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1) - 0.5;
    const x = cx + t * width * 0.85 + rnd.float(-15, 15);
    const r = width * rnd.float(0.16, 0.26) * (1.1 - Math.abs(t));
    parts.push(`<ellipse cx="${n(x)}" cy="${n(cy - r * 0.3)}" rx="${n(r * 1.45)}" ry="${n(r)}"/>`);
  }
  parts.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(width * 0.6)}" ry="${n(width * 0.09)}"/>`);
  return `<g fill="url(#puff)" opacity="${n(rnd.float(0.8, 1))}">${parts.join("")}</g>
<ellipse cx="${n(cx)}" cy="${n(cy + width * 0.03)}" rx="${n(width * 0.45)}" ry="${n(width * 0.05)}" fill="url(#puffshade)"/>`;
}

export function clouds(rnd: SeededRandom, maxY: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += cloud(rnd, rnd.float(0, W), rnd.float(60, maxY), rnd.float(180, 420));
  }
  return out;
}

type PalmOptions = {
  x: number;
  y: number;
  height: number;
  lean: number;
  scale: number;
  trunk: string;
  leaf: string;
  shadow?: boolean;
};

/** A coconut palm: a curved tapering ringed trunk and drooping feathery fronds. */
export function palm(rnd: SeededRandom, o: PalmOptions): string {
  const s = o.scale;
  const top: [number, number] = [o.x + o.lean * o.height * 0.45, o.y - o.height];
  const ctrl: [number, number] = [o.x + o.lean * o.height * 0.05, o.y - o.height * 0.55];
  const at = (t: number): [number, number] => [
    (1 - t) ** 2 * o.x + 2 * (1 - t) * t * ctrl[0] + t * t * top[0],
    (1 - t) ** 2 * o.y + 2 * (1 - t) * t * ctrl[1] + t * t * top[1],
  ];
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  let rings = "";
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const [px, py] = at(t);
    const [qx, qy] = at(Math.min(1, t + 0.01));
    const dx = qx - px;
    const dy = qy - py;
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    const w = (16 - 8 * t) * s;
    left.push([px + nx * w, py + ny * w]);
    right.push([px - nx * w, py - ny * w]);
    if (i > 0 && i < steps) {
      rings += `M${n(px + nx * w)} ${n(py + ny * w)}L${n(px - nx * w)} ${n(py - ny * w + 3 * s)}`;
    }
  }
  const trunkLight = shade(o.trunk, 0.25);
  let svg = "";
  if (o.shadow !== false) svg += softShadow(o.x + 40 * s, o.y + 4 * s, 150 * s, 22 * s, 0.8);
  svg += `<polygon points="${pts([...left, ...right.reverse()])}" fill="${o.trunk}"/>`;
  svg += `<path d="${rings}" stroke="${shade(o.trunk, -0.35)}" stroke-width="${n(2.2 * s)}" opacity="0.55" fill="none"/>`;
  svg += `<polyline points="${pts(left.slice(0, -1))}" stroke="${trunkLight}" stroke-width="${n(3 * s)}" fill="none" opacity="0.6"/>`;

  const fronds = rnd.int(8, 11);
  const dark = shade(o.leaf, -0.25);
  const light = shade(o.leaf, 0.12);
  let back = "";
  let front = "";
  for (let k = 0; k < fronds; k++) {
    const a = (k / fronds) * Math.PI * 2 + rnd.float(-0.25, 0.25);
    const L = rnd.float(150, 210) * s;
    const dirX = Math.cos(a);
    const dirY = Math.sin(a) * 0.45;
    const tip: [number, number] = [top[0] + dirX * L, top[1] + dirY * L + L * rnd.float(0.35, 0.7)];
    const c: [number, number] = [top[0] + dirX * L * 0.55, top[1] + dirY * L * 0.55 - L * 0.25];
    const q = (t: number): [number, number] => [
      (1 - t) ** 2 * top[0] + 2 * (1 - t) * t * c[0] + t * t * tip[0],
      (1 - t) ** 2 * top[1] + 2 * (1 - t) * t * c[1] + t * t * tip[1],
    ];
    let leaflets = "";
    for (let t = 0.08; t < 0.98; t += 0.055) {
      const [px, py] = q(t);
      const [qx, qy] = q(t + 0.02);
      const len = Math.hypot(qx - px, qy - py) || 1;
      const dx = (qx - px) / len;
      const dy = (qy - py) / len;
      const ll = (1 - t * 0.65) * 58 * s;
      for (const side of [-1, 1]) {
        const ex = px + (dx * 0.45 - dy * side) * ll;
        const ey = py + (dy * 0.45 + dx * side) * ll + ll * 0.55;
        leaflets += `M${n(px)} ${n(py)}L${n(ex)} ${n(ey)}`;
      }
    }
    const rib = `M${n(top[0])} ${n(top[1])}Q${n(c[0])} ${n(c[1])} ${n(tip[0])} ${n(tip[1])}`;
    const isBack = Math.sin(a) < 0;
    const color = isBack ? dark : k % 2 ? o.leaf : light;
    const frond = `<path d="${leaflets}" stroke="${color}" stroke-width="${n(4.2 * s)}" stroke-linecap="round" fill="none"/><path d="${rib}" stroke="${shade(color, -0.2)}" stroke-width="${n(3.2 * s)}" fill="none"/>`;
    if (isBack) back += frond;
    else front += frond;
  }
  const nuts = [0, 1, 2]
    .map(
      (i) =>
        `<circle cx="${n(top[0] + (i - 1) * 9 * s)}" cy="${n(top[1] + 10 * s + (i % 2) * 5 * s)}" r="${n(8 * s)}" fill="${i % 2 ? "#7a5a2a" : "#8f7a2e"}"/>`,
    )
    .join("");
  return svg + back + nuts + front;
}

/** Round bush made of overlapping circles, lit from the top left. */
export function bush(
  rnd: SeededRandom,
  x: number,
  y: number,
  r: number,
  green: string,
  flowers?: string,
): string {
  let out = softShadow(x + r * 0.2, y + 2, r * 1.3, r * 0.28, 0.9);
  const blobs = rnd.int(5, 8);
  for (let i = 0; i < blobs; i++) {
    const bx = x + rnd.float(-r * 0.8, r * 0.8);
    const by = y - r * 0.5 + rnd.float(-r * 0.45, r * 0.25);
    const br = r * rnd.float(0.42, 0.65);
    out += `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(br)}" fill="${shade(green, rnd.float(-0.2, 0.05))}"/>`;
    out += `<circle cx="${n(bx - br * 0.25)}" cy="${n(by - br * 0.3)}" r="${n(br * 0.55)}" fill="${shade(green, 0.12)}" opacity="0.55"/>`;
  }
  if (flowers) {
    let dots = "";
    for (let i = 0; i < blobs * 4; i++) {
      dots += `M${n(x + rnd.float(-r, r))} ${n(y - r * rnd.float(0.1, 1))}h0.1`;
    }
    out += `<path d="${dots}" stroke="${flowers}" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/>`;
  }
  return out;
}

export function vignette(): string {
  return `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
}

/** A warm or cool global wash that makes scenes of one kind differ in mood. */
export function grade(rnd: SeededRandom): string {
  const tone = rnd.pick(["#ffb060", "#ffd08a", "#8ab8ff", "#ffe2b0"]);
  return `<rect width="${W}" height="${H}" fill="${tone}" opacity="${n(rnd.float(0.03, 0.09))}"/>`;
}
