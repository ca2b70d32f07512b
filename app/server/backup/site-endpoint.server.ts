// The embedded database belongs to the one process holding the data-folder lock (decision 002),
// so while the site runs, `npm run backup` cannot open it: it asks the site instead. The site
// listens on a Unix socket inside DATA_DIR/run (a folder only its own user may enter, so only
// that user, or root, can connect: the same people who can read DATA_DIR anyway), copies the
// database into a folder beside it from one snapshot and answers with the description.
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import { join, resolve } from "node:path";
import type { Database } from "../db/client.server";
import { type DatabaseDump, databaseDumpSchema, dumpDatabase } from "./database-copy.server";

/** Unix socket paths hold at most 107 bytes on Linux (103 on macOS). */
const MAX_SOCKET_PATH = 100;

export const runDir = (dataDir: string) => join(resolve(dataDir), "run");
export const backupSocketPath = (dataDir: string) => join(runDir(dataDir), "backup.sock");

export interface SiteEndpoint {
  close(): Promise<void>;
}

/**
 * Called once at boot (server/app.ts). Only the embedded database needs it: on PostgreSQL the
 * backup connects to the server itself. A failure here costs the running-site backup, never
 * the site: it is reported and the site starts anyway.
 */
export async function startBackupEndpoint(services: {
  database: Database;
  config: { DATA_DIR: string };
}): Promise<SiteEndpoint | undefined> {
  if (services.database.engine !== "pglite") return undefined;
  const socketPath = backupSocketPath(services.config.DATA_DIR);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    console.error(
      `Backup com o site no ar indisponível: o caminho ${socketPath} é longo demais para um socket local. Use um DATA_DIR mais curto, ou pare o site para fazer o backup.`,
    );
    return undefined;
  }
  try {
    const dir = runDir(services.config.DATA_DIR);
    await mkdir(dir, { recursive: true });
    await chmod(dir, 0o700);
    // This process holds the data-folder lock: a socket left here is a dead process's.
    await rm(socketPath, { force: true });
    const server = createServer((req, res) => {
      if (req.method !== "POST" || req.url !== "/dump") {
        res.writeHead(404).end();
        return;
      }
      req.resume();
      answerDump(services.database, dir).then(
        (body) => res.writeHead(200, { "content-type": "application/json" }).end(body),
        (error: unknown) =>
          res
            .writeHead(500, { "content-type": "text/plain; charset=utf-8" })
            .end(error instanceof Error ? error.message : String(error)),
      );
    });
    await listen(server, socketPath);
    return {
      async close() {
        await new Promise<void>((done) => server.close(() => done()));
        await rm(socketPath, { force: true });
      },
    };
  } catch (error) {
    console.error("Backup com o site no ar indisponível:", error instanceof Error ? error.message : error);
    return undefined;
  }
}

async function answerDump(database: Database, parent: string): Promise<string> {
  const dir = await mkdtemp(join(parent, "dump-"));
  try {
    const dump = await dumpDatabase(database, dir);
    return JSON.stringify({ dir, dump });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(path, () => {
      server.off("error", fail);
      done();
    });
  });
}

export class SiteUnreachableError extends Error {}

/**
 * Asks the running site for a copy of its database; the files are in the returned folder (inside
 * DATA_DIR/run), which the caller removes when done.
 */
export function requestDumpFromSite(dataDir: string): Promise<{ dir: string; dump: DatabaseDump }> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((done, fail) => {
    const req = request({ socketPath, path: "/dump", method: "POST", agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", fail);
      res.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) {
          fail(new Error(`O site não conseguiu copiar o banco de dados: ${body}`));
          return;
        }
        try {
          const parsed = JSON.parse(body) as { dir?: unknown; dump?: unknown };
          const dir = String(parsed.dir);
          if (!dir.startsWith(runDir(dataDir))) throw new Error(`pasta inesperada: ${dir}`);
          done({ dir, dump: databaseDumpSchema.parse(parsed.dump) });
        } catch (error) {
          fail(new Error(`Resposta inválida do site: ${error instanceof Error ? error.message : error}`));
        }
      });
    });
    // A copy takes seconds even for a large catalogue (decision 025); a site that never answers is stuck.
    req.setTimeout(10 * 60_000, () =>
      req.destroy(new SiteUnreachableError("O site não respondeu ao pedido de backup em 10 minutos.")),
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof SiteUnreachableError) {
        fail(error);
        return;
      }
      const reason =
        error.code === "EACCES"
          ? "sem permissão para falar com ele: rode o backup com o mesmo usuário do site"
          : "ele não atende pedidos de backup (uma versão anterior do site, ou outro comando usando a pasta)";
      fail(
        new SiteUnreachableError(
          `O banco embutido em ${resolve(dataDir)} está em uso por outro processo, e ${reason}. Reinicie o site com esta versão, ou pare-o e rode o backup de novo.`,
        ),
      );
    });
    req.end();
  });
}
