import { defineConfig } from "vitest/config";
import { workerSource } from "./scripts/worker-source-plugin.js";

export default defineConfig({
  // `?worker-source` imports, as in the app's build (vite.config.ts).
  plugins: [workerSource()],
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Two files at a time, even on 2 cores (Vitest's default there is one): most suites wait on a
    // server process, PostgreSQL or the disk. Measured on a quiet 2-core machine: the PGlite pass
    // took 10.7 min with one worker, 8.0 with two (docs/decisions/044-parallel-test-runs.md).
    maxWorkers: 2,
    // A worker keeps the modules it imported for its next file instead of importing the app again
    // for each (docs/decisions/051-shared-test-modules.md): the PGlite pass took 381 s with
    // isolation and 276 s without, one after the other on a quiet machine, every test passing.
    // It holds because the app keeps no per-process state a test could leak: its caches and hubs
    // are keyed by their database handle (what else is per process only counts, or holds work in
    // progress), and no test changes process.env or mocks a module.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
  },
});
