import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipTemplate, gzipWithHoles } from "./gzip-with-holes.server";

/** A page-like body with `nonce` at each of `positions` (byte offsets of a filler text). */
function bodyWith(nonce: string, filler: string, positions: number[]) {
  let body = "";
  const offsets: number[] = [];
  let last = 0;
  for (const position of positions) {
    body += filler.slice(last, position);
    offsets.push(Buffer.byteLength(body));
    body += nonce;
    last = position;
  }
  body += filler.slice(last);
  return { body: Buffer.from(body), offsets };
}

const CARDS = Array.from(
  { length: 300 },
  (_, i) =>
    `<li><a href="/casas/AP${1000 + i}">Apartamento de ${40 + ((i * 37) % 200)} m² — R$ ${(i * 12_347) % 900_000}</a></li>`,
).join("");
const FILLER = `<!DOCTYPE html><html lang="pt-BR"><head><title>Imóveis em Maceió</title></head><body><ul>${CARDS}</ul></body></html>`;
const nonce = () => randomBytes(16).toString("base64");

describe("gzipWithHoles", () => {
  it("unzips to the page with each response's own nonce in every hole", () => {
    const rendered = nonce();
    const { body, offsets } = bodyWith(rendered, FILLER, [40, 5000, 5000, 12_000]);
    const template = gzipTemplate(body, offsets, rendered.length);
    for (let i = 0; i < 3; i++) {
      const fresh = nonce();
      const expected = bodyWith(fresh, FILLER, [40, 5000, 5000, 12_000]).body;
      const zipped = gzipWithHoles(template, body, Buffer.from(fresh));
      expect(gunzipSync(zipped).equals(expected)).toBe(true);
    }
  });

  it("handles holes at the very start and end, and a page with none", () => {
    const value = nonce();
    const edges = bodyWith(value, FILLER, [0, FILLER.length]);
    const template = gzipTemplate(edges.body, edges.offsets, value.length);
    const fresh = nonce();
    expect(gunzipSync(gzipWithHoles(template, edges.body, Buffer.from(fresh))).toString()).toBe(
      `${fresh}${FILLER}${fresh}`,
    );

    const plain = Buffer.from(FILLER);
    const none = gzipTemplate(plain, [], 24);
    expect(gunzipSync(gzipWithHoles(none, plain, Buffer.from(nonce()))).toString()).toBe(FILLER);
  });

  it("is about as small as gzipping the whole page", () => {
    const value = nonce();
    const { body, offsets } = bodyWith(value, FILLER, [40, 9000, 15_000]);
    const zipped = gzipWithHoles(gzipTemplate(body, offsets, value.length), body, Buffer.from(nonce()));
    // Each part is deflated with what precedes it as its dictionary: only the holes' stored
    // blocks and the parts' flush markers are extra (without the dictionary this was +14 %).
    expect(zipped.byteLength).toBeLessThan(gzipSync(body).byteLength * 1.03);
  });

  it("never copies a hole's old bytes: parts that repeat them, or hold zero bytes, unzip right", () => {
    const value = nonce();
    // The text after each hole repeats what was in it, and zeros like the ones the dictionary
    // puts in the holes' place.
    const filler = `${FILLER.slice(0, 3000)}${value}\0\0\0\0${"\0".repeat(24)}${FILLER.slice(3000)}`;
    const holesAt = [1000, 2000];
    const { body, offsets } = bodyWith(value, filler, holesAt);
    const template = gzipTemplate(body, offsets.slice(0, 2), value.length);
    const fresh = nonce();
    const expected = Buffer.from(body);
    for (const offset of offsets.slice(0, 2)) expected.write(fresh, offset);
    expect(gunzipSync(gzipWithHoles(template, body, Buffer.from(fresh))).equals(expected)).toBe(true);

    const clean = bodyWith(value, `${FILLER.slice(0, 3000)}${value}${value}${FILLER.slice(3000)}`, holesAt);
    const cleanTemplate = gzipTemplate(clean.body, clean.offsets.slice(0, 2), value.length);
    const cleanExpected = Buffer.from(clean.body);
    for (const offset of clean.offsets.slice(0, 2)) cleanExpected.write(fresh, offset);
    expect(
      gunzipSync(gzipWithHoles(cleanTemplate, clean.body, Buffer.from(fresh))).equals(cleanExpected),
    ).toBe(true);
  });

  it("refuses a fill of another length (it would shift the page)", () => {
    const value = nonce();
    const { body, offsets } = bodyWith(value, FILLER, [100]);
    const template = gzipTemplate(body, offsets, value.length);
    expect(() => gzipWithHoles(template, body, Buffer.from("curto"))).toThrow(RangeError);
  });
});
