// Demo scene: a beach: sea over reef pools, a jangada, palms leaning over the sand, sometimes an umbrella.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, mix, n, pts, shade, W } from "./canvas.server";
import { GREENS, SANDS, SEA_DEEP, SEA_SHALLOW } from "./palettes.server";
import { clouds, defs, grade, palm, sky, softShadow, vignette } from "./pieces.server";

export function beachScene(rnd: SeededRandom): string {
  const horizon = rnd.float(430, 520);
  const s = sky(rnd, horizon);
  const deep = jitter(rnd.pick(SEA_DEEP), rnd, 8);
  const shallow = jitter(rnd.pick(SEA_SHALLOW), rnd, 10);
  const sand = jitter(rnd.pick(SANDS), rnd, 6);
  const shore = horizon + rnd.float(230, 310);
  const extra = `${s.defs}
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(deep, s.bottom, 0.25)}"/><stop offset="0.35" stop-color="${deep}"/><stop offset="1" stop-color="${shallow}"/></linearGradient>
<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(sand, -0.12)}"/><stop offset="0.25" stop-color="${sand}"/><stop offset="1" stop-color="${shade(sand, 0.1)}"/></linearGradient>`;
  let svg = s.svg + clouds(rnd, horizon - 120, rnd.int(2, 5));
  svg += `<rect y="${n(horizon)}" width="${W}" height="${n(shore - horizon + 40)}" fill="url(#sea)"/>`;
  // reef pools (piscinas naturais) shimmering through the water
  for (let i = 0; i < 4; i++) {
    svg += `<ellipse cx="${n(rnd.float(0, W))}" cy="${n(horizon + rnd.float(60, 160))}" rx="${n(rnd.float(120, 300))}" ry="${n(rnd.float(8, 20))}" fill="${shade(shallow, 0.15)}" opacity="0.35"/>`;
  }
  // wave lines, denser and brighter towards the shore
  let waves = "";
  for (let y = horizon + 12; y < shore; y += 10 + ((y - horizon) / (shore - horizon)) * 28) {
    const x0 = rnd.float(-200, W);
    const len = rnd.float(80, 400) * (0.5 + (y - horizon) / (shore - horizon));
    waves += `M${n(x0)} ${n(y)}q${n(len / 4)} ${n(-3)} ${n(len / 2)} 0t${n(len / 2)} 0`;
  }
  svg += `<path d="${waves}" stroke="#ffffff" stroke-width="2.2" opacity="0.45" fill="none"/>`;
  // a jangada, the traditional Alagoas raft with its triangular sail
  if (rnd.chance(0.8)) {
    const jx = rnd.float(200, 1400);
    const jy = horizon + rnd.float(40, 120);
    const js = rnd.float(0.6, 1.1);
    const sail = rnd.pick(["#ffffff", "#f2c14e", "#e8744f", "#f7f1e3"]);
    svg += `<polygon points="${pts([
      [jx, jy - 95 * js],
      [jx + 62 * js, jy - 8 * js],
      [jx - 4 * js, jy - 8 * js],
    ])}" fill="${sail}"/><rect x="${n(jx - 30 * js)}" y="${n(jy - 8 * js)}" width="${n(110 * js)}" height="${n(7 * js)}" fill="#6b4a2b"/><ellipse cx="${n(jx + 25 * js)}" cy="${n(jy + 2 * js)}" rx="${n(70 * js)}" ry="${n(3 * js)}" fill="#ffffff" opacity="0.35"/>`;
  }
  // shoreline: wet sand, foam, dry sand
  const foam: [number, number][] = [];
  for (let x = -20; x <= W + 20; x += 80) foam.push([x, shore + Math.sin(x / 170 + rnd.float(0, 0.4)) * 14]);
  const shoreLine = foam.map(([x, y], i) => `${i ? "L" : "M"}${n(x)} ${n(y)}`).join("");
  svg += `<path d="${shoreLine}L${W + 20} ${H}L-20 ${H}Z" fill="url(#sand)"/>`;
  svg += `<path d="${shoreLine}L${W + 20} ${n(shore + 40)}L-20 ${n(shore + 40)}Z" fill="${shade(sand, -0.22)}" opacity="0.5"/>`;
  svg += `<path d="${shoreLine}" stroke="#ffffff" stroke-width="9" opacity="0.85" fill="none"/>`;
  svg += `<path d="${shoreLine}" transform="translate(0 -14)" stroke="#ffffff" stroke-width="3" opacity="0.5" fill="none"/>`;
  // footprints / ripples in the sand
  let ripples = "";
  for (let i = 0; i < 40; i++) {
    const x = rnd.float(0, W);
    const y = rnd.float(shore + 60, H);
    ripples += `M${n(x)} ${n(y)}q20 -4 40 0`;
  }
  svg += `<path d="${ripples}" stroke="${shade(sand, -0.15)}" stroke-width="3" opacity="0.5" fill="none"/>`;
  // palms leaning over the beach
  const palms = rnd.int(2, 4);
  const leaf = jitter(rnd.pick(GREENS), rnd, 10);
  for (let i = 0; i < palms; i++) {
    const fromLeft = i % 2 === 0;
    const x = fromLeft ? rnd.float(-40, 380) : rnd.float(1200, 1640);
    const scale = rnd.float(0.9, 1.5);
    svg += palm(rnd, {
      x,
      y: rnd.float(shore + 120, H + 40),
      height: rnd.float(480, 700) * (scale / 1.2),
      lean: (fromLeft ? 1 : -1) * rnd.float(0.15, 0.55),
      scale,
      trunk: jitter("#8a6a4a", rnd, 10),
      leaf,
    });
  }
  // a beach umbrella and chairs sometimes
  if (rnd.chance(0.6)) {
    const ux = rnd.float(500, 1100);
    const uy = rnd.float(shore + 150, H - 80);
    const color = rnd.pick(["#e8744f", "#f2c14e", "#2f8fbf", "#ffffff"]);
    svg += softShadow(ux + 30, uy + 5, 130, 22);
    svg += `<line x1="${n(ux)}" y1="${n(uy)}" x2="${n(ux - 10)}" y2="${n(uy - 190)}" stroke="#d8d2c8" stroke-width="6"/>`;
    svg += `<path d="M${n(ux - 140)} ${n(uy - 170)}Q${n(ux - 10)} ${n(uy - 270)} ${n(ux + 120)} ${n(uy - 170)}Z" fill="${color}"/>`;
    svg += `<path d="M${n(ux - 140)} ${n(uy - 170)}Q${n(ux - 50)} ${n(uy - 150)} ${n(ux - 10)} ${n(uy - 172)}Q${n(ux + 60)} ${n(uy - 150)} ${n(ux + 120)} ${n(uy - 170)}" fill="${shade(color, -0.2)}"/>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}
