// React Router's server entry for Node, as its default template has it, with two choices of ours:
// every page is rendered whole before it is sent (onAllReady): crawlers and link previews
// (WhatsApp, Facebook) get complete HTML, and a whole page is what the public-page cache stores
// (app/server/cache/page-cache.server.ts); and the response's CSP nonce reaches the scripts.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // An empty nonce (a page rendered for the cache, which uses script hashes instead) is no nonce.
  const nonce = loadContext.cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell are reported by onShellError (React Router's page).
          if (shellRendered) console.error(error);
        },
      },
    );
    // Abort the render after the stream timeout so a promise that never settles cannot hold the
    // request (React Router rejects its pending promises at streamTimeout).
    setTimeout(abort, streamTimeout + 1000);
  });
}
