// Demo photos drawn locally: every scene is an SVG rasterised by sharp (librsvg), with seeded
// randomness (same kind + seed = same picture) and a little film grain so the JPEGs weigh what
// real photos weigh. Nothing is downloaded. Scenes are drawn on a 1600×1067 canvas and scaled
// (cropping, never stretching) to the requested size.
import sharp from "sharp";

export const SCENE_KINDS = [
  "beach",
  "building",
  "house",
  "living",
  "bedroom",
  "kitchen",
  "bathroom",
  "pool",
  "land",
  "aerial",
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

const W = 1600;
const H = 1067;

// ---------------------------------------------------------------------------------------------
// Randomness and colour helpers

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for pictures. */
function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Random {
  constructor(readonly next: Rng) {}
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  int(min: number, max: number): number {
    return Math.floor(this.range(min, max + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

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

function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** amount > 0 lightens towards white, < 0 darkens towards black. */
function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, "#ffffff", amount) : mix(color, "#000000", -amount);
}

function jitter(color: string, rnd: Random, amount = 14): string {
  const [r, g, b] = parseHex(color);
  const d = () => rnd.range(-amount, amount);
  const l = rnd.range(-amount, amount) * 0.6;
  return toHex([r + d() + l, g + d() + l, b + d() + l]);
}

/** Compact number formatting keeps the SVG small (and parsing fast). */
const n = (v: number) => (Math.round(v * 10) / 10).toString();

function pts(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}

// ---------------------------------------------------------------------------------------------
// Shared palettes (warm, coastal)

const SKIES: readonly [string, string][] = [
  ["#2f7fc8", "#cfe9f7"],
  ["#3a8ad2", "#e2f1f8"],
  ["#4592d6", "#f4e4c8"],
  ["#2c74bd", "#bfe2f2"],
  ["#5a86c4", "#f7d3a4"],
];
const SEA_DEEP = ["#0b5f8a", "#0d6a97", "#115e85", "#0a5479"];
const SEA_SHALLOW = ["#2ec4bd", "#3fcfc4", "#5ad3c6", "#27b8b8"];
const SANDS = ["#f1dcb3", "#ecd3a4", "#f4e3c3", "#efd7ad"];
const GREENS = ["#2f7d34", "#3d8c3a", "#2a6e3f", "#4a9630", "#367a2c"];
const FACADES = ["#f4efe6", "#efe6d6", "#e9e2d8", "#e3ebee", "#f2e3cf", "#f6f1ea", "#e8ddd0"];
const ACCENT_FACADES = ["#c9704a", "#6f8fa6", "#b8a48a", "#7a9a86", "#d9a15b", "#8f7a6a"];
const ROOFS = ["#b9552f", "#a94b2a", "#c2623a", "#9c4a30", "#7e5a4a"];
const WALLS = ["#f3ede4", "#ece4d8", "#e8efef", "#f1e7dc", "#e2e8e0", "#f5efe8", "#e9e1d3"];
const WOODS = ["#b07a4f", "#9c6b45", "#c89468", "#8a5a3b", "#c4a27c", "#a37550"];
const FABRICS = ["#3f6f8f", "#d9cbb5", "#6b8f71", "#c97b5a", "#e7dccb", "#5d6d7e", "#a3b8b0", "#8c6d5a"];
const FLOORS = ["#e6ddd0", "#d9cdbd", "#efe8dd", "#cfc3b4", "#e2d6c3"];

// ---------------------------------------------------------------------------------------------
// Shared drawing pieces

function defs(extra = ""): string {
  return `<defs>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.38"/><stop offset="0.6" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.32"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#fff6dc" stop-opacity="0.9"/><stop offset="1" stop-color="#fff6dc" stop-opacity="0"/></radialGradient>
<radialGradient id="puff"><stop offset="0" stop-color="#fff" stop-opacity="0.95"/><stop offset="0.62" stop-color="#fff" stop-opacity="0.88"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
<radialGradient id="puffshade"><stop offset="0" stop-color="#b8c7d6" stop-opacity="0.55"/><stop offset="1" stop-color="#b8c7d6" stop-opacity="0"/></radialGradient>
${extra}</defs>`;
}

function softShadow(cx: number, cy: number, rx: number, ry: number, opacity = 1): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#shadow)" opacity="${opacity}"/>`;
}

function sky(rnd: Random, horizon: number): { svg: string; defs: string; top: string; bottom: string } {
  const [top, bottom] = rnd.pick(SKIES);
  const t = jitter(top, rnd, 10);
  const b = jitter(bottom, rnd, 8);
  const grad = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
  const sunX = rnd.range(150, 1450);
  const sunY = rnd.range(60, horizon * 0.5);
  const svg = `<rect width="${W}" height="${n(horizon + 2)}" fill="url(#sky)"/>
<circle cx="${n(sunX)}" cy="${n(sunY)}" r="260" fill="url(#glow)" opacity="0.55"/>`;
  return { svg, defs: grad, top: t, bottom: b };
}

/** A cumulus made of soft-edged puffs (radial gradients: blur filters are too slow). */
function cloud(rnd: Random, cx: number, cy: number, width: number): string {
  const parts: string[] = [];
  const count = rnd.int(5, 8);
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1) - 0.5;
    const x = cx + t * width * 0.85 + rnd.range(-15, 15);
    const r = width * rnd.range(0.16, 0.26) * (1.1 - Math.abs(t));
    parts.push(`<ellipse cx="${n(x)}" cy="${n(cy - r * 0.3)}" rx="${n(r * 1.45)}" ry="${n(r)}"/>`);
  }
  parts.push(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(width * 0.6)}" ry="${n(width * 0.09)}"/>`);
  return `<g fill="url(#puff)" opacity="${n(rnd.range(0.8, 1))}">${parts.join("")}</g>
<ellipse cx="${n(cx)}" cy="${n(cy + width * 0.03)}" rx="${n(width * 0.45)}" ry="${n(width * 0.05)}" fill="url(#puffshade)"/>`;
}

