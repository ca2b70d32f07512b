// React Router's server entry for Node, as its default template has it, with two choices of ours:
// every page is rendered whole before it is sent (onAllReady): crawlers and link previews
// (WhatsApp, Facebook) get complete HTML, and a whole page is what the public-page cache stores
// (app/server/cache/page-cache.server.ts), so it is also sent as one body rather than streamed;
// and the response's CSP nonce reaches the scripts.
// Errors are logged once, with their stack and the request's id (handleError below; the id is
// also on the error page: app/lib/request-id.tsx).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  type ActionFunctionArgs,
  type EntryContext,
  type LoaderFunctionArgs,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "./lib/nonce";
import { RequestIdProvider } from "./lib/request-id";
import { type LoadContext, requestContext } from "./server/context.server";
import { logOf } from "./server/log/logger.server";
import { loggablePath } from "./server/log/request-log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: LoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // An empty nonce (a page rendered for the cache, which uses script hashes instead) is no nonce.
  const nonce = loadContext.get(requestContext).cspNonce || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={loadContext.get(requestContext).requestId}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The page is whole by now, so it leaves as one body: React writes it in small chunks
          // (about 2 KB), and passed on one by one through a stream each became a write to the
          // socket (13 % of the CPU of a small page; decision 012 has the measurement).
          const chunks: Uint8Array[] = [];
          const body = new Writable({
            write(chunk: Uint8Array, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(
                new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }),
              );
              done();
            },
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors while rendering the shell are reported by onShellError (React Router's page).
          if (shellRendered) logError(error, loadContext, "Erro ao renderizar a página");
        },
      },
    );
    // Abort the render after the stream timeout so a promise that never settles cannot hold the
    // request (React Router rejects its pending promises at streamTimeout).
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

function logError(error: unknown, context: LoadContext, message: string) {
  logOf(context.get(requestContext).services).error(
    { err: error, reqId: context.get(requestContext).requestId },
    message,
  );
}

/**
 * Every error a loader or action throws (not the 4xx answers they throw on purpose), and errors
 * rendering a page's shell: once, with its stack, under the request's id. A request the client
 * abandoned is not an error.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  logError(error, context, `Erro em ${request.method} ${loggablePath(new URL(request.url).pathname)}`);
}
