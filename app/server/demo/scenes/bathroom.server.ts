// Demo scene: a bathroom.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade, W } from "./canvas.server";
import { WOODS } from "./palettes.server";
import { defs, grade, softShadow, vignette } from "./pieces.server";
import { plant, room } from "./room.server";

export function bathroomScene(rnd: SeededRandom): string {
  const tile = jitter(rnd.pick(["#efece6", "#e4e1db", "#dfe6e8", "#e9dfd2", "#d8d3cb"]), rnd, 5);
  const r = room(rnd, { tiles: true, wall: tile });
  let svg = r.svg;
  // large-format porcelain on the back wall
  let grout = "";
  for (let y = r.by0; y < r.by1; y += 120) grout += `M${n(r.bx0)} ${n(y)}H${n(r.bx1)}`;
  for (let x = r.bx0; x < r.bx1; x += 120) grout += `M${n(x)} ${n(r.by0)}V${n(r.by1)}`;
  svg += `<path d="${grout}" stroke="${shade(tile, -0.12)}" stroke-width="2"/>`;
  // mirror with a soft LED halo
  const mx = r.vx - 300 + rnd.float(-60, 60);
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
