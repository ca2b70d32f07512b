// Production servers (`node server.js`) as real processes on a PostgreSQL database, for the tests
// that need several app processes: realtime.spec.ts (two instances), cluster.spec.ts
// (WEB_CONCURRENCY). Needs TEST_DATABASE_URL and the build.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import postgres from "postgres";

export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Instance {
  url: string;
  process: ChildProcess;
  output: string[];
}

/** Starts a server on a free port and waits for /healthz (90 s at most). */
export async function startInstance(options: {
  databaseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
  env?: Record<string, string>;
}): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      PUBLIC_URL: url,
      ADMIN_EMAIL: options.admin.email,
      ADMIN_PASSWORD: options.admin.password,
      SEED_DEMO: "false",
      SMTP_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`servidor saiu (${child.exitCode}):\n${output.join("")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`servidor não respondeu:\n${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, process: child, output };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null || instance.process.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once("exit", resolve));
  instance.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (instance.process.exitCode === null) instance.process.kill("SIGKILL");
}

export interface ScratchDatabase {
  /** The new database's URL on the same server. */
  url: string;
  /** Drops it (closing whatever is still connected) and ends the admin connection. */
  drop(): Promise<void>;
}

/** A new, empty database named `prefix_…` on the server of `serverUrl` (TEST_DATABASE_URL). */
export async function createScratchDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}
