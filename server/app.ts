// The application proper, compiled by Vite (server build entry). server.js imports it in
// production and loads it through Vite's SSR loader in development.

import { resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createRequestHandler as createFetchRequestHandler } from "react-router";
import { getDataVersion } from "../app/server/cache/data-version.server";
import { hitCountsAsView, ViewCounter } from "../app/server/cache/hit-views.server";
import { isListingPath, PageCache } from "../app/server/cache/page-cache.server";
import { pageCacheMiddleware } from "../app/server/cache/page-cache-middleware.server";
import { loadConfig } from "../app/server/config.server";
import "../app/server/context.server";
import { startAlertSweep } from "../app/server/alerts/digests.server";
import { startBackupEndpoint } from "../app/server/backup/site-endpoint.server";
import { startPendingPhotoPrune } from "../app/server/captacoes/pending-photo-prune.server";
import { isPendingMediaPath } from "../app/server/captacoes/pending-photos.server";
import { loadContextOf, type RequestContext } from "../app/server/context.server";
import { isDatabaseHealthy } from "../app/server/db/client.server";
import { seedOnFirstStart } from "../app/server/demo/seed.server";
import { cleanRequestUrl } from "../app/server/http/clean-input.server";
import { type FormLimitVerdict, limitPublicForms } from "../app/server/http/form-limits.server";
import { checkProxySetup } from "../app/server/http/proxy-check.server";
import {
  guardWrites,
  isCaptacaoFormPath,
  isPhotoUploadPath,
  isSettingsFormPath,
} from "../app/server/http/request-guards.server";
import { noStoreForPrivatePages, securityHeaders } from "../app/server/http/security-headers.server";
import { isLeadApiPath } from "../app/server/leads/intake.server";
import { startLeadSweep } from "../app/server/leads/reassign-sweep.server";
import { logOf } from "../app/server/log/logger.server";
import { type RequestLogFields, requestLog } from "../app/server/log/request-log.server";
import type { S3Storage } from "../app/server/media/s3-storage.server";
import { serveFromBucket } from "../app/server/media/serve-media.server";
import { startOgImagePrune } from "../app/server/og/og-image-prune.server";
import { startOutboxWorker } from "../app/server/outbox/worker.server";
import { startPriceDropSweep } from "../app/server/properties/price-drop-sweep.server";
import { startIcalSweep } from "../app/server/rentals/ical-sync.server";
import { warmSearchIndex } from "../app/server/search/search-index-sync.server";
import { closeServices, openServices, type Services } from "../app/server/services.server";

export { createLogger, tellOperator } from "../app/server/log/logger.server";
export { loadConfig };

export async function startServices(): Promise<Services> {
  const config = loadConfig();
  const services = await openServices(config);
  try {
    // The demo catalogue's photos are made after the site starts answering (a first start).
    await seedOnFirstStart(services, { photos: "background" });
  } catch (error) {
    await closeServices(services);
    throw error;
  }
  // Send queued notifications (lead e-mails) from this instance too (app/server/outbox/).
  services.outboxWorker = await startOutboxWorker(services);
  // Leads unanswered past the limit move on; unassigned ones find an agent (app/server/leads/reassign.server.ts).
  services.leadSweep = startLeadSweep(services);
  // Saved searches' alert e-mails: new matches and price drops (app/server/alerts/digests.server.ts).
  services.alertSweep = startAlertSweep(services);
  // Imported temporada calendars block their nights (app/server/rentals/ical-sync.server.ts).
  services.icalSweep = startIcalSweep(services);
  // "Baixou 8%" badges go when their 30 days are over (app/server/properties/price-drop-sweep.server.ts).
  services.priceDropSweep = startPriceDropSweep(services);
  // Share images no listing shows any more (app/server/og/og-image-prune.server.ts).
  services.ogImagePrune = startOgImagePrune(services);
  // Owners' pending photos no captação holds (app/server/captacoes/pending-photo-prune.server.ts).
  services.pendingPhotoPrune = startPendingPhotoPrune(services);
  // Listing views in batches, from the listing loader and from page-cache hits.
  services.viewCounter = new ViewCounter(services.db, undefined, logOf(services));
  // Backups while the site runs on the embedded database (app/server/backup/site-endpoint.server.ts),
  // set up beside the start rather than before it: its file operations (mkdir, chmod, rm) wait on
  // the disk, 0.37 s after a restart at 100 000 listings while the last process's writes were
  // still being flushed (docs/benchmarks.md §2b).
  const backupEndpoint = startBackupEndpoint(services);
  services.backupEndpoint = { close: async () => (await backupEndpoint)?.close() };
  return services;
}

export { closeServices };

/**
 * Builds the search index in the background, in small steps, once the server listens (server.js):
 * its first queries then never delay the start, and searches answer from SQL until it is built
 * (app/server/search/search-index-sync.server.ts).
 */
