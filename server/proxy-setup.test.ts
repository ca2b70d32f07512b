// Behind a reverse proxy: the production server gets requests as nginx passes them on (Host of
// the public site, X-Forwarded-Proto https, plain http to the app) while PUBLIC_URL is the https
// address. With TRUST_PROXY=false every form post used to fail with a 500 from React Router; now
// the visitor gets a Portuguese page and the log says, once, to set TRUST_PROXY=true. With it
// set, the same post goes through (app/server/http/proxy-check.server.ts).
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startSiteForTests } from "../tests/support/server";

const PUBLIC = "https://imoveis.exemplo.com.br";

let server: ServerProcess | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A request as nginx forwards it (proxy_set_header Host, X-Forwarded-Proto, X-Forwarded-For). */
function viaProxy(
  baseURL: string,
  method: "GET" | "POST",
  path: string,
  body?: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const payload = body ? new URLSearchParams(body).toString() : undefined;
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          Host: new URL(PUBLIC).host,
          "X-Forwarded-Proto": "https",
          "X-Forwarded-For": "203.0.113.40",
          ...(payload
            ? {
                Origin: PUBLIC,
                "Content-Type": "application/x-www-form-urlencoded",
                "Content-Length": String(Buffer.byteLength(payload)),
              }
            : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const lead = { name: "Visitante do Proxy", email: "proxy@exemplo.com.br", consent: "on" };

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe("behind a reverse proxy", () => {
  it("TRUST_PROXY=false: a form post gets a Portuguese page, not a 500 stack, and the log names TRUST_PROXY=true once", async () => {
    server = await startSiteForTests({ env: { PUBLIC_URL: PUBLIC, TRUST_PROXY: "false" } });
    const page = await viaProxy(server.url, "GET", "/sobre-nos");
    expect(page.status).toBe(200);
    const first = await viaProxy(server.url, "POST", "/sobre-nos", lead);
    const second = await viaProxy(server.url, "POST", "/sobre-nos", lead);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(500);
      expect(answer.body).toContain("Não foi possível enviar o formulário");
      expect(answer.body).toContain("Nada foi gravado");
      expect(answer.body).not.toMatch(/origin header|at [\w.]+ \(/);
    }
    // The first forwarded request (the GET) already says it; the first failed post says it again
    // with what it saw; neither repeats. The log reaches this process through a pipe, so it can
    // trail the answers by a moment.
    const said = () => {
      const log = server?.output() ?? "";
      return {
        ignored: count(log, "TRUST_PROXY=false: o site ignora esses cabeçalhos"),
        seen: count(log, `Formulário enviado de ${PUBLIC} chegou como http://imoveis.exemplo.com.br`),
        advice: count(log, "Defina TRUST_PROXY=true"),
      };
    };
    await expect.poll(said, { timeout: 10_000 }).toEqual({ ignored: 1, seen: 1, advice: 2 });
  }, 180_000);

  it("TRUST_PROXY=true: the same post goes through", async () => {
    server = await startSiteForTests({ env: { PUBLIC_URL: PUBLIC, TRUST_PROXY: "true" } });
    const answer = await viaProxy(server.url, "POST", "/sobre-nos", lead);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Mensagem enviada!");
    expect(server.output()).not.toContain("TRUST_PROXY");
  }, 180_000);
});
