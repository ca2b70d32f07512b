// Demo scene: a living room.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, n, pts, shade } from "./canvas.server";
import { FABRICS, WOODS } from "./palettes.server";
import { defs, grade, softShadow, vignette } from "./pieces.server";
import { backWindow, plant, room, towards } from "./room.server";

export function livingScene(rnd: SeededRandom): string {
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
  const sx = r.vx - rnd.float(380, 460);
  const sw = rnd.float(720, 880);
  const sy = r.by1 + rnd.float(40, 80);
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
  const lx = r.bx1 + rnd.float(40, 140);
  svg += `<line x1="${n(lx)}" y1="${n(r.by1 + 180)}" x2="${n(lx)}" y2="${n(r.by0 + 220)}" stroke="#2b2b2b" stroke-width="6"/><polygon points="${pts(
    [
      [lx - 50, r.by0 + 230],
      [lx + 50, r.by0 + 230],
      [lx + 35, r.by0 + 150],
      [lx - 35, r.by0 + 150],
    ],
  )}" fill="#f4ead6"/><circle cx="${n(lx)}" cy="${n(r.by0 + 220)}" r="180" fill="url(#glow)" opacity="0.5"/>`;
  svg += plant(rnd, r.bx0 - rnd.float(40, 140), H - rnd.float(60, 140), rnd.float(170, 230));
  return defs(r.defs) + svg + grade(rnd) + vignette();
}
