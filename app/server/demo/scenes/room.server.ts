// Interiors: a one-point perspective room (walls, floor, ceiling), and the window onto the sea and
// the plant several rooms share.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade, W } from "./canvas.server";
import { FLOORS, GREENS, WALLS } from "./palettes.server";
import { softShadow } from "./pieces.server";

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
export function towards(room: Room, x: number, y: number, targetY: number): number {
  return room.vx + (x - room.vx) * ((targetY - room.vy) / (y - room.vy));
}

export function room(rnd: SeededRandom, opts: { tiles?: boolean; wall?: string } = {}): Room {
  const wall = opts.wall ?? jitter(rnd.pick(WALLS), rnd, 6);
  const floor = jitter(rnd.pick(FLOORS), rnd, 6);
  const bx0 = rnd.float(300, 400);
  const bx1 = W - rnd.float(300, 400);
  const by0 = rnd.float(170, 220);
  const by1 = rnd.float(660, 720);
  const vx = (bx0 + bx1) / 2 + rnd.float(-60, 60);
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
export function backWindow(
  x: number,
  y: number,
  w: number,
  h: number,
  frame: string,
  curtains?: string,
): string {
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

export function plant(rnd: SeededRandom, x: number, y: number, size: number): string {
  const pot = rnd.pick(["#d8cfc2", "#b5653e", "#3d3d3d", "#e9e4da"]);
  let svg = softShadow(x, y + 4, size * 0.7, size * 0.12);
  let leaves = "";
  const green = rnd.pick(GREENS);
  for (let i = 0; i < 14; i++) {
    const a = -Math.PI / 2 + rnd.float(-1.3, 1.3);
    const len = size * rnd.float(0.7, 1.3);
    const ex = x + Math.cos(a) * len;
    const ey = y - size * 0.55 + Math.sin(a) * len;
    leaves += `<path d="M${n(x)} ${n(y - size * 0.5)}Q${n((x + ex) / 2 + 20)} ${n((y + ey) / 2 - 30)} ${n(ex)} ${n(ey)}Q${n((x + ex) / 2 - 10)} ${n((y + ey) / 2)} ${n(x)} ${n(y - size * 0.5)}" fill="${shade(green, rnd.float(-0.2, 0.2))}"/>`;
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
