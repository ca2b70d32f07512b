// Headers every response needs, checked on the production server as a browser meets it:
// X-Content-Type-Options on static files too (server.js serves them before the app), no-store on
// every page holding credentials, HSTS only for an https site, a quiet 404 for a missing photo.
import { readdir } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import sharp from "sharp";
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

  // A client or proxy reuses an idle connection only while the server keeps it (server.js: longer
  // than nginx's upstream keepalive_timeout): below that, a POST sent as the server closed it met a reset.
  it("tells clients it keeps idle connections for 65 s", async () => {
    const header = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        new URL("/healthz", server.url),
        { agent: false, headers: { Connection: "keep-alive" } },
        (res) => {
          res.resume();
          resolve(String(res.headers["keep-alive"] ?? ""));
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(header).toBe("timeout=65");
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

  it("never serves a photo an owner sent with a captação, however its path is written", async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3b82f6" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Dono da Foto",
      phone: "(82) 98888-3333",
      tipo: "casa",
      finalidade: "venda",
      bairro: "Farol",
      cidade: "Maceió",
      consent: "on",
    }))
      form.set(name, value);
    form.append("fotos", new File([new Uint8Array(photo)], "casa.jpg", { type: "image/jpeg" }));
    const sent = await fetch(new URL("/anuncie-seu-imovel", server.url), {
      method: "POST",
      headers: { Origin: server.url },
      body: form,
    });
    expect(sent.status).toBe(200);
    const files = (await readdir(join(server.dataDir, "media", "captacoes"), { recursive: true })).filter(
      (name) => name.endsWith(".jpg"),
    );
    expect(files).toHaveLength(1);
    const key = `captacoes/${files[0]}`;
    for (const path of [`/media/${key}`, `/media//${key}`, `/media/./${key}`, `/media/%63${key.slice(1)}`]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
      expect(response.status, path).toBe(404);
    }
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
