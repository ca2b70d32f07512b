// deploy/nginx.conf as written, in front of two production app instances (A and B), each with its
// own DATA_DIR, on one PostgreSQL database (TEST_DATABASE_URL), one S3 bucket (s3rver,
// tests/support/s3-server.ts; no MEDIA_PUBLIC_URL, so the app streams /media from it) and one SMTP
// server: TLS terminated with a throwaway certificate, plain HTTP redirected, pages and an admin
// sign-in through the proxy (Host, X-Forwarded-Proto and X-Forwarded-For reach the app,
// TRUST_PROXY=true), the session on both; a photo uploaded to A's own port shown by B's listing
// page and read through the proxy byte for byte; the sign-in limit per address counted across
// both; a lead taken by A reaching an admin's live stream on B, its e-mails sent once with both
// outbox workers running; A killed (kill -9) during a stream of requests through the proxy with
// no request started afterwards failing; /assets/ from the build folder on disk. Needs the
// `nginx` and `openssl` commands (.ci/run installs nginx); skipped, saying which is missing,
// without them.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "../app/server/mail/test-smtp.server";
import { makeJpeg } from "../tests/support/photos";
import { createScratchDatabase, type ScratchDatabase } from "../tests/support/postgres";
import { startTestS3, type TestS3 } from "../tests/support/s3-server";
import {
  TEST_ADMIN as ADMIN,
  freePort,
  type ServerProcess,
  startSiteForTests,
  VITEST_BUILD_DIR,
} from "../tests/support/server";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const ZAP_SECRET = "segredo-do-grupo-zap-para-o-nginx-0001";
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
  bytes: Buffer;
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
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
        });
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          done({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

/**
 * A request straight to one instance's port, as nginx passes it on (deploy/nginx.conf: the public
 * Host and X-Forwarded-Proto; fetch would not let the test set Host), with the browser's Origin:
 * the test then knows which instance handled it.
 */
async function direct(
  site: ServerProcess,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: URLSearchParams | FormData } = {},
): Promise<Answer> {
  let body: Buffer | undefined;
  const headers: Record<string, string> = {
    Host: `${DOMAIN}:${tlsPort}`,
    "X-Forwarded-Proto": "https",
    Origin: `https://${DOMAIN}:${tlsPort}`,
    ...options.headers,
  };
  if (options.body) {
    const encoded = new Request("http://x/", { method: "POST", body: options.body });
    body = Buffer.from(await encoded.arrayBuffer());
    headers["Content-Type"] = encoded.headers.get("content-type") as string;
  }
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: site.port, path, agent: false, method: options.method ?? "GET", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          done({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString("utf8"), bytes });
        });
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

