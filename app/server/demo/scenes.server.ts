// Demo photos drawn locally: every scene is an SVG rasterised by sharp (librsvg), with seeded
// randomness (same kind + seed = same picture) and a little film grain so the JPEGs weigh what
// real photos weigh. Nothing is downloaded. Scenes are drawn on a 1600×1067 canvas and scaled
// (cropping, never stretching) to the requested size; each kind is drawn in scenes/<kind>.server.ts.

import sharp from "sharp";
import { createRng, SeededRandom } from "../../lib/seeded-random";
import { aerialScene } from "./scenes/aerial.server";
import { bathroomScene } from "./scenes/bathroom.server";
import { beachScene } from "./scenes/beach.server";
import { bedroomScene } from "./scenes/bedroom.server";
import { buildingScene } from "./scenes/building.server";
import { H, W } from "./scenes/canvas.server";
import { houseScene } from "./scenes/house.server";
import { kitchenScene } from "./scenes/kitchen.server";
import { landScene } from "./scenes/land.server";
import { livingScene } from "./scenes/living.server";
import { poolScene } from "./scenes/pool.server";

export const SCENE_KINDS = [
  "beach",
  "building",
  "house",
  "living",
  "bedroom",
  "kitchen",
  "bathroom",
  "pool",
  "land",
  "aerial",
] as const;

export type SceneKind = (typeof SCENE_KINDS)[number];

const SCENES: Record<SceneKind, (rnd: SeededRandom) => string> = {
  beach: beachScene,
  building: buildingScene,
  house: houseScene,
  living: livingScene,
  bedroom: bedroomScene,
  kitchen: kitchenScene,
  bathroom: bathroomScene,
  pool: poolScene,
  land: landScene,
  aerial: aerialScene,
};

/** The scene as an SVG document (exposed for composition, e.g. the social image). */
export function sceneSvg(kind: SceneKind, seed: number, width = 1600, height = 1067): string {
  const kindIndex = SCENE_KINDS.indexOf(kind);
  const rnd = new SeededRandom((seed * 2654435761) ^ (kindIndex * 40503 + 17));
  const body = SCENES[kind](rnd);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

const GRAIN_SIZE = 1 << 20;

let grainTable: Int8Array | undefined;

/** Luma grain: photos are never perfectly smooth (and smooth JPEGs weigh unrealistically little). */
function addGrain(data: Buffer, channels: number, seed: number, amplitude: number): void {
  if (!grainTable) {
    grainTable = new Int8Array(GRAIN_SIZE);
    const rnd = createRng(20260101);
    // Triangular distribution: softer than uniform noise.
    for (let i = 0; i < GRAIN_SIZE; i++) grainTable[i] = Math.round((rnd() + rnd() - 1) * 2 * amplitude);
  }
  const table = grainTable;
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const mask = GRAIN_SIZE - 1;
  let k = (seed * 7919) & mask;
  for (let i = 0; i + 2 < pixels.length; i += channels) {
    const g = table[k]!;
    k = (k + 1) & mask;
    pixels[i] = pixels[i]! + g;
    pixels[i + 1] = pixels[i + 1]! + g;
    pixels[i + 2] = pixels[i + 2]! + g;
  }
}

/**
 * Render a demo photo as a JPEG. Deterministic: the same kind, seed and size always give the
 * same bytes (with the same sharp/libvips version).
 */
export async function renderScene(
  kind: SceneKind,
  seed: number,
  width = 1600,
  height = 1067,
): Promise<Buffer> {
  const svg = sceneSvg(kind, seed, width, height);
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  addGrain(data, info.channels, seed + SCENE_KINDS.indexOf(kind) * 131, 4);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 86, chromaSubsampling: "4:2:0" })
    .toBuffer();
}
