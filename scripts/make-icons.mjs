// `node scripts/make-icons.mjs`: renders public/favicon.svg into favicon.ico (one 32×32 PNG inside an ICO container) and
// apple-touch-icon.png (180×180, opaque: iOS fills transparency with black).
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");
const png32 = await sharp(svg, { density: 300 }).resize(32, 32).png().toBuffer();
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
const entry = Buffer.alloc(16);
entry.writeUInt8(32, 0);
entry.writeUInt8(32, 1);
entry.writeUInt8(0, 2);
entry.writeUInt8(0, 3);
entry.writeUInt16LE(1, 4);
entry.writeUInt16LE(32, 6);
entry.writeUInt32LE(png32.length, 8);
entry.writeUInt32LE(22, 12);
writeFileSync("public/favicon.ico", Buffer.concat([header, entry, png32]));
await sharp(svg, { density: 600 })
  .resize(180, 180)
  .flatten({ background: "#0b6e8a" })
  .png()
  .toFile("public/apple-touch-icon.png");
