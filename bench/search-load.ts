// Step "search-load": searches over HTTP as real traffic makes them, every request a URL never
// asked before (the price bound or the keyword changes each time), so neither the result-page
// memo nor the page cache answers: each one is a whole search (index scan, rows, covers, render).
// At each catalogue size and engine, on one production server (page cache off): the uncached
// listing page, the baseline read against, then a filtered and a keyword search, in rounds taken
// in turn (the median round counts); req/s and the ratio to the listing page of the same server
// (target ≥ 0.5× at 100 000). Also the server's start on that catalogue: from the spawn to
// listening (/healthz), to the first search answered (from SQL while the index builds) and to the
// index built (targets at 100 000: ≤ 3 s and ≤ 4 s).
import { type ChildProcess, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { parseSearchFilters } from "../app/lib/search-filters";
import { searchHref } from "../app/lib/search-params";
import { loadConfig } from "../app/server/config.server";
import { properties } from "../app/server/db/schema.server";
import { seedBulk } from "../app/server/demo/bulk-seed.server";
import { closeServices, openServices } from "../app/server/services.server";
import { withServerPinned } from "./affinity";
import { cpuMsPerRequest, type LoadResult, load, warmUp } from "./http";
import { productionRuntime, serverEnv } from "./server";
import { progress, round } from "./util";

export interface SearchLoadRow {
  engine: string;
  size: number;
  result: LoadResult;
  /** req/s over the uncached listing page's on the same server, same rounds. */
  ratio: number;
}

export interface SearchBootRow {
  engine: string;
  size: number;
  listenMs: number;
  firstSearchMs: number;
  /** Until the server logged the index built (searches then leave SQL). */
  indexMs: number;
}

const KEYWORDS = [
  "piscina",
  "vista mar",
  "varanda gourmet",
  "Ponta Verde",
  "Pajuçara",
  "cobertura",
  "mobiliado",
  "frente mar",
  "condomínio fechado",
  "Jatiúca",
  "apartamento",
  "casa de praia",
];

/** Canonical URLs only (a non-canonical one is a redirect, not a search). */
const href = (query: string) => searchHref("/todos-os-imoveis", parseSearchFilters(query));

/** A filtered search whose price bounds move by one real at every request. */
export function filteredSearches(): () => string {
  let i = 0;
  return () => {
    i++;
    const min = 150_000 + i;
    return href(`finalidade=venda&cidade=Maceió&precoMin=${min}&precoMax=${min + 900_000}&quartos=2`);
  };
}

/** A keyword search (the words in turn), its price ceiling moving by one real at every request. */
export function keywordSearches(): () => string {
  let i = 0;
  return () => {
    i++;
    const q = KEYWORDS[i % KEYWORDS.length]!;
    return href(`q=${encodeURIComponent(q)}&precoMax=${5_000_000 + i}`);
  };
}

interface TimedServer {
  url: string;
  pid: number;
  boot: Omit<SearchBootRow, "engine" | "size">;
  stop(): Promise<void>;
}

/** `node server.js` timed: to /healthz answering, to a first search, to the index built (its log line). */
async function startTimed(options: {
  port: number;
  buildDir: string;
  dataDir: string;
  env: Record<string, string>;
}): Promise<TimedServer> {
  const url = `http://127.0.0.1:${options.port}`;
  const runtime = productionRuntime();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [...runtime.nodeOptions, "server.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    // debug: the line "Índice de busca montado" (server/app.ts) says when the index is ready.
    env: serverEnv({ ...options, env: { LOG_LEVEL: "debug", ...options.env } }),
  });
  let output = "";
  let indexMs = Number.NaN;
  const indexBuilt = new Promise<void>((resolve) => {
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      if (Number.isNaN(indexMs) && output.includes("Índice de busca montado")) {
        indexMs = performance.now() - started;
        resolve();
      }
      if (output.length > 1_000_000) output = output.slice(-100_000);
    });
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await Promise.race([
      new Promise((r) => child.once("exit", r)),
      new Promise((r) => setTimeout(r, 15_000)),
    ]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`o servidor saiu (código ${child.exitCode}):\n${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`o servidor não respondeu em 180 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const listenMs = performance.now() - started;
    const first = await fetch(`${url}${filteredSearches()()}`);
    await first.arrayBuffer();
    if (first.status !== 200) throw new Error(`primeira busca: HTTP ${first.status}`);
    const firstSearchMs = performance.now() - started;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      indexBuilt,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`o índice não ficou pronto em 10 min:\n${output}`)),
          600_000,
        );
      }),
    ]).finally(() => clearTimeout(timer)); // a pending timer would keep the benchmark from exiting
    return { url, pid: child.pid!, boot: { listenMs, firstSearchMs, indexMs }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function firstListingPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/todos-os-imoveis`)).text();
  const match = html.match(/href="(\/casas\/[^"?#/]+)"/);
  if (!match?.[1]) throw new Error("nenhum imóvel encontrado em /todos-os-imoveis");
  return match[1];
}

/**
 * Seeds one engine up to each size in turn (cumulatively, in this process), and at each size
 * starts the production server on it and loads it.
 */
export async function benchSearchLoad(options: {
  sizes: number[];
  port: number;
  buildDir: string;
  dataDir: string;
  databaseUrl?: string;
  durationSeconds: number;
  rounds: number;
  connections: number;
  warmupRequests: number;
  onResult?: (load: SearchLoadRow[], boot: SearchBootRow) => void;
}): Promise<{ load: SearchLoadRow[]; boot: SearchBootRow[] }> {
  const engine = options.databaseUrl ? "PostgreSQL" : "PGlite";
  if (!options.databaseUrl) await rm(options.dataDir, { recursive: true, force: true });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? "",
    SEED_DEMO: "false",
  });
  const loadRows: SearchLoadRow[] = [];
  const bootRows: SearchBootRow[] = [];
  let seeded = 0;
  try {
    for (const size of [...options.sizes].sort((a, b) => a - b)) {
      // The bench process seeds, then lets go of the database (PGlite: one process at a time).
      const services = await openServices(config);
      try {
        if (options.databaseUrl && seeded === 0) {
          // Start from an empty catalogue on the benchmark database (never a production one).
          await services.db.execute(sql`truncate ${properties} restart identity cascade`);
        }
        progress(`busca HTTP (${engine}): semeando ${size.toLocaleString("pt-BR")} imóveis…`);
        while (seeded < size) {
          const batch = Math.min(100_000, size - seeded);
          await seedBulk(services, batch);
          seeded += batch;
        }
        await services.db.execute(sql`analyze`);
      } finally {
        await closeServices(services);
      }
      progress(
        `busca HTTP (${engine}, ${size.toLocaleString("pt-BR")}): servidor (cache de páginas desligado)…`,
      );
      const server = await startTimed({
        port: options.port,
        buildDir: options.buildDir,
        dataDir: options.dataDir,
        env: { PAGE_CACHE: "off", SEED_DEMO: "false", DATABASE_URL: options.databaseUrl ?? "" },
      });
      const boot = { engine, size, ...server.boot };
      bootRows.push(boot);
      progress(
        `  escutando em ${round(boot.listenMs / 1000, 2)} s, 1ª busca em ${round(boot.firstSearchMs / 1000, 2)} s, índice pronto em ${round(boot.indexMs / 1000, 1)} s`,
      );
      try {
        const listing = await firstListingPath(server.url);
        const pages: { label: string; path: string; nextPath?: () => string }[] = [
          { label: `imóvel ${listing} (sem cache)`, path: listing },
          { label: "busca filtrada, URL nova a cada requisição", path: "/", nextPath: filteredSearches() },
          {
            label: "busca por palavra-chave, URL nova a cada requisição",
            path: "/",
            nextPath: keywordSearches(),
          },
        ];
        const results = await withServerPinned(server.pid, () => loadInTurns(server, pages, options));
        const base = results[0]!.requestsPerSecond;
        const rows = results.map((result) => ({
          engine,
          size,
          result,
          ratio: result.requestsPerSecond / base,
        }));
        loadRows.push(...rows);
        options.onResult?.(rows, boot);
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (!options.databaseUrl) await rm(options.dataDir, { recursive: true, force: true });
  }
  return { load: loadRows, boot: bootRows };
}

/** Warm-up per page, then `rounds` rounds taken in turn; the median round of each page. */
async function loadInTurns(
  server: TimedServer,
  pages: { label: string; path: string; nextPath?: () => string }[],
  options: { durationSeconds: number; rounds: number; connections: number; warmupRequests: number },
): Promise<LoadResult[]> {
  for (const page of pages) {
    progress(`  aquecimento: ${page.label} (${options.warmupRequests} requisições)…`);
    await warmUp(server.url, page.path, {
      requests: options.warmupRequests,
      connections: options.connections,
      nextPath: page.nextPath,
    });
  }
  const seconds = options.durationSeconds / options.rounds;
  const runs: LoadResult[][] = pages.map(() => []);
  for (let turn = 1; turn <= options.rounds; turn++) {
    for (const [i, page] of pages.entries()) {
      const result = await load({
        label: page.label,
        path: page.path,
        nextPath: page.nextPath,
        baseUrl: server.url,
        pid: server.pid,
        connections: options.connections,
        durationSeconds: seconds,
      });
      progress(
        `  ${page.label}: ${round(result.requestsPerSecond, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, erros ${result.errors + result.non2xx}, CPU ${round(cpuMsPerRequest(result), 2)} ms/req`,
      );
      runs[i]!.push(result);
    }
  }
  return runs.map((pageRuns) => {
    const sorted = [...pageRuns].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
    return {
      ...median,
      errors: pageRuns.reduce((sum, r) => sum + r.errors, 0),
      non2xx: pageRuns.reduce((sum, r) => sum + r.non2xx, 0),
      requests: pageRuns.reduce((sum, r) => sum + r.requests, 0),
      cpuMs: pageRuns.reduce((sum, r) => sum + r.cpuMs, 0),
    };
  });
}
