// Demo scene: an apartment tower's facade from the street.
import type { SeededRandom } from "../../../lib/seeded-random";
import { H, jitter, mix, n, pts, shade, W } from "./canvas.server";
import { ACCENT_FACADES, FACADES, GREENS } from "./palettes.server";
import { bush, clouds, defs, grade, palm, sky, vignette } from "./pieces.server";

function towerFacade(
  rnd: SeededRandom,
  x: number,
  top: number,
  width: number,
  ground: number,
  color: string,
  haze: number,
): string {
  const floorH = rnd.pick([46, 52, 58]);
  const cols = Math.max(2, Math.round(width / rnd.float(110, 150)));
  const sideW = width * rnd.float(0.16, 0.24);
  const rise = sideW * 0.35;
  const glass = mix(rnd.pick(["#5c8fb3", "#4d7fa6", "#6f9fbf", "#3f6e8f"]), "#bcd7ea", haze);
  const frame = mix(shade(color, -0.1), "#dfe9f2", haze);
  let svg = "";
  // side face (in shade)
  svg += `<polygon points="${pts([
    [x + width, top],
    [x + width + sideW, top - rise],
    [x + width + sideW, ground - rise * 0.2],
    [x + width, ground],
  ])}" fill="${mix(shade(color, -0.28), "#c7d6e4", haze)}"/>`;
  svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(width)}" height="${n(ground - top)}" fill="${mix(color, "#d8e4ee", haze)}"/>`;
  // crown
  svg += `<rect x="${n(x - 8)}" y="${n(top - 16)}" width="${n(width + 16)}" height="16" fill="${mix(shade(color, 0.1), "#dfe9f2", haze)}"/>`;
  svg += `<rect x="${n(x + width * 0.3)}" y="${n(top - 60)}" width="${n(width * 0.4)}" height="44" fill="${mix(shade(color, -0.08), "#dfe9f2", haze)}"/>`;
  const cellW = width / cols;
  const balconyDepth = 8;
  let windows = "";
  let rails = "";
  let slabs = "";
  let lit = "";
  for (let y = top + 20; y + floorH < ground - 70; y += floorH) {
    slabs += `M${n(x - 6)} ${n(y + floorH - 6)}h${n(width + 12)}`;
    for (let c = 0; c < cols; c++) {
      const wx = x + c * cellW + cellW * 0.1;
      const ww = cellW * 0.8;
      windows += `<rect x="${n(wx)}" y="${n(y + 4)}" width="${n(ww)}" height="${n(floorH - 14)}"/>`;
      if (rnd.chance(0.3)) {
        lit += `<rect x="${n(wx + ww * rnd.float(0, 0.5))}" y="${n(y + 4)}" width="${n(ww * rnd.float(0.2, 0.5))}" height="${n(floorH - 14)}"/>`;
      }
      rails += `M${n(wx - 4)} ${n(y + floorH * 0.45)}h${n(ww + 8)}`;
    }
    // side windows
    const sy = y - rise * 0.5;
    slabs += `M${n(x + width)} ${n(y + floorH - 6)}l${n(sideW)} ${n(-rise * 0.9)}`;
    windows += `<polygon points="${pts([
      [x + width + sideW * 0.2, sy + 12 + rise * 0.3],
      [x + width + sideW * 0.8, sy + 12 + rise * 0.05],
      [x + width + sideW * 0.8, sy + floorH - 6],
      [x + width + sideW * 0.2, sy + floorH - 6 + rise * 0.25],
    ])}"/>`;
  }
  svg += `<g fill="${glass}">${windows}</g>`;
  svg += `<g fill="${mix("#f3e2c2", "#dfe9f2", haze)}" opacity="0.6">${lit}</g>`;
  svg += `<path d="${rails}" stroke="${mix("#e8f2f8", "#ffffff", haze)}" stroke-width="${n(floorH * 0.42)}" opacity="0.28"/>`;
  svg += `<path d="${rails}" stroke="${frame}" stroke-width="2.5"/>`;
  svg += `<path d="${slabs}" stroke="${mix(shade(color, 0.15), "#e6eef5", haze)}" stroke-width="${balconyDepth}"/>`;
  svg += `<path d="${slabs}" transform="translate(0 5)" stroke="#000" stroke-opacity="${n(0.12 * (1 - haze))}" stroke-width="4"/>`;
  return svg;
}

export function buildingScene(rnd: SeededRandom): string {
  const ground = rnd.float(900, 960);
  const s = sky(rnd, ground);
  let svg = s.svg + clouds(rnd, 420, rnd.int(2, 4));
  // hazy neighbours
  for (let i = 0; i < rnd.int(2, 4); i++) {
    const w = rnd.float(220, 360);
    svg += towerFacade(
      rnd,
      rnd.float(-100, W - 100),
      rnd.float(260, 520),
      w,
      ground,
      rnd.pick(FACADES),
      rnd.float(0.55, 0.75),
    );
  }
  const width = rnd.float(520, 700);
  const x = rnd.float(300, W - width - 300);
  const main = rnd.chance(0.35) ? rnd.pick(ACCENT_FACADES) : rnd.pick(FACADES);
  svg += towerFacade(rnd, x, rnd.float(70, 180), width, ground, jitter(main, rnd, 6), 0);
  // lobby with glass and canopy
  svg += `<rect x="${n(x)}" y="${n(ground - 70)}" width="${n(width)}" height="70" fill="#2f3e48"/>`;
  svg += `<rect x="${n(x + 20)}" y="${n(ground - 62)}" width="${n(width - 40)}" height="58" fill="#88a9bf" opacity="0.7"/>`;
  svg += `<rect x="${n(x + width * 0.35)}" y="${n(ground - 84)}" width="${n(width * 0.3)}" height="12" fill="#e9e4da"/>`;
  // sidewalk and street
  svg += `<rect y="${n(ground)}" width="${W}" height="${n(H - ground)}" fill="#c9c2b6"/>`;
  svg += `<rect y="${n(ground + 40)}" width="${W}" height="${n(H - ground)}" fill="#57595c"/>`;
  svg += `<rect y="${n(ground + 36)}" width="${W}" height="6" fill="#e9e5de"/>`;
  let stripes = "";
  for (let sx = rnd.float(-100, 0); sx < W; sx += 180) stripes += `M${n(sx)} ${n(ground + 90)}h90`;
  svg += `<path d="${stripes}" stroke="#f2f0e8" stroke-width="6" opacity="0.8"/>`;
  // garden: hedges and palms
  const green = rnd.pick(GREENS);
  for (let bx = x - 40; bx < x + width + 40; bx += rnd.float(70, 110)) {
    svg += bush(rnd, bx, ground + 2, rnd.float(30, 48), green, rnd.chance(0.3) ? "#e0457b" : undefined);
  }
  for (let i = 0; i < rnd.int(2, 3); i++) {
    const px = i % 2 ? rnd.float(x + width + 40, W - 60) : rnd.float(60, x - 40);
    svg += palm(rnd, {
      x: px,
      y: ground + 20,
      height: rnd.float(380, 520),
      lean: rnd.float(-0.2, 0.2),
      scale: rnd.float(0.8, 1.1),
      trunk: "#8b7355",
      leaf: jitter(green, rnd, 10),
    });
  }
  return defs(s.defs) + svg + grade(rnd) + vignette();
}
