// `npm start`: the production server, building first when the build is missing or older
// than the sources, so a fresh clone needs only `npm ci && npm start`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const entry = "build/server/index.js";
const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
if (!existsSync(entry) || statSync(entry).mtimeMs < sources) {
  console.log("Gerando o build de produção…");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.env.NODE_ENV = "production";
await import("../server.js");
