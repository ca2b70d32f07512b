// deploy/nginx.conf as written, in front of two production app instances on one PostgreSQL
// database (TEST_DATABASE_URL): TLS terminated with a throwaway certificate, plain HTTP
// redirected, pages and an admin sign-in through the proxy (Host, X-Forwarded-Proto and
// X-Forwarded-For reach the app, TRUST_PROXY=true), /assets/ from the build folder on disk, and
// a killed instance skipped. Needs the `nginx` and `openssl` commands (.ci/run installs nginx);
// skipped, saying which is missing, without them.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../tests/support/postgres";
import {
  TEST_ADMIN as ADMIN,
  freePort,
  type ServerProcess,
  startSiteForTests,
  VITEST_BUILD_DIR,
} from "../tests/support/server";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const DOMAIN = "www.suaimobiliaria.com.br";
const CONF = readFileSync(resolve("deploy/nginx.conf"), "utf8");

function commandPath(name: string, fallback: string): string | undefined {
  const found = spawnSync("which", [name], { encoding: "utf8" }).stdout?.trim();
  if (found) return found;
  return existsSync(fallback) ? fallback : undefined;
}

const NGINX = commandPath("nginx", "/usr/sbin/nginx");
const OPENSSL = commandPath("openssl", "/usr/bin/openssl");
const skipReason = !NGINX
  ? "nginx não instalado (apt-get install nginx-light)"
  : !OPENSSL
    ? "openssl não instalado"
    : !SERVER_URL
      ? "TEST_DATABASE_URL não definida"
      : "";

/** The config with `replacements` made; each one must be found, so an edit of the file cannot slip past the test. */
function render(text: string, replacements: [string | RegExp, string][]): string {
  let out = text;
  for (const [from, to] of replacements) {
    const next = out.replace(typeof from === "string" ? new RegExp(escapeRegExp(from), "g") : from, to);
    if (next === out) throw new Error(`deploy/nginx.conf não tem mais "${from}": atualize este teste`);
    out = next;
  }
  return out;
}
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

let tlsPort = 0;
let httpPort = 0;

