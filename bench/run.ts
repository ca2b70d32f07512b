// `npm run bench`: builds, starts the production server on a fresh seeded data folder, measures
// (HTTP load against a static-file baseline, search latency by catalogue size, Lighthouse
// mobile, the image pipeline, memory) and writes the table to docs/benchmarks.md.
//
// Knobs (environment): BENCH_SIZES=1000,10000,100000  BENCH_DURATION=9 (s of HTTP load per page,
// in BENCH_ROUNDS=3 runs taken in turn with the other pages of the same server; the median run is
// reported: one slow stretch of a noisy machine then moves one run, not the figure)
// BENCH_CONNECTIONS=10  BENCH_WARMUP=2000 (requests per page and app process before measuring)
// BENCH_ITERATIONS=30 (per search)  BENCH_PORT=3400
// BENCH_SKIP=lighthouse,search,…  BENCH_DATABASE_URL=postgres://… (a throwaway database: it is
// emptied; the HTTP step then also loads the uncached listing page on PostgreSQL with one app
// process and one per core, and the search step also runs on PostgreSQL). BENCH_LIGHTHOUSE_RUNS=3 (the median run
// of each page is reported). BENCH_LIGHTHOUSE_DIR=/tmp/lh keeps each page's full Lighthouse report
// (JSON) there, to read its audits.
//
// BENCH_BASELINE=<git ref> first measures this build against that commit's, side by side
// (bench/baseline.ts: the uncached pages' req/s and CPU, and Lighthouse unless
// BENCH_BASELINE_LIGHTHOUSE=off; with BENCH_LIGHTHOUSE_DIR, both sides' reports in base/ and
// atual/); `--only baseline` runs just that. BENCH_START_TIMEOUT=180 (s a server may take to answer:
// a first start makes the demo photos, slowly on a busy machine). bench/cpu-profile.ts reads a
// `node --cpu-prof` profile of the server.
//
// Arguments: `--only http` (or http,lighthouse,image,search,search-load,search-dates,flood,drain,lead-intake,instances,start,build) runs only those steps
// and, unless `--out <file>` is given, prints the table instead of overwriting docs/benchmarks.md
// (a partial table would drop the other sections). `--only start` times the build, a first start
// on a fresh data folder and a restart (bench/start.ts). `--only instances` loads the uncached
// listing through nginx with one and two app instances on BENCH_DATABASE_URL, and times a 12 MP
// photo's upload into the data folder and into an S3 server (bench/instances.ts).
// `--only search-dates` times the search by dates in process at BENCH_DATES_SIZE (default 2 000;
// 10 000 for decision 040's target, ~5 min more of seeding) temporada listings with a year of taken nights each (bench/search-dates.ts; on PostgreSQL too
// with BENCH_DATABASE_URL).
import { execSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import postgres from "postgres";
import { canPin, withServerPinned } from "./affinity";
import { type BaselineReport, compareWithBaseline, renderBaseline } from "./baseline";
import { benchDrain, type DrainResult } from "./drain";
import { benchFlood, type FloodResult } from "./flood";
import { cpuMsPerRequest, type LoadResult, load, warmUp } from "./http";
import { benchImage, type ImageResult } from "./images";
import { benchInstances, type InstancesResult } from "./instances";
import { type JsWeight, measureJsWeight } from "./js-weight";
import { benchLeadIntake, LEAD_INTAKE_SECRET, type LeadIntakeRow } from "./lead-intake";
import { type LighthouseResult, multiplierFor, runLighthouse } from "./lighthouse";
import { describeMachine } from "./machine";
import { benchSearch, type ExplainResult, type SearchResultRow, searchLatencyTable } from "./search";
import { benchSearchDates, type SearchDatesResult } from "./search-dates";
import { benchSearchLoad, type SearchBootRow, type SearchLoadRow } from "./search-load";
import { type BenchServer, seedFirst, startServer } from "./server";
import { benchStart, type StartResult } from "./start";
import { kib, mib, percentile, progress, round, rssOf, table } from "./util";

const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? "build-bench";
const DATA_DIR = process.env.BENCH_DATA_DIR ?? "data-bench";
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const DURATION = Number(process.env.BENCH_DURATION ?? 9);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Requests per page and app process before its measured rounds (http.ts, warmUp). */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP ?? 2000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
/**
 * Temporada listings of the search-by-dates step (bench/search-dates.ts). Seeding 10 000 of them
 * with a year of taken nights each (1.3 M rows) takes about 5 minutes on PGlite on 2 cores, so
 * the default run seeds 2 000; decision 040's target is read at BENCH_DATES_SIZE=10000.
 */
const DATES_SIZE = Number(process.env.BENCH_DATES_SIZE ?? 2_000);
const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const STEPS = [
  "build",
  "start",
  "http",
  "lighthouse",
  "image",
  "search",
  "search-load",
  "search-dates",
  "flood",
  "drain",
  "lead-intake",
  "instances",
  "baseline",
];
/** Requests in flight when the drain step sends SIGTERM. */
const DRAIN_REQUESTS = Number(process.env.BENCH_DRAIN_REQUESTS ?? 100);
/** Distinct leads the lead-intake step sends (bench/lead-intake.ts). */
const LEAD_INTAKE_COUNT = Number(process.env.BENCH_LEADS ?? 1000);
/** The CPU benchmark index of the slower phone Lighthouse also simulates (meta: TBT ≤ 200 ms there). */
const SLOW_PHONE_INDEX = Number(process.env.BENCH_SLOW_PHONE_INDEX ?? 1700);
/** A commit to measure this build against, side by side (bench/baseline.ts). */
const BASELINE = process.env.BENCH_BASELINE;
function argument(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}
/** The search with its map open (decision 036): the map's code and styles load only here. */
const MAP_VIEW = { label: "busca com o mapa aberto", path: "/todos-os-imoveis?mapa=1" };

const ONLY = argument("only")?.split(",").filter(Boolean);
const SKIP = new Set([
  ...(process.env.BENCH_SKIP ?? "").split(",").filter(Boolean),
  // --only http still builds (the build is what is measured), unless BENCH_SKIP=build.
  ...(ONLY ? STEPS.filter((step) => step !== "build" && !ONLY.includes(step)) : []),
]);
const OUTPUT = argument("out") ?? (ONLY ? undefined : "docs/benchmarks.md");
const FLOOR_PAGE = {
  label: "piso: política de privacidade (quase só o layout)",
  path: "/politica-de-privacidade",
};
const SEARCH_PATH = `/todos-os-imoveis?cidade=${encodeURIComponent("Maceió")}&quartos=2`;

interface Report {
  uncached: LoadResult[];
  /** The uncached listing page on PostgreSQL by number of app processes (BENCH_DATABASE_URL). */
  processes: { instances: number; result: LoadResult }[];
  cached: LoadResult[];
  staticFile?: LoadResult;
  /** The cached listing, the static file and the framework's script as a browser asks (compressed). */
  browser: LoadResult[];
  idleRss?: number;
  lighthouse: LighthouseResult[];
  /** The same pages on a simulated phone slower than the preset's (SLOW_PHONE_INDEX). */
  lighthouseSlow: LighthouseResult[];
  jsWeights: JsWeight[];
  search: SearchResultRow[];
  explains: ExplainResult[];
  /** Searches over HTTP, a new URL per request, against the uncached listing page (search-load.ts). */
  searchLoad: SearchLoadRow[];
  searchBoot: SearchBootRow[];
  /** The search by dates, by engine (bench/search-dates.ts). */
  searchDates: SearchDatesResult[];
  image?: ImageResult;
  flood?: FloodResult;
  drain?: DrainResult;
  /** The Grupo ZAP lead endpoint: distinct leads, then the same again (bench/lead-intake.ts). */
  leadIntake: LeadIntakeRow[];
  /** One and two instances behind nginx; a 12 MP upload to disk and to S3 (bench/instances.ts). */
  instances?: InstancesResult;
  baseline?: BaselineReport;
  /** The production build's duration, when this run built. */
  buildMs?: number;
  start: StartResult[];
  notes: string[];
}

function git(command: string): string {
  try {
    return execSync(`git ${command}`, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "desconhecido";
  }
}

/** The production build, timed (ms); undefined when BENCH_SKIP=build. */
function build(): number | undefined {
  if (SKIP.has("build")) return undefined;
  progress(`build de produção em ${BUILD_DIR}…`);
  const started = performance.now();
  const result = spawnSync("npx", ["react-router", "build"], {
    env: { ...process.env, BUILD_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`o build falhou:\n${result.stdout}\n${result.stderr}`);
  return performance.now() - started;
}

async function firstListingPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/todos-os-imoveis`)).text();
  const match = html.match(/href="(\/casas\/[^"?#/]+)"/);
  if (!match?.[1]) throw new Error("nenhum imóvel encontrado em /todos-os-imoveis");
  return match[1];
}

/** Lowest–highest over the runs, rounded (Lighthouse's score and LCP). */
const span = ([low, high]: [number, number]) => `${round(low, 0)}–${round(high, 0)}`;

/** What a browser sends: every page and file it fetches may come compressed. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

async function loadPages(
  server: BenchServer,
  pages: { label: string; path: string; headers?: Record<string, string> }[],
  processes = 1,
): Promise<LoadResult[]> {
  // One app process: it on core 0, autocannon on core 1 (affinity.ts). Several: every core.
  if (processes === 1) {
    return withServerPinned(server.pid, (pinned) => {
      if (pinned) progress("servidor fixado no núcleo 0, autocannon no núcleo 1 (taskset)");
      return loadPagesNow(server, pages, processes);
    });
  }
  return loadPagesNow(server, pages, processes);
}

async function loadPagesNow(
  server: BenchServer,
  pages: { label: string; path: string; headers?: Record<string, string> }[],
  processes: number,
): Promise<LoadResult[]> {
  for (const page of pages) {
    progress(`aquecimento: ${page.label} (${WARMUP_REQUESTS * processes} requisições)…`);
    await warmUp(server.url, page.path, {
      requests: WARMUP_REQUESTS * processes,
      connections: CONNECTIONS,
      headers: page.headers,
    });
  }
  const seconds = DURATION / ROUNDS;
  const runs: LoadResult[][] = pages.map(() => []);
  for (let turn = 1; turn <= ROUNDS; turn++) {
    for (const [i, page] of pages.entries()) {
      progress(
        `carga: ${page.label} (${CONNECTIONS} conexões, ${turn}ª de ${ROUNDS} rodadas de ${round(seconds, 1)} s)…`,
      );
      const result = await load({
        ...page,
        baseUrl: server.url,
        pid: server.pid,
        connections: CONNECTIONS,
        durationSeconds: seconds,
      });
      progress(
        `  ${round(result.requestsPerSecond, 0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, erros ${result.errors + result.non2xx}, CPU ${round(cpuMsPerRequest(result), 2)} ms/req`,
      );
      runs[i]!.push(result);
    }
  }
  return runs.map(medianRun);
}

/**
 * The run with the median requests per second; errors summed, peak RSS over all runs, and the
 * CPU time per request over all of them (requests and CPU summed).
 */
function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...median,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    peakRss: Math.max(...runs.map((r) => r.peakRss)),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    cpuMs: runs.reduce((sum, r) => sum + r.cpuMs, 0),
  };
}

/**
 * The uncached listing page on PostgreSQL with one app process, then one per core
 * (WEB_CONCURRENCY): what a second core buys when rendering is the bottleneck. The benchmark
 * database is emptied and seeded with the demo catalogue first.
 */
async function processesOnPostgres(
  databaseUrl: string,
  listingPath: string,
): Promise<{ instances: number; result: LoadResult }[]> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
  } finally {
    await admin.end();
  }
  const dataDir = `${DATA_DIR}-pg`;
  rmSync(dataDir, { recursive: true, force: true });
  progress("PostgreSQL: catálogo de demonstração (npm run seed)…");
  seedFirst({ port: PORT, buildDir: BUILD_DIR, dataDir, env: { DATABASE_URL: databaseUrl } });
  const rows: { instances: number; result: LoadResult }[] = [];
  try {
    for (const instances of [1, cpus().length]) {
      progress(`PostgreSQL, cache desligado, ${instances} processo(s) do site (WEB_CONCURRENCY)…`);
      const server = await startServer({
        port: PORT,
        buildDir: BUILD_DIR,
        dataDir,
        env: { PAGE_CACHE: "off", DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(instances) },
      });
      try {
        const [result] = await loadPages(
          server,
          [
            {
              label: `imóvel ${listingPath} (${instances} processo${instances > 1 ? "s" : ""})`,
              path: listingPath,
            },
          ],
          instances,
        );
        if (result) rows.push({ instances, result });
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function httpSteps(report: Report): Promise<void> {
  rmSync(DATA_DIR, { recursive: true, force: true });
  progress("catálogo de demonstração com as fotos (npm run seed)…");
  seedFirst({ port: PORT, buildDir: BUILD_DIR, dataDir: DATA_DIR });
  const measureLoad = !SKIP.has("http");
  let server: BenchServer | undefined;
  let pages: { label: string; path: string }[] = [];
  const pagesOf = async (url: string) => {
    const listing = await firstListingPath(url);
    return [
      { label: "início /", path: "/" },
      { label: "busca com filtro", path: SEARCH_PATH },
      { label: `imóvel ${listing}`, path: listing },
    ];
  };
  if (measureLoad) {
    // Phase A: the page cache off — what rendering costs.
    progress("servidor de produção (cache de páginas desligado), banco com o catálogo de demonstração…");
    server = await startServer({
      port: PORT,
      buildDir: BUILD_DIR,
      dataDir: DATA_DIR,
      env: { PAGE_CACHE: "off" },
    });
    try {
      pages = await pagesOf(server.url);
      await new Promise((r) => setTimeout(r, 2000));
      report.idleRss = rssOf(server.pid);
      // Plus a page with almost nothing but the site's layout: the floor of what any document
      // costs (React Router's pipeline, header, footer, scripts), to read the others against.
      // And the listing as a browser asks for it: rendered, then compressed on the fly.
      const results = await loadPages(server, [
        ...pages,
        FLOOR_PAGE,
        { label: `${pages[2]!.label} sem cache`, path: pages[2]!.path, headers: BROWSER_HEADERS },
      ]);
      report.uncached = results.slice(0, pages.length + 1);
      report.browser.push(...results.slice(pages.length + 1));
    } finally {
      await server.stop();
    }
  }
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (measureLoad && pgUrl && pages[2]) report.processes = await processesOnPostgres(pgUrl, pages[2].path);
  // Phase B: the page cache on, plus the same bytes as a static file from the same server.
  progress("servidor de produção (cache de páginas ligado)…");
  server = await startServer({
    port: PORT,
    buildDir: BUILD_DIR,
    dataDir: DATA_DIR,
    // The map view's tiles from this server (404s, answered at once): the bench machine has no
    // internet, and OpenStreetMap's would hang until the browser gives up.
    env: { MAP_TILE_URL: "/bench-tiles/{z}/{x}/{y}.png" },
  });
  const staticName = `bench-static-${randomBytes(6).toString("hex")}.html`;
  const staticPath = join(BUILD_DIR, "client", staticName);
  try {
    if (pages.length === 0) pages = await pagesOf(server.url);
    if (measureLoad) {
      const listing = pages[2]!.path;
      const html = await (await fetch(`${server.url}${listing}`)).arrayBuffer();
      writeFileSync(staticPath, Buffer.from(html));
      const home = await (await fetch(`${server.url}/`)).text();
      const framework = home.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
      const asBrowser = [
        { label: `${pages[2]!.label} em cache`, path: listing, headers: BROWSER_HEADERS },
        { label: "arquivo estático (mesmos bytes)", path: `/${staticName}`, headers: BROWSER_HEADERS },
        ...(framework ? [{ label: "script do framework", path: framework, headers: BROWSER_HEADERS }] : []),
      ];
      // The baseline is loaded in turn with the cached pages, so both see the same machine.
      const results = await loadPages(server, [
        ...pages,
        { label: `arquivo estático (mesmos bytes de ${listing})`, path: `/${staticName}` },
        ...asBrowser,
      ]);
      report.cached = results.slice(0, pages.length);
      report.staticFile = results[pages.length];
      report.browser.push(...results.slice(pages.length + 1));
    }
    if (!SKIP.has("lighthouse")) {
      progress("JavaScript baixado por página pública…");
      report.jsWeights = await measureJsWeight(server.url, [
        ...pages,
        MAP_VIEW,
        { label: "casas /casas", path: "/casas" },
        { label: "sobre nós", path: "/sobre-nos" },
        { label: "política de privacidade", path: "/politica-de-privacidade" },
        { label: "favoritos", path: "/favoritos" },
        { label: "entrar /login", path: "/login" },
        { label: "recuperar senha", path: "/recuperar-senha" },
      ]);
      for (const r of report.jsWeights) progress(`  ${r.label}: ${kib(r.bytes)} em ${r.scripts} arquivos`);
      progress("Lighthouse (mobile) nas três páginas e na busca com o mapa aberto…");
      if (!measureLoad)
        for (const page of pages) await warmUp(server.url, page.path, { requests: 50, connections: 2 });
      report.lighthouse = await runLighthouse(
        server.url,
        [...pages, MAP_VIEW],
        process.env.BENCH_LIGHTHOUSE_DIR,
      );
      const report1 = (r: LighthouseResult) =>
        progress(
          `  ${r.label}: desempenho ${r.performance} (${span(r.performanceRange)} em ${r.runs}), LCP ${round(r.lcpMs, 0)} ms (${span(r.lcpRange)}), TBT ${round(r.tbtMs, 0)} ms, índice da CPU ${round(r.benchmarkIndex, 0)} × ${r.cpuSlowdownMultiplier}`,
        );
      report.lighthouse.forEach(report1);
      // Many phones are slower than the preset assumes: the same pages with the CPU multiplier
      // that makes this machine a phone of SLOW_PHONE_INDEX.
      const index = percentile(
        report.lighthouse.map((r) => r.benchmarkIndex),
        50,
      );
      const multiplier = multiplierFor(index, SLOW_PHONE_INDEX);
      progress(
        `Lighthouse num celular mais lento (índice ${SLOW_PHONE_INDEX}: multiplicador ${multiplier})…`,
      );
      report.lighthouseSlow = await runLighthouse(server.url, pages, undefined, {
        cpuSlowdownMultiplier: multiplier,
      });
      report.lighthouseSlow.forEach(report1);
    }
  } finally {
    rmSync(staticPath, { force: true });
    await server.stop();
  }
}

/** Step 6: its own server (listing rendered per request, X-Forwarded-For trusted), pinned like the HTTP step. */
async function floodStep(): Promise<FloodResult> {
  const dataDir = `${DATA_DIR}-flood`;
  rmSync(dataDir, { recursive: true, force: true });
  progress("enxurrada: servidor de produção (cache desligado, TRUST_PROXY), catálogo de demonstração…");
  const options = {
    port: PORT,
    buildDir: BUILD_DIR,
    dataDir,
    env: { PAGE_CACHE: "off", TRUST_PROXY: "true" },
  };
  seedFirst(options);
  const server = await startServer(options);
  try {
    const listingPath = await firstListingPath(server.url);
    return await withServerPinned(server.pid, () => {
      progress(`enxurrada: ${listingPath} sozinho, depois durante 20 envios paralelos acima do limite…`);
      return benchFlood({
        baseUrl: server.url,
        listingPath,
        seconds: DURATION,
        warmupRequests: WARMUP_REQUESTS,
      });
    });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Empties a throwaway PostgreSQL database (BENCH_DATABASE_URL) for a step that seeds its own. */
async function emptyPostgres(databaseUrl: string): Promise<void> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
  } finally {
    await admin.end();
  }
}

/** Step 9: the Grupo ZAP lead endpoint on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. */
async function leadIntakeStep(): Promise<LeadIntakeRow[]> {
  const rows: LeadIntakeRow[] = [];
  const engines: { engine: string; databaseUrl: string }[] = [{ engine: "PGlite", databaseUrl: "" }];
  const pgUrl = process.env.BENCH_DATABASE_URL;
  if (pgUrl) engines.push({ engine: "PostgreSQL", databaseUrl: pgUrl });
  for (const { engine, databaseUrl } of engines) {
    const dataDir = `${DATA_DIR}-leads`;
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await emptyPostgres(databaseUrl);
    progress(
      `leads do Grupo ZAP: ${LEAD_INTAKE_COUNT} leads distintos, depois os mesmos de novo (${engine})…`,
    );
    const options = {
      port: PORT,
      buildDir: BUILD_DIR,
      dataDir,
      env: {
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: "true",
        GRUPOZAP_LEADS_SECRET: LEAD_INTAKE_SECRET,
        // No mail server: the outbox worker "sends" each lead's e-mails to the log, in the same process.
        SMTP_URL: "",
      },
    };
    seedFirst(options);
    const server = await startServer(options);
    try {
      rows.push(
        ...(await benchLeadIntake({
          baseUrl: server.url,
          engine,
          count: LEAD_INTAKE_COUNT,
          concurrency: 10,
        })),
      );
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

function renderLeadIntake(rows: LeadIntakeRow[]): string[] {
  return [
    "## 9. Leads dos portais (POST /api/portais/grupozap/leads)",
    "",
    `${LEAD_INTAKE_COUNT} leads distintos do Grupo ZAP (cada um uma pessoa: cartão, contato e e-mails na fila, app/server/leads/record.server.ts), 10 pedidos por vez, com a senha em HTTP Basic; depois os mesmos de novo, como as novas tentativas do portal, que respondem 2xx sem gravar nada. Vinte remetentes (X-Forwarded-For), cada um dentro do limite de 120 por minuto (bench/lead-intake.ts).`,
    "",
    table(
      ["banco", "envio", "pedidos", "2xx", "req/s", "p50 (ms)", "p99 (ms)"],
      rows.map((r) => [
        r.engine,
        r.kind,
        r.sent,
        r.ok,
        round(r.requestsPerSecond, 0),
        round(r.p50, 1),
        round(r.p99, 1),
      ]),
    ),
    "",
  ];
}

/** Step 8: SIGTERM during a burst of uncached page requests (bench/drain.ts). */
async function drainStep(): Promise<DrainResult> {
  const dataDir = `${DATA_DIR}-drain`;
  rmSync(dataDir, { recursive: true, force: true });
  progress("SIGTERM com requisições em andamento: servidor de produção (cache desligado)…");
  const options = { port: PORT, buildDir: BUILD_DIR, dataDir, env: { PAGE_CACHE: "off" } };
  seedFirst(options);
  const server = await startServer(options);
  try {
    const path = SEARCH_PATH;
    await warmUp(server.url, path, { requests: 200, connections: 2 });
    return await benchDrain({ server, path, count: DRAIN_REQUESTS });
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function renderInstances(result: InstancesResult): string[] {
  const median = (runs: number[]) => round(percentile(runs, 50), 0);
  const out = [
    "## 10. Mais de uma instância (nginx, PostgreSQL, S3)",
    "",
    "A página de imóvel renderizada a cada pedido (PAGE_CACHE=off) através do nginx (HTTP, upstream com keep-alive como em deploy/nginx.conf), com uma e com duas instâncias do site (processos separados, cada uma com seu DATA_DIR, um banco PostgreSQL: BENCH_DATABASE_URL), na mesma execução. Nesta máquina de 2 núcleos o nginx, o PostgreSQL e o autocannon dividem os núcleos com as instâncias: a razão é um piso, não o que uma segunda máquina dá.",
    "",
  ];
  if (result.load.length > 0) {
    const one = result.load.find((r) => r.instances === 1)?.result.requestsPerSecond ?? 0;
    out.push(
      table(
        ["instâncias", "req/s", "razão", "p50 (ms)", "p99 (ms)", "erros + não-2xx"],
        result.load.map(({ instances, result: r }) => [
          instances,
          round(r.requestsPerSecond, 0),
          `${round(r.requestsPerSecond / Math.max(one, 1), 2)}×`,
          r.p50,
          r.p99,
          r.errors + r.non2xx,
        ]),
      ),
      "",
    );
  } else out.push(`Carga via nginx não medida nesta execução: ${result.skipped}.`, "");
  out.push(
    `Envio de uma foto de 12 MP (${round(result.upload[0]?.inputBytes ?? 0, 0)} bytes) pelo processamento completo (variantes + original) até o armazenamento; mediana de ${result.upload[0]?.runsMs.length ?? 0} execuções alternadas. O servidor S3 é o s3rver na mesma máquina (a rede de um S3 de verdade soma a isso).`,
    "",
    table(
      ["armazenamento", "mediana (ms)", "execuções (ms)"],
      result.upload.map((u) => [u.store, median(u.runsMs), u.runsMs.map((ms) => round(ms, 0)).join(", ")]),
    ),
    "",
  );
  return out;
}

function renderDrain(drain: DrainResult): string[] {
  return [
    "## 8. SIGTERM com requisições em andamento",
    "",
    `${drain.sent} pedidos simultâneos de \`${drain.path}\` (renderizada a cada pedido, PAGE_CACHE=off); o SIGTERM chega quando a primeira resposta sai, com as outras ainda na fila do servidor. Um encerramento limpo responde a todas e sai (server.js, SHUTDOWN_TIMEOUT_SECONDS). Meta: todas respondidas.`,
    "",
    table(
      ["pedidos em andamento", "respondidos com a página", "do SIGTERM à saída (ms)", "código de saída"],
      [[drain.sent, drain.answered, drain.exitMs, drain.exitCode ?? "sinal"]],
    ),
    "",
  ];
}

function renderFlood(flood: FloodResult): string[] {
  const statuses = Object.entries(flood.floodStatuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(", ");
  return [
    "## 7. Enxurrada de envios acima do limite",
    "",
    `Um endereço envia o formulário de contato de ${flood.path} com 20 conexões em paralelo, já acima do limite por IP (respondido na borda: app/server/http/form-limits.server.ts), enquanto outro cliente (2 conexões) carrega a página do imóvel renderizada a cada pedido (PAGE_CACHE=off); ${flood.seconds} s em cada situação. Meta: p50 durante a enxurrada ≤ 2× o p50 tranquilo.`,
    "",
    table(
      [
        "página",
        "p50 tranquilo (ms)",
        "p50 na enxurrada (ms)",
        "razão",
        "p99 tranquilo / na enxurrada (ms)",
        "enxurrada (req/s)",
        "respostas da enxurrada",
        "bytes por resposta",
      ],
      [
        [
          flood.path,
          flood.quietP50,
          flood.floodP50,
          `${round(flood.floodP50 / Math.max(flood.quietP50, 1), 2)}×`,
          `${flood.quietP99} / ${flood.floodP99}`,
          round(flood.floodRequestsPerSecond, 0),
          statuses || "—",
          round(flood.floodBytesPerRequest, 0),
        ],
      ],
    ),
    "",
  ];
}

/**
 * What this run measures, read once when it starts: the table is written after every step, and a
 * commit made while a long run goes on must not put its name on the figures.
 */
const MEASURED_COMMIT = `\`${git("rev-parse --short HEAD")}\`${git("status --porcelain -- . :!docs").length > 0 ? " (com alterações locais)" : ""}`;

function render(report: Report, startedAt: Date, elapsedSeconds: number): string {
  const machine = describeMachine();
  const out: string[] = [];
  out.push("# Benchmarks", "");
  out.push(`Gerado por \`npm run bench\` em ${startedAt.toISOString()} (${round(elapsedSeconds, 0)} s).`, "");
  out.push(`- Máquina: ${machine}`);
  out.push(`- Commit: ${MEASURED_COMMIT}`);
  out.push(
    `- Carga HTTP: autocannon, ${CONNECTIONS} conexões, ${DURATION} s por página em ${ROUNDS} rodadas alternadas com as outras páginas do mesmo servidor (vale a rodada mediana), depois de ${WARMUP_REQUESTS} requisições de aquecimento por página e processo (um servidor recém-iniciado renderiza à metade da velocidade até o V8 compilar o caminho da renderização), sem compressão (o cliente não pede; a tabela "Como um navegador pede" abaixo pede), servidor e autocannon na mesma máquina${canPin() ? ", cada um no seu núcleo quando o site roda num processo só (taskset: o servidor no 0, o autocannon no 1; soltos, os dois se revezavam nos dois núcleos e a CPU por página do servidor oscilava entre dois patamares, ~2,0 e ~2,9 ms no imóvel)" : ""}.`,
  );
  out.push("");
  if (report.uncached.length > 0) {
    out.push("## 1. Carga HTTP", "");
    const loadHeaders = [
      "página",
      "req/s",
      "p50 (ms)",
      "p99 (ms)",
      "erros",
      "bytes/resposta",
      "CPU da thread principal (ms/req)",
    ];
    const loadCells = (r: LoadResult) => [
      r.label,
      round(r.requestsPerSecond, 0),
      r.p50,
      r.p99,
      r.errors + r.non2xx,
      kib(r.bytesPerRequest),
      round(cpuMsPerRequest(r), 2),
    ];
    const row = (mode: string, r: LoadResult) => [mode, ...loadCells(r)];
    const rows = [
      ...report.uncached.map((r) => row("sem cache", r)),
      ...report.cached.map((r) => row("com cache", r)),
      ...(report.staticFile ? [row("estático", report.staticFile)] : []),
    ];
    out.push(
      table(["modo", ...loadHeaders], rows),
      "",
      "CPU da thread principal: o tempo de CPU da thread que executa o JavaScript (e renderiza) dividido pelas requisições respondidas, somando as rodadas. Varia bem menos que req/s quando a máquina oscila, e 1000 ÷ esse valor é o que um processo serviria com essa thread sempre ocupada: a meta de 400 req/s numa página sem cache pede ≤ 2,5 ms.",
      "",
    );
    if (report.staticFile) {
      const base = report.staticFile.requestsPerSecond;
      out.push(
        "Razão em relação ao arquivo estático servido pelo mesmo servidor (meta: página em cache ≥ 80 %):",
        "",
      );
      out.push(
        table(
          ["página", "sem cache", "com cache"],
          report.cached.map((c, i) => [
            c.label,
            `${round((100 * (report.uncached[i]?.requestsPerSecond ?? 0)) / base, 0)} %`,
            `${round((100 * c.requestsPerSecond) / base, 0)} %`,
          ]),
        ),
        "",
      );
    }
    if (report.browser.length > 0) {
      out.push(
        "Como um navegador pede (Accept-Encoding: gzip, deflate, br, zstd), cada um na alternância do seu servidor: a página sem cache é renderizada e comprimida na hora (brotli); a página em cache sai do deflate guardado com o nonce desta resposta (gzip); o script, da cópia brotli feita no build; o arquivo estático é comprimido a cada requisição (brotli), como qualquer arquivo sem cópia pronta. A CPU da thread principal não conta a compressão feita fora dela (zlib usa o pool de threads do Node).",
        "",
        table(loadHeaders, report.browser.map(loadCells)),
        "",
      );
    }
    if (report.processes.length > 0) {
      const one = report.processes[0]!.result.requestsPerSecond;
      out.push(
        "Página de imóvel sem cache no PostgreSQL (BENCH_DATABASE_URL), por número de processos do site (WEB_CONCURRENCY; um processo Node renderiza num núcleo só):",
        "",
        table(
          [
            "processos",
            "página",
            "req/s",
            "p50 (ms)",
            "p99 (ms)",
            "erros",
            "razão sobre 1 processo",
            "CPU da thread principal (ms/req)",
            "RSS de pico",
          ],
          report.processes.map(({ instances, result: r }) => [
            instances,
            r.label,
            round(r.requestsPerSecond, 0),
            r.p50,
            r.p99,
            r.errors + r.non2xx,
            `${round(r.requestsPerSecond / one, 2)}×`,
            round(cpuMsPerRequest(r), 2),
            mib(r.peakRss),
          ]),
        ),
        "",
      );
    }
    out.push("## 5. Memória (RSS do servidor)", "");
    const peak = Math.max(
      ...[...report.uncached, ...report.cached, ...(report.staticFile ? [report.staticFile] : [])].map(
        (r) => r.peakRss,
      ),
    );
    out.push(
      table(
        ["situação", "RSS"],
        [
          ["ociosa (recém-iniciado, com o catálogo de demonstração)", mib(report.idleRss ?? Number.NaN)],
          ["pico sob carga", mib(peak)],
        ],
      ),
      "",
    );
  }
  if (report.lighthouse.length > 0) {
    out.push("## 3. Lighthouse (preset mobile, Chromium do sistema)", "");
    const runs = report.lighthouse[0]?.runs ?? 1;
    if (runs > 1)
      out.push(
        `Execução mediana de ${runs} por página (pelo desempenho; entre parênteses, o menor e o maior valor das execuções, no desempenho e no LCP), BENCH_LIGHTHOUSE_RUNS. O CSS das páginas vai embutido no HTML (a coluna CSS conta só arquivos).`,
        "",
      );
    const benchmarkIndex = percentile(
      report.lighthouse.map((r) => r.benchmarkIndex),
      50,
    );
    out.push(
      `O preset mobile multiplica por 4 o tempo de CPU que o Chromium gasta nesta máquina. O Lighthouse mede a CPU antes de cada execução (benchmarkIndex, mediana ${round(benchmarkIndex, 0)}; abaixo de 1000 ele avisa que a CPU é lenta demais para o preset), mas essa medida não toca memória nova: onde ela é cara (linha Máquina), um navegador recém-aberto gasta boa parte do tempo em faltas de página, e TBT e desempenho pioram sem que a página mude.`,
      "",
    );
    out.push(
      table(
        [
          "página",
          "desempenho",
          "acessibilidade",
          "boas práticas",
          "SEO",
          "LCP (ms)",
          "TBT (ms)",
          "CLS",
          "JS",
          "CSS",
          "imagens",
          "índice da CPU × multiplicador",
        ],
        report.lighthouse.map((r) => [
          r.label,
          r.runs > 1 ? `${r.performance} (${span(r.performanceRange)})` : r.performance,
          r.accessibility,
          r.bestPractices,
          r.seo,
          r.runs > 1 ? `${round(r.lcpMs, 0)} (${span(r.lcpRange)})` : round(r.lcpMs, 0),
          round(r.tbtMs, 0),
          round(r.cls, 3),
          kib(r.jsBytes),
          kib(r.cssBytes),
          kib(r.imageBytes),
          `${round(r.benchmarkIndex, 0)} × ${r.cpuSlowdownMultiplier}`,
        ]),
      ),
      "",
    );
  }
  if (report.lighthouseSlow.length > 0) {
    const multiplier = report.lighthouseSlow[0]?.cpuSlowdownMultiplier ?? Number.NaN;
    out.push(
      multiplier > 4
        ? `Num celular mais lento: o mesmo preset com a CPU multiplicada por ${multiplier} em vez de 4, o que faz desta máquina um aparelho de índice ≈ ${SLOW_PHONE_INDEX} (BENCH_SLOW_PHONE_INDEX; meta: TBT ≤ 200 ms nas três páginas):`
        : `Num celular mais lento: o índice de CPU desta máquina já está abaixo de ${SLOW_PHONE_INDEX} (BENCH_SLOW_PHONE_INDEX), então o preset de sempre (CPU × 4) já simula um aparelho ao menos tão lento; as três páginas de novo (meta: TBT ≤ 200 ms):`,
      "",
      table(
        ["página", "desempenho", "LCP (ms)", "TBT (ms)", "índice da CPU × multiplicador"],
        report.lighthouseSlow.map((r) => [
          r.label,
          r.runs > 1 ? `${r.performance} (${span(r.performanceRange)})` : r.performance,
          r.runs > 1 ? `${round(r.lcpMs, 0)} (${span(r.lcpRange)})` : round(r.lcpMs, 0),
          round(r.tbtMs, 0),
          `${round(r.benchmarkIndex, 0)} × ${r.cpuSlowdownMultiplier}`,
        ]),
      ),
      "",
    );
  }
  if (report.jsWeights.length > 0) {
    out.push(
      "JavaScript de cada página pública numa primeira visita (Chromium do sistema, bytes transferidos, comprimidos como o servidor os envia a um navegador, até a hidratação; meta: ≤ 150 KB):",
      "",
      table(
        ["página", "arquivos", "JS (comprimido)"],
        report.jsWeights.map((r) => [`${r.label} (${r.path})`, r.scripts, kib(r.bytes)]),
      ),
      "",
    );
  }
  if (report.search.length > 0) {
    out.push(`## 2. Latência da busca (searchProperties em processo, ${ITERATIONS} execuções por busca)`, "");
    out.push(searchLatencyTable(report.search), "");
    out.push("EXPLAIN ANALYZE no maior tamanho (contagem + primeira página):", "");
    out.push(
      table(
        ["banco", "busca", "índices usados", "seq scan em properties", "tempo de execução (ms)"],
        report.explains.map((e) => [
          e.engine,
          e.label,
          e.indexes.join(", ") || "—",
          e.seqScan ? "sim" : "não",
          round(e.ms, 1),
        ]),
      ),
      "",
    );
  }
  if (report.searchLoad.length > 0) out.push(...renderSearchLoad(report));
  if (report.searchDates.length > 0) out.push(...renderSearchDates(report.searchDates));
  if (report.image) {
    const img = report.image;
    out.push("## 4. Processamento de imagem (foto JPEG de 12 MP, 4000×3000)", "");
    out.push(
      table(
        ["entrada", "variantes", "saída total", "1ª execução (ms)", "demais (ms)"],
        [
          [
            kib(img.inputBytes),
            img.variants,
            kib(img.outputBytes),
            round(img.runsMs[0] ?? Number.NaN, 0),
            img.runsMs
              .slice(1)
              .map((t) => round(t, 0))
              .join(", ") || "—",
          ],
        ],
      ),
      "",
    );
  }
  if (report.start.length > 0) {
    const seconds = (ms: number | undefined) => (ms === undefined ? "—" : round(ms / 1000, 1));
    out.push("## 6. Início do servidor", "");
    out.push(
      '`npm start` (scripts/start.js, com as opções de package.json) medido do lançamento do processo até a primeira resposta 200 de `/`; as fotos do catálogo de demonstração são geradas depois, em segundo plano (cada imóvel mostra "Sem foto" até ter as suas): a última coluna vai até nenhuma página de /todos-os-imoveis mostrar esse marcador. CPU: tempo de CPU do processo (todas as threads) até a primeira resposta. Num clone novo, `npm start` gera o build antes (primeira linha) — alvo: a primeira página em ≤ 20 s depois de `npm ci`, e um reinício em ≤ 5 s.',
      "",
      table(
        ["situação", "até a primeira página (s)", "CPU até então (s)", "fotos de demonstração prontas (s)"],
        [
          ...(report.buildMs === undefined
            ? []
            : [["build de produção (npm start sem build)", seconds(report.buildMs), "—", "—"]]),
          ...report.start.map((r) => [
            r.label,
            seconds(r.firstPageMs),
            round(r.cpuSeconds, 1),
            seconds(r.photosMs),
          ]),
        ],
      ),
      "",
    );
  }
  if (report.flood) out.push(...renderFlood(report.flood));
  if (report.drain) out.push(...renderDrain(report.drain));
  if (report.leadIntake.length > 0) out.push(...renderLeadIntake(report.leadIntake));
  if (report.instances) out.push(...renderInstances(report.instances));
  if (report.baseline) out.push(...renderBaseline(report.baseline));
  if (report.notes.length > 0) out.push("## Observações", "", ...report.notes.map((n) => `- ${n}`), "");
  return out.join("\n");
}

/** Section 2b: searches over HTTP with a new URL per request, and the start on a large catalogue. */
function renderSearchLoad(report: Report): string[] {
  const seconds = (ms: number) => round(ms / 1000, 2);
  return [
    "## 2b. Busca sob carga, uma URL nova a cada requisição",
    "",
    `Servidor de produção com o cache de páginas desligado, um processo (fixado num núcleo, o autocannon no outro), ${CONNECTIONS} conexões. Cada requisição de busca é uma URL que ninguém pediu antes (o limite de preço muda um real a cada uma; na busca por palavra-chave as palavras se alternam): nem o cache de páginas nem a memória de resultados por URL respondem, cada uma é uma busca inteira (índice, linhas, capas, renderização). A razão é sobre a página de imóvel sem cache do mesmo servidor, nas mesmas rodadas alternadas (meta: ≥ 0,5× a 100 000 imóveis).`,
    "",
    table(
      [
        "banco",
        "imóveis",
        "página",
        "req/s",
        "razão sobre o imóvel",
        "p50 (ms)",
        "p99 (ms)",
        "erros",
        "CPU da thread principal (ms/req)",
      ],
      report.searchLoad.map((r) => [
        r.engine,
        r.size.toLocaleString("pt-BR"),
        r.result.label,
        round(r.result.requestsPerSecond, 0),
        `${round(r.ratio, 2)}×`,
        r.result.p50,
        r.result.p99,
        r.result.errors + r.result.non2xx,
        round(cpuMsPerRequest(r.result), 2),
      ]),
    ),
    "",
    "Início do servidor com o catálogo já no banco (`node server.js`, do lançamento do processo): até escutar (/healthz responde), até a primeira busca respondida (pelo SQL enquanto o índice é montado em segundo plano) e até o índice pronto (metas a 100 000: ≤ 3 s e ≤ 4 s para as duas primeiras):",
    "",
    table(
      ["banco", "imóveis", "escutando (s)", "1ª busca respondida (s)", "índice pronto (s)"],
      report.searchBoot.map((b) => [
        b.engine,
        b.size.toLocaleString("pt-BR"),
        seconds(b.listenMs),
        seconds(b.firstSearchMs),
        seconds(b.indexMs),
      ]),
    ),
    "",
  ];
}

/** Section 2c: the search by dates (decision 040). */
function renderSearchDates(results: SearchDatesResult[]): string[] {
  const first = results[0]!;
  return [
    "## 2c. Busca por datas (temporada)",
    "",
    `\`npm run bench -- --only search-dates\` (bench/search-dates.ts): ${first.size.toLocaleString("pt-BR")} imóveis de temporada com cerca de um ano de noites ocupadas cada (${first.nightRows.toLocaleString("pt-BR")} linhas em \`rental_nights\`, ~40 % das noites), \`searchProperties\` em processo, ${ITERATIONS} execuções por busca (meta: p95 < 30 ms). As tarifas compiladas de cada imóvel ficam em memória por versão dos dados e as noites ocupadas por versão do calendário (decisão 040); as duas últimas linhas de cada banco são a primeira busca depois de uma escrita que não toca calendário nenhum (as noites ficam em memória) e depois de uma que ocupa uma noite (todas as noites ocupadas são lidas de novo).`,
    "",
    ...results.map((r) => searchLatencyTable(r.rows)),
    "",
  ];
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const report: Report = {
    uncached: [],
    processes: [],
    cached: [],
    browser: [],
    lighthouse: [],
    lighthouseSlow: [],
    jsWeights: [],
    search: [],
    explains: [],
    searchLoad: [],
    searchBoot: [],
    searchDates: [],
    leadIntake: [],
    start: [],
    notes: [],
  };
  // The table is written after every step, so an interrupted run still leaves its figures.
  const save = () => {
    if (!OUTPUT) return;
    mkdirSync(dirname(OUTPUT), { recursive: true });
    writeFileSync(OUTPUT, `${render(report, startedAt, (Date.now() - startedAt.getTime()) / 1000)}\n`);
  };
  report.buildMs = build();
  if (!SKIP.has("start")) {
    report.start = await benchStart({ port: PORT, buildDir: BUILD_DIR, dataDir: `${DATA_DIR}-start` });
    for (const r of report.start)
      progress(
        `  ${r.label}: primeira página em ${round(r.firstPageMs / 1000, 1)} s (CPU ${round(r.cpuSeconds, 1)} s)${r.photosMs === undefined ? "" : `, fotos prontas em ${round(r.photosMs / 1000, 1)} s`}`,
      );
    save();
  }
  if (BASELINE && !SKIP.has("baseline")) {
    report.baseline = await compareWithBaseline({
      ref: BASELINE,
      port: PORT + 10,
      buildDir: BUILD_DIR,
      dataDir: DATA_DIR,
      pages: async (url) => {
        const listing = await firstListingPath(url);
        return [
          { label: `imóvel ${listing}`, path: listing },
          { label: "busca com filtro", path: SEARCH_PATH },
          { label: "início /", path: "/" },
          FLOOR_PAGE,
        ];
      },
      durationSeconds: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      warmupRequests: WARMUP_REQUESTS,
      lighthouse: process.env.BENCH_BASELINE_LIGHTHOUSE !== "off",
    });
    save();
  }
  if (!SKIP.has("http") || !SKIP.has("lighthouse")) await httpSteps(report);
  save();
  if (!SKIP.has("image")) {
    progress("imagem: foto de 12 MP pelo pipeline de upload…");
    report.image = await benchImage(3);
    progress(
      `  ${report.image.runsMs.map((t) => round(t, 0)).join(" / ")} ms, saída ${kib(report.image.outputBytes)}`,
    );
    save();
  }
  if (!SKIP.has("search")) {
    const onRows = (rows: SearchResultRow[]) => {
      report.search.push(...rows);
      save();
    };
    const pglite = await benchSearch({
      sizes: SIZES,
      iterations: ITERATIONS,
      dataDir: `${DATA_DIR}-search`,
      onRows,
    });
    report.explains.push(...pglite.explains);
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      const pg = await benchSearch({
        sizes: SIZES,
        iterations: ITERATIONS,
        dataDir: `${DATA_DIR}-search-pg`,
        databaseUrl: pgUrl,
        onRows,
      });
      report.explains.push(...pg.explains);
    } else {
      report.notes.push(
        "PostgreSQL: não medido nesta execução (defina BENCH_DATABASE_URL com um banco descartável — ele é esvaziado).",
      );
    }
    if (SIZES.join(",") !== "1000,10000,100000")
      report.notes.push(`Tamanhos medidos: ${SIZES.join(", ")} (BENCH_SIZES).`);
  }
  if (!SKIP.has("search-load")) {
    const onResult = (rows: SearchLoadRow[], boot: SearchBootRow) => {
      report.searchLoad.push(...rows);
      report.searchBoot.push(boot);
      save();
    };
    const common = {
      sizes: SIZES,
      port: PORT + 20,
      buildDir: BUILD_DIR,
      durationSeconds: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      warmupRequests: WARMUP_REQUESTS,
      onResult,
    };
    await benchSearchLoad({ ...common, dataDir: `${DATA_DIR}-search-load` });
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl)
      await benchSearchLoad({ ...common, dataDir: `${DATA_DIR}-search-load-pg`, databaseUrl: pgUrl });
    else
      report.notes.push(
        "Busca HTTP no PostgreSQL: não medida nesta execução (defina BENCH_DATABASE_URL com um banco descartável — ele é esvaziado).",
      );
  }
  if (!SKIP.has("search-dates")) {
    report.searchDates.push(
      await benchSearchDates({ size: DATES_SIZE, iterations: ITERATIONS, dataDir: `${DATA_DIR}-dates` }),
    );
    save();
    const pgUrl = process.env.BENCH_DATABASE_URL;
    if (pgUrl) {
      report.searchDates.push(
        await benchSearchDates({
          size: DATES_SIZE,
          iterations: ITERATIONS,
          dataDir: `${DATA_DIR}-dates-pg`,
          databaseUrl: pgUrl,
        }),
      );
      save();
    }
  }
  if (!SKIP.has("flood")) {
    report.flood = await floodStep();
    save();
  }
  if (!SKIP.has("drain")) {
    report.drain = await drainStep();
    progress(
      `  SIGTERM: ${report.drain.answered} de ${report.drain.sent} respondidos, saída em ${report.drain.exitMs} ms`,
    );
    save();
  }
  if (!SKIP.has("lead-intake")) {
    report.leadIntake = await leadIntakeStep();
    for (const row of report.leadIntake)
      progress(
        `  ${row.engine}, ${row.kind}: ${row.ok} de ${row.sent} 2xx, ${round(row.requestsPerSecond, 0)} req/s`,
      );
    save();
  }
  if (!SKIP.has("instances")) {
    report.instances = await benchInstances({
      port: PORT,
      buildDir: BUILD_DIR,
      dataDir: `${DATA_DIR}-instances`,
      seconds: DURATION,
      connections: CONNECTIONS,
      warmupRequests: WARMUP_REQUESTS,
      uploadRuns: 3,
    });
    for (const row of report.instances.load)
      progress(`  ${row.instances} instância(s): ${round(row.result.requestsPerSecond, 0)} req/s`);
    save();
  }
  const elapsed = (Date.now() - startedAt.getTime()) / 1000;
  const markdown = render(report, startedAt, elapsed);
  save();
  console.log(`\n${markdown}`);
  progress(`pronto em ${round(elapsed, 0)} s${OUTPUT ? `; tabela em ${OUTPUT}` : ""}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
