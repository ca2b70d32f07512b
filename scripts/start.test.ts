// `npm start` as a newcomer runs it on a fresh clone: it builds, starts on an empty data folder
// with the demo catalogue, and prints only what the operator needs — that it builds, the
// administrator's password, the address. A restart prints the address alone. Real processes, a
// build of its own (BUILD_DIR) and the embedded database in a temporary folder.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Inside the project: the server build finds its packages in ./node_modules.
const buildDir = `build-start-test-${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), "start-test-"));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) if (child.pid) process.kill(-child.pid, "SIGKILL");
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * stdout in two parts: the lines for the operator reading the terminal, and the log's JSON
 * records (one per request, and the shutdown), which `LOG_LEVEL` governs (app/server/log/).
 */
function split(stdout: string): { lines: string[]; records: Record<string, unknown>[] } {
  const lines: string[] = [];
  const records: Record<string, unknown>[] = [];
  for (const line of stdout.split("\n")) {
    if (line.startsWith('{"level":')) records.push(JSON.parse(line));
    else lines.push(line);
  }
  return { lines, records };
}

/** The log's records say only that pages were served and the server stopped on Ctrl-C. */
function expectOnlyRequestsAndStop(records: Record<string, unknown>[]) {
  const stop = records.filter((record) => String(record.msg).startsWith("SIGINT recebido"));
  expect(stop).toHaveLength(1);
  for (const record of records.filter((r) => !stop.includes(r))) {
    expect(record).toMatchObject({ method: "GET", status: 200 });
  }
}

/** A line of the administrator's box without its frame ("║  text   ║" → "text"). */
const unboxed = (line: string) => line.replace(/^[╔╚]|[╗╝]$/g, "").replace(/^║ {2}(.*?) *║$/, "$1");

interface Run {
  stdout: string;
  stderr: string;
}

/**
 * `npm start` until it prints its address; `visit` then runs against it, and the process group
 * gets a SIGINT, as a Ctrl-C in the terminal sends it. `--silent` only drops npm's own two-line echo of the command.
 */
async function npmStart(port: number, visit: (baseUrl: string) => Promise<void>): Promise<Run> {
  // What a fresh shell has, and nothing of this test runner's (NODE_ENV=test above all).
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  const child = spawn("npm", ["start", "--silent"], {
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  const run: Run = { stdout: "", stderr: "" };
  let code: number | null = null;
  child.stdout?.on("data", (chunk) => {
    run.stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    run.stderr += chunk;
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (exitCode) => {
      code = exitCode ?? 1;
      running.delete(child);
      resolve();
    }),
  );
  while (!run.stdout.includes(" no ar em ")) {
    if (code !== null) throw new Error(`npm start saiu (${code}):\n${run.stdout}${run.stderr}`);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  try {
    await visit(`http://127.0.0.1:${port}`);
  } finally {
    process.kill(-child.pid!, "SIGINT");
    await exited;
  }
  return run;
}

describe("npm start", () => {
  it("builds, answers with the demo catalogue and prints only the build line, the admin's password and the address; a restart prints only the address", async () => {
    const port = await freePort();
    const address = `Imóveis em Alagoas no ar em http://localhost:${port} (banco: pglite)`;
    let password = "";

    const first = await npmStart(port, async (baseUrl) => {
      const search = await fetch(`${baseUrl}/todos-os-imoveis`);
      expect(search.status).toBe(200);
      expect(await search.text()).toContain("64 imóveis encontrados");
    });
    password = /senha: +(\S+)/.exec(first.stdout)?.[1] ?? "";
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);
    const box = [
      "Administrador criado",
      "",
      "  e-mail: admin@imoveisemalagoas.com.br",
      `  senha:  ${password}`,
      "",
      "Guarde esta senha: ela não será mostrada de novo.",
      "Troque a senha após entrar.",
    ];
    const started = split(first.stdout);
    expect(started.lines.map(unboxed)).toEqual([
      "Gerando o build de produção…",
      expect.stringMatching(/^═+$/),
      ...box,
      expect.stringMatching(/^═+$/),
      address,
      "",
    ]);
    expectOnlyRequestsAndStop(started.records);
    // A failed shutdown would say so here (npm itself then ends by the same signal, as it does).
    expect(first.stderr).toBe("");

    const restart = await npmStart(port, async (baseUrl) => {
      expect((await fetch(`${baseUrl}/`)).status).toBe(200);
    });
    const restarted = split(restart.stdout);
    expect(restarted.lines).toEqual([address, ""]);
    expectOnlyRequestsAndStop(restarted.records);
    expect(restart.stderr).toBe("");
  }, 600_000);
});
