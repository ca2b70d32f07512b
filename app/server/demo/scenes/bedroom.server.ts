// Demo scene: a bedroom.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade, W } from "./canvas.server";
import { FABRICS, SEA_SHALLOW, WOODS } from "./palettes.server";
import { defs, grade, softShadow, vignette } from "./pieces.server";
import { plant, room, towards } from "./room.server";

export function bedroomScene(rnd: SeededRandom): string {
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
  const frontY = backY + rnd.float(200, 240);
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
  svg += plant(rnd, W - rnd.float(120, 220), H - rnd.float(40, 100), rnd.float(160, 220));
  return defs(r.defs) + svg + grade(rnd) + vignette();
}
