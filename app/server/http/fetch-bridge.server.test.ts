// The Express ⇄ fetch bridge on a real server: what a route handler sees, what the visitor gets.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentResponse } from "./document-response.server";
import { sendFetchResponse, toFetchRequest } from "./fetch-bridge.server";

let base: string;
let close: () => void;
let aborted: Promise<string>;
let onAbort: (url: string) => void;

/** Stands in for React Router: a fetch handler. */
async function handle(request: Request): Promise<Response> {
  const url = new URL(request.url);
  switch (url.pathname) {
    case "/eco":
      return Response.json({
        url: request.url,
        method: request.method,
        accept: request.headers.get("accept-language"),
        body: request.method === "POST" ? await request.text() : null,
      });
    case "/documento":
      return documentResponse(Buffer.from("<p>Casa em Maceió – 3 quartos</p>"), {
        status: 404,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    case "/cookies": {
      const headers = new Headers();
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      return new Response(null, { status: 204, headers });
    }
    case "/lento":
      request.signal.addEventListener("abort", () => onAbort(request.url));
      return new Promise<Response>(() => {}); // never answers: the visitor gives up first
    default: {
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode("pedaço 1, "));
          controller.enqueue(encoder.encode("pedaço 2"));
          controller.close();
        },
      });
      return new Response(stream, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
  }
}

beforeAll(async () => {
  aborted = new Promise((resolve) => {
    onAbort = resolve;
  });
  const app = express();
  app.set("trust proxy", true);
  app.use(async (req, res, next) => {
    try {
      await sendFetchResponse(res, await handle(toFetchRequest(req, res)));
    } catch (error) {
      next(error);
    }
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

describe("toFetchRequest and sendFetchResponse", () => {
  it("passes the URL, method, headers and a posted body to the handler", async () => {
    const response = await fetch(`${base}/eco?cidade=Macei%C3%B3`, {
      method: "POST",
      body: "nome=Ana&mensagem=Ol%C3%A1",
      headers: { "Accept-Language": "pt-BR", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await response.json()).toEqual({
      url: `${base}/eco?cidade=Macei%C3%B3`,
      method: "POST",
      accept: "pt-BR",
      body: "nome=Ana&mensagem=Ol%C3%A1",
    });
  });

  it("builds the URL from the forwarded host behind a trusted proxy", async () => {
    const response = await fetch(`${base}/eco`, {
      headers: { "X-Forwarded-Host": "www.imoveis-al.com.br", "X-Forwarded-Proto": "https" },
    });
    expect((await response.json()).url).toBe("https://www.imoveis-al.com.br/eco");
    const withPort = await fetch(`${base}/eco`, {
      headers: { "X-Forwarded-Host": "[2001:db8::1]:8443, proxy.interno", "X-Forwarded-Proto": "https" },
    });
    expect((await withPort.json()).url).toBe("https://[2001:db8::1]:8443/eco");
  });

  it("sends a rendered document whole, with its status and length", async () => {
    const response = await fetch(`${base}/documento`);
    const expected = Buffer.from("<p>Casa em Maceió – 3 quartos</p>");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-length")).toBe(String(expected.byteLength));
    expect(await response.text()).toBe("<p>Casa em Maceió – 3 quartos</p>");
  });

  it("streams any other body, and keeps each Set-Cookie apart", async () => {
    expect(await (await fetch(`${base}/arquivo`)).text()).toBe("pedaço 1, pedaço 2");
    const cookies = await fetch(`${base}/cookies`);
    expect(cookies.status).toBe(204);
    expect(cookies.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("aborts the handler's signal when the visitor goes away", async () => {
    const req = httpRequest(`${base}/lento`);
    req.on("error", () => {}); // the socket we destroy
    req.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    expect(await aborted).toBe(`${base}/lento`);
  });
});
