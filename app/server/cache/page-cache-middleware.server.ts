// Express glue for the public-page HTML cache (page-cache.server.ts): for a cacheable request
// it reads the data version, serves a stored page (with ETag/304) or renders the page whole
// through React Router's request handler, stores it when allowed, and sends it.
//
// CSP: a page that may be stored is rendered without a nonce, and its policy allows its own
// inline scripts by their hashes (security-headers.server.ts); the policy is stored with the
// page, so every copy sent is the same bytes with the same header, compressed once.
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { createRequest } from "@remix-run/node-fetch-server";
import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  NextFunction,
  RequestHandler,
} from "express";
import { contentSecurityPolicy, hashSources, inlineScriptHashes } from "../http/security-headers.server";
import {
  type CachedPage,
  cacheKey,
  computeEtag,
  isCacheableRequest,
  matchesIfNoneMatch,
  type PageCache,
  storagePolicy,
  withoutTrackingParams,
} from "./page-cache.server";

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  /** The current data version (see openDataVersionSource). */
  readVersion: () => number | Promise<number>;
  /** Names of the session cookie: a signed-in visitor always gets a fresh render. */
  sessionCookies: readonly string[];
  /** Render the page through React Router, without a CSP nonce. */
  render: (request: Request, req: ExpressRequest, res: ExpressResponse) => Promise<Response>;
  /** Called on a cache hit (e.g. to count the view the skipped loader would have counted). */
  onHit?: (req: ExpressRequest, page: CachedPage) => void;
  isProduction: boolean;
  /** As securityHeaders takes it (MEDIA_PUBLIC_URL's origin). */
  mediaOrigin?: string;
}

/** Below this, compressing is not worth its header (the compression middleware's own threshold). */
const COMPRESS_MIN_BYTES = 1024;

const compressors = {
  // Quality 5 with a 256 KiB window, as server.js compresses pages rendered per request.
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_LGWIN]: 18 },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body),
};

/** The encoding to send `page` in: brotli when accepted, else gzip, else none. */
function encodingFor(req: ExpressRequest, page: CachedPage): "br" | "gzip" | undefined {
  if (page.body.byteLength < COMPRESS_MIN_BYTES) return undefined;
  if (req.acceptsEncodings("br")) return "br";
  if (req.acceptsEncodings("gzip")) return "gzip";
  return undefined;
}

async function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: string) {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Cache", state);
  if (page.status === 200 && matchesIfNoneMatch(req.headers["if-none-match"], page.etag)) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  res.vary("Accept-Encoding");
  const encoding = encodingFor(req, page);
  let body = page.body;
  if (encoding) {
    page.encoded ??= {};
    page.encoded[encoding] ??= await compressors[encoding](page.body);
    body = page.encoded[encoding];
    // The compression middleware leaves a response that already has a Content-Encoding alone.
    res.setHeader("Content-Encoding", encoding);
  }
  res.setHeader("Content-Length", String(body.byteLength));
  res.end(body); // Node sends no body for HEAD
}

export function pageCacheMiddleware(options: PageCacheMiddlewareOptions): RequestHandler {
  const { cache, readVersion, sessionCookies, render, onHit, isProduction, mediaOrigin } = options;
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req, sessionCookies)) return next();
    try {
      // Read before looking up (and before rendering): a page rendered while a write commits
      // is stored under the older version, which no later request will ask for.
      const read = readVersion();
      const version = typeof read === "number" ? read : await read;
      cache.observeVersion(version);
      // ?fbclid=, ?utm_source=…: the same page, stored once (page-cache.server.ts).
      const pageUrl = withoutTrackingParams(req.originalUrl);
      const key = cacheKey(version, req.headers.host ?? "", pageUrl);
      const hit = cache.get(key);
      if (hit) {
        onHit?.(req, hit);
        await sendPage(req, res, hit, "HIT");
        return;
      }
      // A HEAD render has no body to store: let the normal handler answer it.
      if (req.method === "HEAD") return next();

      // The address as the visitor asked for it (Express reads X-Forwarded-* behind a trusted proxy).
      let request = createRequest(req, res, { protocol: `${req.protocol}:`, host: req.get("host") });
      // Rendered for the address without tracking parameters, so the stored bytes are the page
      // anyone else asking for it gets (no link on it carries someone's fbclid).
      if (pageUrl !== req.originalUrl) request = new Request(new URL(pageUrl, request.url), request);
      const response = await render(request, req, res);
      const body = Buffer.from(await response.arrayBuffer());
      if (res.destroyed) return;
      const headers: [string, string][] = [];
      for (const [name, value] of response.headers) {
        if (name !== "content-length" && name !== "cache-control" && name !== "set-cookie") {
          headers.push([name, value]);
        }
      }
      // Rendered without a nonce: whatever happens next, its scripts are allowed by their hashes.
      const scripts = hashSources(inlineScriptHashes(body.toString("utf8")));
      headers.push(["content-security-policy", contentSecurityPolicy(scripts, isProduction, mediaOrigin)]);
      const policy = storagePolicy(req.path, response.status, response.headers);
      const cacheControl = policy?.cacheControl ?? response.headers.get("cache-control");
      if (cacheControl) headers.push(["cache-control", cacheControl]);
      const page: CachedPage = {
        status: response.status,
        headers,
        body,
        etag: `W/${computeEtag(version, body)}`,
        version,
        expiresAt: policy ? Date.now() + policy.ttlMs : 0,
      };
      if (!policy) {
        for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
        await sendPage(req, res, page, "BYPASS");
        return;
      }
      cache.set(key, page);
      await sendPage(req, res, page, "MISS");
    } catch (error) {
      next(error);
    }
  };
}
