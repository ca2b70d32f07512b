import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    // Two files at a time, even on 2 cores (Vitest's default there is one): most suites wait on a
    // server process, PostgreSQL or the disk. Measured on a quiet 2-core machine: the PGlite pass
    // took 10.7 min with one worker, 8.0 with two (docs/decisions/044-parallel-test-runs.md).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
  },
});
