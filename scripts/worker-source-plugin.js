// `import source from "./x.server.ts?worker-source"`: x.server.ts bundled with everything it
// imports (packages included) into one CommonJS script, as a string, for
// `new Worker(source, { eval: true })` (node:worker_threads). The same in the production build, in
// `npm run dev` and in Vitest (vite.config.ts and vitest.config.ts both use this plugin): the
// server build bundles the app into build/server/, so a worker file referenced by its path
// (`new URL("./x.js", import.meta.url)`) would not exist there, and Node 20 cannot run a .ts file
// in development. First user: the imported iCal calendars' parser
// (app/server/rentals/ical-parse-thread.server.ts, decision 039).
// Bundled with rolldown, the bundler Vite 8 itself runs on (declared at the version vite uses). Plain
// JavaScript, so the configs import it with its extension (Vite's config loader asks for one).
// @ts-check
import { rolldown } from "rolldown";

const QUERY = "?worker-source";

/** @returns {import("vite").Plugin} */
export function workerSource() {
  return {
    name: "worker-source",
    enforce: "pre",
    async resolveId(id, importer) {
      if (!id.endsWith(QUERY)) return null;
      const target = await this.resolve(id.slice(0, -QUERY.length), importer, { skipSelf: true });
      if (!target) return null;
      return `\0${target.id}${QUERY}`;
    },
    async load(id) {
      if (!(id.startsWith("\0") && id.endsWith(QUERY))) return null;
      const bundle = await rolldown({
        input: id.slice(1, -QUERY.length),
        platform: "node",
        logLevel: "warn",
      });
      try {
        const { output } = await bundle.generate({ format: "cjs", codeSplitting: false });
        const [chunk, ...rest] = output;
        if (chunk?.type !== "chunk" || rest.length)
          throw new Error(`worker-source: ${id} não coube num só arquivo`);
        // In development a change to the worker's modules rebuilds the string.
        for (const file of chunk.moduleIds) if (!file.startsWith("\0")) this.addWatchFile(file);
        return `export default ${JSON.stringify(chunk.code)};`;
      } finally {
        await bundle.close();
      }
    },
  };
}
