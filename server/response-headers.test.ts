// Headers every response needs, checked on the production server as a browser meets it:
// X-Content-Type-Options on static files too (server.js serves them before the app), no-store on
// every page holding credentials, HSTS only for an https site, a quiet 404 for a missing photo.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startSiteForTests } from "../tests/support/server";

describe("response headers (http site)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startSiteForTests();
  }, 180_000);
  afterAll(() => server.stop());

  const get = (path: string) => fetch(new URL(path, server.url), { redirect: "manual" });

  it("sends nosniff on static files, photos and pages alike", async () => {
    const home = await get("/");
    const script = (await home.text()).match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(script, "um script do build na página inicial").toBeTruthy();
    for (const path of ["/", script!, "/favicon.ico", "/og-image.jpg", "/media/nao-existe.webp"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("never lets a browser or proxy store a page with credentials in its form or address", async () => {
    for (const path of ["/login", "/recuperar-senha", "/redefinir-senha/um-token-qualquer"]) {
      const response = await get(path);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("sends no HSTS for a site served over http", async () => {
    expect((await get("/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("answers a missing photo with a short 404 and logs no error", async () => {
    const response = await get("/media/imoveis/1/nao-existe-320.webp");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("Arquivo não encontrado.");
    expect(server.output()).not.toMatch(/NotFoundError|ENOENT|at .*\(.*:\d+:\d+\)/);
  });
});

describe("response headers (https site)", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startSiteForTests({ env: { PUBLIC_URL: "https://imoveis.exemplo.com.br" } });
  }, 180_000);
  afterAll(() => server.stop());

  it("sends HSTS when PUBLIC_URL is https", async () => {
    const response = await fetch(new URL("/", server.url));
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