function clouds(rnd: Random, maxY: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += cloud(rnd, rnd.range(0, W), rnd.range(60, maxY), rnd.range(180, 420));
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
function palm(rnd: Random, o: PalmOptions): string {
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
    const a = (k / fronds) * Math.PI * 2 + rnd.range(-0.25, 0.25);
    const L = rnd.range(150, 210) * s;
    const dirX = Math.cos(a);
    const dirY = Math.sin(a) * 0.45;
    const tip: [number, number] = [top[0] + dirX * L, top[1] + dirY * L + L * rnd.range(0.35, 0.7)];
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
function bush(rnd: Random, x: number, y: number, r: number, green: string, flowers?: string): string {
  let out = softShadow(x + r * 0.2, y + 2, r * 1.3, r * 0.28, 0.9);
  const blobs = rnd.int(5, 8);
  for (let i = 0; i < blobs; i++) {
    const bx = x + rnd.range(-r * 0.8, r * 0.8);
    const by = y - r * 0.5 + rnd.range(-r * 0.45, r * 0.25);
    const br = r * rnd.range(0.42, 0.65);
    out += `<circle cx="${n(bx)}" cy="${n(by)}" r="${n(br)}" fill="${shade(green, rnd.range(-0.2, 0.05))}"/>`;
    out += `<circle cx="${n(bx - br * 0.25)}" cy="${n(by - br * 0.3)}" r="${n(br * 0.55)}" fill="${shade(green, 0.12)}" opacity="0.55"/>`;
  }
  if (flowers) {
    let dots = "";
    for (let i = 0; i < blobs * 4; i++) {
      dots += `M${n(x + rnd.range(-r, r))} ${n(y - r * rnd.range(0.1, 1))}h0.1`;
    }
    out += `<path d="${dots}" stroke="${flowers}" stroke-width="${n(r * 0.12)}" stroke-linecap="round"/>`;
  }
  return out;
}

function vignette(): string {
  return `<rect width="${W}" height="${H}" fill="url(#vignette)"/>`;
}

/** A warm or cool global wash that makes scenes of one kind differ in mood. */
function grade(rnd: Random): string {
  const tone = rnd.pick(["#ffb060", "#ffd08a", "#8ab8ff", "#ffe2b0"]);
  return `<rect width="${W}" height="${H}" fill="${tone}" opacity="${n(rnd.range(0.03, 0.09))}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Outdoor scenes

function beachScene(rnd: Random): string {
  const horizon = rnd.range(430, 520);
  const s = sky(rnd, horizon);
  const deep = jitter(rnd.pick(SEA_DEEP), rnd, 8);
  const shallow = jitter(rnd.pick(SEA_SHALLOW), rnd, 10);
  const sand = jitter(rnd.pick(SANDS), rnd, 6);
  const shore = horizon + rnd.range(230, 310);
  const extra = `${s.defs}
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(deep, s.bottom, 0.25)}"/><stop offset="0.35" stop-color="${deep}"/><stop offset="1" stop-color="${shallow}"/></linearGradient>
<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(sand, -0.12)}"/><stop offset="0.25" stop-color="${sand}"/><stop offset="1" stop-color="${shade(sand, 0.1)}"/></linearGradient>`;
  let svg = s.svg + clouds(rnd, horizon - 120, rnd.int(2, 5));
  svg += `<rect y="${n(horizon)}" width="${W}" height="${n(shore - horizon + 40)}" fill="url(#sea)"/>`;
  // reef pools (piscinas naturais) shimmering through the water
  for (let i = 0; i < 4; i++) {
    svg += `<ellipse cx="${n(rnd.range(0, W))}" cy="${n(horizon + rnd.range(60, 160))}" rx="${n(rnd.range(120, 300))}" ry="${n(rnd.range(8, 20))}" fill="${shade(shallow, 0.15)}" opacity="0.35"/>`;
  }
  // wave lines, denser and brighter towards the shore
  let waves = "";
  for (let y = horizon + 12; y < shore; y += 10 + ((y - horizon) / (shore - horizon)) * 28) {
    const x0 = rnd.range(-200, W);
    const len = rnd.range(80, 400) * (0.5 + (y - horizon) / (shore - horizon));
    waves += `M${n(x0)} ${n(y)}q${n(len / 4)} ${n(-3)} ${n(len / 2)} 0t${n(len / 2)} 0`;
  }
  svg += `<path d="${waves}" stroke="#ffffff" stroke-width="2.2" opacity="0.45" fill="none"/>`;
  // a jangada, the traditional Alagoas raft with its triangular sail
  if (rnd.chance(0.8)) {
    const jx = rnd.range(200, 1400);
    const jy = horizon + rnd.range(40, 120);
    const js = rnd.range(0.6, 1.1);
    const sail = rnd.pick(["#ffffff", "#f2c14e", "#e8744f", "#f7f1e3"]);
    svg += `<polygon points="${pts([
      [jx, jy - 95 * js],
      [jx + 62 * js, jy - 8 * js],
      [jx - 4 * js, jy - 8 * js],
    ])}" fill="${sail}"/><rect x="${n(jx - 30 * js)}" y="${n(jy - 8 * js)}" width="${n(110 * js)}" height="${n(7 * js)}" fill="#6b4a2b"/><ellipse cx="${n(jx + 25 * js)}" cy="${n(jy + 2 * js)}" rx="${n(70 * js)}" ry="${n(3 * js)}" fill="#ffffff" opacity="0.35"/>`;
  }
  // shoreline: wet sand, foam, dry sand
  const foam: [number, number][] = [];
  for (let x = -20; x <= W + 20; x += 80) foam.push([x, shore + Math.sin(x / 170 + rnd.range(0, 0.4)) * 14]);
  const shoreLine = foam.map(([x, y], i) => `${i ? "L" : "M"}${n(x)} ${n(y)}`).join("");
  svg += `<path d="${shoreLine}L${W + 20} ${H}L-20 ${H}Z" fill="url(#sand)"/>`;
  svg += `<path d="${shoreLine}L${W + 20} ${n(shore + 40)}L-20 ${n(shore + 40)}Z" fill="${shade(sand, -0.22)}" opacity="0.5"/>`;
  svg += `<path d="${shoreLine}" stroke="#ffffff" stroke-width="9" opacity="0.85" fill="none"/>`;
  svg += `<path d="${shoreLine}" transform="translate(0 -14)" stroke="#ffffff" stroke-width="3" opacity="0.5" fill="none"/>`;
  // footprints / ripples in the sand
  let ripples = "";
  for (let i = 0; i < 40; i++) {
    const x = rnd.range(0, W);
    const y = rnd.range(shore + 60, H);
    ripples += `M${n(x)} ${n(y)}q20 -4 40 0`;
  }
  svg += `<path d="${ripples}" stroke="${shade(sand, -0.15)}" stroke-width="3" opacity="0.5" fill="none"/>`;
  // palms leaning over the beach
  const palms = rnd.int(2, 4);
  const leaf = jitter(rnd.pick(GREENS), rnd, 10);
  for (let i = 0; i < palms; i++) {
    const fromLeft = i % 2 === 0;
    const x = fromLeft ? rnd.range(-40, 380) : rnd.range(1200, 1640);
    const scale = rnd.range(0.9, 1.5);
    svg += palm(rnd, {
      x,
      y: rnd.range(shore + 120, H + 40),
      height: rnd.range(480, 700) * (scale / 1.2),
      lean: (fromLeft ? 1 : -1) * rnd.range(0.15, 0.55),
      scale,
      trunk: jitter("#8a6a4a", rnd, 10),
      leaf,
    });
  }
  // a beach umbrella and chairs sometimes
  if (rnd.chance(0.6)) {
    const ux = rnd.range(500, 1100);
    const uy = rnd.range(shore + 150, H - 80);
    const color = rnd.pick(["#e8744f", "#f2c14e", "#2f8fbf", "#ffffff"]);
    svg += softShadow(ux + 30, uy + 5, 130, 22);
    svg += `<line x1="${n(ux)}" y1="${n(uy)}" x2="${n(ux - 10)}" y2="${n(uy - 190)}" stroke="#d8d2c8" stroke-width="6"/>`;
    svg += `<path d="M${n(ux - 140)} ${n(uy - 170)}Q${n(ux - 10)} ${n(uy - 270)} ${n(ux + 120)} ${n(uy - 170)}Z" fill="${color}"/>`;
    svg += `<path d="M${n(ux - 140)} ${n(uy - 170)}Q${n(ux - 50)} ${n(uy - 150)} ${n(ux - 10)} ${n(uy - 172)}Q${n(ux + 60)} ${n(uy - 150)} ${n(ux + 120)} ${n(uy - 170)}" fill="${shade(color, -0.2)}"/>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}

function towerFacade(
  rnd: Random,
  x: number,
  top: number,
  width: number,
  ground: number,
  color: string,
  haze: number,
): string {
  const floorH = rnd.pick([46, 52, 58]);
  const cols = Math.max(2, Math.round(width / rnd.range(110, 150)));
  const sideW = width * rnd.range(0.16, 0.24);
  const rise = sideW * 0.35;
  const glass = mix(rnd.pick(["#5c8fb3", "#4d7fa6", "#6f9fbf", "#3f6e8f"]), "#bcd7ea", haze);
  const frame = mix(shade(color, -0.1), "#dfe9f2", haze);
  let svg = "";
  // side face (in shade)
  svg += `<polygon points="${pts([
    [x + width, top],
    [x + width + sideW, top - rise],
    [x + width + sideW, ground - rise * 0.2],
    [x + width, ground],
  ])}" fill="${mix(shade(color, -0.28), "#c7d6e4", haze)}"/>`;
  svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(width)}" height="${n(ground - top)}" fill="${mix(color, "#d8e4ee", haze)}"/>`;
  // crown
  svg += `<rect x="${n(x - 8)}" y="${n(top - 16)}" width="${n(width + 16)}" height="16" fill="${mix(shade(color, 0.1), "#dfe9f2", haze)}"/>`;
  svg += `<rect x="${n(x + width * 0.3)}" y="${n(top - 60)}" width="${n(width * 0.4)}" height="44" fill="${mix(shade(color, -0.08), "#dfe9f2", haze)}"/>`;
  const cellW = width / cols;
  const balconyDepth = 8;
  let windows = "";
  let rails = "";
  let slabs = "";
  let lit = "";
  for (let y = top + 20; y + floorH < ground - 70; y += floorH) {
    slabs += `M${n(x - 6)} ${n(y + floorH - 6)}h${n(width + 12)}`;
    for (let c = 0; c < cols; c++) {
      const wx = x + c * cellW + cellW * 0.1;
      const ww = cellW * 0.8;
      windows += `<rect x="${n(wx)}" y="${n(y + 4)}" width="${n(ww)}" height="${n(floorH - 14)}"/>`;
      if (rnd.chance(0.3)) {
        lit += `<rect x="${n(wx + ww * rnd.range(0, 0.5))}" y="${n(y + 4)}" width="${n(ww * rnd.range(0.2, 0.5))}" height="${n(floorH - 14)}"/>`;
      }
      rails += `M${n(wx - 4)} ${n(y + floorH * 0.45)}h${n(ww + 8)}`;
    }
    // side windows
    const sy = y - rise * 0.5;
    slabs += `M${n(x + width)} ${n(y + floorH - 6)}l${n(sideW)} ${n(-rise * 0.9)}`;
    windows += `<polygon points="${pts([
      [x + width + sideW * 0.2, sy + 12 + rise * 0.3],
      [x + width + sideW * 0.8, sy + 12 + rise * 0.05],
      [x + width + sideW * 0.8, sy + floorH - 6],
      [x + width + sideW * 0.2, sy + floorH - 6 + rise * 0.25],
    ])}"/>`;
  }
  svg += `<g fill="${glass}">${windows}</g>`;
  svg += `<g fill="${mix("#f3e2c2", "#dfe9f2", haze)}" opacity="0.6">${lit}</g>`;
  svg += `<path d="${rails}" stroke="${mix("#e8f2f8", "#ffffff", haze)}" stroke-width="${n(floorH * 0.42)}" opacity="0.28"/>`;
  svg += `<path d="${rails}" stroke="${frame}" stroke-width="2.5"/>`;
  svg += `<path d="${slabs}" stroke="${mix(shade(color, 0.15), "#e6eef5", haze)}" stroke-width="${balconyDepth}"/>`;
  svg += `<path d="${slabs}" transform="translate(0 5)" stroke="#000" stroke-opacity="${n(0.12 * (1 - haze))}" stroke-width="4"/>`;
  return svg;
}

function buildingScene(rnd: Random): string {
  const ground = rnd.range(900, 960);
  const s = sky(rnd, ground);
  let svg = s.svg + clouds(rnd, 420, rnd.int(2, 4));
  // hazy neighbours
  for (let i = 0; i < rnd.int(2, 4); i++) {
    const w = rnd.range(220, 360);
    svg += towerFacade(
      rnd,
      rnd.range(-100, W - 100),
      rnd.range(260, 520),
      w,
      ground,
      rnd.pick(FACADES),
      rnd.range(0.55, 0.75),
    );
  }
  const width = rnd.range(520, 700);
  const x = rnd.range(300, W - width - 300);
  const main = rnd.chance(0.35) ? rnd.pick(ACCENT_FACADES) : rnd.pick(FACADES);
  svg += towerFacade(rnd, x, rnd.range(70, 180), width, ground, jitter(main, rnd, 6), 0);
  // lobby with glass and canopy
  svg += `<rect x="${n(x)}" y="${n(ground - 70)}" width="${n(width)}" height="70" fill="#2f3e48"/>`;
  svg += `<rect x="${n(x + 20)}" y="${n(ground - 62)}" width="${n(width - 40)}" height="58" fill="#88a9bf" opacity="0.7"/>`;
  svg += `<rect x="${n(x + width * 0.35)}" y="${n(ground - 84)}" width="${n(width * 0.3)}" height="12" fill="#e9e4da"/>`;
  // sidewalk and street
  svg += `<rect y="${n(ground)}" width="${W}" height="${n(H - ground)}" fill="#c9c2b6"/>`;
  svg += `<rect y="${n(ground + 40)}" width="${W}" height="${n(H - ground)}" fill="#57595c"/>`;
  svg += `<rect y="${n(ground + 36)}" width="${W}" height="6" fill="#e9e5de"/>`;
  let stripes = "";
  for (let sx = rnd.range(-100, 0); sx < W; sx += 180) stripes += `M${n(sx)} ${n(ground + 90)}h90`;
  svg += `<path d="${stripes}" stroke="#f2f0e8" stroke-width="6" opacity="0.8"/>`;
  // garden: hedges and palms
  const green = rnd.pick(GREENS);
  for (let bx = x - 40; bx < x + width + 40; bx += rnd.range(70, 110)) {
    svg += bush(rnd, bx, ground + 2, rnd.range(30, 48), green, rnd.chance(0.3) ? "#e0457b" : undefined);
  }
  for (let i = 0; i < rnd.int(2, 3); i++) {
    const px = i % 2 ? rnd.range(x + width + 40, W - 60) : rnd.range(60, x - 40);
    svg += palm(rnd, {
      x: px,
      y: ground + 20,
      height: rnd.range(380, 520),
      lean: rnd.range(-0.2, 0.2),
      scale: rnd.range(0.8, 1.1),
      trunk: "#8b7355",
      leaf: jitter(green, rnd, 10),
    });
  }
  return defs(s.defs) + svg + grade(rnd) + vignette();
}

