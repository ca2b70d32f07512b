// The log, read from the production server's own output: one JSON line per request with its id
// (also the X-Request-Id header), secrets left out of the path, the signed-in user's id, and
// LOG_LEVEL honoured. On PostgreSQL (TEST_DATABASE_URL), a real server error: its page shows the
// same id as the header, and the log has the error's stack once, under that id.
import postgres from "postgres";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { TEST_ADMIN as ADMIN, type ServerProcess, startSiteForTests } from "../tests/support/server";

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  userId?: number;
  err?: { stack?: string };
}

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The request line with `id`, once the server has written it. */
async function lineOf(server: ServerProcess, id: string): Promise<LogLine> {
  await expect.poll(() => logLines(server.output()).some((l) => l.reqId === id && l.path)).toBe(true);
  return logLines(server.output()).find((l) => l.reqId === id && l.path) as LogLine;
}

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe("the request log", () => {
  it("writes one line per request with its id (also X-Request-Id), no secrets in the path, and the user id when signed in", async () => {
    server = await startSiteForTests();
    const search = await fetch(`${server.url}/sobre-nos?origem=Macei%C3%B3&token=segredo1`, {
      redirect: "manual",
    });
    const searchId = search.headers.get("x-request-id") ?? "";
    expect(searchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await lineOf(server, searchId)).toMatchObject({
      level: 30,
      method: "GET",
      path: "/sobre-nos?origem=Macei%C3%B3&token=***",
      status: 200,
    });

    const reset = await fetch(`${server.url}/redefinir-senha/TokenDeVerdade123?senha=segredo2`, {
      redirect: "manual",
    });
    const resetLine = await lineOf(server, reset.headers.get("x-request-id") ?? "");
    expect(resetLine.path).toBe("/redefinir-senha/:token?senha=***");

    const signIn = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
      redirect: "manual",
    });
    const cookie = signIn.headers.get("set-cookie")?.match(/((?:__Host-)?sessao=[^;]+)/)?.[1] ?? "";
    const panel = await fetch(`${server.url}/admin/painel`, { headers: { Cookie: cookie } });
    expect(panel.status).toBe(200);
    const panelLine = await lineOf(server, panel.headers.get("x-request-id") ?? "");
    expect(panelLine.userId).toEqual(expect.any(Number));
    expect(panelLine.ms).toEqual(expect.any(Number));

    const output = server.output();
    expect(output).not.toContain("segredo1");
    expect(output).not.toContain("segredo2");
    expect(output).not.toContain("TokenDeVerdade123");
    expect(output).not.toContain(ADMIN.password);
  }, 180_000);

  it("LOG_LEVEL=warn: no request lines, and the start-up line is still plain text", async () => {
    server = await startSiteForTests({ env: { LOG_LEVEL: "warn" } });
    const page = await fetch(`${server.url}/sobre-nos`);
    expect(page.status).toBe(200);
    // The answer is sent before its line would be written: give the server a later request to
    // be sure, then look.
    await fetch(`${server.url}/politica-de-privacidade`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logLines(server.output()).filter((l) => l.level < 40)).toEqual([]);
    expect(server.output()).toMatch(/^Imóveis em Alagoas no ar em http:\/\/127\.0\.0\.1:\d+ \(banco: /m);
  }, 180_000);
});

const DATABASE_SERVER = process.env.TEST_DATABASE_URL;

describe.skipIf(!DATABASE_SERVER)("a server error (PostgreSQL)", () => {
  const name = `reqlog_${Date.now()}`;
  const admin = DATABASE_SERVER ? postgres(DATABASE_SERVER, { max: 1, onnotice: () => {} }) : undefined;
  afterAll(async () => {
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end();
  });

  it("shows the request id of the header on the error page, and logs the stack once under it", async () => {
    await admin?.unsafe(`create database "${name}"`);
    const url = new URL(DATABASE_SERVER ?? "");
    url.pathname = `/${name}`;
    server = await startSiteForTests({ env: { DATABASE_URL: url.toString() } });
    // The listings table goes away under the running site: the listing page's loader fails.
    const site = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await site.unsafe("alter table properties rename to properties_fora");
    await site.end();

    const page = await fetch(`${server.url}/casas/AP9876`);
    expect(page.status).toBe(500);
    const id = page.headers.get("x-request-id") ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const html = await page.text();
    expect(html).toContain("Algo deu errado");
    expect(html).toContain(`<code data-request-id="">${id}</code>`);

    await lineOf(server, id);
    const withStack = logLines(server.output()).filter((l) => l.reqId === id && l.err?.stack);
    expect(withStack).toHaveLength(1);
    expect(withStack[0]?.err?.stack).toMatch(/properties/);
  }, 180_000);
});
