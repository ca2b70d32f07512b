// The public forms' per-IP limits, counted at the edge (app/server/http/form-limits.server.ts),
// against the production server over HTTP: a browser without JavaScript past the limit gets a
// small Portuguese page with what it typed (the page itself is not rendered), a JavaScript
// (`.data`) post gets the form's usual 429 data, both with Retry-After.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN as ADMIN, type ServerProcess, startSiteForTests } from "../tests/support/server";

let server: ServerProcess;
let listingPath = "";
const LISTING_TITLE = "Casa com quintal no Farol";

let clients = 0;
/** A documentation address of its own per test (the server trusts X-Forwarded-For here). */
const nextAddress = () => `203.0.113.${++clients}`;

const FORM = "application/x-www-form-urlencoded";

async function post(
  path: string,
  fields: Record<string, string>,
  from: string,
  extra: Record<string, string> = {},
) {
  const response = await fetch(server.url + path, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": FORM, "X-Forwarded-For": from, ...extra },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

/** Posts `count` times from `from` and expects each to be within the limit (not 429). */
async function useUp(
  path: string,
  count: number,
  from: string,
  fields: Record<string, string> | ((i: number) => Record<string, string>) = {},
) {
  for (let i = 1; i <= count; i++) {
    const answer = await post(path, typeof fields === "function" ? fields(i) : fields, from);
    expect(answer.status, `${path}, envio ${i}: ${answer.body.slice(0, 200)}`).not.toBe(429);
  }
}

function expectRetryAfter(headers: Headers, atMostSeconds: number) {
  const seconds = Number(headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(atMostSeconds);
}

/** The over-limit page: small, no scripts, a form posting back to `path`. */
function expectSmallPage(answer: { headers: Headers; body: string }, path: string) {
  expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
  expect(Buffer.byteLength(answer.body)).toBeLessThan(4096);
  expect(answer.body).not.toContain("<script");
  expect(answer.body).toContain("Muitos envios em pouco tempo");
  expect(answer.body).toContain(`<form method="post" action="${path}">`);
  expect(answer.body).toContain("Enviar de novo");
}

beforeAll(async () => {
  server = await startSiteForTests({ env: { TRUST_PROXY: "true" } });
  const signIn = await post("/login", { email: ADMIN.email, password: ADMIN.password }, nextAddress());
  expect(signIn.status, signIn.body.slice(0, 300)).toBe(302);
  const cookie = signIn.headers.get("set-cookie")?.match(/((?:__Host-)?sessao=[^;]+)/)?.[1] ?? "";
  const created = await post(
    "/admin/imoveis/novo",
    {
      intent: "salvar",
      titulo: LISTING_TITLE,
      tipo: "casa",
      finalidades: "venda",
      precoVenda: "650.000",
      bairro: "Farol",
      cidade: "Maceió",
      uf: "AL",
      publicacao: "publicado",
    },
    nextAddress(),
    { Cookie: cookie },
  );
  expect(created.status, created.body.slice(0, 300)).toBe(303);
  const edit = await fetch(server.url + (created.headers.get("location") ?? ""), {
    headers: { Cookie: cookie },
  }).then((r) => r.text());
  const referencia = edit.match(/name="referencia"[^>]*value="([A-Z]{2}\d{4,})"/)?.[1];
  if (!referencia) throw new Error("a referência do imóvel criado não está na página de edição");
  listingPath = `/casas/${referencia}`;
  expect(await fetch(server.url + listingPath).then((r) => r.text())).toContain(LISTING_TITLE);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("a listing's contact form past 20 posts in 10 minutes", () => {
  it("answers a browser without JavaScript with a small 429 page that keeps what was typed, not the listing page", async () => {
    const from = nextAddress();
    // Missing the consent: each of these is a 400 with field messages (nothing stored).
    await useUp(listingPath, 20, from, { name: "Ana" });
    const typed = {
      name: 'Maria "Mãe" <Souza>',
      phone: "(82) 99999-1234",
      email: "maria@exemplo.com.br",
      message: "Quero visitar no sábado.\nDe manhã, se der.",
      consent: "on",
      website: "",
    };
    const limited = await post(listingPath, typed, from);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 600);
    expectSmallPage(limited, listingPath);
    // Not the listing page: nothing of it was rendered.
    expect(limited.body).not.toContain(LISTING_TITLE);
    expect(limited.body).toContain("Muitas mensagens em pouco tempo.");
    // What was typed, escaped, in a form to send again.
    expect(limited.body).toContain('value="Maria &quot;Mãe&quot; &lt;Souza&gt;"');
    expect(limited.body).toContain('value="(82) 99999-1234"');
    expect(limited.body).toContain('value="maria@exemplo.com.br"');
    expect(limited.body).toContain(">Quero visitar no sábado.\nDe manhã, se der.</textarea>");
    expect(limited.body).toMatch(/name="consent" type="checkbox" checked/);
    // And so on while the window lasts (this process remembers the verdict).
    const again = await post(listingPath, typed, from);
    expect(again.status).toBe(429);
    expect(again.body).toContain('value="maria@exemplo.com.br"');
    expectRetryAfter(again.headers, 600);
  });

  it("answers before the route runs: an unknown listing past the limit gets the 429 page, not its 404 page", async () => {
    const from = nextAddress();
    await useUp("/casas/NAOEXISTE9", 20, from, { name: "Ana" });
    const limited = await post("/casas/NAOEXISTE9", { name: "Ana" }, from);
    expect(limited.status).toBe(429);
    expectSmallPage(limited, "/casas/NAOEXISTE9");
    expect(limited.body).not.toContain("Imóvel não encontrado");
  });

  it("answers a JavaScript post (.data) with the form's 429 data and Retry-After", async () => {
    const from = nextAddress();
    const path = `${listingPath}.data`;
    await useUp(path, 20, from, { name: "Ana" });
    const limited = await post(path, { name: "Bia", email: "bia@exemplo.com.br" }, from);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 600);
    expect(limited.body).toContain("Muitas mensagens em pouco tempo.");
    expect(limited.body).toContain("bia@exemplo.com.br");
    expect(Buffer.byteLength(limited.body)).toBeLessThan(1024);
  });
});

describe("the contact form on /sobre-nos past 5 posts in 10 minutes", () => {
  it("answers the 6th document post with the small page, and the 6th .data post with 429 data", async () => {
    const page = nextAddress();
    await useUp("/sobre-nos", 5, page, { name: "Ana" });
    const limited = await post("/sobre-nos", { name: "Carla", email: "carla@exemplo.com.br" }, page);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 600);
    expectSmallPage(limited, "/sobre-nos");
    expect(limited.body).toContain('value="Carla"');

    const script = nextAddress();
    await useUp("/sobre-nos.data", 5, script, { name: "Ana" });
    const data = await post("/sobre-nos.data", { name: "Dora", email: "dora@exemplo.com.br" }, script);
    expect(data.status).toBe(429);
    expectRetryAfter(data.headers, 600);
    expect(data.body).toContain("Muitas mensagens em pouco tempo.");
    expect(data.body).toContain("Dora");
  });
});

describe("Anuncie seu imóvel past 5 posts in 10 minutes", () => {
  it("answers the 6th post with photos with the small page keeping the text, and a .data post with 429 data", async () => {
    const from = nextAddress();
    await useUp("/anuncie-seu-imovel", 5, from, { name: "Ana" });
    // As a browser without JavaScript sends it: multipart, a photo after the text.
    const form = new FormData();
    for (const [name, value] of Object.entries({
      name: "Dona Rosa",
      phone: "(82) 98888-2222",
      tipo: "cobertura",
      finalidade: "venda",
      bairro: "Ponta Verde",
      cidade: "Maceió",
      message: "Cobertura duplex.",
      consent: "on",
    }))
      form.set(name, value);
    form.append("fotos", new File([new Uint8Array(2048)], "sala.jpg", { type: "image/jpeg" }));
    const response = await fetch(`${server.url}/anuncie-seu-imovel`, {
      method: "POST",
      headers: { Origin: server.url, "X-Forwarded-For": from },
      body: form,
      redirect: "manual",
    });
    const limited = { status: response.status, headers: response.headers, body: await response.text() };
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 600);
    expectSmallPage(limited, "/anuncie-seu-imovel");
    expect(limited.body).toContain('value="Dona Rosa"');
    expect(limited.body).toContain('<input type="hidden" name="tipo" value="cobertura">');
    expect(limited.body).toContain(">Cobertura duplex.</textarea>");

    const script = nextAddress();
    await useUp("/anuncie-seu-imovel.data", 5, script, { name: "Ana" });
    const data = await post("/anuncie-seu-imovel.data", { name: "Dora" }, script);
    expect(data.status).toBe(429);
    expectRetryAfter(data.headers, 600);
    expect(data.body).toContain("Muitas mensagens em pouco tempo.");
  });
});

describe("sign-in and password recovery past their per-IP limits", () => {
  it("/login: the 11th post in a minute gets the small page with the e-mail kept and never the password", async () => {
    const from = nextAddress();
    // Each on another account: no account's own line of attempts slows these down.
    await useUp("/login", 10, from, (i) => ({
      email: `pagina${i}@teste.com.br`,
      password: "uma senha errada",
    }));
    const limited = await post(
      "/login",
      { email: "quem@teste.com.br", password: "segredo-que-nao-volta", redirectTo: "/admin/leads" },
      from,
    );
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 60);
    expectSmallPage(limited, "/login");
    expect(limited.body).toContain("Muitas tentativas de entrada a partir desta conexão.");
    expect(limited.body).toContain('value="quem@teste.com.br"');
    expect(limited.body).toContain('name="redirectTo" value="/admin/leads"');
    expect(limited.body).not.toContain("segredo-que-nao-volta");
    expect(limited.headers.get("cache-control")).toBe("no-store");
  });

  it("/login written another way (case, percent-encoding, slashes) is the same sign-in, counted by the same limit", async () => {
    const from = nextAddress();
    const ways = ["/Login", "/LOGIN/", "/logi%6E", "/login//", "/Login.data"];
    await useUp("/login", 10 - ways.length, from, (i) => ({
      email: `jeito${i}@teste.com.br`,
      password: "errada",
    }));
    for (const [i, path] of ways.entries()) {
      const answer = await post(path, { email: `outro${i}@teste.com.br`, password: "errada" }, from);
      expect(answer.status, path).not.toBe(429);
    }
    const limited = await post("/LOGIN", { email: "z@teste.com.br", password: "errada" }, from);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain('<form method="post" action="/LOGIN">');
  });

  it("a chunked post past the limit is answered at once, its body never read into memory", async () => {
    const from = nextAddress();
    // "Anuncie seu imóvel" counts its own body's bytes, so the write guards' 411 does not stop a
    // body of undeclared length before the limit's answer.
    await useUp("/anuncie-seu-imovel", 5, from, { name: "Ana" });
    const LIMIT = 32 * 1024 * 1024;
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      const request = httpRequest(`${server.url}/anuncie-seu-imovel`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": FORM, "X-Forwarded-For": from },
      });
      request.on("response", (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, sent });
        request.destroy();
      });
      request.on("error", (error) => (sent >= LIMIT ? resolve({ status: 0, sent }) : reject(error)));
      const chunk = Buffer.alloc(64 * 1024, "a");
      const pump = () => {
        while (sent < LIMIT) {
          sent += chunk.length;
          if (!request.write(chunk)) return void request.once("drain", pump);
        }
        request.end();
      };
      pump();
    });
    expect(status).toBe(429);
    // Answered long before the body would have ended (the old reader waited for all of it).
    expect(sent).toBeLessThan(LIMIT);
  });

  it("/login.data: the 11th post answers the sign-in's 429 data", async () => {
    const from = nextAddress();
    await useUp("/login.data", 10, from, (i) => ({
      email: `dados${i}@teste.com.br`,
      password: "uma senha errada",
    }));
    const limited = await post("/login.data", { email: "y@teste.com.br", password: "outra senha" }, from);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 60);
    expect(limited.body).toContain("Muitas tentativas de entrada a partir desta conexão.");
  });

  it("/recuperar-senha: the 6th request in 15 minutes gets the small page with the e-mail kept", async () => {
    const from = nextAddress();
    await useUp("/recuperar-senha", 5, from, (i) => ({ email: `ninguem${i}@teste.com.br` }));
    const limited = await post("/recuperar-senha", { email: "ninguem@teste.com.br" }, from);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 900);
    expectSmallPage(limited, "/recuperar-senha");
    expect(limited.body).toContain('value="ninguem@teste.com.br"');
  });

  it("/api/whatsapp: the 21st click in 10 minutes answers 429 with Retry-After", async () => {
    const from = nextAddress();
    await useUp("/api/whatsapp", 20, from, { referencia: "AP9999" });
    const limited = await post("/api/whatsapp", { referencia: "AP9999" }, from);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited.headers, 600);
  });
});