function houseScene(rnd: Random): string {
  const ground = rnd.range(760, 820);
  const s = sky(rnd, ground);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const lawn = mix(green, "#9cc25a", 0.45);
  let svg = s.svg + clouds(rnd, 300, rnd.int(1, 3));
  // distant tree line
  let trees = "";
  for (let x = -40; x < W + 60; x += rnd.range(40, 90)) {
    trees += `<circle cx="${n(x)}" cy="${n(ground - rnd.range(60, 140))}" r="${n(rnd.range(50, 95))}"/>`;
  }
  svg += `<g fill="${mix(green, s.bottom, 0.45)}">${trees}</g>`;
  svg += `<rect y="${n(ground - 60)}" width="${W}" height="80" fill="${mix(green, s.bottom, 0.45)}"/>`;
  svg += `<rect y="${n(ground)}" width="${W}" height="${n(H - ground)}" fill="url(#lawn)"/>`;
  const extra = `${s.defs}<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(lawn, -0.1)}"/><stop offset="1" stop-color="${shade(lawn, 0.1)}"/></linearGradient>
<linearGradient id="roof" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(rnd.pick(ROOFS), 0.08)}"/><stop offset="1" stop-color="${shade(rnd.pick(ROOFS), -0.15)}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9c9de"/><stop offset="0.5" stop-color="#5f87a3"/><stop offset="1" stop-color="#3d5f78"/></linearGradient>`;
  const wall = jitter(rnd.chance(0.3) ? rnd.pick(ACCENT_FACADES) : rnd.pick(FACADES), rnd, 6);
  const hw = rnd.range(820, 1040);
  const hx = (W - hw) / 2 + rnd.range(-120, 120);
  const wallTop = ground - rnd.range(250, 300);
  const two = rnd.chance(0.35);
  const bodyTop = two ? wallTop - 190 : wallTop;
  svg += softShadow(hx + hw / 2 + 40, ground + 10, hw * 0.62, 40);
  svg += `<rect x="${n(hx)}" y="${n(bodyTop)}" width="${n(hw)}" height="${n(ground - bodyTop)}" fill="${wall}"/>`;
  const over = 50;
  const modern = rnd.chance(0.4);
  if (modern) {
    // flat roof slab with a deep overhang and a timber-clad volume
    svg += `<rect x="${n(hx - over)}" y="${n(bodyTop - 34)}" width="${n(hw + over * 2)}" height="34" fill="${shade(wall, 0.25)}"/>`;
    svg += `<rect x="${n(hx - over)}" y="${n(bodyTop - 4)}" width="${n(hw + over * 2)}" height="6" fill="#000" opacity="0.15"/>`;
    const clad = rnd.pick(WOODS);
    const cw = hw * 0.26;
    const cx = rnd.chance(0.5) ? hx : hx + hw - cw;
    svg += `<rect x="${n(cx)}" y="${n(bodyTop)}" width="${n(cw)}" height="${n(ground - bodyTop)}" fill="${clad}"/>`;
    let slats = "";
    for (let x = cx + 10; x < cx + cw; x += 16) slats += `M${n(x)} ${n(bodyTop)}V${n(ground)}`;
    svg += `<path d="${slats}" stroke="${shade(clad, -0.22)}" stroke-width="3"/>`;
  } else {
    // hipped roof with ceramic tiles
    const roofH = rnd.range(130, 190);
    const roofPoly = pts([
      [hx - over, bodyTop],
      [hx + hw * 0.18, bodyTop - roofH],
      [hx + hw * 0.82, bodyTop - roofH],
      [hx + hw + over, bodyTop],
    ]);
    svg += `<polygon points="${roofPoly}" fill="url(#roof)"/>`;
    let tiles = "";
    for (let y = bodyTop - roofH + 14; y < bodyTop; y += 14) {
      const t = (y - (bodyTop - roofH)) / roofH;
      const x0 = hx + hw * 0.18 - (hw * 0.18 + over) * t;
      const x1 = hx + hw * 0.82 + (hw * 0.18 + over) * t;
      tiles += `M${n(x0)} ${n(y)}H${n(x1)}`;
    }
    svg += `<path d="${tiles}" stroke="#000" stroke-opacity="0.14" stroke-width="2"/>`;
    svg += `<rect x="${n(hx - over)}" y="${n(bodyTop)}" width="${n(hw + over * 2)}" height="10" fill="${shade(wall, 0.2)}"/>`;
  }
  svg += `<rect x="${n(hx)}" y="${n(bodyTop + 10)}" width="${n(hw)}" height="26" fill="#000" opacity="0.12"/>`;
  // windows and door
  const wood = rnd.pick(WOODS);
  const doorX = hx + hw * rnd.range(0.42, 0.52);
  const win = (x: number, y: number, w: number, h: number) =>
    `<rect x="${n(x - 8)}" y="${n(y - 8)}" width="${n(w + 16)}" height="${n(h + 16)}" fill="${shade(wall, 0.3)}"/><rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#glass)"/><path d="M${n(x + w / 2)} ${n(y)}v${n(h)}M${n(x)} ${n(y + h * 0.4)}h${n(w)}" stroke="#f5f1ea" stroke-width="5"/><rect x="${n(x - 14)}" y="${n(y + h + 6)}" width="${n(w + 28)}" height="9" fill="${shade(wall, -0.1)}"/>`;
  const floorTop = two ? wallTop : bodyTop;
  const winY = floorTop + 80;
  svg += win(hx + hw * 0.08, winY, hw * 0.2, 130);
  svg += win(hx + hw * 0.68, winY, hw * 0.22, 130);
  if (two) {
    svg += `<rect x="${n(hx - 10)}" y="${n(wallTop - 10)}" width="${n(hw + 20)}" height="14" fill="${shade(wall, 0.25)}"/>`;
    for (let i = 0; i < 3; i++) svg += win(hx + hw * (0.1 + i * 0.3), bodyTop + 60, hw * 0.18, 100);
  }
  svg += `<rect x="${n(doorX - 12)}" y="${n(ground - 230)}" width="134" height="236" fill="${shade(wall, 0.3)}"/>`;
  svg += `<rect x="${n(doorX)}" y="${n(ground - 220)}" width="110" height="220" fill="${wood}"/>`;
  let grooves = "";
  for (let gx = doorX + 12; gx < doorX + 105; gx += 14) grooves += `M${n(gx)} ${n(ground - 212)}v204`;
  svg += `<path d="${grooves}" stroke="${shade(wood, -0.25)}" stroke-width="3"/>`;
  svg += `<rect x="${n(doorX + 88)}" y="${n(ground - 130)}" width="6" height="40" fill="#d8c9a8"/>`;
  svg += `<rect x="${n(doorX - 40)}" y="${n(ground)}" width="190" height="14" fill="#cfc6b8"/>`;
  // walkway
  svg += `<polygon points="${pts([
    [doorX - 10, ground + 14],
    [doorX + 120, ground + 14],
    [doorX + 260, H],
    [doorX - 150, H],
  ])}" fill="#d9d0c2"/>`;
  let joints = "";
  for (let y = ground + 40; y < H; y += 36 + (y - ground) * 0.12) {
    const t = (y - ground - 14) / (H - ground - 14);
    joints += `M${n(doorX - 10 - 140 * t)} ${n(y)}H${n(doorX + 120 + 140 * t)}`;
  }
  svg += `<path d="${joints}" stroke="#b8ad9e" stroke-width="3"/>`;
  // garden
  const flowers = rnd.pick(["#e0457b", "#d9368b", "#f08a3c", "#f2f2f2", "#c93d6a"]);
  for (let bx = hx - 60; bx < hx + hw + 60; bx += rnd.range(80, 130)) {
    if (Math.abs(bx - doorX - 55) < 130) continue;
    svg += bush(rnd, bx, ground + 18, rnd.range(38, 62), green, rnd.chance(0.5) ? flowers : undefined);
  }
  let grass = "";
  for (let i = 0; i < 260; i++) {
    const gx = rnd.range(0, W);
    const gy = rnd.range(ground + 30, H);
    grass += `M${n(gx)} ${n(gy)}l${n(rnd.range(-4, 4))} ${n(-rnd.range(8, 18))}`;
  }
  svg += `<path d="${grass}" stroke="${shade(lawn, -0.2)}" stroke-width="2.5" opacity="0.6"/>`;
  svg += palm(rnd, {
    x: rnd.chance(0.5) ? rnd.range(60, hx - 20) : rnd.range(hx + hw + 20, W - 60),
    y: H - rnd.range(40, 120),
    height: rnd.range(560, 700),
    lean: rnd.range(-0.25, 0.25),
    scale: rnd.range(1, 1.25),
    trunk: "#8b7355",
    leaf: green,
  });
  return defs(extra) + svg + grade(rnd) + vignette();
}

