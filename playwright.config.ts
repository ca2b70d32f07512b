import { defineConfig, devices } from "@playwright/test";

// Browser tests run against the production build on a fresh data folder, driving the
// system Chromium (no browser is ever downloaded).
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "./data-e2e";
export const E2E_ADMIN = { email: "admin@teste.com.br", password: "senha-de-teste-e2e-123" };

const chromium = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // An assertion waits up to 10 s (Playwright's default is 5) for what the page shows: on these
  // 2-core machines a busy CI run has taken 1.8 times as long as a quiet one, and an answer that
  // took 5 s there failed a test that passes in 3 s here. A passing assertion returns as soon as it
  // holds, so this costs a green run nothing.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // Seeded first, so every demo photo is there before the first test: the server alone would
    // answer at once and make them in the background (app/server/demo/seed.server.ts).
    command: "npm run --silent seed && node server.js",
    url: `http://127.0.0.1:${E2E_PORT}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "true",
      DATABASE_URL: "",
      // The session helpers sign in from addresses of their own (tests/e2e/fixtures.ts).
      TRUST_PROXY: "true",
      // tests/e2e/temporada-import.spec.ts serves an imported calendar from 127.0.0.1.
      ICAL_ALLOW_PRIVATE_ADDRESSES: "true",
      // One log line per request would drown the test output (stdout is piped here).
      LOG_LEVEL: "warn",
    },
  },
});