function plainHttp(path: string): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: "127.0.0.1", port: httpPort, path, agent: false, headers: { Host: DOMAIN } },
      (res) => {
        res.resume();
        res.on("end", () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: "", bytes: Buffer.alloc(0) }),
        );
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
    let s3: TestS3 | undefined;
    let smtp: TestSmtp | undefined;
    let sites: ServerProcess[] = [];
    let nginx: ChildProcess | undefined;
    let dir = "";
    let nginxLog = () => "";
    /** The administrator's session, from the sign-in through the proxy. */
    let cookie = "";
    const sql = () => postgres(database.url, { max: 1, onnotice: () => {} });

    beforeAll(async () => {
      tlsPort = await freePort();
      httpPort = await freePort();
      database = await createScratchDatabase(SERVER_URL as string, "nginx");
      s3 = await startTestS3("fotos-nginx");
      smtp = await startTestSmtp();
      const env = {
        ...s3.env,
        TRUST_PROXY: "true",
        PUBLIC_URL: `https://${DOMAIN}:${tlsPort}`,
        SMTP_URL: smtp.url,
        MAIL_FROM: "Imobiliária <nao-responda@suaimobiliaria.com.br>",
        GRUPOZAP_LEADS_SECRET: ZAP_SECRET,
      };
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
      await s3?.stop();
      await smtp?.close();
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
      cookie = setCookie.match(/(__Host-sessao=[^;]+)/)?.[1] as string;
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

    it("a photo uploaded to A is on B's listing page, and its bytes through the proxy are the bucket's", async () => {
      const [a, b] = sites as [ServerProcess, ServerProcess];
      // Straight to A's port (not through nginx): A is the instance that handles the upload.
      const postToA = (path: string, body: URLSearchParams | FormData, extra: Record<string, string> = {}) =>
        direct(a, path, { method: "POST", headers: { Cookie: cookie, ...extra }, body });
      const created = await postToA(
        "/admin/imoveis/novo",
        new URLSearchParams({
          intent: "salvar",
          titulo: "Casa com fotos no bucket",
          tipo: "casa",
          finalidades: "venda",
          precoVenda: "650.000",
          bairro: "Ponta Verde",
          cidade: "Maceió",
          uf: "AL",
          publicacao: "publicado",
        }),
      );
      expect(created.status, created.body).toBe(303);
      const id = Number(String(created.headers.location).match(/\/admin\/imoveis\/(\d+)/)?.[1]);
      const form = new FormData();
      form.append(
        "foto",
        new File([new Uint8Array(await makeJpeg(1200, 900, 5))], "sala.jpg", { type: "image/jpeg" }),
      );
      form.append("altText", "Sala ampla");
      const uploaded = await postToA(`/admin/imoveis/${id}/fotos`, form, { Accept: "application/json" });
      expect(uploaded.status, uploaded.body).toBe(201);
      const db = sql();
      let referencia = "";
      try {
        const [row] = await db`select referencia from properties where id = ${id}`;
        referencia = String(row?.referencia);
      } finally {
        await db.end();
      }
      // B renders the public page (its own port) with the photo A stored in the bucket.
      const page = await fetch(`${b.url}/casas/${referencia}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const srcs = [...html.matchAll(/\/media\/[^"'\s,)]+\.(?:webp|jpg|avif)/g)].map((m) => m[0]);
      expect(srcs.length).toBeGreaterThan(0);
      // Each of those photos through the proxy: the same bytes as in the bucket.
      for (const src of new Set(srcs)) {
        const viaNginx = await viaProxy(src);
        expect(viaNginx.status, src).toBe(200);
        const object = await (s3 as TestS3).storage().get(src.slice("/media/".length));
        const stored = object as Buffer;
        const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
        expect(sha(viaNginx.bytes), src).toBe(sha(stored));
      }
      // Neither data folder holds a photo.
      for (const site of sites) expect(existsSync(join(site.dataDir, "media"))).toBe(false);
    });

    it("counts sign-in attempts from one address across both instances", async () => {
      const [a, b] = sites as [ServerProcess, ServerProcess];
      const attempt = (site: ServerProcess, n: number) =>
        direct(site, "/login", {
          method: "POST",
          // As nginx sends it: the visitor's address (TRUST_PROXY=true).
          headers: { "X-Forwarded-For": "198.51.100.23" },
          // A different account each time: only the per-address limit is in play.
          body: new URLSearchParams({ email: `ninguem${n}@teste.com.br`, password: "errada-errada" }),
        }).then((r) => r.status);
      const statuses: number[] = [];
      // Ten a minute per address (SIGN_IN_IP_RULE): five on each instance are all answered…
      for (let n = 0; n < 10; n++) statuses.push(await attempt(n % 2 ? b : a, n));
      expect(statuses.filter((s) => s === 429 || s >= 500)).toEqual([]);
      // …and the eleventh is refused whichever instance takes it.
      expect(await attempt(a, 10)).toBe(429);
      expect(await attempt(b, 11)).toBe(429);
    });

    it("a lead taken by A reaches an admin's live page on B, and each of its e-mails is sent once", async () => {
      const [a, b] = sites as [ServerProcess, ServerProcess];
      const db = sql();
      try {
        await db`update agency_settings set email = 'contato@suaimobiliaria.com.br' where id = 1`;
        // The admin's open page on B: its event stream.
        const controller = new AbortController();
        const stream = await fetch(`${b.url}/admin/eventos`, {
          headers: { Cookie: cookie, Accept: "text/event-stream" },
          signal: controller.signal,
        });
        expect(stream.status).toBe(200);
        const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let text = "";
        const until = async (pattern: RegExp) => {
          while (!pattern.test(text)) {
            const { value, done } = await reader.read();
            if (done) throw new Error(`o stream terminou:\n${text}`);
            text += decoder.decode(value, { stream: true });
          }
        };
        await until(/conectado/);
        const lead = await fetch(`${a.url}/api/portais/grupozap/leads`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Basic ${Buffer.from(`grupozap:${ZAP_SECRET}`).toString("base64")}`,
          },
          body: JSON.stringify({
            leadOrigin: "VivaReal",
            timestamp: "2026-10-23T15:50:30.619Z",
            originLeadId: "lead-nginx-0001",
            clientListingId: "CA9999",
            name: "Rita Proxy",
            email: "rita@cliente.teste",
            ddd: "82",
            phone: "999990001",
            message: "Tenho interesse.",
          }),
        });
        expect(lead.status).toBe(201);
        await until(/event: lead-created/);
        controller.abort();
        // Both instances' outbox workers are running: each message goes out once.
        const rows = async () =>
          db<{ id: number; sent: boolean; attempts: number; to: string }[]>`
            select id, sent_at is not null as sent, attempts, payload->>'to' as to
            from outbox where kind = 'lead-email'
            and (payload->>'leadId')::int in (select id from leads where name = 'Rita Proxy')`;
        let messages = await rows();
        while (messages.length === 0 || messages.some((m) => !m.sent)) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          messages = await rows();
        }
        expect(messages.map((m) => m.attempts)).toEqual(messages.map(() => 1));
        // Nothing else in this suite sends mail.
        const received = (smtp as TestSmtp).received;
        expect(received.length).toBe(messages.length);
        expect(received.flatMap((mail) => mail.to).sort()).toEqual(messages.map((m) => m.to).sort());
      } finally {
        await db.end();
      }
    });

    it("kill -9 of A during a stream of requests: every request started afterwards answers 200", async () => {
      const [a] = sites as [ServerProcess, ServerProcess];
      const paths = ["/casas", "/sobre-nos", "/", "/todos-os-imoveis"];
      let killedAt = Number.POSITIVE_INFINITY;
      let sent = 0;
      const results: { startedAfterKill: boolean; status: number }[] = [];
      // Four clients in a row each; A is killed once 20 answers are in.
      const client = async () => {
        while (results.length < 80) {
          const startedAfterKill = Date.now() > killedAt;
          const path = paths[sent++ % paths.length] as string;
          const status = await viaProxy(path).then(
            (r) => r.status,
            () => 0,
          );
          results.push({ startedAfterKill, status });
          if (results.length === 20 && killedAt === Number.POSITIVE_INFINITY) {
            a.process.kill("SIGKILL");
            await a.exited;
            killedAt = Date.now();
          }
        }
      };
      await Promise.all([client(), client(), client(), client()]);
      const after = results.filter((r) => r.startedAfterKill);
      expect(after.length).toBeGreaterThan(40);
      expect(after.filter((r) => r.status !== 200)).toEqual([]);
      // At most the four in flight when A died may have failed (nginx retries them on B anyway).
      expect(results.filter((r) => r.status !== 200).length).toBeLessThanOrEqual(4);
    });

    it("serves /assets/ from the build folder itself, immutable, with no instance left", async () => {
      const [, b] = sites as [ServerProcess, ServerProcess];
      await b.stop();
      expect((await viaProxy("/")).status).toBe(502);
      const files = readdirSync(resolve(VITEST_BUILD_DIR, "client", "assets"));
      // One the build also wrote gzipped (scripts/precompress-assets.ts), for gzip_static.
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
