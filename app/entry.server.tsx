import { resolve as resolvePath } from "node:path";
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";
import { createFirstPaintRewriter } from "./server/assets/first-paint.server";

export const streamTimeout = 5_000;

// Inlined CSS, scripts after the first paint (app/server/assets/first-paint.server.ts).
// Production only: the built CSS lives where server.js serves it from (BUILD_DIR/client).
const firstPaint =
  process.env.NODE_ENV === "production"
    ? createFirstPaintRewriter({ clientDir: resolvePath(process.env.BUILD_DIR ?? "build", "client") })
    : undefined;

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
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    // Pages are rendered whole (onAllReady): crawlers and link previews (WhatsApp, Facebook)
    // get complete HTML, and a whole page is what the HTML cache stores.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The whole document is ready, and pipe() writes it synchronously: collect it into one
          // buffer (the first-paint rewrite needs it whole anyway) rather than pass React's 4 KiB
          // chunks one by one through a PassThrough, a Transform and a web ReadableStream.
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              try {
                const page = Buffer.concat(chunks);
                const html = firstPaint ? Buffer.concat(firstPaint.bytes(page)) : page;
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              } catch (error) {
                // Never leave the request waiting: React Router answers with its error page.
                reject(error);
                callback(error as Error);
              }
            },
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
