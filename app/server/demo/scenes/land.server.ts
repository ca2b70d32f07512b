// Demo scene: a plot of land.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, mix, n, pts, shade, W } from "./canvas.server";
import { GREENS } from "./palettes.server";
import { clouds, defs, grade, palm, sky, vignette } from "./pieces.server";

export function landScene(rnd: SeededRandom): string {
  const horizon = rnd.float(480, 560);
  const s = sky(rnd, horizon);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const grassColor = mix(green, rnd.pick(["#a9c25a", "#c2b25a", "#9fbf60"]), rnd.float(0.35, 0.6));
  const extra = `${s.defs}<linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(grassColor, s.bottom, 0.3)}"/><stop offset="0.3" stop-color="${grassColor}"/><stop offset="1" stop-color="${shade(grassColor, -0.12)}"/></linearGradient>`;
  let svg = s.svg + clouds(rnd, horizon - 150, rnd.int(2, 5));
  // hills
  const hill = (base: number, amp: number, color: string) => {
    let d = `M-20 ${n(base)}`;
    const phase = rnd.float(0, 6);
    for (let x = 0; x <= W + 40; x += 40)
      d += `L${x} ${n(base - amp * (0.5 + 0.5 * Math.sin(x / 260 + phase)))}`;
    return `<path d="${d}L${W + 40} ${n(horizon + 10)}L-20 ${n(horizon + 10)}Z" fill="${color}"/>`;
  };
  svg += hill(horizon - 40, 90, mix(green, s.bottom, 0.65));
  svg += hill(horizon - 5, 60, mix(green, s.bottom, 0.45));
  // tree line with distant palms
  let trees = "";
  for (let x = -20; x < W + 20; x += rnd.float(30, 70)) {
    trees += `<circle cx="${n(x)}" cy="${n(horizon - rnd.float(0, 25))}" r="${n(rnd.float(18, 36))}"/>`;
  }
  svg += `<g fill="${mix(shade(green, -0.2), s.bottom, 0.3)}">${trees}</g>`;
  for (let i = 0; i < rnd.int(2, 5); i++) {
    svg += palm(rnd, {
      x: rnd.float(0, W),
      y: horizon + 5,
      height: rnd.float(120, 190),
      lean: rnd.float(-0.2, 0.2),
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
    blades += `M${n(rnd.float(0, W))} ${n(y)}l${n(rnd.float(-3, 3) * t)} ${n(-h)}`;
  }
  svg += `<path d="${blades}" stroke="${shade(grassColor, -0.25)}" stroke-width="2" opacity="0.5"/>`;
  // dirt track
  const trackX = rnd.float(300, 1300);
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
  const sx = rnd.float(600, 1100);
  const sy = rnd.float(H - 200, H - 80);
  svg += `<rect x="${n(sx)}" y="${n(sy - 90)}" width="10" height="90" fill="#e9e2d0"/><polygon points="${pts([
    [sx + 10, sy - 88],
    [sx + 50, sy - 80],
    [sx + 10, sy - 70],
  ])}" fill="#e8744f"/>`;
  return defs(extra) + svg + grade(rnd) + vignette();
}
