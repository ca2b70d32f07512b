// Demo scene: a kitchen.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade } from "./canvas.server";
import { WOODS } from "./palettes.server";
import { defs, grade, softShadow, vignette } from "./pieces.server";
import { backWindow, room, towards } from "./room.server";

export function kitchenScene(rnd: SeededRandom): string {
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
  const iy = r.by1 + rnd.float(90, 130);
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
    const py = rnd.float(300, 360);
    svg += `<line x1="${n(px)}" y1="0" x2="${n(px)}" y2="${n(py)}" stroke="#2b2b2b" stroke-width="3"/><path d="M${n(px - 46)} ${n(py + 50)}Q${n(px)} ${n(py - 20)} ${n(px + 46)} ${n(py + 50)}Z" fill="${rnd.pick(["#2b2b2b", "#d9b45a", "#f4efe6"])}"/><circle cx="${n(px)}" cy="${n(py + 60)}" r="110" fill="url(#glow)" opacity="0.6"/>`;
  }
  const extra = `${r.defs}<linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c7ccd1"/><stop offset="0.5" stop-color="#eef1f3"/><stop offset="1" stop-color="#aab1b8"/></linearGradient>`;
  return defs(extra) + svg + grade(rnd) + vignette();
}
