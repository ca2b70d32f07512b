// The production server as a real process (`node server.js`), for every test that needs one of
// its own: Vitest suites that drive the whole site over HTTP, browser tests that need other
// settings than the main server's, several processes on one PostgreSQL database, a server's
// life cycle. A free port each time, a fresh data folder unless one is given, no demo catalogue.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The build the browser tests run (`npx react-router build`, or BUILD_DIR). */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isFresh(buildDir: string): boolean {
  const entry = join(buildDir, "server", "index.js");
  const sources = Math.max(newestMtime("app"), newestMtime("server"), newestMtime("public"));
  return existsSync(entry) && statSync(entry).mtimeMs > sources;
}

/**
 * Builds into `buildDir` unless a build newer than every source is already there. Vitest runs
 * files in parallel workers: the first to find the build stale builds it holding a lock folder
 * (`<buildDir>.lock`); the others wait for it and then use that build.
 */
export function ensureBuild(buildDir: string): void {
  if (isFresh(buildDir)) return;
  const lock = `${buildDir}.lock`;
  const waitUntil = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock older than any build takes was left by a process that died building.
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 10 * 60_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > waitUntil) throw new Error(`outro processo não terminou o build em ${buildDir}`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (isFresh(buildDir)) return;
    const result = spawnSync("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      encoding: "utf8",
    });
    if (result.status !== 0)
      throw new Error(`o build de produção falhou:\n${result.stdout}\n${result.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface ServerOptions {
  /** The administrator created on the first start. */
  admin: { email: string; password: string };
  /** Default: a free port. */
  port?: number;
  /** Default: a new temporary folder, removed by stop(). A folder given here is left in place. */
  dataDir?: string;
  /** Default: BUILD_DIR. */
  buildDir?: string;
  /** Default: the embedded database. */
  databaseUrl?: string;
  /** Anything else the server reads from its environment (SMTP_URL, TRUST_PROXY…). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** The exit code (null when a signal ended it), once the process has exited. */
  exited: Promise<number | null>;
  /** Resolves when /healthz answers 200; fails with the server's output if it exits or takes over `seconds`. */
  healthy(seconds?: number): Promise<void>;
  /** SIGTERM, SIGKILL after 10 s; removes the data folder it created. Resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts the process and returns at once (see `healthy`); most callers want startServer. */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "imoveis-servidor-"));
  let log = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: options.buildDir ?? BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      PUBLIC_URL: url,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      SEED_DEMO: "false",
      SMTP_URL: "",
      // No daily summary of next actions arriving at a test's SMTP server unless the test asks.
      LEAD_SUMMARY_HOUR: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const append = (chunk: Buffer) => {
    log += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      hasExited = true;
      resolve(code);
    }),
  );

  const healthy = async (seconds = 120) => {
    const deadline = Date.now() + seconds * 1000;
    while (Date.now() < deadline) {
      if (hasExited) throw new Error(`o servidor saiu antes de responder (${url}):\n${log}`);
      const ok = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`o servidor não respondeu em ${seconds} s (${url}):\n${log}`);
  };

  const stop = async () => {
    if (!hasExited) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    return exited;
  };

  return { url, port, dataDir, process: child, output: () => log, exited, healthy, stop };
}

/** Starts the server and waits for /healthz; stops it again if it never answers. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await server.healthy();
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * The build the Vitest suites that drive the whole site share: a folder of its own, so a
 * Playwright run's build/ is never rebuilt under them. `npm test` (scripts/test.js) builds once
 * before Vitest and names that build here, so no test pays for a build inside its timeout.
 */
export const VITEST_BUILD_DIR = process.env.VITEST_BUILD_DIR ?? "build-vitest";

/** For a Vitest suite that drives the whole site: builds VITEST_BUILD_DIR if the sources changed, then starts a server. */
export async function startSiteForTests(
  options: Omit<ServerOptions, "buildDir" | "admin"> & { admin?: ServerOptions["admin"] } = {},
): Promise<ServerProcess> {
  ensureBuild(VITEST_BUILD_DIR);
  return startServer({ admin: TEST_ADMIN, ...options, buildDir: VITEST_BUILD_DIR });
}

/** The administrator the Vitest suites' servers create on their first start. */
export const TEST_ADMIN = { email: "admin@teste.com.br", password: "senha-de-teste-vitest-123" };
