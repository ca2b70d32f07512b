import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { workerSource } from "./scripts/worker-source-plugin.js";

// Browser chunks (issues 3 and 7). Left alone, the bundler cuts one chunk per set of importing
// routes, so a public page preloaded ~18 files, most under 2 KiB: on a phone each request has a
// cost of its own. Two groups instead: the framework (React, React Router) and the code every
// public page runs, i.e. what app/root.tsx and the public layout import. Route modules keep
// their own chunks and lazy imports (map, photo viewer) stay lazy.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const SHELL_ROOTS = [/[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]routes[\\/]public[\\/]layout\.tsx$/];

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Is `id` statically imported, directly or not, by the root or the public layout? */
function inShell(id: string, graph: ModuleGraph, memo: Map<string, boolean>): boolean {
  const known = memo.get(id);
  if (known !== undefined) return known;
  memo.set(id, false); // import cycles
  const importers = graph.getModuleInfo(id)?.importers ?? [];
  const result = importers.some(
    (importer) => SHELL_ROOTS.some((root) => root.test(importer)) || inShell(importer, graph, memo),
  );
  memo.set(id, result);
  return result;
}

const shellMemo = new Map<string, boolean>();

export default defineConfig({
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                {
                  name: (id: string, graph: ModuleGraph) =>
                    /[\\/]app[\\/](lib|components)[\\/]/.test(id) && inShell(id, graph, shellMemo)
                      ? "shell"
                      : null,
                  debugName: "shell",
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: {
          // The server build's entry is our Express app, which mounts the React Router handler.
          input: "./server/app.ts",
          // A component's lazy import() (e.g. search-form.tsx's filters) that a *.server.ts
          // module also imports statically: the browser build still splits it off; the server
          // bundle has no use for lazy chunks, so the note would be noise at every build.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
  },
  build: {
    // Rolldown's note when plugins take much of a build's time: nothing to act on at each build.
    // (`rollupOptions`, not Vite 8's `rolldownOptions`: React Router 7 reads the server entry and
    // the client output from there.)
    rollupOptions: { checks: { bundlerTimings: false } },
  },
  ssr: {
    // Native or WASM packages must stay external and load from node_modules at run time; so do
    // the password estimator's dictionaries (megabytes, imported on the first password check:
    // app/server/auth/password-strength.server.ts).
    external: [
      "sharp",
      "@electric-sql/pglite",
      "@node-rs/argon2",
      "postgres",
      "fs-native-extensions",
      "@zxcvbn-ts/core",
      "@zxcvbn-ts/language-common",
      "@zxcvbn-ts/language-pt-br",
      // Loads pino-pretty (development) and its own workers by name at run time.
      "pino",
    ],
  },
  // workerSource: a worker thread's code as a string (the iCal parser's, decision 039).
  plugins: [reactRouter(), workerSource()],
});
