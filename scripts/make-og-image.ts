// Renders the default social-sharing image, public/og-image.jpg (1200×630, under 150 KB):
// a coastal scene from the demo renderer with the agency name and a tagline.
//   npx tsx scripts/make-og-image.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import sharp from "sharp";
import { sceneSvg } from "../app/server/demo/scenes.server";

const WIDTH = 1200;
const HEIGHT = 630;
const MAX_BYTES = 150 * 1024;
const OUTPUT = resolve("public/og-image.jpg");
/** A beach with palms on both sides and open sky on the left for the text. */
const SCENE_SEED = Number(process.env.OG_SEED ?? 3);

const FONT = "sans-serif";

function overlay(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#06324a" stop-opacity="0.8"/>
      <stop offset="0.6" stop-color="#06324a" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#06324a" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="bottom" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bottom)"/>
  <rect width="${WIDTH * 0.78}" height="${HEIGHT}" fill="url(#shade)"/>
  <rect x="72" y="176" width="84" height="8" rx="4" fill="#f2c14e"/>
  <text x="72" y="272" font-family="${FONT}" font-size="78" font-weight="700" fill="#ffffff" letter-spacing="-1">Imóveis em Alagoas</text>
  <text x="74" y="336" font-family="${FONT}" font-size="34" fill="#eaf6fb">Apartamentos, casas e terrenos</text>
  <text x="74" y="380" font-family="${FONT}" font-size="34" fill="#eaf6fb">para comprar e alugar</text>
  <g font-family="${FONT}" font-size="24" font-weight="700" fill="#06324a">
    <rect x="72" y="440" width="150" height="46" rx="23" fill="#ffffff" opacity="0.92"/>
    <text x="147" y="471" text-anchor="middle">Venda</text>
    <rect x="236" y="440" width="150" height="46" rx="23" fill="#ffffff" opacity="0.92"/>
    <text x="311" y="471" text-anchor="middle">Aluguel</text>
    <rect x="400" y="440" width="170" height="46" rx="23" fill="#f2c14e"/>
    <text x="485" y="471" text-anchor="middle">Temporada</text>
  </g>
  <text x="74" y="566" font-family="${FONT}" font-size="22" fill="#d7ecf4">Maceió · Litoral Norte · Litoral Sul · Agreste</text>
</svg>`;
}

async function main(): Promise<void> {
  const background = await sharp(Buffer.from(sceneSvg("beach", SCENE_SEED, WIDTH, HEIGHT)))
    .removeAlpha()
    .toBuffer();
  let quality = 86;
  let jpeg: Buffer;
  do {
    jpeg = await sharp(background)
      .composite([{ input: Buffer.from(overlay()) }])
      .jpeg({ quality, mozjpeg: true, progressive: true })
      .toBuffer();
    quality -= 4;
  } while (jpeg.length > MAX_BYTES && quality >= 50);
  if (jpeg.length > MAX_BYTES)
    throw new Error(`A imagem ficou com ${jpeg.length} bytes (máximo ${MAX_BYTES}).`);
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, jpeg);
  console.log(
    `${OUTPUT}: ${WIDTH}×${HEIGHT}, ${(jpeg.length / 1024).toFixed(0)} KB (qualidade ${quality + 4}).`,
  );
}

main().catch((error: unknown) => {
  console.error(`Falha ao gerar a imagem social: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
