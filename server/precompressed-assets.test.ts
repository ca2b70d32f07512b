// Every script and stylesheet a browser downloads has its brotli and gzip copies in the build
// (scripts/precompress-assets.ts), the route manifest included: server.js and nginx serve those
// instead of compressing the same bytes on every request.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PRECOMPRESS_MIN_BYTES, PRECOMPRESSED } from "../scripts/precompress-assets";
import { ensureBuild, VITEST_BUILD_DIR } from "../tests/support/server";

const ASSETS = join(VITEST_BUILD_DIR, "client", "assets");

beforeAll(() => ensureBuild(VITEST_BUILD_DIR), 300_000);

describe("the build's compressed copies", () => {
  it("exist for every browser file worth compressing, the route manifest included, with the same bytes inside", () => {
    const names = readdirSync(ASSETS);
    const eligible = names.filter(
      (name) => PRECOMPRESSED.test(name) && statSync(join(ASSETS, name)).size >= PRECOMPRESS_MIN_BYTES,
    );
    expect(eligible.some((name) => /^manifest-.*\.js$/.test(name))).toBe(true);
    expect(eligible.some((name) => name.endsWith(".css") || name.endsWith(".js"))).toBe(true);
    for (const name of eligible) {
      const original = readFileSync(join(ASSETS, name));
      expect(names, `${name}.br`).toContain(`${name}.br`);
      expect(names, `${name}.gz`).toContain(`${name}.gz`);
      expect(brotliDecompressSync(readFileSync(join(ASSETS, `${name}.br`))).equals(original), name).toBe(
        true,
      );
      expect(gunzipSync(readFileSync(join(ASSETS, `${name}.gz`))).equals(original), name).toBe(true);
    }
  });
});
