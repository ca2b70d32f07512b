// The write guards on a real Express server: cross-site posts, oversized and undeclared bodies.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardWrites, isPhotoUploadPath } from "./request-guards.server";

let base: string;
let close: () => void;
let received = 0;

beforeAll(async () => {
  const app = express();
  app.use(
    guardWrites({ publicUrl: "https://www.exemplo.com.br", ownBodyLimit: isPhotoUploadPath, maxBytes: 1000 }),
  );
  app.use((req, res) => {
    received++;
    req.resume();
    req.on("end", () => res.status(200).send("ok"));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

/** A POST whose body is sent in chunks, without Content-Length (fetch always declares it). */
function chunkedPost(path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, {
      method: "POST",
      headers: { "Transfer-Encoding": "chunked" },
    });
    req.on("response", (res) => {
      let text = "";
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.write("name=a");
    req.end();
  });
}

describe("guardWrites", () => {
  it("lets a same-site form through, and every GET", async () => {
    const before = received;
    expect((await post("/sobre-nos", "name=Ana", { Origin: base })).status).toBe(200);
    expect((await post("/sobre-nos", "name=Ana", { Origin: "https://www.exemplo.com.br" })).status).toBe(200);
    expect((await fetch(`${base}/sobre-nos`, { headers: { Origin: "https://outro.site" } })).status).toBe(
      200,
    );
    expect(received).toBe(before + 3);
  });

  it("refuses a form posted from another site with 403 and a message", async () => {
    const before = received;
    const response = await post("/casas/AP0001", "name=Ana", { Origin: "https://golpe.example" });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("outro site");
    const fetchSite = await post("/login", "email=a", { "Sec-Fetch-Site": "cross-site" });
    expect(fetchSite.status).toBe(403);
    expect(received).toBe(before);
  });

  it("refuses a body larger than a form needs (413) and one of undeclared length (411)", async () => {
    const before = received;
    const big = await post("/sobre-nos", `message=${"x".repeat(2000)}`, { Origin: base });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("O formulário enviado é grande demais.");
    expect((await chunkedPost("/sobre-nos")).status).toBe(411);
    expect(received).toBe(before);
  });

  it("leaves the photo upload's size to the upload itself", async () => {
    expect((await post("/admin/imoveis/7/fotos", "x".repeat(2000), { Origin: base })).status).toBe(200);
    expect((await chunkedPost("/admin/imoveis/7/fotos")).status).toBe(200);
    expect((await post("/admin/imoveis/7/fotos", "x", { Origin: "https://golpe.example" })).status).toBe(403);
  });
});