export function startSearchIndex(services: Services): void {
  warmSearchIndex(services.db).then(
    (built) => logOf(services).debug(built, "Índice de busca montado"),
    (error: unknown) => logOf(services).error({ err: error }, "Índice de busca: falha ao montar"),
  );
}

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

  // A request id and one log line per request (log/request-log.server.ts).
  app.use(requestLog(logOf(services), { trustProxy: services.config.TRUST_PROXY }));

  // Malformed percent-encoding: 400; encoded control characters: dropped (clean-input.server.ts).
  app.use(cleanRequestUrl);

  // A stopping server (server.js) closes each connection after the answer it is giving.
  app.use((_req, res, next) => {
    if (services.draining) res.set("Connection", "close");
    next();
  });

  app.get("/healthz", async (_req, res) => {
    res.type("text/plain").set("Cache-Control", "no-store");
    // A stopping server finishes what it has but takes nothing new (server.js).
    if (services.draining) return void res.status(503).send("encerrando");
    const ok = await isDatabaseHealthy(services.db);
    res.status(ok ? 200 : 503).send(ok ? "ok" : "indisponível");
  });

  // Photo variants are content-addressed: a changed photo gets a new URL, so cache forever.
  // The photos of captações waiting for an agent share the folder but are never served
  // (app/server/captacoes/pending-photos.server.ts): the admin sees them through its own route.
  app.use(
    "/media",
    (req: express.Request, res: express.Response, next: express.NextFunction) => {
      if (!isPendingMediaPath(req.path)) return next();
      res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Arquivo não encontrado.");
    },
    // Photos in a bucket: streamed from it, same URLs and headers (media/serve-media.server.ts),
    // also when MEDIA_PUBLIC_URL sends browsers elsewhere (e-mails already sent name /media).
    // openStorage chose the bucket by S3_BUCKET (media/open-storage.server.ts).
    services.config.S3_BUCKET
      ? serveFromBucket(services.storage as S3Storage, logOf(services))
      : express.static(resolve(services.config.DATA_DIR, "media"), {
          immutable: true,
          maxAge: "1y",
          index: false,
        }),
    (_req: express.Request, res: express.Response) => {
      res.status(404).type("text/plain").set("Cache-Control", "no-store").send("Arquivo não encontrado.");
    },
  );

  // Photos on a CDN or a bucket (MEDIA_PUBLIC_URL): the pages' images come from there.
  const mediaOrigin = services.config.MEDIA_PUBLIC_URL
    ? new URL(services.config.MEDIA_PUBLIC_URL).origin
    : undefined;
  app.use(
    securityHeaders({ isProduction, https: services.config.publicUrl.startsWith("https:"), mediaOrigin }),
  );
  app.use(noStoreForPrivatePages);
  // Behind a reverse proxy without TRUST_PROXY: say what to set, instead of failing every form.
  app.use(
    checkProxySetup({
      trustProxy: services.config.TRUST_PROXY,
      publicUrl: services.config.publicUrl,
      warn: (message) => logOf(services).warn(message),
    }),
  );
  // The photo upload, the lead endpoints, "Anuncie seu imóvel" (with its photos) and Configurações
  // (with the logo and the home page's photo) count their own body bytes.
  app.use(
    guardWrites({
      publicUrl: services.config.publicUrl,
      ownBodyLimit: (path) =>
        isPhotoUploadPath(path) ||
        isLeadApiPath(path) ||
        isCaptacaoFormPath(path) ||
        isSettingsFormPath(path),
    }),
  );
  // Per-IP limits of the public forms, before anything renders (form-limits.server.ts).
  app.use(limitPublicForms(services.db));

  // Production hands React Router the build itself: given a function, it re-derives its route
  // tables on every request (what development wants, to pick up edits).
  const build = isProduction
    ? await import("virtual:react-router/server-build")
    : () => import("virtual:react-router/server-build");
  const mode = isProduction ? "production" : "development";
  const requestValues = (req: express.Request, res: express.Response): RequestContext => ({
    services,
    cspNonce: String(res.locals.cspNonce ?? ""),
    ip: req.ip ?? req.socket.remoteAddress ?? "",
    requestId: String(res.locals.requestId),
    requestLog: res.locals.requestLog as RequestLogFields | undefined,
    formLimit: res.locals.formLimit as FormLimitVerdict | undefined,
  });
  const getLoadContext = (req: express.Request, res: express.Response) =>
    loadContextOf(requestValues(req, res));

  // Public-page HTML cache, production only (development wants every edit live; PAGE_CACHE=off
  // turns it off, e.g. to measure rendering in the benchmark). Keyed by URL and the data version
  // every admin write bumps; see app/server/cache/page-cache*.server.ts.
  if (isProduction && process.env.PAGE_CACHE !== "off") {
    const renderPage = createFetchRequestHandler(build, mode);
    const views = services.viewCounter;
    app.use(
      pageCacheMiddleware({
        cache: new PageCache(),
        readVersion: services.dataVersion?.read ?? (() => getDataVersion(services.db)),
        sessionCookies: ["sessao", "__Host-sessao"],
        mediaOrigin,
        // No nonce: a stored page's scripts are allowed by their hashes.
        render: (request, req, res) =>
          renderPage(request, loadContextOf({ ...requestValues(req, res), cspNonce: "" })),
        onHit(req) {
          // The skipped loader would have counted this view.
          if (!views || !isListingPath(req.path) || !hitCountsAsView(req)) return;
          views.add(safeDecode(req.path.split("/")[2] ?? ""));
        },
        isProduction,
      }),
    );
  }

  app.use(createRequestHandler({ build, mode, getLoadContext }));
  return app;
}
