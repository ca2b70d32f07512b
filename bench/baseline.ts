// Step "baseline": this build against another commit's, side by side in the same run
// (BENCH_BASELINE=<git ref>, e.g. the main branch before a change). The machine's speed drifts by
// ±20 % within minutes, so a figure from another day says little: here both servers run at the
// same time on the same data, and their rounds alternate (the baseline, then this build, three
// times), each with the server pinned to one core and the load generator on the other.
//
// The baseline is the commit's own tree (git archive) in bench-baseline/<commit>, with its own
// `npm ci` and build, kept between runs.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { withServerPinned } from "./affinity";
import { cpuMsPerRequest, type LoadResult, load, warmUp } from "./http";
import { type LighthouseResult, runLighthouse } from "./lighthouse";
import { type BenchServer, seedFirst, startServer } from "./server";
import { progress, round, table } from "./util";

export interface BaselineRow {
  label: string;
  path: string;
  baseline: LoadResult;
  current: LoadResult;
}

export interface BaselineReport {
  ref: string;
  commit: string;
  rows: BaselineRow[];
  lighthouse: { baseline: LighthouseResult[]; current: LighthouseResult[] };
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} falhou em ${cwd}:\n${result.stdout}\n${result.stderr}`);
  }
}

/** The commit's tree, installed and built (reused when already there). */
function prepare(ref: string): { dir: string; commit: string } {
  const commit = execSync(`git rev-parse --verify ${JSON.stringify(`${ref}^{commit}`)}`, {
    encoding: "utf8",
  }).trim();
  const dir = resolve("bench-baseline", commit.slice(0, 12));
  const stamp = join(dir, ".pronto");
  if (existsSync(stamp)) return { dir, commit };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  progress(`base ${ref} (${commit.slice(0, 9)}): extraindo a árvore em ${dir}…`);
  execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`);
  progress("base: npm ci…");
  run("npm", ["ci", "--no-audit", "--no-fund"], dir);
  progress("base: build de produção…");
  run("npx", ["react-router", "build"], dir, { NODE_ENV: "production", BUILD_DIR: "build" });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  return { dir, commit };
}

async function loadPinned(
  server: BenchServer,
  label: string,
  path: string,
  seconds: number,
  connections: number,
) {
  return withServerPinned(server.pid, () =>
    load({ label, path, baseUrl: server.url, pid: server.pid, connections, durationSeconds: seconds }),
  );
}

