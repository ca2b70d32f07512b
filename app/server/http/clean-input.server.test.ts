// The edge cleaning on a real Express server: what a route sees of an address with odd bytes,
// and what a form reader gets from a form holding them.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanForm, cleanRequestUrl, cleanText } from "./clean-input.server";
import { readForm } from "./read-form.server";

let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(cleanRequestUrl);
  // What the route sees: Express's view and the one the React Router bridge builds from.
  app.use((req, res) => {
    res.json({ url: req.url, originalUrl: req.originalUrl, q: req.query.q ?? null });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("cleanRequestUrl", () => {
  it.each([
    "/casas/%00",
    "/casas/AB1234%1B",
    "/casas/%7F",
    "/casas/%E0%A4%A",
    "/casas/%C3%28",
    "/todos-os-imoveis?q=%",
    "/todos-os-imoveis?q=100%25%",
    "/?cidade=%C3%28",
    "/?cidade=%ED%A0%80",
    "/?%E0=casa",
  ])("answers %s with 400 and a Portuguese page", async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = await response.text();
    expect(page).toContain("<h1>Endereço inválido</h1>");
    expect(page).toContain('<a href="/">página inicial</a>');
  });

  it("drops control characters from the query, keeping tab and line breaks", async () => {
    const response = await fetch(
      `${base}/todos-os-imoveis?q=Ponta%00%01%20Verde%0A%09x%7F&cidade=Macei%C3%B3`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      url: "/todos-os-imoveis?q=Ponta%20Verde%0A%09x&cidade=Macei%C3%B3",
      originalUrl: "/todos-os-imoveis?q=Ponta%20Verde%0A%09x&cidade=Macei%C3%B3",
      q: "Ponta Verde\n\tx",
    });
  });

  it("leaves a well-formed address as it came", async () => {
    const path = "/casas/AB1234?q=%22vista%20mar%22+-cobertura&cidade=Macei%C3%B3&x=%2500";
    const response = await fetch(base + path);
    expect(await response.json()).toMatchObject({ url: path, originalUrl: path });
  });
});

describe("cleaning form text", () => {
  it("drops NULs and other control characters, keeping tab and line breaks", () => {
    expect(cleanText("Jo\u0000ana\u0007 Be\u001bzerra\u007f")).toBe("Joana Bezerra");
    expect(cleanText("linha 1\r\nlinha 2\tfim")).toBe("linha 1\r\nlinha 2\tfim");
    expect(cleanText("Maceió – Ponta Verde 🏠")).toBe("Maceió – Ponta Verde 🏠");
  });

  it("cleans every text field of a form, keeps repeated fields and passes files on", async () => {
    const form = new FormData();
    form.append("name", "Joana\u0000 Bezerra");
    form.append("tipo", "casa\u0000");
    form.append("tipo", "apartamento");
    const file = new File([new Uint8Array([1, 2, 3])], "foto.jpg", { type: "image/jpeg" });
    form.append("foto", file);
    const cleaned = cleanForm(form);
    expect(cleaned.get("name")).toBe("Joana Bezerra");
    expect(cleaned.getAll("tipo")).toEqual(["casa", "apartamento"]);
    expect(cleaned.get("foto")).toBe(file);
  });

  it("readForm hands actions the cleaned form, url-encoded or multipart", async () => {
    const urlencoded = new Request("http://site.invalid/casas/AB1234", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "name=Joana%00+Bezerra&message=Ol%C3%A1%0D%0Aquero+visitar%01",
    });
    const fromUrlencoded = await readForm(urlencoded);
    expect(fromUrlencoded.get("name")).toBe("Joana Bezerra");
    expect(fromUrlencoded.get("message")).toBe("Olá\r\nquero visitar");

    const body = new FormData();
    body.append("name", "Rui\u0000 Calheiros");
    const multipart = new Request("http://site.invalid/sobre-nos", { method: "POST", body });
    expect((await readForm(multipart)).get("name")).toBe("Rui Calheiros");
  });

  it("readForm answers 413 past its limit, however the body is sent, without reading the rest", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024;
        controller.enqueue(new TextEncoder().encode(`a=${"x".repeat(64 * 1024 - 2)}`));
      },
    });
    const chunked = new Request("http://site.invalid/admin/configuracoes", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const refusal = await readForm(chunked, 256 * 1024).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ init: { status: 413 } });
    expect(pulled).toBeLessThan(1024 * 1024);
  });
});
