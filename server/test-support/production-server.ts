// The production server as a visitor meets it, for Vitest suites that drive the whole site over
// HTTP: the build (made here when the sources are newer than it) started as `node server.js` on
// a free port with a fresh data folder, the e2e administrator and no demo catalogue.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The administrator the server creates on its first start. */
export const ADMIN = { email: "admin@teste.com.br", password: "senha-de-teste-vitest-123" };

/** A build of its own, so a Playwright run's build/ is never rebuilt under it (build-* is ignored by git). */
const BUILD_DIR = "build-vitest";

export interface ProductionServer {
  baseURL: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds into BUILD_DIR unless a build newer than every source is already there. */
export function ensureBuild(): void {
  const entry = join(BUILD_DIR, "server", "index.js");
  const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
  if (existsSync(entry) && statSync(entry).mtimeMs > sources) return;
  const result = spawnSync("npx", ["react-router", "build"], {
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`o build de produção falhou:\n${result.stdout}\n${result.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Builds if needed, starts the server and waits for /healthz. */
export async function startProductionServer(env: Record<string, string> = {}): Promise<ProductionServer> {
  ensureBuild();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "imoveis-vitest-"));
  let log = "";
  const server: ChildProcess = spawn("node", ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "false",
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    log += chunk.toString();
  });

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseURL, output: () => log, stop };
    if (server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`o servidor de produção não respondeu:\n${log}`);
}
