// The server's life cycle, proven on real server processes: a second server on the same DATA_DIR
// refuses to start, SIGTERM loses no acknowledged write and lets requests in flight finish.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request as playwrightRequest } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";
import { signInOverHttp, test } from "./fixtures";
import { freePort } from "./server-process";

const ADMIN = { email: "ciclo@teste.com.br", password: "senha-do-teste-de-ciclo-789" };
// Beside own-server.ts's offsets (100–102): a run on another E2E_PORT never shares them.
const FIRST_PORT = E2E_PORT + 103;
const SECOND_PORT = E2E_PORT + 104;
const RESTART_PORT = E2E_PORT + 105;

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitHealthy(port: number, server: { exited: Promise<number | null>; output: () => string }) {
  const deadline = Date.now() + 60_000;
  let gone = false;
  server.exited.then(() => {
    gone = true;
  });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`o servidor saiu antes de responder:\n${server.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`o servidor não respondeu em 60 s:\n${server.output()}`);
}

const running: ChildProcess[] = [];
test.afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

test("a second server on the same DATA_DIR exits with a clear message", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ciclo-"));
  const first = startServer(dataDir, FIRST_PORT);
  running.push(first.child);
  await waitHealthy(FIRST_PORT, first);

  const second = startServer(dataDir, SECOND_PORT);
  running.push(second.child);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("já está em uso pelo processo");
  // The first server keeps serving.
  expect((await fetch(`http://127.0.0.1:${FIRST_PORT}/healthz`)).status).toBe(200);
});

test("after SIGTERM the database reopens with every acknowledged write", async ({ request }) => {
  const dataDir = mkdtempSync(join(tmpdir(), "ciclo-"));
  const base = `http://127.0.0.1:${RESTART_PORT}`;
  const first = startServer(dataDir, RESTART_PORT);
  running.push(first.child);
  await waitHealthy(RESTART_PORT, first);

  // Each sign-in the server acknowledges (302 + cookie) is a session row written to the database.
  // A separate client per sign-in: a sign-in that carries a session cookie replaces that session.
  const cookies = [];
  for (let i = 0; i < 5; i++) {
    const client = await playwrightRequest.newContext();
    const cookie = await signInOverHttp(client, base, ADMIN);
    await client.dispose();
    expect(cookie).not.toBeNull();
    cookies.push(cookie!);
  }

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);

  const second = startServer(dataDir, RESTART_PORT);
  running.push(second.child);
  await waitHealthy(RESTART_PORT, second);
  for (const cookie of cookies) {
    const response = await request.get(`${base}/admin/sessao`, {
      headers: { Accept: "application/json", Cookie: `${cookie.name}=${cookie.value}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
  }
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});

/** Writes raw HTTP on one connection and collects what comes back until the server closes it. */
function rawConnection(port: number) {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, opened, closed, received: () => received };
}

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`esperando: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("SIGTERM lets a request in flight finish with its normal answer and refuses new connections", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ciclo-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(dataDir, port);
  running.push(server.child);
  await waitHealthy(port, server);

  // A sign-in whose body is still arriving (a slow phone) when the server is told to stop.
  const body = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString();
  const slow = rawConnection(port);
  await slow.opened;
  slow.socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  server.child.kill("SIGTERM");
  await until(() => server.output().includes("SIGTERM recebido"), "o servidor receber o SIGTERM");
  // New connections are refused: a proxy's health check sends its visitors elsewhere.
  await expect(fetch(`${base}/healthz`)).rejects.toThrow();

  // The rest of the form arrives: the sign-in completes as usual, then the server exits cleanly.
  slow.socket.write(body.slice(10));
  await slow.closed;
  expect(slow.received()).toMatch(/^HTTP\/1\.1 302 /);
  expect(slow.received()).toMatch(/set-cookie: (__Host-)?sessao=/i);
  expect(await server.exited).toBe(0);
});