/** A request to the proxy's TLS listener, as a browser on https://DOMAIN:tlsPort sends it. */
function viaProxy(
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        port: tlsPort,
        servername: DOMAIN,
        rejectUnauthorized: false, // the test's own certificate
        agent: false,
        method: options.method ?? "GET",
        path,
        headers: { Host: `${DOMAIN}:${tlsPort}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

function plainHttp(path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: httpPort, path, agent: false, headers: { Host: DOMAIN } },
      (res) => {
        res.resume();
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: "" }));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

describe.skipIf(skipReason !== "")(
  `nginx (deploy/nginx.conf) in front of two app instances${skipReason ? ` — ignorado: ${skipReason}` : ""}`,
  () => {
    let database: ScratchDatabase;
    let sites: ServerProcess[] = [];
    let nginx: ChildProcess | undefined;
    let dir = "";
    let nginxLog = () => "";

    beforeAll(async () => {
      tlsPort = await freePort();
      httpPort = await freePort();
      database = await createScratchDatabase(SERVER_URL as string, "nginx");
      const env = { TRUST_PROXY: "true", PUBLIC_URL: `https://${DOMAIN}:${tlsPort}` };
      // One after the other: the first runs the migrations and creates the administrator.
      sites.push(await startSiteForTests({ databaseUrl: database.url, env }));
      sites.push(await startSiteForTests({ databaseUrl: database.url, env }));
      const [a, b] = sites as [ServerProcess, ServerProcess];

      dir = mkdtempSync(join(tmpdir(), "imoveis-nginx-"));
      const made = spawnSync(
        OPENSSL as string,
        ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
          .concat(["-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "1"])
          .concat(["-subj", `/CN=${DOMAIN}`]),
        { encoding: "utf8" },
      );
      if (made.status !== 0) throw new Error(`openssl falhou:\n${made.stderr}`);
      const site = render(CONF, [
        ["127.0.0.1:3001", `127.0.0.1:${a.port}`],
        ["127.0.0.1:3002", `127.0.0.1:${b.port}`],
        ["/srv/imoveis/build/client", resolve(VITEST_BUILD_DIR, "client")],
        [`/etc/letsencrypt/live/${DOMAIN}/fullchain.pem`, join(dir, "cert.pem")],
        [`/etc/letsencrypt/live/${DOMAIN}/privkey.pem`, join(dir, "key.pem")],
        [/listen 443 /g, `listen 127.0.0.1:${tlsPort} `],
        [/listen 80;/g, `listen 127.0.0.1:${httpPort};`],
      ]);
      writeFileSync(join(dir, "site.conf"), site);
      // What Debian's /etc/nginx/nginx.conf gives the site file: mime types, an http block.
      const mimeTypes = existsSync("/etc/nginx/mime.types") ? "include /etc/nginx/mime.types;" : "";
      writeFileSync(
        join(dir, "nginx.conf"),
        `error_log ${join(dir, "error.log")} info;\nevents {}\nhttp {\n  ${mimeTypes}\n  access_log off;\n  include ${join(dir, "site.conf")};\n}\n`,
      );
      // The optional page cache, uncommented, must be valid too.
      const withCache = site
        .replace(/^(\s*)# (?=proxy_cache|proxy_no_cache|map |add_header X-Cache)/gm, "$1")
        .replace(/^# (?=( {4}default 0;| {4}"~|\}))/gm, "")
        .replace("/var/cache/nginx/imoveis", join(dir, "cache"));
      writeFileSync(join(dir, "site-cache.conf"), withCache);
      writeFileSync(
        join(dir, "nginx-cache.conf"),
        readFileSync(join(dir, "nginx.conf"), "utf8").replace("site.conf", "site-cache.conf"),
      );
      const nginxArgs = (conf: string) => [
        "-p",
        dir,
        "-c",
        join(dir, conf),
        "-g",
        `pid ${join(dir, "nginx.pid")};`,
      ];
      for (const conf of ["nginx.conf", "nginx-cache.conf"]) {
        const checked = spawnSync(NGINX as string, ["-t", ...nginxArgs(conf)], { encoding: "utf8" });
        if (checked.status !== 0) throw new Error(`nginx -t (${conf}) falhou:\n${checked.stderr}`);
      }
      expect(withCache).toContain("proxy_cache imoveis_pages;");
      expect(withCache).toMatch(/^map \$http_cookie/m);

      const args = nginxArgs("nginx.conf");
      args[args.length - 1] = `daemon off; ${args[args.length - 1]}`;
      const proc = spawn(NGINX as string, args, { stdio: ["ignore", "pipe", "pipe"] });
      nginx = proc;
      let output = "";
      proc.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      proc.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      nginxLog = () => {
        const file = join(dir, "error.log");
        return `${output}\n${existsSync(file) ? readFileSync(file, "utf8") : ""}`;
      };
      const deadline = Date.now() + 15_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`o nginx saiu:\n${nginxLog()}`);
        const ok = await viaProxy("/healthz").then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`o nginx não respondeu:\n${nginxLog()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }, 300_000);

    afterAll(async () => {
      if (nginx && nginx.exitCode === null) {
        const exited = new Promise((r) => nginx?.once("exit", r));
        nginx.kill("SIGQUIT");
        await exited;
      }
      await Promise.all(sites.map((s) => s.stop()));
      sites = [];
      await database?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it("answers a public page over TLS and redirects plain HTTP there", async () => {
      const home = await viaProxy("/");
      expect(home.status).toBe(200);
      expect(home.headers["content-type"]).toMatch(/^text\/html/);
      const redirect = await plainHttp("/casas?finalidade=venda");
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe(`https://${DOMAIN}/casas?finalidade=venda`);
    });

    it("signs an agent in through the proxy, and the session works on both instances", async () => {
      const origin = `https://${DOMAIN}:${tlsPort}`;
      const signIn = await viaProxy("/login", {
        method: "POST",
        headers: {
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          // The visitor's own X-Forwarded-For is replaced by nginx (per-IP limits count the real one).
          "X-Forwarded-For": "203.0.113.9",
        },
        body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
      });
      expect(signIn.status, `${signIn.body}\n${nginxLog()}`).toBe(302);
      // https seen through X-Forwarded-Proto: the Secure __Host- cookie.
      const setCookie = String(signIn.headers["set-cookie"] ?? "");
      expect(setCookie).toMatch(/__Host-sessao=[^;]+;.*Secure/i);
      const cookie = setCookie.match(/(__Host-sessao=[^;]+)/)?.[1] as string;
      for (const site of sites) {
        const page = await fetch(`${site.url}/admin/leads`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        expect(page.status, site.url).toBe(200);
      }
      expect((await viaProxy("/admin/leads", { headers: { Cookie: cookie } })).status).toBe(200);
      // The address the app recorded is the one nginx saw, not the one the visitor wrote.
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        const rows = await sql`select ip from audit_log where action = 'signed-in'`;
        expect(rows.map((r) => r.ip)).toEqual(["127.0.0.1"]);
      } finally {
        await sql.end();
      }
    });

    it("skips a killed instance: 20 requests in a row all answer 200", async () => {
      const [a] = sites as [ServerProcess, ServerProcess];
      a.process.kill("SIGKILL");
      await a.exited;
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await viaProxy(i % 2 ? "/casas" : "/sobre-nos")).status);
      expect(statuses).toEqual(Array(20).fill(200));
    });

    it("serves /assets/ from the build folder itself, immutable, with no instance left", async () => {
      const [, b] = sites as [ServerProcess, ServerProcess];
      await b.stop();
      expect((await viaProxy("/")).status).toBe(502);
      const files = readdirSync(resolve(VITEST_BUILD_DIR, "client", "assets"));
      // One the build also wrote gzipped (vite.config.ts, precompressAssets), for gzip_static.
      const name = files.find((f) => f.endsWith(".js") && files.includes(`${f}.gz`));
      const asset = await viaProxy(`/assets/${name}`);
      expect(asset.status).toBe(200);
      expect(asset.headers["content-type"]).toMatch(/javascript/);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const gzipped = await viaProxy(`/assets/${name}`, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
    });
  },
);
