// Entry point. Development: Vite in middleware mode (HMR). Production: the built app, with
// hashed assets cached for a year. Also owns process lifecycle: a clean shutdown on
// SIGTERM/SIGINT checkpoints the embedded database before exiting, and, with WEB_CONCURRENCY > 1
// on PostgreSQL, several app processes sharing the port (node:cluster). Events go to the app's
// log (pino: app/server/log/logger.server.ts); the lines an operator reads at start (the address,
// a start that fails) are plain text (tellOperator).
import cluster from "node:cluster";
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** How long at most a stopping server keeps accepting the connections already on their way… */
const LISTEN_GRACE_MS = 2000;
/** …it stops once this long has passed without a new one (server.js shutdown, bench/drain.ts). */
const LISTEN_QUIET_MS = 250;

const importBuild = () => import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);

/**
 * The build's brotli/gzip copies of the browser's files (scripts/precompress-assets.ts) for
 * a browser that accepts them: the compression middleware otherwise brotli-compressed each
 * request again (11 ms of CPU for the framework chunk). The folder is flat and fixed per build,
 * so what exists is listed once, not looked up on disk per request.
 */
function precompressedAssets(dir) {
  const root = resolve(dir);
  const files = new Set(existsSync(root) ? readdirSync(root) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    // Built names are plain ASCII: no decoding (a malformed %-escape is express.static's to refuse).
    const name = req.path.slice(1);
    if (!files.has(name)) return next();
    // Brotli whenever accepted (browsers list gzip first; the server's preference decides).
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
    const suffix = encoding === "br" ? ".br" : ".gz";
    if (!encoding || !files.has(name + suffix)) return next();
    res.vary("Accept-Encoding");
    res.type(name); // before sendFile, which would type the file by its .br/.gz name
    res.setHeader("Content-Encoding", encoding);
    res.sendFile(name + suffix, { root, immutable: true, maxAge: "1y" }, (error) => {
      // A browser that stopped waiting (it navigated away) is not a server error to log.
      if (error && error.code !== "ECONNABORTED" && !res.headersSent) next(error);
    });
  };
}

