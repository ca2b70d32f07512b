// Start and stop the production server (node server.js) for the HTTP and Lighthouse steps.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

export interface BenchServer {
  url: string;
  pid: number;
  /** The process's exit code once it has exited (null after a signal). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * The runtime options `npm start` runs the server with (package.json: environment assignments and
 * Node options), so the benchmark measures the server as it runs in production
 * (docs/decisions/011-runtime-options.md).
 */
export function productionRuntime(): { env: Record<string, string>; nodeOptions: string[] } {
  const start: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const words = start.split(/\s+/);
  const env: Record<string, string> = {};
  for (const word of words.slice(0, words.indexOf("node"))) {
    const [name, value] = word.split("=");
    if (name && value !== undefined) env[name] = value;
  }
  return { env, nodeOptions: words.filter((word) => word.startsWith("--")) };
}

export const BENCH_ADMIN = { email: "admin@bench.com.br", password: "senha-do-benchmark-123" };

export interface ServerOptions {
  port: number;
  buildDir: string;
  dataDir: string;
  env?: Record<string, string>;
  /** Another checkout to run (bench/baseline.ts); its build and data folders are relative to it. */
  cwd?: string;
}

/** The environment the benchmark's servers run with (and seedFirst seeds with). */
export function serverEnv(options: ServerOptions): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${options.port}`;
  return {
    ...process.env,
    ...productionRuntime().env,
    NODE_ENV: "production",
    BUILD_DIR: options.buildDir,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DATA_DIR: options.dataDir,
    PUBLIC_URL: url,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: "true",
    DATABASE_URL: "",
    ...options.env,
  };
}

/**
 * `npm run seed` on the data folder (or database) a server is then started on: the demo
 * catalogue with every photo before anything is measured. The server alone would answer at once
 * and make the photos in the background (app/server/demo/seed.server.ts), on the same CPU.
 */
export function seedFirst(options: ServerOptions): void {
  const result = spawnSync("npm", ["run", "--silent", "seed"], {
    cwd: options.cwd,
    env: serverEnv(options),
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`npm run seed falhou:\n${result.stdout}\n${result.stderr}`);
}

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const runtime = productionRuntime();
  const child: ChildProcess = spawn(process.execPath, [...runtime.nodeOptions, "server.js"], {
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
    env: serverEnv(options),
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A first start on a busy machine makes the demo photos slowly (a baseline's may answer only then).
  const startSeconds = Number(process.env.BENCH_START_TIMEOUT ?? 180);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu (código ${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error(`o servidor não respondeu em ${startSeconds} s (BENCH_START_TIMEOUT):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    exited,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
}
