// Entry point. Development: Vite in middleware mode (HMR). Production: the built app, with
// hashed assets cached for a year. Also owns process lifecycle: a clean shutdown on
// SIGTERM/SIGINT checkpoints the embedded database before exiting.
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

async function main() {
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());

  let appModule;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteDevServer.middlewares);
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  } else {
    app.use(
      "/assets",
      express.static(`${BUILD_DIR}/client/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    // Files in public/ all have an extension: pages (/, /casas/…) skip the disk lookup (a stat
    // per request, the largest cost of serving a cached page after the bytes themselves).
    const publicFiles = express.static(`${BUILD_DIR}/client`, { maxAge: "1h", index: false });
    app.use((req, res, next) => (/\.[^/]*$/.test(req.path) ? publicFiles(req, res, next) : next()));
    appModule = await import(new URL(`${BUILD_DIR}/server/index.js`, `file://${process.cwd()}/`).href);
  }

  let services;
  try {
    services = await appModule.startServices();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  app.use(await appModule.createApp(services));

  const { PORT, HOST } = services.config;
  const server = app.listen(PORT, HOST, () => {
    console.log(
      `Imóveis em Alagoas no ar em ${services.config.publicUrl} (banco: ${services.database.engine})`,
    );
  });

  let stopping = false;
  const shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} recebido: encerrando…`);
    server.close();
    server.closeIdleConnections?.();
    setTimeout(() => server.closeAllConnections?.(), 5000).unref();
    try {
      await appModule.closeServices(services);
      process.exit(0);
    } catch (error) {
      console.error("Falha ao encerrar o banco de dados:", error);
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main();
