// A second production server for tests that need their own settings or their own counters
// (a short session timeout, rate limits that must not trip the main server's other tests):
// the same build, a fresh data folder, its own port, the e2e administrator, no demo catalogue.
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_ADMIN, E2E_DATA_DIR, E2E_PORT } from "../../playwright.config";

export interface OwnServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * Starts `node server.js` on E2E_PORT + `portOffset` with a data folder named after `name`,
 * and waits for /healthz. Its output goes to a log file in the temp dir, named in any error.
 */
export async function startOwnServer(
  name: string,
  portOffset: number,
  env: Record<string, string> = {},
): Promise<OwnServer> {
  const port = E2E_PORT + portOffset;
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = `${E2E_DATA_DIR}-${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const logPath = join(tmpdir(), `e2e-${name}-${port}.log`);
  const log = createWriteStream(logPath);
  const server: ChildProcess = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: "false",
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logPath, { force: true });
  };

  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseURL, stop };
    if (server.exitCode !== null) throw new Error(`o servidor ${name} não iniciou (veja ${logPath})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill("SIGTERM");
  throw new Error(`o servidor ${name} não respondeu a tempo (veja ${logPath})`);
}