async function main() {
  const app = express();
  app.disable("x-powered-by");
  // Every response, static files included: browsers must not guess a type we did not send.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  // Pages rendered per request (signed-in agents, the first view after a write) are compressed
  // on the fly. Brotli's default 4 MiB window was set up afresh for each response, which cost
  // more than the compressing: a 256 KiB window holds any of our pages and took 1.6 ms of CPU
  // off each; quality 5 makes them ~7 % smaller than the default 4 for about the same time.
  app.use(
    compression({
      brotli: {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 },
      },
    }),
  );

  let appModule;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteDevServer.middlewares);
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  } else {
    app.use("/assets", precompressedAssets(`${BUILD_DIR}/client/assets`));
    app.use(
      "/assets",
      express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    // Files in public/ all have an extension: pages (/, /casas/…) skip the disk lookup (a stat
    // per request, the largest cost of serving a cached page after the bytes themselves).
    const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
    appModule = await importBuild();
  }

  let services;
  try {
    services = await appModule.startServices();
  } catch (error) {
    appModule.tellOperator(error instanceof Error ? error.message : String(error), "stderr");
    process.exit(1);
  }
  app.use(await appModule.createApp(services));
  const log = services.log;

  const { PORT, HOST } = services.config;
  const server = app.listen(PORT, HOST, () => {
    appModule.tellOperator(
      `Imóveis em Alagoas no ar em ${services.config.publicUrl} (banco: ${services.database.engine})`,
    );
    // Searches answer from SQL until the index is built (server/app.ts).
    appModule.startSearchIndex(services);
  });
  // An idle keep-alive connection stays open longer than a client or proxy keeps one to reuse
  // (nginx's upstream keepalive_timeout, 30 s in deploy/nginx.conf): with Node's 5 s, a request
  // sent on a connection the server was just closing met a reset, and a POST is not retried (a
  // browser test's second POST a few seconds after its first, tests/e2e/leads.spec.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // A clean stop (SIGTERM from systemd or a deploy, Ctrl-C): /healthz answers 503 so a proxy stops
  // sending requests, requests in flight finish (a lead being sent, a photo uploading) for up to
  // SHUTDOWN_TIMEOUT_SECONDS, then the database is checkpointed and closed.
  // The listener is not closed at once: a busy or starved process leaves connections the kernel has
  // already completed in its backlog, and closing the listener resets them (a loaded 2-core machine
  // lost up to 95 of 100 such requests, bench/drain.ts). It closes once LISTEN_QUIET_MS pass with no
  // new connection (at most LISTEN_GRACE_MS after the signal).
  const inFlight = new Set();
  let accepted = 0;
  server.on("connection", () => accepted++);
  server.on("request", (_request, response) => {
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });
  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    services.draining = true;
    log.info(`${signal} recebido: terminando as requisições em andamento e encerrando…`);
    let idle;
    const drained = new Promise((resolve) => {
      const deadline = Date.now() + LISTEN_GRACE_MS;
      let seen = -1;
      const closeWhenQuiet = () => {
        if (accepted !== seen && Date.now() < deadline) {
          seen = accepted;
          return void setTimeout(closeWhenQuiet, LISTEN_QUIET_MS);
        }
        server.close(resolve);
        setImmediate(() => {
          server.closeIdleConnections();
          idle = setInterval(() => server.closeIdleConnections(), 100);
        });
      };
      closeWhenQuiet();
    });
    // Answers still being prepared close their connection once sent (new ones too: server/app.ts),
    // so a client does not send its next request on a connection about to be closed; connections
    // between two requests are closed as soon as they are idle.
    for (const response of inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    const timeout = new Promise((resolve) =>
      setTimeout(resolve, services.config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref(),
    );
    await Promise.race([drained, timeout]);
    clearInterval(idle);
    server.closeAllConnections();
    try {
      await appModule.closeServices(services);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, "Falha ao encerrar o banco de dados");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The primary of several app processes: one Node process renders on one core, so a server with
 * more cores runs several (WEB_CONCURRENCY; PostgreSQL only, config.server.ts). Everything they
 * share lives in the database: sessions, rate limits, the data version and live events (NOTIFY),
 * the outbox (SKIP LOCKED). The primary serves nothing itself: it prepares the database once,
 * starts the processes, replaces one that dies, and stops them all on SIGTERM/SIGINT.
 */
async function runPrimary(appModule, config) {
  const instances = config.instances;
  const log = appModule.createLogger(config);
  try {
    await appModule.prepareDatabase();
  } catch (error) {
    appModule.tellOperator(error instanceof Error ? error.message : String(error), "stderr");
    process.exit(1);
  }
  const live = new Set();
  let stopping = false;
  let quickExits = 0;
  let exitCode = 0;

  const stop = (reason) => {
    if (stopping) return;
    stopping = true;
    log.info(`${reason}: encerrando os ${live.size} processos do site…`);
    if (live.size === 0) process.exit(exitCode);
    for (const worker of live) worker.process.kill("SIGTERM");
    // Each process drains its requests first (SHUTDOWN_TIMEOUT_SECONDS), then closes the database.
    setTimeout(
      () => {
        for (const worker of live) worker.process.kill("SIGKILL");
        process.exit(1);
      },
      (config.SHUTDOWN_TIMEOUT_SECONDS + 10) * 1000,
    ).unref();
  };

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    const startedAt = Date.now();
    live.add(worker);
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(exitCode);
        return;
      }
      // A process that dies right after starting will do it again (a port in use, a bad build):
      // after five in a row, give up instead of restarting forever.
      quickExits = Date.now() - startedAt < 10_000 ? quickExits + 1 : 0;
      if (quickExits >= 5) {
        exitCode = 1;
        stop("Os processos do site saem logo depois de iniciar (veja as mensagens acima)");
        return;
      }
      log.error(`O processo ${worker.process.pid} saiu (${signal ?? `código ${code}`}); iniciando outro.`);
      setTimeout(fork, quickExits > 0 ? 1000 : 0);
    });
  };

  for (let i = 0; i < instances; i++) fork();
  appModule.tellOperator(
    `${instances} processos do site (WEB_CONCURRENCY); processo principal ${process.pid}.`,
  );
  process.on("SIGTERM", () => stop("SIGTERM recebido"));
  process.on("SIGINT", () => stop("SIGINT recebido"));
}

async function start() {
  if (!DEVELOPMENT && cluster.isPrimary) {
    const appModule = await importBuild();
    let config;
    try {
      config = appModule.loadConfig();
    } catch (error) {
      appModule.tellOperator(error instanceof Error ? error.message : String(error), "stderr");
      process.exit(1);
    }
    if (config.instances > 1) return runPrimary(appModule, config);
  }
  return main();
}

start();