function landScene(rnd: Random): string {
  const horizon = rnd.range(480, 560);
  const s = sky(rnd, horizon);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const grassColor = mix(green, rnd.pick(["#a9c25a", "#c2b25a", "#9fbf60"]), rnd.range(0.35, 0.6));
  const extra = `${s.defs}<linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(grassColor, s.bottom, 0.3)}"/><stop offset="0.3" stop-color="${grassColor}"/><stop offset="1" stop-color="${shade(grassColor, -0.12)}"/></linearGradient>`;
  let svg = s.svg + clouds(rnd, horizon - 150, rnd.int(2, 5));
  // hills
  const hill = (base: number, amp: number, color: string) => {
    let d = `M-20 ${n(base)}`;
    const phase = rnd.range(0, 6);
    for (let x = 0; x <= W + 40; x += 40)
      d += `L${x} ${n(base - amp * (0.5 + 0.5 * Math.sin(x / 260 + phase)))}`;
    return `<path d="${d}L${W + 40} ${n(horizon + 10)}L-20 ${n(horizon + 10)}Z" fill="${color}"/>`;
  };
  svg += hill(horizon - 40, 90, mix(green, s.bottom, 0.65));
  svg += hill(horizon - 5, 60, mix(green, s.bottom, 0.45));
  // tree line with distant palms
  let trees = "";
  for (let x = -20; x < W + 20; x += rnd.range(30, 70)) {
    trees += `<circle cx="${n(x)}" cy="${n(horizon - rnd.range(0, 25))}" r="${n(rnd.range(18, 36))}"/>`;
  }
  svg += `<g fill="${mix(shade(green, -0.2), s.bottom, 0.3)}">${trees}</g>`;
  for (let i = 0; i < rnd.int(2, 5); i++) {
    svg += palm(rnd, {
      x: rnd.range(0, W),
      y: horizon + 5,
      height: rnd.range(120, 190),
      lean: rnd.range(-0.2, 0.2),
      scale: 0.35,
      trunk: mix("#8b7355", s.bottom, 0.3),
      leaf: mix(green, s.bottom, 0.25),
      shadow: false,
    });
  }
  svg += `<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#field)"/>`;
  // mowed stripes and grass texture
  let stripes = "";
  for (let i = 0; i < 7; i++) {
    const y = horizon + ((H - horizon) * (i + 0.5) ** 2) / 49;
    stripes += `M-10 ${n(y)}H${W + 10}`;
  }
  svg += `<path d="${stripes}" stroke="${shade(grassColor, 0.12)}" stroke-width="18" opacity="0.25"/>`;
  let blades = "";
  for (let i = 0; i < 700; i++) {
    const y = horizon + (H - horizon) * rnd.next() ** 0.7;
    const t = (y - horizon) / (H - horizon);
    const h = 3 + 20 * t;
    blades += `M${n(rnd.range(0, W))} ${n(y)}l${n(rnd.range(-3, 3) * t)} ${n(-h)}`;
  }
  svg += `<path d="${blades}" stroke="${shade(grassColor, -0.25)}" stroke-width="2" opacity="0.5"/>`;
  // dirt track
  const trackX = rnd.range(300, 1300);
  svg += `<path d="M${n(trackX)} ${n(horizon)}C${n(trackX - 60)} ${n(horizon + 200)} ${n(trackX + 200)} ${n(H - 250)} ${n(trackX - 100)} ${H}L${n(trackX + 260)} ${H}C${n(trackX + 400)} ${n(H - 250)} ${n(trackX + 60)} ${n(horizon + 200)} ${n(trackX + 14)} ${n(horizon)}Z" fill="#c8a97a" opacity="0.75"/>`;
  // fence posts receding towards the horizon, with wires
  const fromLeft = rnd.chance(0.5);
  const posts: [number, number, number][] = [];
  for (let i = 0; i < 14; i++) {
    const z = 1 / (1 + i * 0.55);
    const x = fromLeft ? 40 + (1 - z) * 700 : W - 40 - (1 - z) * 700;
    const base = horizon + (H - 40 - horizon) * z;
    posts.push([x, base, 210 * z]);
  }
  let wires = "";
  for (const f of [0.3, 0.55, 0.8]) {
    wires += `M${posts.map(([x, b, h]) => `${n(x)} ${n(b - h * f)}`).join("L")}`;
  }
  svg += `<path d="${wires}" stroke="#5a5048" stroke-width="2" fill="none" opacity="0.8"/>`;
  for (const [x, b, h] of posts) {
    const w = Math.max(3, h * 0.07);
    svg += `<rect x="${n(x - w / 2)}" y="${n(b - h)}" width="${n(w)}" height="${n(h)}" fill="#7a5c40"/><rect x="${n(x - w / 2)}" y="${n(b - h)}" width="${n(w * 0.35)}" height="${n(h)}" fill="#9c7a58"/>`;
  }
  // a boundary stake with a ribbon
  const sx = rnd.range(600, 1100);
  const sy = rnd.range(H - 200, H - 80);
  svg += `<rect x="${n(sx)}" y="${n(sy - 90)}" width="10" height="90" fill="#e9e2d0"/><polygon points="${pts([
    [sx + 10, sy - 88],
    [sx + 50, sy - 80],
    [sx + 10, sy - 70],
  ])}" fill="#e8744f"/>`;
  return defs(extra) + svg + grade(rnd) + vignette();
}

