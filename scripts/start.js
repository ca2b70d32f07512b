// `npm start`: the production server, building first when the build is missing or older
// than the sources, so a fresh clone needs only `npm ci && npm start`. It prints what the
// operator needs and nothing else: that it builds (once), any build warning or error, the
// administrator's password on a first start, the address (scripts/start.test.ts holds it to that).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/**
 * A line React Router 7.18's own internal Vite servers make Vite print at every build (they
 * pass the deprecated `envFile: false`; React Router 8 passes `envDir: false`, but needs Node
 * 22). It concerns no option of ours, so it is not the operator's to read.
 */
const FRAMEWORK_NOISE = /^The `envFile` option is deprecated, please use `envDir: false` instead\.$/;

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** `react-router build`, showing only its warnings and errors; resolves to its exit code. */
function build() {
  const child = spawn("npx", ["react-router", "build", "--logLevel", "warn"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const relay = (from, to) =>
    new Promise((resolve) => {
      const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
      lines.on("line", (line) => {
        if (line.trim() !== "" && !FRAMEWORK_NOISE.test(line)) to.write(`${line}\n`);
      });
      lines.on("close", resolve);
    });
  const relayed = Promise.all([relay(child.stdout, process.stdout), relay(child.stderr, process.stderr)]);
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("close", (code) => relayed.then(() => resolve(code ?? 1)));
  });
}

const entry = join(BUILD_DIR, "server", "index.js");
const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  console.log("Gerando o build de produção…");
  const code = await build();
  if (code !== 0) process.exit(code);
}
process.env.NODE_ENV = "production";
await import("../server.js");
