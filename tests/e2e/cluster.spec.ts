// Several app processes on one port (WEB_CONCURRENCY, decision 010: one Node process renders on
// one core). Real processes on a scratch PostgreSQL database: the primary starts the processes,
// replaces one that dies while the site keeps answering, and stops them all on SIGTERM; on the
// embedded database the setting is refused. Needs TEST_DATABASE_URL and the build.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { createScratchDatabase, type ScratchDatabase } from "../support/postgres";
import { BUILD_DIR, type ServerProcess, spawnServer, startServer } from "../support/server";
import { test } from "./fixtures";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const ADMIN = { email: "admin.cluster@teste.com.br", password: "senha-do-cluster-789" };

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`);

/**
 * The status of a GET on a new connection, as a visitor arriving now would make it (fetch would
 * reuse a kept-alive socket to the process just killed).
 */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`sem resposta em 10 s: ${url}`)));
  });
}

test("WEB_CONCURRENCY acima de 1 no banco embutido é recusada com a variável nomeada", async () => {
  test.skip(!existsSync(join(BUILD_DIR, "server", "index.js")), `build ausente em ${BUILD_DIR}`);
  const server = await spawnServer({ admin: ADMIN, env: { WEB_CONCURRENCY: "2" } });
  try {
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("WEB_CONCURRENCY: mais de um processo exige DATABASE_URL");
  } finally {
    await server.stop();
  }
});

// One cluster for the three tests below, in order: they follow its life from start to stop.
test.describe("vários processos no PostgreSQL (WEB_CONCURRENCY=2)", () => {
  test.skip(!SERVER_URL, "TEST_DATABASE_URL não definida: teste de vários processos pulado.");
  test.skip(!existsSync(join(BUILD_DIR, "server", "index.js")), `build ausente em ${BUILD_DIR}`);
  test.describe.configure({ mode: "serial" });
  test.setTimeout(180_000);

  let database: ScratchDatabase | undefined;
  let site: ServerProcess | undefined;
  const primary = () => {
    if (!site?.process.pid) throw new Error("servidor não iniciado");
    return site.process.pid;
  };

  test.beforeAll(async () => {
    if (!SERVER_URL) return;
    database = await createScratchDatabase(SERVER_URL, "cluster");
    site = await startServer({ admin: ADMIN, databaseUrl: database.url, env: { WEB_CONCURRENCY: "2" } });
  });

  test.afterAll(async () => {
    await site?.stop();
    await database?.drop();
  });

  test("o principal inicia dois processos, e as páginas respondem deles", async () => {
    await expect.poll(() => childrenOf(primary()).length, { timeout: 30_000 }).toBe(2);
    expect(site?.output()).toContain("2 processos do site (WEB_CONCURRENCY)");
    // Pages answer from the processes (the migrations and the first administrator came first).
    const login = await fetch(`${site?.url}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Entrar");
  });

  test("um processo que morre é substituído, e o site responde enquanto isso", async () => {
    await expect.poll(() => childrenOf(primary()).length, { timeout: 30_000 }).toBe(2);
    const [victim, survivor] = childrenOf(primary()) as [number, number];
    // Once the primary has noticed (its log line), the site answers meanwhile: the other process
    // serves while the replacement boots.
    process.kill(victim, "SIGKILL");
    const replaced = `O processo ${victim} saiu (SIGKILL); iniciando outro.`;
    await expect.poll(() => site?.output(), { timeout: 10_000 }).toContain(replaced);
    for (let i = 0; i < 10; i++) expect(await statusOnNewConnection(`${site?.url}/healthz`)).toBe(200);
    await expect
      .poll(() => childrenOf(primary()).filter((pid) => pid !== victim).length, { timeout: 30_000 })
      .toBe(2);
    expect(childrenOf(primary())).toContain(survivor);
    expect(await statusOnNewConnection(`${site?.url}/login`)).toBe(200);
  });

  test("SIGTERM ao principal encerra todos os processos, sem erro", async () => {
    await expect.poll(() => childrenOf(primary()).length, { timeout: 30_000 }).toBe(2);
    const processes = childrenOf(primary());
    expect(await site?.stop()).toBe(0);
    for (const pid of processes) expect(alive(pid)).toBe(false);
  });
});
