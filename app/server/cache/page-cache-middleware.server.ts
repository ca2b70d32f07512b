// Express glue for the public-page HTML cache (page-cache.server.ts): for a cacheable request
// it reads the data version, serves a stored page (with ETag/304) or renders the page whole
// through React Router's fetch handler, stores it when allowed, and sends it.
//
// CSP nonce: a stored page remembers where its render's nonce sits in the body, and every copy
// sent gets this response's own nonce there (the one in this response's CSP header), so no two
// responses share a nonce. A 304 carries no CSP: the browser keeps the header it stored with
// the body it already has.
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  NextFunction,
  RequestHandler,
} from "express";
import { documentBody } from "../http/document-response.server";
import { toFetchRequest } from "../http/fetch-bridge.server";
import { gzipTemplate, gzipWithHoles } from "./gzip-with-holes.server";
import {
  type CachedPage,
  cacheKey,
  computeEtag,
  findAll,
  isCacheableRequest,
  matchesIfNoneMatch,
  type PageCache,
  storagePolicy,
} from "./page-cache.server";

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  /** The current data version (see openDataVersionSource). */
  readVersion: () => number | Promise<number>;
  /** This response's CSP nonce (set by the security-headers middleware), if any. */
  cspNonce?: (res: ExpressResponse) => string | undefined;
  /** Names of the session cookie: a signed-in visitor always gets a fresh render. */
  sessionCookies: readonly string[];
  /** Render the page through React Router (the response body is read whole). */
  render: (request: Request, req: ExpressRequest, res: ExpressResponse) => Promise<Response>;
  /** Called on a cache hit (e.g. to count the view the skipped loader would have counted). */
  onHit?: (req: ExpressRequest, page: CachedPage) => void;
}

/** The stored body with `nonce` where the render's nonce was (the same length: base64 of 16 bytes). */
export function bodyWithNonce(page: CachedPage, nonce: string | undefined): Buffer {
  const stored = page.nonce;
  if (!stored || !nonce || nonce === stored.value || stored.offsets.length === 0) return page.body;
  const replacement = Buffer.from(nonce);
  const body = Buffer.allocUnsafe(page.body.byteLength);
  page.body.copy(body);
  for (const offset of stored.offsets) replacement.copy(body, offset);
  return body;
}

function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  page: CachedPage,
  state: string,
  nonce: string | undefined,
): void {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  if (page.status === 200 && matchesIfNoneMatch(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Security-Policy");
    res.end();
    return;
  }
  res.vary("Accept-Encoding");
  // Browsers all accept gzip: the stored deflate with this response's nonce in its places (the
  // compression middleware leaves a response that already has a Content-Encoding alone).
  if (page.gzip && req.acceptsEncodings("gzip", "identity") === "gzip") {
    const fill = page.nonce ? (nonce ?? page.nonce.value) : "";
    const zipped = gzipWithHoles(page.gzip, page.body, Buffer.from(fill));
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", String(zipped.byteLength));
    res.end(zipped);
    return;
  }
  const body = bodyWithNonce(page, nonce);
  res.setHeader("Content-Length", String(body.byteLength));
  res.end(body); // Node sends no body for HEAD
}

/** Below this, gzip is not worth its header (the compression middleware's own threshold). */
const GZIP_MIN_BYTES = 1024;

function sendUncached(res: ExpressResponse, response: Response, body: Buffer): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "content-length") res.append(name, value);
  }
  res.setHeader("X-Cache", "BYPASS");
  res.end(body);
}

export function pageCacheMiddleware(options: PageCacheMiddlewareOptions): RequestHandler {
  const { cache, readVersion, sessionCookies, render, onHit, cspNonce } = options;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req, sessionCookies)) return next();
    try {
      // Read before looking up (and before rendering): a page rendered while a write commits
      // is stored under the older version, which no later request will ask for.
      const read = readVersion();
      const version = typeof read === "number" ? read : await read;
      cache.observeVersion(version);
      const key = cacheKey(version, req.headers.host ?? "", req.originalUrl);
      const nonce = cspNonce?.(res);
      const hit = cache.get(key);
      // A nonce of another length cannot be swapped in place: render this one afresh.
      if (hit && (!hit.nonce || nonce?.length === hit.nonce.value.length)) {
        onHit?.(req, hit);
        sendPage(req, res, hit, "HIT", nonce);
        return;
      }
      // A HEAD render has no body to store: let the normal handler answer it.
      if (req.method === "HEAD") return next();

      const response = await render(toFetchRequest(req, res), req, res);
      const body = documentBody(response) ?? Buffer.from(await response.arrayBuffer());
      if (res.destroyed) return;
      const policy = storagePolicy(req.path, response.status, response.headers);
      if (!policy) {
        sendUncached(res, response, body);
        return;
      }
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) {
        if (name !== "content-length" && name !== "cache-control") headers.push([name, value]);
      }
      headers.push(["cache-control", policy.cacheControl]);
      const page: CachedPage = {
        status: response.status,
        headers,
        body,
        // Weak: the bytes differ by the nonce from one response to the next.
        etag: `W/${computeEtag(version, body)}`,
        version,
        expiresAt: Date.now() + policy.ttlMs,
        nonce: nonce ? { value: nonce, offsets: findAll(body, nonce) } : undefined,
      };
      if (body.byteLength >= GZIP_MIN_BYTES) {
        page.gzip = gzipTemplate(body, page.nonce?.offsets ?? [], page.nonce?.value.length ?? 0);
      }
      cache.set(key, page);
      sendPage(req, res, page, "MISS", nonce);
    } catch (error) {
      next(error);
    }
  };
}
