import { resolve as resolvePath } from "node:path";
// React's Bun build of the streaming renderer: the same renderer as react-dom/server's Node build
// (the same HTML, byte for byte), but it hands its destination strings, which the document
// writer encodes far more cheaply than the Node build encodes its pieces (decision 010). It needs
// only Node's own modules (util, stream, crypto).
import { renderToString, renderToPipeableStream as renderToStringPieces } from "react-dom/server.bun";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { setStaticMarkupRenderer } from "./components/static-markup";
import { NonceProvider } from "./lib/nonce";
import { createFirstPaintRewriter } from "./server/assets/first-paint.server";
import { documentResponse } from "./server/http/document-response.server";
import { createDocumentWriter } from "./server/http/document-writer.server";

export const streamTimeout = 5_000;

// The footer and the icon sprite, rendered once and written as ready markup (static-markup.tsx).
setStaticMarkupRenderer(renderToString);

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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    // `page` is a view of the writer's shared buffer: the concatenation is the document's own copy.
    const finish = (page: Buffer) => {
      clearTimeout(timeoutId);
      const html = Buffer.concat(firstPaint ? firstPaint.bytes(page) : [page]);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
    };
    // Pages are rendered whole (onAllReady): crawlers and link previews (WhatsApp, Facebook)
    // get complete HTML, and a whole page is what the HTML cache stores.
    const { pipe, abort } = renderToStringPieces(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          // The whole document is ready, and pipe() writes it synchronously.
          pipe(createDocumentWriter(finish, reject) as unknown as NodeJS.WritableStream);
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
