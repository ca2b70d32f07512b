// The application proper, compiled by Vite (server build entry). server.js imports it in
// production and loads it through Vite's SSR loader in development.

import { randomBytes, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import express from "express";
import type { AppLoadContext } from "react-router";
import { createRequestHandler as createFetchRequestHandler } from "react-router";
import { getDataVersion } from "../app/server/cache/data-version.server";
import { hitCountsAsView, ViewCounter } from "../app/server/cache/hit-views.server";
import { isListingPath, PageCache } from "../app/server/cache/page-cache.server";
import { pageCacheMiddleware } from "../app/server/cache/page-cache-middleware.server";
import { loadConfig } from "../app/server/config.server";
import "../app/server/context.server";
import { startBackupEndpoint } from "../app/server/backup/site-endpoint.server";
import { isDatabaseHealthy } from "../app/server/db/client.server";
import { seedOnFirstStart } from "../app/server/demo/seed.server";
import { createReactRouterHandler } from "../app/server/http/fetch-bridge.server";
import { guardWrites, isPhotoUploadPath } from "../app/server/http/request-guards.server";
import { startOutboxWorker } from "../app/server/outbox/worker.server";
import { warmSearchIndex } from "../app/server/properties/search-index-sync.server";
import { closeServices, openServices, type Services } from "../app/server/services.server";

export { loadConfig };

export async function startServices(): Promise<Services> {
  const config = loadConfig();
  const services = await openServices(config);
  try {
    await seedOnFirstStart(services);
  } catch (error) {
    await closeServices(services);
    throw error;
  }
  // Issue 5: send queued notifications (lead e-mails) from this instance too.
  services.outboxWorker = await startOutboxWorker(services);
  // Issue 7: build the search index now, not on the first visitor's search (SQL answers meanwhile).
  warmSearchIndex(services.db).catch((error: unknown) => console.error("Índice de busca:", error));
  // Issue 7: listing views in batches, from the listing loader and from page-cache hits.
  services.viewCounter = new ViewCounter(services.db);
  // Backups while the site runs on the embedded database (app/server/backup/site-endpoint.server.ts).
  services.backupEndpoint = await startBackupEndpoint(services);
  return services;
}

export { closeServices };

/**
 * Several processes (WEB_CONCURRENCY, PostgreSQL only): the primary runs the migrations and the
 * first-start seed once, before any instance starts, so instances never race to do them.
 */
export async function prepareDatabase(): Promise<void> {
  const services = await openServices(loadConfig());
  try {
    await seedOnFirstStart(services);
  } finally {
    await closeServices(services);
  }
}

/**
 * CSP nonces cut from a random block: one randomBytes call per 256 responses instead of one each
 * (it showed in the listing page's profile). Every nonce is 16 fresh bytes, used once.
 */
function createNonceSource(): () => string {
  const NONCE_BYTES = 16;
  let block = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + NONCE_BYTES > block.length) {
      block = randomBytes(NONCE_BYTES * 256);
      offset = 0;
    }
    offset += NONCE_BYTES;
    return block.toString("base64", offset - NONCE_BYTES, offset);
  };
}

/**
 * Security headers for every response; the CSP nonce (fresh per response, also for a cached
 * page: see page-cache-middleware.server.ts) lets React Router's inline scripts run. Everything
 * but the nonce is built once.
 */
function securityHeaders(isProduction: boolean): express.RequestHandler {
  const cspBefore = "default-src 'self'; script-src 'self' 'nonce-";
  const cspAfter = [
    `' 'strict-dynamic'${isProduction ? "" : " 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.tile.openstreetmap.org https://i.ytimg.com",
    "font-src 'self'",
    `connect-src 'self'${isProduction ? "" : " ws: wss:"}`,
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https: ",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
  const nextNonce = createNonceSource();
  return (_req, res, next) => {
    const nonce = nextNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", cspBefore + nonce + cspAfter);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    if (isProduction) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Admin screens, their data requests and sign-out are personal: no browser or proxy may store
 * them, whatever a route sets (applied when the status line is written).
 */
const ADMIN_PATH = /^\/(admin|sair)(?:[/.]|$)/;
const noStoreForAdmin: express.RequestHandler = (req, res, next) => {
  if (ADMIN_PATH.test(req.path)) {
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      res.setHeader("Cache-Control", "no-store");
      return writeHead(...args);
    }) as typeof res.writeHead;
  }
  next();
};

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function createApp(services: Services): Promise<express.Express> {
  const app = express();
  const isProduction = services.config.NODE_ENV === "production";
  app.disable("x-powered-by");
  if (services.config.TRUST_PROXY) app.set("trust proxy", true);

  app.get("/healthz", async (_req, res) => {
    const ok = await isDatabaseHealthy(services.db);
    res
      .status(ok ? 200 : 503)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(ok ? "ok" : "indisponível");
  });

  // Photo variants are content-addressed: a changed photo gets a new URL, so cache forever.
  app.use(
    "/media",
    express.static(resolve(services.config.DATA_DIR, "media"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );

  app.use(securityHeaders(isProduction));
  app.use(noStoreForAdmin);
  app.use(guardWrites({ publicUrl: services.config.publicUrl, ownBodyLimit: isPhotoUploadPath }));

  // Production hands React Router the build itself: given a function, it re-derives its route
  // tables on every request (what development wants, to pick up edits).
  const build = isProduction
    ? await import("virtual:react-router/server-build")
    : () => import("virtual:react-router/server-build");
  const mode = isProduction ? "production" : "development";
  const getLoadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    services,
    cspNonce: String(res.locals.cspNonce ?? ""),
    ip: req.ip ?? req.socket.remoteAddress ?? "",
    requestId: randomUUID(),
  });

  // Public-page HTML cache (issue 7), production only (development wants every edit live;
  // PAGE_CACHE=off turns it off, e.g. to measure rendering in the benchmark). Keyed by URL and
  // the data version every admin write bumps; see app/server/cache/page-cache*.server.ts.
  if (isProduction && process.env.PAGE_CACHE !== "off") {
    const renderPage = createFetchRequestHandler(build, mode);
    const views = services.viewCounter;
    app.use(
      pageCacheMiddleware({
        cache: new PageCache(),
        readVersion: services.dataVersion?.read ?? (() => getDataVersion(services.db)),
        cspNonce: (res) => res.locals.cspNonce as string | undefined,
        sessionCookies: ["sessao", "__Host-sessao"],
        render: (request, req, res) => renderPage(request, getLoadContext(req, res)),
        onHit(req) {
          // The skipped loader would have counted this view.
          if (!views || !isListingPath(req.path) || !hitCountsAsView(req.headers)) return;
          views.add(safeDecode(req.path.split("/")[2] ?? ""));
        },
      }),
    );
  }

  app.use(createReactRouterHandler({ build, mode, getLoadContext }));
  return app;
}