function poolScene(rnd: Random): string {
  const horizon = rnd.range(430, 520);
  const s = sky(rnd, horizon);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const water = jitter(rnd.pick(["#3cc7d9", "#2fb8d6", "#45c9c9", "#4fc2e0"]), rnd, 8);
  const deck = jitter(rnd.pick(["#d8cbb6", "#cdb89a", "#e3d8c6", "#b98e63"]), rnd, 6);
  const pl = rnd.range(-120, 120);
  const pw = rnd.range(-80, 60);
  const poolTop = horizon + rnd.range(130, 190);
  const poolShape = pts([
    [380 + pl - pw, poolTop],
    [1220 + pl + pw, poolTop],
    [1500 + pl + pw * 1.6, H - 120],
    [100 + pl - pw * 1.6, H - 120],
  ]);
  const copingShape = pts([
    [350 + pl - pw, poolTop - 15],
    [1250 + pl + pw, poolTop - 15],
    [1545 + pl + pw * 1.6, H - 98],
    [55 + pl - pw * 1.6, H - 98],
  ]);
  const extra = `${s.defs}<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(water, 0.2)}"/><stop offset="1" stop-color="${shade(water, -0.25)}"/></linearGradient>
<linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(deck, -0.08)}"/><stop offset="1" stop-color="${shade(deck, 0.08)}"/></linearGradient>
<clipPath id="poolclip"><polygon points="${poolShape}"/></clipPath>`;
  let svg = s.svg + clouds(rnd, horizon - 150, rnd.int(1, 3));
  // tropical garden and a house edge behind the pool
  let hedge = "";
  for (let x = -40; x < W + 60; x += rnd.range(40, 80)) {
    hedge += `<circle cx="${n(x)}" cy="${n(horizon - rnd.range(10, 90))}" r="${n(rnd.range(45, 90))}"/>`;
  }
  svg += `<g fill="${shade(green, -0.15)}">${hedge}</g>`;
  const wall = rnd.pick(FACADES);
  const houseLeft = rnd.chance(0.5);
  const hx = houseLeft ? -40 : W - 620;
  svg += `<rect x="${n(hx)}" y="${n(horizon - 260)}" width="660" height="270" fill="${wall}"/><rect x="${n(hx - 20)}" y="${n(horizon - 280)}" width="700" height="24" fill="${shade(wall, 0.2)}"/>`;
  svg += `<rect x="${n(hx + 80)}" y="${n(horizon - 220)}" width="480" height="210" fill="url(#water)" opacity="0.55"/><path d="M${n(hx + 200)} ${n(horizon - 220)}v210M${n(hx + 320)} ${n(horizon - 220)}v210M${n(hx + 440)} ${n(horizon - 220)}v210" stroke="#f3efe8" stroke-width="6"/>`;
  for (let i = 0; i < rnd.int(2, 3); i++) {
    svg += palm(rnd, {
      x: houseLeft ? rnd.range(800, W) : rnd.range(0, 800),
      y: horizon + 20,
      height: rnd.range(360, 460),
      lean: rnd.range(-0.25, 0.25),
      scale: rnd.range(0.75, 0.95),
      trunk: "#8b7355",
      leaf: green,
      shadow: false,
    });
  }
  svg += `<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#deck)"/>`;
  let boards = "";
  for (let i = -12; i <= 12; i++) {
    boards += `M${n(800 + i * 60)} ${n(horizon)}L${n(800 + i * 150)} ${H}`;
  }
  svg += `<path d="${boards}" stroke="${shade(deck, -0.18)}" stroke-width="2" opacity="0.6"/>`;
  // pool: coping, water, caustics, reflections
  svg += `<polygon points="${copingShape}" fill="#f1ede4"/>`;
  svg += `<polygon points="${poolShape}" fill="url(#water)"/>`;
  let caustics = "";
  for (let y = poolTop + 20; y < H - 130; y += rnd.range(14, 24)) {
    let x = rnd.range(60, 200);
    caustics += `M${n(x)} ${n(y)}`;
    while (x < 1540) {
      const step = rnd.range(30, 70);
      caustics += `q${n(step / 2)} ${n(rnd.range(-10, 10))} ${n(step)} 0`;
      x += step;
    }
  }
  svg += `<g clip-path="url(#poolclip)"><path d="${caustics}" stroke="#ffffff" stroke-width="2.5" opacity="0.35" fill="none"/><rect x="0" y="${n(poolTop)}" width="${W}" height="26" fill="#000" opacity="0.12"/><ellipse cx="${n(rnd.range(500, 1100))}" cy="${n(poolTop + 100)}" rx="260" ry="40" fill="#ffffff" opacity="0.25"/></g>`;
  // loungers and an umbrella
  const loungerColor = rnd.pick(["#ffffff", "#f4efe6", "#e9e1d2", "#3d3d3d"]);
  const towel = rnd.pick(["#e8744f", "#2f8fbf", "#f2c14e", "#7fb7a4"]);
  for (let i = 0; i < rnd.int(2, 3); i++) {
    const lx = (houseLeft ? 1280 : 40) + i * 90;
    const ly = horizon + 110 + i * 6;
    svg += softShadow(lx + 40, ly + 20, 90, 14);
    svg += `<polygon points="${pts([
      [lx, ly],
      [lx + 110, ly],
      [lx + 118, ly + 14],
      [lx - 6, ly + 14],
    ])}" fill="${loungerColor}"/><polygon points="${pts([
      [lx + 80, ly],
      [lx + 110, ly],
      [lx + 98, ly - 50],
      [lx + 76, ly - 46],
    ])}" fill="${shade(loungerColor, -0.08)}"/><rect x="${n(lx + 20)}" y="${n(ly - 3)}" width="50" height="8" fill="${towel}"/>`;
  }
  if (rnd.chance(0.7)) {
    const ux = houseLeft ? rnd.range(1200, 1500) : rnd.range(100, 400);
    const uy = horizon + 120;
    svg += `<line x1="${n(ux)}" y1="${n(uy)}" x2="${n(ux)}" y2="${n(uy - 200)}" stroke="#d8d2c8" stroke-width="6"/><path d="M${n(ux - 150)} ${n(uy - 170)}L${n(ux)} ${n(uy - 230)}L${n(ux + 150)} ${n(uy - 170)}Z" fill="${rnd.pick(["#f4efe6", "#e8744f", "#2f6f8f"])}"/>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}

function aerialScene(rnd: Random): string {
  const deep = jitter(rnd.pick(SEA_DEEP), rnd, 8);
  const shallow = jitter(rnd.pick(SEA_SHALLOW), rnd, 10);
  const sand = jitter(rnd.pick(SANDS), rnd, 6);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const seaRight = rnd.chance(0.5);
  const extra = `<linearGradient id="ocean" x1="${seaRight ? 1 : 0}" y1="0" x2="${seaRight ? 0 : 1}" y2="0"><stop offset="0" stop-color="${deep}"/><stop offset="0.55" stop-color="${mix(deep, shallow, 0.6)}"/><stop offset="1" stop-color="${shallow}"/></linearGradient>`;
  let svg = `<rect width="${W}" height="${H}" fill="url(#ocean)"/>`;
  // the shoreline runs top to bottom
  const coast: [number, number][] = [];
  const base = rnd.range(620, 900);
  const phase = rnd.range(0, 6);
  for (let y = -20; y <= H + 40; y += 40) {
    coast.push([base + Math.sin(y / 230 + phase) * 90 + Math.sin(y / 90) * 15, y]);
  }
  const dir = seaRight ? -1 : 1;
  const line = (offset: number) => coast.map(([x, y]) => [x + offset * dir, y] as [number, number]);
  const land = seaRight
    ? `M-20 -20L${pts(line(0))}L-20 ${H + 40}Z`
    : `M${W + 20} -20L${pts(line(0))}L${W + 20} ${H + 40}Z`;
  // reefs in the shallows
  for (let i = 0; i < 14; i++) {
    const [cx, cy] = rnd.pick(coast);
    svg += `<ellipse cx="${n(cx - dir * rnd.range(120, 420))}" cy="${n(cy + rnd.range(-60, 60))}" rx="${n(rnd.range(40, 120))}" ry="${n(rnd.range(20, 70))}" fill="${mix(shallow, "#7a6a4a", 0.35)}" opacity="0.35" transform="rotate(${n(rnd.range(-30, 30))} ${n(cx)} ${n(cy)})"/>`;
  }
  svg += `<path d="M${pts(line(-90)).replace(/ /g, "L")}" stroke="${shade(shallow, 0.35)}" stroke-width="150" opacity="0.4" fill="none"/>`;
  svg += `<path d="${land}" fill="${sand}"/>`;
  svg += `<path d="M${pts(line(-6)).replace(/ /g, "L")}" stroke="#ffffff" stroke-width="10" opacity="0.8" fill="none"/>`;
  svg += `<path d="M${pts(line(-30)).replace(/ /g, "L")}" stroke="#ffffff" stroke-width="4" opacity="0.45" fill="none"/>`;
  // vegetation: dense coconut groves inland of the sand strip
  const veg = seaRight
    ? `M-20 -20L${pts(line(130))}L-20 ${H + 40}Z`
    : `M${W + 20} -20L${pts(line(130))}L${W + 20} ${H + 40}Z`;
  svg += `<path d="${veg}" fill="${shade(green, -0.1)}"/>`;
  let crowns = "";
  let crownShadows = "";
  for (let i = 0; i < 420; i++) {
    const [cx, cy] = rnd.pick(coast);
    const x = cx + dir * rnd.range(140, 900);
    const y = cy + rnd.range(-40, 40);
    const r = rnd.range(9, 17);
    crownShadows += `<circle cx="${n(x + 6)}" cy="${n(y + 6)}" r="${n(r)}"/>`;
    crowns += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${shade(green, rnd.range(-0.1, 0.25))}"/>`;
  }
  svg += `<g fill="#000" opacity="0.25">${crownShadows}</g>${crowns}`;
  // coastal road and houses
  svg += `<path d="M${pts(line(420)).replace(/ /g, "L")}" stroke="#6b6b6b" stroke-width="22" fill="none"/><path d="M${pts(line(420)).replace(/ /g, "L")}" stroke="#e9e2c8" stroke-width="2" stroke-dasharray="24 20" fill="none"/>`;
  for (let i = 0; i < 26; i++) {
    const [cx, cy] = rnd.pick(coast);
    const x = cx + dir * rnd.range(220, 380);
    const w = rnd.range(26, 46);
    const h = rnd.range(22, 38);
    const roof = rnd.chance(0.7) ? rnd.pick(ROOFS) : "#eeeae2";
    svg += `<rect x="${n(x + 5)}" y="${n(cy + 5)}" width="${n(w)}" height="${n(h)}" fill="#000" opacity="0.25"/><rect x="${n(x)}" y="${n(cy)}" width="${n(w)}" height="${n(h)}" fill="${roof}"/><path d="M${n(x)} ${n(cy + h / 2)}h${n(w)}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`;
    if (rnd.chance(0.35)) {
      svg += `<rect x="${n(x + w + 6)}" y="${n(cy + 4)}" width="16" height="10" fill="#3fc7dc"/>`;
    }
  }
  // boats with wakes
  for (let i = 0; i < rnd.int(2, 5); i++) {
    const [cx, cy] = rnd.pick(coast);
    const x = cx - dir * rnd.range(200, 700);
    const a = rnd.range(0, 360);
    svg += `<g transform="rotate(${n(a)} ${n(x)} ${n(cy)})"><path d="M${n(x)} ${n(cy)}l-140 -14l0 28z" fill="#ffffff" opacity="0.25"/><ellipse cx="${n(x + 8)}" cy="${n(cy)}" rx="14" ry="5" fill="#fbfbf8"/></g>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}

// ---------------------------------------------------------------------------------------------
// Interiors: one-point perspective rooms

type Room = {
  vx: number;
  vy: number;
  /** back wall rectangle */
  bx0: number;
  bx1: number;
  by0: number;
  by1: number;
  wall: string;
  floor: string;
  svg: string;
  defs: string;
};

/** Project a point on the back-wall plane towards the camera onto a given screen y. */
function towards(room: Room, x: number, y: number, targetY: number): number {
  return room.vx + (x - room.vx) * ((targetY - room.vy) / (y - room.vy));
}

function room(rnd: Random, opts: { tiles?: boolean; wall?: string } = {}): Room {
  const wall = opts.wall ?? jitter(rnd.pick(WALLS), rnd, 6);
  const floor = jitter(rnd.pick(FLOORS), rnd, 6);
  const bx0 = rnd.range(300, 400);
  const bx1 = W - rnd.range(300, 400);
  const by0 = rnd.range(170, 220);
  const by1 = rnd.range(660, 720);
  const vx = (bx0 + bx1) / 2 + rnd.range(-60, 60);
  const vy = by0 + (by1 - by0) * 0.55;
  const r: Room = { vx, vy, bx0, bx1, by0, by1, wall, floor, svg: "", defs: "" };
  r.defs = `<linearGradient id="leftwall" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(wall, -0.16)}"/><stop offset="1" stop-color="${shade(wall, -0.05)}"/></linearGradient>
<linearGradient id="rightwall" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="${shade(wall, -0.2)}"/><stop offset="1" stop-color="${shade(wall, -0.07)}"/></linearGradient>
<linearGradient id="floorgrad" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(floor, -0.1)}"/><stop offset="1" stop-color="${shade(floor, 0.06)}"/></linearGradient>
<linearGradient id="ceiling" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e9e6e0"/><stop offset="1" stop-color="#f8f6f2"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8cc4ea"/><stop offset="0.55" stop-color="#d9eef8"/><stop offset="0.56" stop-color="#2f9fc0"/><stop offset="1" stop-color="#45c4c4"/></linearGradient>
<radialGradient id="lightpool" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff8e8" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>`;
  // The room's edges all run through the vanishing point; extend them to the image border.
  const edgeY = (x: number, y: number, targetX: number) => vy + (y - vy) * ((targetX - vx) / (x - vx));
  const ceilL = edgeY(bx0, by0, 0);
  const ceilR = edgeY(bx1, by0, W);
  const floorL = edgeY(bx0, by1, 0);
  const floorR = edgeY(bx1, by1, W);
  let svg = `<polygon points="${pts([
    [0, ceilL],
    [0, -400],
    [W, -400],
    [W, ceilR],
    [bx1, by0],
    [bx0, by0],
  ])}" fill="url(#ceiling)"/>`;
  svg += `<polygon points="${pts([
    [0, ceilL],
    [bx0, by0],
    [bx0, by1],
    [0, floorL],
  ])}" fill="url(#leftwall)"/>`;
  svg += `<polygon points="${pts([
    [W, ceilR],
    [bx1, by0],
    [bx1, by1],
    [W, floorR],
  ])}" fill="url(#rightwall)"/>`;
  svg += `<rect x="${n(bx0)}" y="${n(by0)}" width="${n(bx1 - bx0)}" height="${n(by1 - by0)}" fill="${wall}"/>`;
  const floorPoly = pts([
    [bx0, by1],
    [bx1, by1],
    [W, floorR],
    [W, H + 400],
    [0, H + 400],
    [0, floorL],
  ]);
  svg += `<polygon points="${floorPoly}" fill="url(#floorgrad)"/>`;
  svg += `<clipPath id="floorclip"><polygon points="${floorPoly}"/></clipPath>`;
  // porcelain tiles or planks converging on the vanishing point
  let lines = "";
  const count = opts.tiles ? 9 : 16;
  for (let i = -count; i <= count * 2; i++) {
    const x = bx0 + ((bx1 - bx0) * i) / count;
    lines += `M${n(x)} ${n(by1)}L${n(towards(r, x, by1, H + 200))} ${H + 200}`;
  }
  let depth = by1;
  let step = opts.tiles ? 26 : 60;
  while (depth < H) {
    depth += step;
    step *= opts.tiles ? 1.35 : 1.5;
    lines += `M0 ${n(depth)}H${W}`;
  }
  svg += `<path d="${lines}" clip-path="url(#floorclip)" stroke="${shade(floor, -0.25)}" stroke-width="1.6" opacity="0.45"/>`;
  // skirting along the floor edges
  svg += `<path d="M0 ${n(floorL - 4)}L${n(bx0)} ${n(by1 - 4)}H${n(bx1)}L${W} ${n(floorR - 4)}" stroke="${shade(wall, 0.35)}" stroke-width="9" fill="none"/>`;
  // recessed ceiling lights
  let spots = "";
  for (const t of [0.25, 0.5, 0.75]) {
    const x = bx0 + (bx1 - bx0) * t;
    spots += `<ellipse cx="${n(towards(r, x, by0, by0 * 0.45))}" cy="${n(by0 * 0.45)}" rx="14" ry="5" fill="#fffdf5"/>`;
  }
  r.svg = svg + spots;
  return r;
}

