// Brotli and gzip copies of the browser's files beside them (x.js.br, x.js.gz), served by
// server.js and by nginx (deploy/nginx.conf): compressed per request, the framework chunk cost
// 11 ms of server CPU each time; made once at the highest levels they are also smaller.
// Run from React Router's `buildEnd` hook (react-router.config.ts), after every browser file is
// written, the route manifest (assets/manifest-*.js) included, which a Vite plugin did not see.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Which files get compressed copies: text the browser downloads, worth a request's bytes. */
export const PRECOMPRESSED = /\.(js|css|svg|json)$/;
export const PRECOMPRESS_MIN_BYTES = 1024;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the .br and .gz copy of every eligible file under `dir`; returns how many files. */
export function precompressAssets(dir: string): number {
  let count = 0;
  for (const path of filesUnder(dir)) {
    if (!PRECOMPRESSED.test(path) || statSync(path).size < PRECOMPRESS_MIN_BYTES) continue;
    const bytes = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}
