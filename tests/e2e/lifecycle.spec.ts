// The server's life cycle, proven on real server processes: a second server on the same DATA_DIR
// refuses to start, SIGTERM loses no acknowledged write and lets requests in flight finish.
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, request as playwrightRequest } from "@playwright/test";
import { type ServerProcess, spawnServer, startServer } from "../support/server";
import { signInOverHttp, test } from "./fixtures";

const ADMIN = { email: "ciclo@teste.com.br", password: "senha-do-teste-de-ciclo-789" };

// Servers and data folders of the current test, stopped and removed after it whatever happened.
const running: ServerProcess[] = [];
const folders: string[] = [];
test.afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder that two servers of one test can share. */
function sharedDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "ciclo-"));
  folders.push(dir);
  return dir;
}

async function started(options: Parameters<typeof startServer>[0]) {
  const server = await startServer(options);
  running.push(server);
  return server;
}

test("a second server on the same DATA_DIR exits with a clear message", async () => {
  const dataDir = sharedDataDir();
  const first = await started({ admin: ADMIN, dataDir });

  const second = await spawnServer({ admin: ADMIN, dataDir });
  running.push(second);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("já está em uso pelo processo");
  // The first server keeps serving.
  expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
});

test("after SIGTERM the database reopens with every acknowledged write", async ({ request }) => {
  const dataDir = sharedDataDir();
  const first = await started({ admin: ADMIN, dataDir });

  // Each sign-in the server acknowledges (302 + cookie) is a session row written to the database.
  // A separate client per sign-in: a sign-in that carries a session cookie replaces that session.
  const cookies = [];
  for (let i = 0; i < 5; i++) {
    const client = await playwrightRequest.newContext();
    const cookie = await signInOverHttp(client, first.url, ADMIN);
    await client.dispose();
    expect(cookie).not.toBeNull();
    cookies.push(cookie!);
  }

  expect(await first.stop()).toBe(0);

  const second = await started({ admin: ADMIN, dataDir, port: first.port });
  for (const cookie of cookies) {
    const response = await request.get(`${second.url}/admin/sessao`, {
      headers: { Accept: "application/json", Cookie: `${cookie.name}=${cookie.value}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(200);
  }
  expect(await second.stop()).toBe(0);
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

test("SIGTERM lets a request in flight finish with its normal answer and refuses new connections", async () => {
  const server = await started({ admin: ADMIN });
  const { port, url: base } = server;

  // A sign-in whose body is still arriving (a slow phone) when the server is told to stop.
  const body = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString();
  const slow = rawConnection(port);
  await slow.opened;
  slow.socket.write(
    `POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  server.process.kill("SIGTERM");
  await expect.poll(() => server.output(), { timeout: 20_000 }).toContain("SIGTERM recebido");
  // The health check fails at once (503 while the server still accepts the connections already on
  // their way, server.js), then new connections are refused: a proxy sends its visitors elsewhere.
  const health = async () => {
    try {
      return (await fetch(`${base}/healthz`)).status;
    } catch {
      return "recusada";
    }
  };
  expect([503, "recusada"]).toContain(await health());
  await expect.poll(health, { timeout: 5_000 }).toBe("recusada");

  // The rest of the form arrives: the sign-in completes as usual, then the server exits cleanly.
  slow.socket.write(body.slice(10));
  await slow.closed;
  expect(slow.received()).toMatch(/^HTTP\/1\.1 302 /);
  expect(slow.received()).toMatch(/set-cookie: (__Host-)?sessao=/i);
  expect(await server.exited).toBe(0);
});