/** A window on the back wall showing sky and sea (the coast is never far in Alagoas). */
function backWindow(x: number, y: number, w: number, h: number, frame: string, curtains?: string): string {
  let svg = `<rect x="${n(x - 10)}" y="${n(y - 10)}" width="${n(w + 20)}" height="${n(h + 20)}" fill="${frame}"/>`;
  svg += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="url(#glass)"/>`;
  svg += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="#ffffff" opacity="0.12"/>`;
  const panes = Math.max(2, Math.round(w / 180));
  let mullions = "";
  for (let i = 1; i < panes; i++) mullions += `M${n(x + (w * i) / panes)} ${n(y)}v${n(h)}`;
  svg += `<path d="${mullions}" stroke="${frame}" stroke-width="8"/>`;
  if (curtains) {
    svg += `<path d="M${n(x - 40)} ${n(y - 20)}h80v${n(h + 40)}h-90z M${n(x + w - 40)} ${n(y - 20)}h80v${n(h + 40)}h-90z" fill="${curtains}" opacity="0.92"/>`;
    let folds = "";
    for (const cx of [x - 40, x + w - 40])
      for (let f = 14; f < 80; f += 18) folds += `M${n(cx + f)} ${n(y - 20)}v${n(h + 40)}`;
    svg += `<path d="${folds}" stroke="${shade(curtains, -0.15)}" stroke-width="5" opacity="0.6"/>`;
  }
  return svg;
}

function plant(rnd: Random, x: number, y: number, size: number): string {
  const pot = rnd.pick(["#d8cfc2", "#b5653e", "#3d3d3d", "#e9e4da"]);
  let svg = softShadow(x, y + 4, size * 0.7, size * 0.12);
  let leaves = "";
  const green = rnd.pick(GREENS);
  for (let i = 0; i < 14; i++) {
    const a = -Math.PI / 2 + rnd.range(-1.3, 1.3);
    const len = size * rnd.range(0.7, 1.3);
    const ex = x + Math.cos(a) * len;
    const ey = y - size * 0.55 + Math.sin(a) * len;
    leaves += `<path d="M${n(x)} ${n(y - size * 0.5)}Q${n((x + ex) / 2 + 20)} ${n((y + ey) / 2 - 30)} ${n(ex)} ${n(ey)}Q${n((x + ex) / 2 - 10)} ${n((y + ey) / 2)} ${n(x)} ${n(y - size * 0.5)}" fill="${shade(green, rnd.range(-0.2, 0.2))}"/>`;
  }
  svg += leaves;
  svg += `<polygon points="${pts([
    [x - size * 0.28, y - size * 0.55],
    [x + size * 0.28, y - size * 0.55],
    [x + size * 0.2, y],
    [x - size * 0.2, y],
  ])}" fill="${pot}"/>`;
  return svg;
}

function livingScene(rnd: Random): string {
  const r = room(rnd);
  let svg = r.svg;
  const frame = rnd.pick(["#f5f3ef", "#2f2f2f", "#e0d8cc"]);
  const wx = r.bx0 + 60;
  const ww = r.bx1 - r.bx0 - 120;
  svg += backWindow(
    wx,
    r.by0 + 50,
    ww,
    r.by1 - r.by0 - 60,
    frame,
    rnd.chance(0.6) ? rnd.pick(FABRICS) : undefined,
  );
  // light falling on the floor
  svg += `<ellipse cx="${n(r.vx)}" cy="${n(r.by1 + 140)}" rx="520" ry="110" fill="url(#lightpool)"/>`;
  // rug
  const rug = rnd.pick(FABRICS);
  const ry0 = r.by1 + 60;
  const ry1 = H - 40;
  svg += `<polygon points="${pts([
    [towards(r, r.vx - 380, r.by1, ry0), ry0],
    [towards(r, r.vx + 380, r.by1, ry0), ry0],
    [towards(r, r.vx + 380, r.by1, ry1), ry1],
    [towards(r, r.vx - 380, r.by1, ry1), ry1],
  ])}" fill="${rug}" opacity="0.9"/>`;
  // sofa facing the room (we look at its back-left angle as a frontal piece)
  const fabric = jitter(rnd.pick(FABRICS), rnd, 8);
  const sx = r.vx - rnd.range(380, 460);
  const sw = rnd.range(720, 880);
  const sy = r.by1 + rnd.range(40, 80);
  svg += softShadow(sx + sw / 2, sy + 175, sw * 0.6, 40);
  svg += `<rect x="${n(sx)}" y="${n(sy)}" width="${n(sw)}" height="120" rx="18" fill="${shade(fabric, -0.12)}"/>`;
  svg += `<rect x="${n(sx + 40)}" y="${n(sy + 70)}" width="${n(sw - 80)}" height="90" rx="14" fill="${fabric}"/>`;
  const seats = 3;
  for (let i = 0; i < seats; i++) {
    const cx = sx + 48 + ((sw - 96) * i) / seats;
    svg += `<rect x="${n(cx)}" y="${n(sy + 16)}" width="${n((sw - 96) / seats - 8)}" height="86" rx="16" fill="${shade(fabric, 0.06)}"/>`;
  }
  svg += `<rect x="${n(sx - 14)}" y="${n(sy + 40)}" width="70" height="130" rx="20" fill="${shade(fabric, -0.05)}"/><rect x="${n(sx + sw - 56)}" y="${n(sy + 40)}" width="70" height="130" rx="20" fill="${shade(fabric, -0.05)}"/>`;
  const accent = rnd.pick(["#e8744f", "#f2c14e", "#2f6f8f", "#e7dccb", "#7fb7a4"]);
  svg += `<rect x="${n(sx + 70)}" y="${n(sy + 30)}" width="90" height="80" rx="14" fill="${accent}" transform="rotate(-8 ${n(sx + 115)} ${n(sy + 70)})"/><rect x="${n(sx + sw - 160)}" y="${n(sy + 30)}" width="90" height="80" rx="14" fill="${accent}" transform="rotate(8 ${n(sx + sw - 115)} ${n(sy + 70)})"/>`;
  svg += `<rect x="${n(sx + 20)}" y="${n(sy + 160)}" width="10" height="18" fill="#3a3a3a"/><rect x="${n(sx + sw - 30)}" y="${n(sy + 160)}" width="10" height="18" fill="#3a3a3a"/>`;
  // coffee table
  const wood = rnd.pick(WOODS);
  const ty = sy + 250;
  svg += softShadow(r.vx, ty + 80, 260, 26);
  svg += `<polygon points="${pts([
    [r.vx - 230, ty],
    [r.vx + 230, ty],
    [r.vx + 260, ty + 40],
    [r.vx - 260, ty + 40],
  ])}" fill="${shade(wood, 0.1)}"/><rect x="${n(r.vx - 260)}" y="${n(ty + 40)}" width="520" height="16" fill="${shade(wood, -0.2)}"/><rect x="${n(r.vx - 240)}" y="${n(ty + 56)}" width="12" height="50" fill="${shade(wood, -0.3)}"/><rect x="${n(r.vx + 228)}" y="${n(ty + 56)}" width="12" height="50" fill="${shade(wood, -0.3)}"/>`;
  svg += `<ellipse cx="${n(r.vx + 60)}" cy="${n(ty + 14)}" rx="40" ry="10" fill="#f5f1e8"/><rect x="${n(r.vx - 120)}" y="${n(ty + 2)}" width="90" height="16" fill="${rnd.pick(FABRICS)}"/>`;
  // wall art on the left wall (a parallelogram in perspective)
  const ax = r.bx0 * 0.35;
  const top0 = r.vy - (r.vy - r.by0) * 1.25 + 60;
  svg += `<polygon points="${pts([
    [ax, top0 - 60],
    [ax + 150, top0 - 20],
    [ax + 150, top0 + 200],
    [ax, top0 + 260],
  ])}" fill="${shade(rnd.pick(FABRICS), -0.05)}" stroke="#2b2b2b" stroke-width="6"/>`;
  svg += `<path d="M${n(ax + 20)} ${n(top0 + 160)}Q${n(ax + 75)} ${n(top0 + 60)} ${n(ax + 130)} ${n(top0 + 120)}" stroke="#f2ead8" stroke-width="10" fill="none" opacity="0.8"/>`;
  // floor lamp and plant
  const lx = r.bx1 + rnd.range(40, 140);
  svg += `<line x1="${n(lx)}" y1="${n(r.by1 + 180)}" x2="${n(lx)}" y2="${n(r.by0 + 220)}" stroke="#2b2b2b" stroke-width="6"/><polygon points="${pts(
    [
      [lx - 50, r.by0 + 230],
      [lx + 50, r.by0 + 230],
      [lx + 35, r.by0 + 150],
      [lx - 35, r.by0 + 150],
    ],
  )}" fill="#f4ead6"/><circle cx="${n(lx)}" cy="${n(r.by0 + 220)}" r="180" fill="url(#glow)" opacity="0.5"/>`;
  svg += plant(rnd, r.bx0 - rnd.range(40, 140), H - rnd.range(60, 140), rnd.range(170, 230));
  return defs(r.defs) + svg + grade(rnd) + vignette();
}

