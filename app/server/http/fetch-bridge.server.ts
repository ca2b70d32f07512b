// Express ⇄ React Router: a fetch Request from Express's request, the fetch Response back onto
// Express's response. It does what @react-router/express does (same URL, headers, abort on a
// closed connection, streamed request bodies), and sends a rendered document's buffer in one
// write instead of reading it back through a web stream (document-response.server.ts).
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import {
  type AppLoadContext,
  createRequestHandler as createFetchHandler,
  type ServerBuild,
} from "react-router";
import { documentBody } from "./document-response.server";

/**
 * The request's URL as the visitor asked for it: Express's hostname (the forwarded one behind a
 * trusted proxy) with the port of the host it came from (@react-router/express added the
 * server's own port to a forwarded host that had none).
 */
function requestUrl(req: ExpressRequest): string {
  const forwardedHost = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  const port = portOf(forwardedHost ?? req.get("host"));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  return `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
}

/** "example.com:8080" and "[::1]:3000" have one; "example.com" and "[::1]" none. */
function portOf(host: string | undefined): string | undefined {
  const port = host
    ?.split(",")[0]
    ?.trim()
    .match(/:(\d+)$/)?.[1];
  return port ? String(Number(port)) : undefined;
}

export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // Loaders and React Router's data stream stop when the visitor goes away.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(requestUrl(req), init);
}

const isClosed = (res: ExpressResponse) => res.destroyed || res.writableEnded;

/** Status, headers (each Set-Cookie on its own) and body of `response`, onto `res`. */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (isClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  const whole = documentBody(response);
  if (whole) {
    res.setHeader("Content-Length", whole.byteLength); // the compression middleware drops it when it compresses
    res.end(whole);
    return;
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!isClosed(res)) throw error;
  }
}

export interface ReactRouterHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
}

/** The Express handler that answers every route of the app through React Router. */
export function createReactRouterHandler({
  build,
  mode,
  getLoadContext,
}: ReactRouterHandlerOptions): RequestHandler {
  const handle = createFetchHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(toFetchRequest(req, res), getLoadContext(req, res));
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
