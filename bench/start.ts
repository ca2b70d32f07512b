// Step 6: the server's start as an operator sees it. `npm start`'s script (scripts/start.js, with
// package.json's runtime options) on a fresh data folder with the build present: the time to the
// first page, then until every demo listing shows its photos (made in the background); then the
// same on the same folder again (a restart).
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { productionRuntime, type ServerOptions, serverEnv } from "./server";
import { progress } from "./util";

export interface StartResult {
  label: string;
  /** From the spawn to the first 200 of `/`. */
  firstPageMs: number;
  /** CPU time (user + system, every thread) the process had used by then. */
  cpuSeconds: number;
  /** From the spawn until no page of /todos-os-imoveis shows a "Sem foto" placeholder. */
  photosMs?: number;
}

const POLL_MS = 50;

/** The process's CPU time so far, every thread (Linux /proc; NaN elsewhere). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0;
  }
}

/** Demo listings still showing their placeholder, over every page of the catalogue. */
async function placeholdersLeft(baseUrl: string): Promise<number> {
  const first = await (await fetch(`${baseUrl}/todos-os-imoveis`)).text();
  const pages = Math.max(1, ...[...first.matchAll(/[?&]pagina=(\d+)/g)].map((m) => Number(m[1])));
  let left = first.split(">Sem foto<").length - 1;
  for (let page = 2; page <= pages; page++) {
    const html = await (await fetch(`${baseUrl}/todos-os-imoveis?pagina=${page}`)).text();
    left += html.split(">Sem foto<").length - 1;
  }
  return left;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function timedStart(
  options: ServerOptions,
  label: string,
  waitForPhotos: boolean,
): Promise<StartResult> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const runtime = productionRuntime();
  const started = performance.now();
  const child = spawn(process.execPath, [...runtime.nodeOptions, "scripts/start.js"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: serverEnv(options),
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  try {
    while ((await status(`${baseUrl}/`)) !== 200) {
      if (child.exitCode !== null) throw new Error(`o servidor saiu (código ${child.exitCode}):\n${output}`);
      if (performance.now() - started > 300_000)
        throw new Error(`o servidor não respondeu em 300 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const result: StartResult = {
      label,
      firstPageMs: performance.now() - started,
      cpuSeconds: cpuSecondsOf(child.pid!),
    };
    if (waitForPhotos) {
      // Once a second: each poll renders the catalogue's pages, on the CPU the photos need too.
      while ((await placeholdersLeft(baseUrl)) > 0) {
        if (performance.now() - started > 900_000) throw new Error("fotos de demonstração: mais de 900 s");
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      result.photosMs = performance.now() - started;
    }
    return result;
  } finally {
    await stop(child);
  }
}

/** First start on an empty data folder (the build must be in options.buildDir), then a restart. */
export async function benchStart(options: ServerOptions): Promise<StartResult[]> {
  rmSync(options.dataDir, { recursive: true, force: true });
  try {
    progress("início: primeiro início (pasta de dados nova, build pronto)…");
    const first = await timedStart(options, "primeiro início (pasta de dados nova, build pronto)", true);
    progress("início: reinício na mesma pasta…");
    const restart = await timedStart(options, "reinício (mesma pasta)", false);
    return [first, restart];
  } finally {
    rmSync(options.dataDir, { recursive: true, force: true });
  }
}