function bedroomScene(rnd: Random): string {
  const r = room(rnd);
  let svg = r.svg;
  const wood = rnd.pick(WOODS);
  const linen = rnd.pick(["#f7f4ee", "#f2ede4", "#eef1f3"]);
  const duvet = jitter(rnd.pick(FABRICS), rnd, 8);
  // window on the left wall with curtains
  const curtains = rnd.pick(["#f1ebe0", "#e3d6c3", "#d6dfe3"]);
  svg += `<polygon points="${pts([
    [r.bx0 * 0.25, r.by0 - 20],
    [r.bx0 * 0.8, r.by0 + 40],
    [r.bx0 * 0.8, r.by1 - 120],
    [r.bx0 * 0.25, r.by1 - 60],
  ])}" fill="url(#glass)"/>`;
  svg += `<polygon points="${pts([
    [r.bx0 * 0.15, r.by0 - 50],
    [r.bx0 * 0.35, r.by0 - 20],
    [r.bx0 * 0.35, r.by1 - 40],
    [r.bx0 * 0.15, r.by1 - 20],
  ])}" fill="${curtains}"/>`;
  // headboard panel
  const hx0 = r.vx - 330;
  const hx1 = r.vx + 330;
  svg += `<rect x="${n(hx0 - 120)}" y="${n(r.by0 + 90)}" width="${n(hx1 - hx0 + 240)}" height="${n(r.by1 - r.by0 - 90)}" fill="${shade(wood, 0.05)}"/>`;
  let slats = "";
  for (let x = hx0 - 100; x < hx1 + 120; x += 26) slats += `M${n(x)} ${n(r.by0 + 90)}V${n(r.by1)}`;
  svg += `<path d="${slats}" stroke="${shade(wood, -0.2)}" stroke-width="3" opacity="0.6"/>`;
  svg += `<rect x="${n(hx0)}" y="${n(r.by1 - 260)}" width="${n(hx1 - hx0)}" height="220" rx="16" fill="${jitter(rnd.pick(FABRICS), rnd, 6)}"/>`;
  // art above the bed
  svg += `<rect x="${n(r.vx - 150)}" y="${n(r.by0 + 120)}" width="300" height="150" fill="${shade(rnd.pick(SEA_SHALLOW), 0.3)}" stroke="#f5f1ea" stroke-width="10"/><path d="M${n(r.vx - 140)} ${n(r.by0 + 220)}q70 -40 140 0t140 0" stroke="#ffffff" stroke-width="6" fill="none"/>`;
  // bed in perspective: mattress top trapezoid, front face
  const backY = r.by1 - 40;
  const frontY = backY + rnd.range(200, 240);
  const top = pts([
    [hx0, backY],
    [hx1, backY],
    [towards(r, hx1, backY, frontY), frontY],
    [towards(r, hx0, backY, frontY), frontY],
  ]);
  const fx0 = towards(r, hx0, backY, frontY);
  const fx1 = towards(r, hx1, backY, frontY);
  svg += softShadow((fx0 + fx1) / 2, frontY + 110, (fx1 - fx0) * 0.6, 40);
  svg += `<polygon points="${top}" fill="${linen}"/>`;
  svg += `<rect x="${n(fx0)}" y="${n(frontY)}" width="${n(fx1 - fx0)}" height="95" fill="${shade(linen, -0.06)}"/>`;
  // duvet covering the front part, folded band
  const dy = backY + (frontY - backY) * 0.35;
  svg += `<polygon points="${pts([
    [towards(r, hx0, backY, dy) - 10, dy],
    [towards(r, hx1, backY, dy) + 10, dy],
    [fx1 + 14, frontY],
    [fx1 + 14, frontY + 110],
    [fx0 - 14, frontY + 110],
    [fx0 - 14, frontY],
  ])}" fill="${duvet}"/>`;
  svg += `<polygon points="${pts([
    [towards(r, hx0, backY, dy) - 10, dy],
    [towards(r, hx1, backY, dy) + 10, dy],
    [towards(r, hx1, backY, dy + 40) + 12, dy + 40],
    [towards(r, hx0, backY, dy + 40) - 12, dy + 40],
  ])}" fill="${shade(duvet, 0.18)}"/>`;
  svg += `<rect x="${n(fx0 - 14)}" y="${n(frontY + 96)}" width="${n(fx1 - fx0 + 28)}" height="14" fill="${shade(duvet, -0.2)}"/>`;
  // pillows
  for (const side of [-1, 1]) {
    const px = r.vx + side * 150;
    svg += `<rect x="${n(px - 130)}" y="${n(backY - 50)}" width="260" height="90" rx="30" fill="#ffffff"/><rect x="${n(px - 130)}" y="${n(backY + 10)}" width="260" height="22" rx="10" fill="#000" opacity="0.06"/>`;
  }
  svg += `<rect x="${n(r.vx - 80)}" y="${n(backY - 10)}" width="160" height="60" rx="20" fill="${shade(duvet, 0.3)}"/>`;
  // nightstands with lamps
  for (const side of [-1, 1]) {
    const nx = side < 0 ? hx0 - 200 : hx1 + 40;
    const ny = backY + 10;
    svg += softShadow(nx + 80, ny + 150, 110, 18);
    svg += `<rect x="${n(nx)}" y="${n(ny)}" width="160" height="140" fill="${wood}"/><rect x="${n(nx)}" y="${n(ny)}" width="160" height="14" fill="${shade(wood, 0.2)}"/><rect x="${n(nx + 60)}" y="${n(ny + 60)}" width="40" height="6" fill="#d8c9a8"/>`;
    svg += `<rect x="${n(nx + 74)}" y="${n(ny - 70)}" width="12" height="70" fill="#c9b89a"/><polygon points="${pts(
      [
        [nx + 30, ny - 70],
        [nx + 130, ny - 70],
        [nx + 110, ny - 150],
        [nx + 50, ny - 150],
      ],
    )}" fill="#f6eddb"/><circle cx="${n(nx + 80)}" cy="${n(ny - 100)}" r="170" fill="url(#glow)" opacity="0.55"/>`;
  }
  svg += plant(rnd, W - rnd.range(120, 220), H - rnd.range(40, 100), rnd.range(160, 220));
  return defs(r.defs) + svg + grade(rnd) + vignette();
}

function kitchenScene(rnd: Random): string {
  const r = room(rnd);
  let svg = r.svg;
  const cabinet = jitter(
    rnd.pick(["#f3f0ea", "#2f3e48", "#6f8f7a", "#c9b79c", "#e6e0d6", "#3d5a6c"]),
    rnd,
    6,
  );
  const counter = rnd.pick(["#f7f5f0", "#2b2b2b", "#e9e3d8", "#bfb6a8"]);
  const wood = rnd.pick(WOODS);
  const cx0 = r.bx0;
  const cx1 = r.bx1;
  const counterY = r.by1 - 150;
  // backsplash tiles
  const tile = rnd.pick(["#ffffff", "#e6f0ee", "#f1e6d6", "#d7e4ea", "#e8e2d5"]);
  svg += `<rect x="${n(cx0)}" y="${n(r.by0 + 150)}" width="${n(cx1 - cx0)}" height="${n(counterY - r.by0 - 150)}" fill="${tile}"/>`;
  let grout = "";
  for (let y = r.by0 + 150; y < counterY; y += 22) grout += `M${n(cx0)} ${n(y)}H${n(cx1)}`;
  for (let y = r.by0 + 150, row = 0; y < counterY; y += 22, row++) {
    for (let x = cx0 + (row % 2) * 22; x < cx1; x += 44) grout += `M${n(x)} ${n(y)}v22`;
  }
  svg += `<path d="${grout}" stroke="${shade(tile, -0.15)}" stroke-width="1.5"/>`;
  // window above the sink
  const wx = r.vx - 170;
  svg += backWindow(wx, r.by0 + 170, 340, counterY - r.by0 - 210, "#f5f3ef");
  // upper cabinets
  svg += `<rect x="${n(cx0)}" y="${n(r.by0)}" width="${n(wx - cx0 - 30)}" height="150" fill="${cabinet}"/><rect x="${n(wx + 370)}" y="${n(r.by0)}" width="${n(cx1 - wx - 370)}" height="150" fill="${cabinet}"/>`;
  let doors = "";
  for (let x = cx0 + 110; x < wx - 40; x += 110) doors += `M${n(x)} ${n(r.by0)}v150`;
  for (let x = wx + 480; x < cx1; x += 110) doors += `M${n(x)} ${n(r.by0)}v150`;
  doors += `M${n(cx0)} ${n(r.by0 + 150)}H${n(wx - 30)}M${n(wx + 370)} ${n(r.by0 + 150)}H${n(cx1)}`;
  svg += `<path d="${doors}" stroke="${shade(cabinet, -0.2)}" stroke-width="3"/>`;
  // fridge
  svg += `<rect x="${n(cx1 - 180)}" y="${n(r.by0 + 10)}" width="170" height="${n(r.by1 - r.by0 - 10)}" fill="url(#steel)"/><path d="M${n(cx1 - 180)} ${n(r.by0 + 220)}h170M${n(cx1 - 160)} ${n(r.by0 + 240)}v120" stroke="#8b9096" stroke-width="4"/>`;
  // base cabinets and counter
  svg += `<rect x="${n(cx0)}" y="${n(counterY)}" width="${n(cx1 - cx0 - 190)}" height="${n(r.by1 - counterY)}" fill="${cabinet}"/>`;
  let baseDoors = "";
  for (let x = cx0 + 120; x < cx1 - 190; x += 120) baseDoors += `M${n(x)} ${n(counterY + 24)}V${n(r.by1)}`;
  svg += `<path d="${baseDoors}" stroke="${shade(cabinet, -0.2)}" stroke-width="3"/>`;
  svg += `<rect x="${n(cx0 - 6)}" y="${n(counterY - 6)}" width="${n(cx1 - cx0 - 178)}" height="24" fill="${counter}"/>`;
  svg += `<rect x="${n(r.vx - 90)}" y="${n(counterY - 8)}" width="180" height="8" fill="#9aa3aa"/><path d="M${n(r.vx)} ${n(counterY - 8)}v-60q0 -20 24 -20" stroke="#b7bec4" stroke-width="8" fill="none"/>`;
  // cooktop and hood
  const hx = cx0 + 90;
  svg += `<rect x="${n(hx)}" y="${n(counterY - 10)}" width="220" height="8" fill="#1e1e1e"/><polygon points="${pts(
    [
      [hx + 20, r.by0 + 150],
      [hx + 200, r.by0 + 150],
      [hx + 240, r.by0 + 230],
      [hx - 20, r.by0 + 230],
    ],
  )}" fill="url(#steel)"/>`;
  // island
  const iy = r.by1 + rnd.range(90, 130);
  const ix0 = r.vx - 420;
  const ix1 = r.vx + 420;
  const depthY = iy - 70;
  svg += softShadow(r.vx, H - 20, 560, 40);
  svg += `<polygon points="${pts([
    [towards(r, ix0, iy, depthY), depthY],
    [towards(r, ix1, iy, depthY), depthY],
    [ix1, iy],
    [ix0, iy],
  ])}" fill="${counter}"/>`;
  svg += `<rect x="${n(ix0)}" y="${n(iy)}" width="${n(ix1 - ix0)}" height="22" fill="${shade(counter, -0.12)}"/>`;
  svg += `<rect x="${n(ix0 + 20)}" y="${n(iy + 22)}" width="${n(ix1 - ix0 - 40)}" height="${n(H - iy)}" fill="${rnd.chance(0.5) ? wood : shade(cabinet, -0.05)}"/>`;
  let slats = "";
  for (let x = ix0 + 40; x < ix1 - 20; x += 24) slats += `M${n(x)} ${n(iy + 22)}V${H}`;
  svg += `<path d="${slats}" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>`;
  // fruit bowl
  svg += `<ellipse cx="${n(r.vx + 150)}" cy="${n(iy - 30)}" rx="60" ry="14" fill="#f4efe6"/><circle cx="${n(r.vx + 130)}" cy="${n(iy - 46)}" r="16" fill="#f2a541"/><circle cx="${n(r.vx + 160)}" cy="${n(iy - 48)}" r="16" fill="#e0533d"/><circle cx="${n(r.vx + 182)}" cy="${n(iy - 42)}" r="14" fill="#8cbf3f"/>`;
  // stools
  for (const t of [-0.6, -0.2, 0.2, 0.6]) {
    const sx = r.vx + t * 700;
    svg += `<path d="M${n(sx - 40)} ${H}L${n(sx - 20)} ${n(iy + 80)}M${n(sx + 40)} ${H}L${n(sx + 20)} ${n(iy + 80)}" stroke="#2b2b2b" stroke-width="7"/><ellipse cx="${n(sx)}" cy="${n(iy + 76)}" rx="62" ry="18" fill="${rnd.pick(["#2b2b2b", wood, "#e9e1d2"])}"/>`;
  }
  // pendant lamps
  for (const t of [-0.35, 0, 0.35]) {
    const px = r.vx + t * 700;
    const py = rnd.range(300, 360);
    svg += `<line x1="${n(px)}" y1="0" x2="${n(px)}" y2="${n(py)}" stroke="#2b2b2b" stroke-width="3"/><path d="M${n(px - 46)} ${n(py + 50)}Q${n(px)} ${n(py - 20)} ${n(px + 46)} ${n(py + 50)}Z" fill="${rnd.pick(["#2b2b2b", "#d9b45a", "#f4efe6"])}"/><circle cx="${n(px)}" cy="${n(py + 60)}" r="110" fill="url(#glow)" opacity="0.6"/>`;
  }
  const extra = `${r.defs}<linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c7ccd1"/><stop offset="0.5" stop-color="#eef1f3"/><stop offset="1" stop-color="#aab1b8"/></linearGradient>`;
  return defs(extra) + svg + grade(rnd) + vignette();
}