/** The run with the median req/s, with requests and CPU summed over the runs. */
function median(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    cpuMs: runs.reduce((sum, r) => sum + r.cpuMs, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
}

export async function compareWithBaseline(options: {
  ref: string;
  port: number;
  buildDir: string;
  dataDir: string;
  pages: (baseUrl: string) => Promise<{ label: string; path: string }[]>;
  durationSeconds: number;
  rounds: number;
  connections: number;
  warmupRequests: number;
  lighthouse: boolean;
}): Promise<BaselineReport> {
  const { dir, commit } = prepare(options.ref);
  const dataDirs = [resolve(`${options.dataDir}-base`), resolve(`${options.dataDir}-atual`)];
  for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  progress(
    "base e build atual lado a lado (cache de páginas desligado), cada um com o catálogo de demonstração…",
  );
  const servers: BenchServer[] = [];
  try {
    servers.push(
      await startServer({
        port: options.port + 1,
        cwd: dir,
        buildDir: "build",
        dataDir: dataDirs[0]!,
        env: { PAGE_CACHE: "off" },
      }),
    );
    // This build answers before its demo photos exist (a first start makes them in the
    // background); the baseline's may not: both are measured with every photo in place.
    const currentOptions = {
      port: options.port + 2,
      buildDir: options.buildDir,
      dataDir: dataDirs[1]!,
      env: { PAGE_CACHE: "off" },
    };
    seedFirst(currentOptions);
    servers.push(await startServer(currentOptions));
    const [baseline, current] = servers as [BenchServer, BenchServer];
    const pages = await options.pages(current.url);
    for (const page of pages) {
      const status = (await fetch(`${baseline.url}${page.path}`)).status;
      if (status !== 200) throw new Error(`a base responde ${status} a ${page.path}`);
    }
    for (const server of servers) {
      for (const page of pages) {
        progress(`aquecimento: ${page.label} em ${server === baseline ? "base" : "atual"}…`);
        await warmUp(server.url, page.path, {
          requests: options.warmupRequests,
          connections: options.connections,
        });
      }
    }
    const seconds = options.durationSeconds / options.rounds;
    const runs = pages.map(() => ({ baseline: [] as LoadResult[], current: [] as LoadResult[] }));
    for (let turn = 1; turn <= options.rounds; turn++) {
      for (const [i, page] of pages.entries()) {
        for (const [name, server] of [
          ["baseline", baseline],
          ["current", current],
        ] as const) {
          const result = await loadPinned(server, page.label, page.path, seconds, options.connections);
          progress(
            `  ${page.label} (${name === "baseline" ? "base" : "atual"}, ${turn}ª rodada): ${round(result.requestsPerSecond, 0)} req/s, CPU ${round(cpuMsPerRequest(result), 2)} ms/req`,
          );
          runs[i]![name].push(result);
        }
      }
    }
    const rows = pages.map((page, i) => ({
      ...page,
      baseline: median(runs[i]!.baseline),
      current: median(runs[i]!.current),
    }));
    const lighthouse = { baseline: [] as LighthouseResult[], current: [] as LighthouseResult[] };
    if (options.lighthouse) {
      progress("Lighthouse (mobile): base, depois atual…");
      const lighthousePages = pages.slice(0, 3);
      // BENCH_LIGHTHOUSE_DIR keeps both sides' full reports (base/, atual/), to compare their audits.
      const dir = process.env.BENCH_LIGHTHOUSE_DIR;
      lighthouse.baseline = await runLighthouse(baseline.url, lighthousePages, dir && join(dir, "base"));
      lighthouse.current = await runLighthouse(current.url, lighthousePages, dir && join(dir, "atual"));
    }
    return { ref: options.ref, commit, rows, lighthouse };
  } finally {
    for (const server of servers) await server.stop();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

/** The ratio current ÷ baseline as "0.93×". */
export const ratio = (current: number, baseline: number) => `${round(current / baseline, 2)}×`;

export function renderBaseline(report: BaselineReport): string[] {
  const out: string[] = [];
  out.push(
    `## Comparação com a base \`${report.ref}\` (${report.commit.slice(0, 9)}), lado a lado`,
    "",
    "Os dois servidores no ar ao mesmo tempo, com o mesmo catálogo, cache de páginas desligado; rodadas alternadas (base, atual) com o servidor no núcleo 0 e o autocannon no 1; vale a rodada mediana de cada um. Razão = atual ÷ base (req/s: maior é melhor; CPU: menor é melhor).",
    "",
  );
  const header = [
    "página",
    "base req/s",
    "atual req/s",
    "razão req/s",
    "base CPU (ms/req)",
    "atual CPU (ms/req)",
    "razão CPU",
  ];
  const rows = report.rows.map((r) => [
    r.label,
    round(r.baseline.requestsPerSecond, 0),
    round(r.current.requestsPerSecond, 0),
    ratio(r.current.requestsPerSecond, r.baseline.requestsPerSecond),
    round(cpuMsPerRequest(r.baseline), 2),
    round(cpuMsPerRequest(r.current), 2),
    ratio(cpuMsPerRequest(r.current), cpuMsPerRequest(r.baseline)),
  ]);
  out.push(table(header, rows), "");
  if (report.lighthouse.current.length > 0) {
    out.push("Lighthouse (mobile), mesma execução:", "");
    const header = ["página", "desempenho", "LCP (ms)", "TBT (ms)", "índice da CPU"];
    const rows = report.lighthouse.current.flatMap((current, i) => {
      const base = report.lighthouse.baseline[i];
      const cells = (name: string, r: LighthouseResult) => [
        `${r.label} (${name})`,
        r.performance,
        round(r.lcpMs, 0),
        round(r.tbtMs, 0),
        round(r.benchmarkIndex, 0),
      ];
      return [...(base ? [cells("base", base)] : []), cells("atual", current)];
    });
    out.push(table(header, rows));
    out.push("");
  }
  return out;
}
