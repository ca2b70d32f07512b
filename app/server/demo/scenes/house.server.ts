// Demo scene: a house with its garden.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, mix, n, pts, shade, W } from "./canvas.server";
import { ACCENT_FACADES, FACADES, GREENS, ROOFS, WOODS } from "./palettes.server";
import { bush, clouds, defs, grade, palm, sky, softShadow, vignette } from "./pieces.server";

export function houseScene(rnd: SeededRandom): string {
  const ground = rnd.float(760, 820);
  const s = sky(rnd, ground);
  const green = jitter(rnd.pick(GREENS), rnd, 8);
  const lawn = mix(green, "#9cc25a", 0.45);
  let svg = s.svg + clouds(rnd, 300, rnd.int(1, 3));
  // distant tree line
  let trees = "";
  for (let x = -40; x < W + 60; x += rnd.float(40, 90)) {
    trees += `<circle cx="${n(x)}" cy="${n(ground - rnd.float(60, 140))}" r="${n(rnd.float(50, 95))}"/>`;
  }
  svg += `<g fill="${mix(green, s.bottom, 0.45)}">${trees}</g>`;
  svg += `<rect y="${n(ground - 60)}" width="${W}" height="80" fill="${mix(green, s.bottom, 0.45)}"/>`;
  svg += `<rect y="${n(ground)}" width="${W}" height="${n(H - ground)}" fill="url(#lawn)"/>`;
  const extra = `${s.defs}<linearGradient id="lawn" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(lawn, -0.1)}"/><stop offset="1" stop-color="${shade(lawn, 0.1)}"/></linearGradient>
<linearGradient id="roof" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(rnd.pick(ROOFS), 0.08)}"/><stop offset="1" stop-color="${shade(rnd.pick(ROOFS), -0.15)}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9c9de"/><stop offset="0.5" stop-color="#5f87a3"/><stop offset="1" stop-color="#3d5f78"/></linearGradient>`;
  const wall = jitter(rnd.chance(0.3) ? rnd.pick(ACCENT_FACADES) : rnd.pick(FACADES), rnd, 6);
  const hw = rnd.float(820, 1040);
  const hx = (W - hw) / 2 + rnd.float(-120, 120);
  const wallTop = ground - rnd.float(250, 300);
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
    const roofH = rnd.float(130, 190);
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
  const doorX = hx + hw * rnd.float(0.42, 0.52);
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
  for (let bx = hx - 60; bx < hx + hw + 60; bx += rnd.float(80, 130)) {
    if (Math.abs(bx - doorX - 55) < 130) continue;
    svg += bush(rnd, bx, ground + 18, rnd.float(38, 62), green, rnd.chance(0.5) ? flowers : undefined);
  }
  let grass = "";
  for (let i = 0; i < 260; i++) {
    const gx = rnd.float(0, W);
    const gy = rnd.float(ground + 30, H);
    grass += `M${n(gx)} ${n(gy)}l${n(rnd.float(-4, 4))} ${n(-rnd.float(8, 18))}`;
  }
  svg += `<path d="${grass}" stroke="${shade(lawn, -0.2)}" stroke-width="2.5" opacity="0.6"/>`;
  svg += palm(rnd, {
    x: rnd.chance(0.5) ? rnd.float(60, hx - 20) : rnd.float(hx + hw + 20, W - 60),
    y: H - rnd.float(40, 120),
    height: rnd.float(560, 700),
    lean: rnd.float(-0.25, 0.25),
    scale: rnd.float(1, 1.25),
    trunk: "#8b7355",
    leaf: green,
  });
  return defs(extra) + svg + grade(rnd) + vignette();
}