function bathroomScene(rnd: Random): string {
  const tile = jitter(rnd.pick(["#efece6", "#e4e1db", "#dfe6e8", "#e9dfd2", "#d8d3cb"]), rnd, 5);
  const r = room(rnd, { tiles: true, wall: tile });
  let svg = r.svg;
  // large-format porcelain on the back wall
  let grout = "";
  for (let y = r.by0; y < r.by1; y += 120) grout += `M${n(r.bx0)} ${n(y)}H${n(r.bx1)}`;
  for (let x = r.bx0; x < r.bx1; x += 120) grout += `M${n(x)} ${n(r.by0)}V${n(r.by1)}`;
  svg += `<path d="${grout}" stroke="${shade(tile, -0.12)}" stroke-width="2"/>`;
  // mirror with a soft LED halo
  const mx = r.vx - 300 + rnd.range(-60, 60);
  svg += `<rect x="${n(mx - 12)}" y="${n(r.by0 + 48)}" width="424" height="284" rx="16" fill="#fffbe9" opacity="0.7"/>`;
  svg += `<rect x="${n(mx)}" y="${n(r.by0 + 60)}" width="400" height="260" rx="12" fill="url(#mirror)"/>`;
  // floating vanity with vessel sink
  const wood = rnd.pick(WOODS);
  const vy = r.by0 + 400;
  svg += softShadow(mx + 200, vy + 160, 260, 20, 0.6);
  svg += `<rect x="${n(mx - 60)}" y="${n(vy)}" width="520" height="22" fill="#f7f5f0"/><rect x="${n(mx - 50)}" y="${n(vy + 22)}" width="500" height="110" fill="${wood}"/><path d="M${n(mx + 200)} ${n(vy + 22)}v110" stroke="${shade(wood, -0.25)}" stroke-width="3"/>`;
  svg += `<ellipse cx="${n(mx + 200)}" cy="${n(vy - 18)}" rx="90" ry="26" fill="#ffffff"/><ellipse cx="${n(mx + 200)}" cy="${n(vy - 26)}" rx="72" ry="14" fill="#e6e9ea"/><path d="M${n(mx + 200)} ${n(vy - 40)}v-60h36" stroke="#9aa3aa" stroke-width="7" fill="none"/>`;
  // glass shower enclosure on the right
  const gx = r.bx1 - 260;
  svg += `<rect x="${n(gx)}" y="${n(r.by0)}" width="260" height="${n(r.by1 - r.by0)}" fill="${shade(tile, -0.06)}"/>`;
  svg += `<path d="M${n(gx + 130)} ${n(r.by0 + 40)}v40h-30" stroke="#9aa3aa" stroke-width="6" fill="none"/><ellipse cx="${n(gx + 100)}" cy="${n(r.by0 + 86)}" rx="40" ry="8" fill="#9aa3aa"/>`;
  svg += `<polygon points="${pts([
    [gx - 10, r.by0 - 20],
    [gx + 40, r.by0 - 40],
    [gx + 40, H],
    [gx - 10, H],
  ])}" fill="#dff3f5" opacity="0.25" stroke="#b9c6cc" stroke-width="4"/>`;
  svg += `<polygon points="${pts([
    [r.bx1, r.by0],
    [W, -60],
    [W, H + 150],
    [r.bx1, r.by1],
  ])}" fill="#dff3f5" opacity="0.18"/>`;
  // towel ring, towel, plant and a small high window
  const towel = rnd.pick(["#ffffff", "#d9cbb5", "#a3b8b0", "#e8b8a0", "#5d6d7e"]);
  const tx = r.bx0 + 60;
  svg += `<circle cx="${n(tx + 40)}" cy="${n(r.by0 + 210)}" r="26" fill="none" stroke="#9aa3aa" stroke-width="5"/><path d="M${n(tx)} ${n(r.by0 + 230)}h80v150q-40 14 -80 0z" fill="${towel}"/>`;
  svg += `<rect x="${n(r.vx - 60)}" y="${n(r.by0 + 10)}" width="120" height="36" fill="url(#glass)" stroke="#f5f3ef" stroke-width="6" opacity="0.85"/>`;
  svg += plant(rnd, r.bx0 - 120, H - 60, 180);
  // bath mat
  svg += `<polygon points="${pts([
    [mx + 40, r.by1 + 60],
    [mx + 360, r.by1 + 60],
    [mx + 420, r.by1 + 160],
    [mx - 20, r.by1 + 160],
  ])}" fill="${shade(towel, -0.05)}"/>`;
  const extra = `${r.defs}<linearGradient id="mirror" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef3f4"/><stop offset="0.5" stop-color="#c9d4d8"/><stop offset="1" stop-color="#e4eaec"/></linearGradient>`;
  return defs(extra) + svg + grade(rnd) + vignette();
}

// ---------------------------------------------------------------------------------------------
// Rendering

const SCENES: Record<SceneKind, (rnd: Random) => string> = {
  beach: beachScene,
  building: buildingScene,
  house: houseScene,
  living: livingScene,
  bedroom: bedroomScene,
  kitchen: kitchenScene,
  bathroom: bathroomScene,
  pool: poolScene,
  land: landScene,
  aerial: aerialScene,
};

/** The scene as an SVG document (exposed for composition, e.g. the social image). */
export function sceneSvg(kind: SceneKind, seed: number, width = 1600, height = 1067): string {
  const kindIndex = SCENE_KINDS.indexOf(kind);
  const rnd = new Random(createRng((seed * 2654435761) ^ (kindIndex * 40503 + 17)));
  const body = SCENES[kind](rnd);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

const GRAIN_SIZE = 1 << 20;
let grainTable: Int8Array | undefined;

/** Luma grain: photos are never perfectly smooth (and smooth JPEGs weigh unrealistically little). */
function addGrain(data: Buffer, channels: number, seed: number, amplitude: number): void {
  if (!grainTable) {
    grainTable = new Int8Array(GRAIN_SIZE);
    const rnd = createRng(20260101);
    // Triangular distribution: softer than uniform noise.
    for (let i = 0; i < GRAIN_SIZE; i++) grainTable[i] = Math.round((rnd() + rnd() - 1) * 2 * amplitude);
  }
  const table = grainTable;
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const mask = GRAIN_SIZE - 1;
  let k = (seed * 7919) & mask;
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    const g = table[k]!;
    k = (k + 1) & mask;
    pixels[i] = pixels[i]! + g;
    pixels[i + 1] = pixels[i + 1]! + g;
    pixels[i + 2] = pixels[i + 2]! + g;
  }
}

/**
 * Render a demo photo as a JPEG. Deterministic: the same kind, seed and size always give the
 * same bytes (with the same sharp/libvips version).
 */
export async function renderScene(
  kind: SceneKind,
  seed: number,
  width = 1600,
  height = 1067,
): Promise<Buffer> {
  const svg = sceneSvg(kind, seed, width, height);
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addGrain(data, info.channels, seed + SCENE_KINDS.indexOf(kind) * 131, 4);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 86, chromaSubsampling: "4:2:0" })
    .toBuffer();
}
