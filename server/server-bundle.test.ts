// The production server loads the demo catalogue's code (listing generator, texts, scene drawing:
// app/server/demo/) only while it seeds the demo: app/server/demo/seed.server.ts imports it with
// import(), so the build puts it in a chunk of its own that a running site never loads after its
// first start. This reads the build's import graph: what the server loads at start is the entry
// and React Router's server build, and everything they import statically.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, VITEST_BUILD_DIR } from "../tests/support/server";

const SERVER_DIR = join(VITEST_BUILD_DIR, "server");

/** One string from each part of the demo: places, listing texts, photo captions, scene drawing. */
const DEMO_TEXT = [
  "melhor gastronomia da orla",
  "Agende sua visita com a nossa equipe",
  "Vista aérea do litoral",
  "puffshade",
];

/** Build files by their path under build/server (index.js, assets/x.js). */
function serverFiles(): Map<string, string> {
  const files = new Map<string, string>([["index.js", readFileSync(join(SERVER_DIR, "index.js"), "utf8")]]);
  for (const name of readdirSync(join(SERVER_DIR, "assets"))) {
    if (name.endsWith(".js"))
      files.set(`assets/${name}`, readFileSync(join(SERVER_DIR, "assets", name), "utf8"));
  }
  return files;
}

/** Relative chunks a file imports statically (`import … from "./x.js"`, `import "./x.js"`), as paths. */
function staticImports(path: string, code: string): string[] {
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  const found = [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+)"/g)].map((m) => m[1]!);
  return found.map((spec) => `${dir}${spec.slice(2)}`);
}

const dynamicImports = (code: string) => [...code.matchAll(/\bimport\("(\.\/[^"]+)"\)/g)].map((m) => m[1]!);

let files: Map<string, string>;

beforeAll(() => {
  ensureBuild(VITEST_BUILD_DIR);
  files = serverFiles();
}, 300_000);

describe("the production server bundle", () => {
  it("keeps the demo catalogue's code out of what the server loads at start", () => {
    const serverBuild = [...files.keys()].find((path) => /^assets\/server-build-[^/]+\.js$/.test(path));
    expect(serverBuild, "React Router's server build chunk").toBeDefined();
    const loaded = new Set<string>();
    const visit = (path: string) => {
      if (loaded.has(path)) return;
      loaded.add(path);
      for (const next of staticImports(path, files.get(path) ?? "")) visit(next);
    };
    visit("index.js");
    visit(serverBuild!);

    for (const path of loaded) {
      const code = files.get(path) ?? "";
      for (const text of DEMO_TEXT) expect(code.includes(text), `"${text}" in ${path}`).toBe(false);
    }

    // The demo is still built: one chunk of its own, which the entry loads with import().
    const demoChunks = [...files].filter(([, code]) => DEMO_TEXT.every((text) => code.includes(text)));
    expect(demoChunks.map(([path]) => path)).toHaveLength(1);
    const [demoPath] = demoChunks[0]!;
    expect(loaded.has(demoPath)).toBe(false);
    expect(dynamicImports(files.get("index.js")!)).toContain(`./${demoPath}`);
  });
});
