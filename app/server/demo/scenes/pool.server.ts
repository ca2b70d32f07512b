// Demo scene: a pool with its deck.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade, W } from "./canvas.server";
import { FACADES, GREENS } from "./palettes.server";
import { clouds, defs, grade, palm, sky, softShadow, vignette } from "./pieces.server";

export function poolScene(rnd: SeededRandom): string {
  const horizon = rnd.float(430, 520);
  const s = sky(rnd, horizon);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const water = jitter(rnd.pick(["#3cc7d9", "#2fb8d6", "#45c9c9", "#4fc2e0"]), rnd, 8);
  const deck = jitter(rnd.pick(["#d8cbb6", "#cdb89a", "#e3d8c6", "#b98e63"]), rnd, 6);
  const pl = rnd.float(-120, 120);
  const pw = rnd.float(-80, 60);
  const poolTop = horizon + rnd.float(130, 190);
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
  for (let x = -40; x < W + 60; x += rnd.float(40, 80)) {
    hedge += `<circle cx="${n(x)}" cy="${n(horizon - rnd.float(10, 90))}" r="${n(rnd.float(45, 90))}"/>`;
  }
  svg += `<g fill="${shade(green, -0.15)}">${hedge}</g>`;
  const wall = rnd.pick(FACADES);
  const houseLeft = rnd.chance(0.5);
  const hx = houseLeft ? -40 : W - 620;
  svg += `<rect x="${n(hx)}" y="${n(horizon - 260)}" width="660" height="270" fill="${wall}"/><rect x="${n(hx - 20)}" y="${n(horizon - 280)}" width="700" height="24" fill="${shade(wall, 0.2)}"/>`;
  svg += `<rect x="${n(hx + 80)}" y="${n(horizon - 220)}" width="480" height="210" fill="url(#water)" opacity="0.55"/><path d="M${n(hx + 200)} ${n(horizon - 220)}v210M${n(hx + 320)} ${n(horizon - 220)}v210M${n(hx + 440)} ${n(horizon - 220)}v210" stroke="#f3efe8" stroke-width="6"/>`;
  for (let i = 0; i < rnd.int(2, 3); i++) {
    svg += palm(rnd, {
      x: houseLeft ? rnd.float(800, W) : rnd.float(0, 800),
      y: horizon + 20,
      height: rnd.float(360, 460),
      lean: rnd.float(-0.25, 0.25),
      scale: rnd.float(0.75, 0.95),
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
  for (let y = poolTop + 20; y < H - 130; y += rnd.float(14, 24)) {
    let x = rnd.float(60, 200);
    caustics += `M${n(x)} ${n(y)}`;
    while (x < 1540) {
      const step = rnd.float(30, 70);
      caustics += `q${n(step / 2)} ${n(rnd.float(-10, 10))} ${n(step)} 0`;
      x += step;
    }
  }
  svg += `<g clip-path="url(#poolclip)"><path d="${caustics}" stroke="#ffffff" stroke-width="2.5" opacity="0.35" fill="none"/><rect x="0" y="${n(poolTop)}" width="${W}" height="26" fill="#000" opacity="0.12"/><ellipse cx="${n(rnd.float(500, 1100))}" cy="${n(poolTop + 100)}" rx="260" ry="40" fill="#ffffff" opacity="0.25"/></g>`;
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
    const ux = houseLeft ? rnd.float(1200, 1500) : rnd.float(100, 400);
    const uy = horizon + 120;
    svg += `<line x1="${n(ux)}" y1="${n(uy)}" x2="${n(ux)}" y2="${n(uy - 200)}" stroke="#d8d2c8" stroke-width="6"/><path d="M${n(ux - 150)} ${n(uy - 170)}L${n(ux)} ${n(uy - 230)}L${n(ux + 150)} ${n(uy - 170)}Z" fill="${rnd.pick(["#f4efe6", "#e8744f", "#2f6f8f"])}"/>`;
  }
  return defs(extra) + svg + grade(rnd) + vignette();
}
