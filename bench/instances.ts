// Step `instances` ("beyond one machine", decisions 010 and 041): the uncached listing page
// through nginx with one app instance and with two (separate processes, each its own DATA_DIR,
// one PostgreSQL database: BENCH_DATABASE_URL), in the same run so the ratio compares like with
// like; and a 12-megapixel photo through the upload pipeline into the data folder and into an
// S3-compatible server (s3rver, tests/support/s3-server.ts). Needs the `nginx` command; says so
// and measures only the photo without it (or without BENCH_DATABASE_URL).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { processImage } from "../app/server/media/pipeline.server";
import { LocalDiskStorage, type Storage } from "../app/server/media/storage.server";
import { startTestS3 } from "../tests/support/s3-server";
import { type LoadResult, load, warmUp } from "./http";
import { makePhoto } from "./images";
import { type BenchServer, seedFirst, startServer } from "./server";
import { progress } from "./util";

export interface InstancesResult {
  /** Why the nginx part was not measured, if it was not. */
  skipped?: string;
  /** The uncached listing through nginx, by number of instances behind it. */
  load: { instances: number; result: LoadResult }[];
  /** The 12 MP photo through the pipeline into each store, each run (ms). */
  upload: { store: string; runsMs: number[]; inputBytes: number }[];
}

function nginxPath(): string | undefined {
  const found = spawnSync("which", ["nginx"], { encoding: "utf8" }).stdout?.trim();
  if (found) return found;
  return existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : undefined;
}

/** nginx as deploy/nginx.conf proxies pages (keep-alive upstream, HTTP/1.1), over plain HTTP. */
async function startNginx(nginx: string, port: number, upstreams: number[]): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
  writeFileSync(
    join(dir, "nginx.conf"),
    `worker_processes 1;
error_log ${join(dir, "error.log")} warn;
pid ${join(dir, "nginx.pid")};
events { worker_connections 1024; }
http {
  access_log off;
  upstream imoveis {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=10s;`).join("\n")}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://imoveis;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(nginx, ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: "ignore",
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`o nginx saiu (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("o nginx não respondeu");
    await new Promise((r) => setTimeout(r, 100));
  }
  return async () => {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGQUIT");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
}

async function listingThroughNginx(options: {
  databaseUrl: string;
  nginx: string;
  port: number;
  buildDir: string;
  dataDir: string;
  seconds: number;
  connections: number;
  warmupRequests: number;
}): Promise<InstancesResult["load"]> {
  const admin = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
  } finally {
    await admin.end();
  }
  const env = { DATABASE_URL: options.databaseUrl, PAGE_CACHE: "off", TRUST_PROXY: "true" };
  const dataDirs = [`${options.dataDir}-a`, `${options.dataDir}-b`];
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  progress("instâncias: catálogo de demonstração no PostgreSQL (npm run seed)…");
  seedFirst({ port: options.port + 1, buildDir: options.buildDir, dataDir: dataDirs[0] as string, env });
  const servers: BenchServer[] = [];
  const rows: InstancesResult["load"] = [];
  try {
    for (const [i, dir] of dataDirs.entries()) {
      servers.push(
        await startServer({ port: options.port + 1 + i, buildDir: options.buildDir, dataDir: dir, env }),
      );
    }
    const html = await (await fetch(`${servers[0]?.url}/todos-os-imoveis`)).text();
    const listing = html.match(/href="(\/casas\/[^"?#/]+)"/)?.[1];
    if (!listing) throw new Error("nenhum imóvel encontrado em /todos-os-imoveis");
    for (const count of [1, 2]) {
      const ports = servers.slice(0, count).map((_, i) => options.port + 1 + i);
      const stopNginx = await startNginx(options.nginx, options.port, ports);
      try {
        const base = `http://127.0.0.1:${options.port}`;
        progress(`instâncias: ${listing} sem cache, ${count} instância(s) atrás do nginx…`);
        await warmUp(base, listing, {
          requests: options.warmupRequests * count,
          connections: options.connections,
        });
        const result = await load({
          label: `imóvel ${listing} via nginx (${count} instância${count > 1 ? "s" : ""})`,
          baseUrl: base,
          path: listing,
          pid: servers[0]?.pid as number,
          connections: options.connections,
          durationSeconds: options.seconds,
        });
        rows.push({ instances: count, result });
      } finally {
        await stopNginx();
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

async function uploadTimes(runs: number): Promise<InstancesResult["upload"]> {
  const input = await makePhoto();
  const s3 = await startTestS3("bench-fotos");
  try {
    const stores: { store: string; open: () => Promise<{ storage: Storage; done: () => Promise<void> }> }[] =
      [
        {
          store: "disco local (DATA_DIR/media)",
          open: async () => {
            const dir = await mkdtemp(join(tmpdir(), "bench-media-"));
            return {
              storage: new LocalDiskStorage(dir, "/media"),
              done: () => rm(dir, { recursive: true, force: true }),
            };
          },
        },
        {
          store: "servidor S3 (s3rver, mesma máquina)",
          open: async () => ({ storage: s3.storage(), done: () => s3.empty() }),
        },
      ];
    const rows: InstancesResult["upload"] = stores.map((s) => ({
      store: s.store,
      runsMs: [],
      inputBytes: input.byteLength,
    }));
    // In turn, so both see the same machine; a fresh store each run (keys are content hashes).
    for (let run = 0; run < runs; run++) {
      for (const [i, store] of stores.entries()) {
        progress(`instâncias: foto de 12 MP → ${store.store} (${run + 1}ª de ${runs})…`);
        const { storage, done } = await store.open();
        try {
          const started = performance.now();
          await processImage(input, storage);
          rows[i]?.runsMs.push(performance.now() - started);
        } finally {
          await done();
        }
      }
    }
    return rows;
  } finally {
    await s3.stop();
  }
}

export async function benchInstances(options: {
  port: number;
  buildDir: string;
  dataDir: string;
  seconds: number;
  connections: number;
  warmupRequests: number;
  uploadRuns: number;
}): Promise<InstancesResult> {
  const nginx = nginxPath();
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const skipped = !nginx
    ? "nginx não instalado (apt-get install nginx-light)"
    : !databaseUrl
      ? "BENCH_DATABASE_URL não definida (duas instâncias precisam do PostgreSQL)"
      : undefined;
  if (skipped) progress(`instâncias: carga via nginx não medida — ${skipped}`);
  const loadRows = nginx && databaseUrl ? await listingThroughNginx({ ...options, databaseUrl, nginx }) : [];
  return { skipped, load: loadRows, upload: await uploadTimes(options.uploadRuns) };
}
