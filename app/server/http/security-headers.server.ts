// Security headers of the app's responses. Scripts are allowed by a Content-Security-Policy in one
// of two ways (docs/decisions/012-framework-paths.md):
// - a page rendered for this response carries a fresh nonce (React Router writes it on its
//   scripts) with 'strict-dynamic';
// - a page served from the public-page cache was rendered without a nonce and carries the hashes
//   of its own inline scripts, stored with it (app/server/cache/page-cache.server.ts), plus
//   'self' for the build's script files.
import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { TOUR_FRAME_HOSTS, VIDEO_FRAME_HOST } from "../../lib/listing";
import { mapTiles, tileImageSource } from "./map-tiles.server";

export interface SecurityHeadersOptions {
  isProduction: boolean;
  /** HSTS only when the site is served over https (PUBLIC_URL). */
  https: boolean;
  /** The origin of MEDIA_PUBLIC_URL (photos on a CDN or a bucket: decision 038), allowed as img-src. */
  mediaOrigin?: string;
}

/** The map tiles' origin (MAP_TILE_URL, read once: the environment is fixed at boot). */
const TILE_SOURCE = tileImageSource(mapTiles().url);

/** The policy with `scriptSources` as its script-src (a nonce or hashes, see above). */
export function contentSecurityPolicy(
  scriptSources: string,
  isProduction: boolean,
  mediaOrigin?: string,
): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}${isProduction ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${TILE_SOURCE ? ` ${TILE_SOURCE}` : ""} https://i.ytimg.com${mediaOrigin ? ` ${mediaOrigin}` : ""}`,
    "font-src 'self'",
    `connect-src 'self'${isProduction ? "" : " ws: wss:"}`,
    `frame-src ${[VIDEO_FRAME_HOST, ...TOUR_FRAME_HOSTS].map((host) => `https://${host}`).join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    // An agent's WhatsApp reply posts to /admin/leads/:id/whatsapp, which redirects to wa.me (and
    // wa.me on to api.whatsapp.com): a form's redirects are held to form-action too.
    "form-action 'self' https://wa.me https://api.whatsapp.com",
    "frame-ancestors 'self'",
  ].join("; ");
}

/** Script types the browser runs (data blocks such as JSON-LD are not scripts to allow). */
const RUNNABLE_TYPE = /^(|module|text\/javascript|application\/javascript)$/i;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SCRIPT_TYPE = /\btype\s*=\s*["']?([^"'\s>]*)/i;

/**
 * CSP hashes ("sha256-…") of the inline scripts of an HTML document, in order, without repeats.
 * A script's text ends at the first "</script" (HTML's own rule), so this reads what the browser
 * will hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", code = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    if (!RUNNABLE_TYPE.test(SCRIPT_TYPE.exec(attributes)?.[1] ?? "")) continue;
    hashes.add(`sha256-${createHash("sha256").update(code, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

export const nonceSources = (nonce: string) => `'nonce-${nonce}' 'strict-dynamic'`;

export const hashSources = (hashes: readonly string[]) =>
  ["'self'", ...hashes.map((hash) => `'${hash}'`)].join(" ");

/**
 * Every app response: a fresh nonce in res.locals.cspNonce (getLoadContext hands it to React
 * Router) and its policy, and the headers that never change. (X-Content-Type-Options is set by
 * server.js for every response, static files included.)
 */
export function securityHeaders({
  isProduction,
  https,
  mediaOrigin,
}: SecurityHeadersOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(nonceSources(nonce), isProduction, mediaOrigin),
    );
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Screens that are personal (the admin, sign-out) or hold credentials in their forms or URLs
 * (sign-in, password recovery and reset, the saved-search alerts' and the owner's report's token
 * links): no browser or proxy may store them, whatever a route
 * sets. Applied when the status line is written.
 */
const NO_STORE_PATH = /^\/(admin|sair|login|recuperar-senha|redefinir-senha|alertas|relatorio)(?:[/.]|$)/;

export const noStoreForPrivatePages: RequestHandler = (req, res, next) => {
  if (NO_STORE_PATH.test(req.path)) {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      res.setHeader("Cache-Control", "no-store");
      return writeHead(...args);
    }) as typeof res.writeHead;
  }
  next();
};
