// Demo scene: the coast seen from above.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, mix, n, pts, shade, W } from "./canvas.server";
import { GREENS, ROOFS, SANDS, SEA_DEEP, SEA_SHALLOW } from "./palettes.server";
import { defs, grade, vignette } from "./pieces.server";

export function aerialScene(rnd: SeededRandom): string {
  const deep = jitter(rnd.pick(SEA_DEEP), rnd, 8);
  const shallow = jitter(rnd.pick(SEA_SHALLOW), rnd, 10);
  const sand = jitter(rnd.pick(SANDS), rnd, 6);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const seaRight = rnd.chance(0.5);
  const extra = `<linearGradient id="ocean" x1="${seaRight ? 1 : 0}" y1="0" x2="${seaRight ? 0 : 1}" y2="0"><stop offset="0" stop-color="${deep}"/><stop offset="0.55" stop-color="${mix(deep, shallow, 0.6)}"/><stop offset="1" stop-color="${shallow}"/></linearGradient>`;
  let svg = `<rect width="${W}" height="${H}" fill="url(#ocean)"/>`;
  // the shoreline runs top to bottom
  const coast: [number, number][] = [];
  const base = rnd.float(620, 900);
  const phase = rnd.float(0, 6);
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
    svg += `<ellipse cx="${n(cx - dir * rnd.float(120, 420))}" cy="${n(cy + rnd.float(-60, 60))}" rx="${n(rnd.float(40, 120))}" ry="${n(rnd.float(20, 70))}" fill="${mix(shallow, "#7a6a4a", 0.35)}" opacity="0.35" transform="rotate(${n(rnd.float(-30, 30))} ${n(cx)} ${n(cy)})"/>`;
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
    const x = cx + dir * rnd.float(140, 900);
    const y = cy + rnd.float(-40, 40);
    const r = rnd.float(9, 17);
    crownShadows += `<circle cx="${n(x + 6)}" cy="${n(y + 6)}" r="${n(r)}"/>`;
    crowns += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${shade(green, rnd.float(-0.1, 0.25))}"/>`;
  }
  svg += `<g fill="#000" opacity="0.25">${crownShadows}</g>${crowns}`;
  // coastal road and houses
  svg += `<path d="M${pts(line(420)).replace(/ /g, "L")}" stroke="#6b6b6b" stroke-width="22" fill="none"/><path d="M${pts(line(420)).replace(/ /g, "L")}" stroke="#e9e2c8" stroke-width="2" stroke-dasharray="24 20" fill="none"/>`;
  for (let i = 0; i < 26; i++) {
    const [cx, cy] = rnd.pick(coast);
    const x = cx + dir * rnd.float(220, 380);
    const w = rnd.float(26, 46);
    const h = rnd.float(22, 38);
    const roof = rnd.chance(0.7) ? rnd.pick(ROOFS) : "#eeeae2";
    svg += `<rect x="${n(x + 5)}" y="${n(cy + 5)}" width="${n(w)}" height="${n(h)}" fill="#000" opacity="0.25"/><rect x="${n(x)}" y="${n(cy)}" width="${n(w)}" height="${n(h)}" fill="${roof}"/><path d="M${n(x)} ${n(cy + h / 2)}h${n(w)}" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`;
    if (rnd.chance(0.35)) {
      svg += `<rect x="${n(x + w + 6)}" y="${n(cy + 4)}" width="16" height="10" fill="#3fc7dc"/>`;
    }
  }
  // boats with wakes
  for (let i = 0; i < rnd.int(2, 5); i++) {
    const [cx, cy] = rnd.pick(coast);
    const x = cx - dir * rnd.float(200, 700);
    const a = rnd.float(0, 360);
    svg += `<g transform="rotate(${n(a)} ${n(x)} ${n(cy)})"><path d="M${n(x)} ${n(cy)}l-140 -14l0 28z" fill="#ffffff" opacity="0.25"/><ellipse cx="${n(x + 8)}" cy="${n(cy)}" rx="14" ry="5" fill="#fbfbf8"/></g>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}
