// Odd bytes from outside never make a 500: the production server, driven over HTTP with
// property-based inputs (fast-check) in every public GET parameter, every path segment and every
// form field, public and admin, answers each one with a page or a 4xx. Inputs mix plausible
// values with NULs and other control characters, malformed percent-encoding (a lone "%",
// "%E0%A4%A"), bytes that are not UTF-8, encoded separators and very long text; forms go both
// url-encoded and as multipart, to the page and to its data URL (.data, as client navigation
// posts). The forms are read from the pages themselves (tests/support/html-forms.ts), so a new
// form is fuzzed without being listed here.
//
// Random by default; FUZZ_SEED=<seed> replays a run (each failure names its seed).
import fc from "fast-check";
import { parse } from "node-html-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormField, formKey, formsOf, type HtmlForm } from "../tests/support/html-forms";
import {
  ADMIN,
  dataUrl,
  fieldValueArb,
  formArb,
  multipart,
  nulExamples,
  oddArb,
  piecesArb,
  plausible,
  type RawFields,
  rawUrlTextArb,
  withInside,
} from "../tests/support/odd-input";
import { type ServerProcess, startSiteForTests } from "../tests/support/server";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/**
 * fc.assert with this run's seed, naming the command that replays a failure. `numRuns` random
 * inputs after the examples (fast-check counts the examples among its runs).
 */
async function check<T>(property: fc.IAsyncProperty<T>, options: { numRuns: number; examples?: T[] }) {
  try {
    await fc.assert(property, {
      seed: SEED,
      examples: options.examples,
      numRuns: options.numRuns + (options.examples?.length ?? 0),
    });
  } catch (error) {
    const replay = `Repita com: FUZZ_SEED=${SEED} npx vitest run server/input-fuzz.test.ts`;
    const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : "";
    throw new Error(`${replay}\n${error instanceof Error ? error.message : String(error)}${cause}`);
  }
}

/** A build of its own, so a Playwright run's build/ is never rebuilt under it (build-* is ignored by git). */
let server: ServerProcess;
let adminCookie = "";
let listingPath = "";
let listingAdminPath = "";
let captacaoAdminPath = "";
/** Every request made, by "METHOD path-template", with the statuses it got. */
const statuses = new Map<string, Map<number, number>>();

// --------------------------------------------------------------------------------------------
// HTTP

let clients = 0;
/** A private address of its own per request: the per-IP limits would otherwise answer 429
 * before the code under test reads a byte (the server trusts X-Forwarded-For). */
function nextAddress(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

interface Sent {
  status: number;
  body: string;
  location: string | null;
  setCookie: string | null;
}

async function send(
  method: "GET" | "POST",
  path: string,
  options: { body?: string | Buffer; contentType?: string; signedIn?: boolean; label?: string } = {},
): Promise<Sent> {
  const headers: Record<string, string> = { Origin: server.url, "X-Forwarded-For": nextAddress() };
  if (options.contentType) headers["Content-Type"] = options.contentType;
  if (options.signedIn) headers.Cookie = adminCookie;
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: typeof options.body === "string" ? options.body : options.body && new Uint8Array(options.body),
    redirect: "manual",
  });
  const body = await response.text();
  const label = `${method} ${options.label ?? path}`;
  const counts = statuses.get(label) ?? new Map<number, number>();
  counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
  statuses.set(label, counts);
  if (response.status >= 500) {
    const tail = server.output().split("\n").slice(-40).join("\n");
    throw new Error(
      `${method} ${path} → ${response.status}\ncorpo enviado: ${String(options.body ?? "").slice(0, 500)}\n` +
        `resposta: ${body.slice(0, 500)}\nfim do log do servidor:\n${tail}`,
    );
  }
  return {
    status: response.status,
    body,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
  };
}

const FORM = "application/x-www-form-urlencoded";

function urlencoded(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function signIn(): Promise<string> {
  const response = await send("POST", "/login", {
    body: urlencoded({ email: ADMIN.email, password: ADMIN.password }),
    contentType: FORM,
  });
  expect(response.status, response.body).toBe(302);
  const cookie = response.setCookie?.match(/(?:^|,\s*)((?:__Host-)?sessao=[^;]+)/)?.[1];
  if (!cookie) throw new Error(`login sem cookie de sessão: ${response.setCookie}`);
  return cookie;
}

async function pageForms(path: string, signedIn: boolean): Promise<HtmlForm[]> {
  const response = await send("GET", path, { signedIn });
  expect(response.status, `${path}: ${response.body.slice(0, 300)}`).toBe(200);
  return formsOf(response.body, path);
}

async function submit(
  form: HtmlForm,
  fields: RawFields,
  how: { multipart: boolean; data: boolean },
  signedIn: boolean,
) {
  const path = how.data ? dataUrl(form.action) : form.action;
  const label = `${formKey(form).replace(/^POST /, "")}${how.data ? " (.data)" : ""}`;
  if (how.multipart || form.multipart) {
    const { body, type } = multipart(fields);
    return send("POST", path, { body, contentType: type, signedIn, label });
  }
  const body = fields.map(([name, raw]) => `${name}=${raw}`).join("&");
  return send("POST", path, { body, contentType: FORM, signedIn, label });
}

async function fuzzForm(form: HtmlForm, signedIn: boolean, numRuns: number): Promise<void> {
  const howArb = fc.record({ multipart: fc.boolean(), data: fc.boolean() });
  await check(
    fc.asyncProperty(formArb(form), howArb, async (fields, how) => {
      await submit(form, fields, how, signedIn);
    }),
    { numRuns, examples: nulExamples(form).map((fields) => [fields, { multipart: false, data: false }]) },
  );
}

// --------------------------------------------------------------------------------------------
// Setup: a published listing with a photo and a second user, for their forms to show.

async function tinyJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#3b82f6" } })
    .jpeg()
    .toBuffer();
}

beforeAll(async () => {
  server = await startSiteForTests({ admin: ADMIN, env: { TRUST_PROXY: "true" } });
  adminCookie = await signIn();
  const created = await send("POST", "/admin/imoveis/novo", {
    signedIn: true,
    contentType: FORM,
    body: urlencoded({
      intent: "salvar",
      titulo: "Casa com quintal na Ponta Verde",
      tipo: "casa",
      finalidades: "venda",
      precoVenda: "850.000",
      bairro: "Ponta Verde",
      cidade: "Maceió",
      uf: "AL",
      publicacao: "publicado",
    }),
  });
  expect(created.status, created.body.slice(0, 500)).toBe(303);
  listingAdminPath = new URL(created.location ?? "", server.url).pathname;
  const upload = multipart([["altText", "Fachada"]], { name: "fachada.jpg", bytes: await tinyJpeg() });
  const uploaded = await send("POST", `${listingAdminPath}/fotos`, {
    signedIn: true,
    body: upload.body,
    contentType: upload.type,
  });
  expect(uploaded.status, uploaded.body.slice(0, 500)).toBeLessThan(400);
  const edit = await send("GET", listingAdminPath, { signedIn: true });
  const referencia = edit.body.match(/name="referencia"[^>]*value="([A-Z]{2}\d{4,})"/)?.[1];
  if (!referencia) throw new Error("a referência do imóvel criado não está na página de edição");
  listingPath = `/casas/${referencia}`;
  const user = await send("POST", "/admin/usuarios", {
    signedIn: true,
    contentType: FORM,
    body: urlencoded({
      intent: "create",
      name: "Corretora do Teste",
      email: "corretora@teste.com.br",
      role: "corretor",
      creci: "54321-F",
      phone: "(82) 99876-5432",
      password: "senha-da-corretora-456",
    }),
  });
  expect(user.status, user.body.slice(0, 500)).toBe(200);
  // An owner's offer with a photo (/anuncie-seu-imovel), for the captação screens' forms to show.
  const offer = multipart(
    [
      ["name", "Dona da Casa"],
      ["phone", "(82) 98888-1111"],
      ["tipo", "casa"],
      ["finalidade", "venda"],
      ["bairro", "Farol"],
      ["cidade", "Maceió"],
      ["consent", "on"],
    ],
    { name: "casa.jpg", bytes: await tinyJpeg(), field: "fotos" },
  );
  const offered = await send("POST", "/anuncie-seu-imovel", { body: offer.body, contentType: offer.type });
  expect(offered.status, offered.body.slice(0, 500)).toBe(200);
  const queue = await send("GET", "/admin/captacoes", { signedIn: true });
  captacaoAdminPath = queue.body.match(/href="(\/admin\/captacoes\/\d+)"/)?.[1] ?? "";
  if (!captacaoAdminPath) throw new Error("a captação enviada não está em /admin/captacoes");
}, 240_000);

afterAll(async () => {
  await server?.stop();
  // FUZZ_REPORT=1: what each target answered, to see the inputs reach the code behind it.
  if (process.env.FUZZ_REPORT) {
    const lines = [...statuses].map(
      ([label, counts]) => `${label}  ${[...counts].map(([s, n]) => `${s}×${n}`).join(" ")}`,
    );
    console.log(`semente ${SEED}\n${lines.sort().join("\n")}`);
  }
});

// --------------------------------------------------------------------------------------------

// Each property sends a fixed number of requests, so its time follows the machine's speed: every
// admin form is ~40 s on a quiet 2-core machine and went past Vitest's default 60 s under load.
describe("odd bytes from outside", { timeout: 240_000 }, () => {
  it("a lead whose name holds a NUL is stored without it and shows in the inbox", async () => {
    const lead = await send("POST", listingPath, {
      contentType: FORM,
      body: urlencoded({
        name: "Lúcia\u0000 Vasconcelos\u0007",
        phone: "(82) 99999-8888",
        message: "Olá,\r\nquero visitar.\u0000",
        consent: "on",
      }),
    });
    expect(lead.status).toBe(200);
    expect(lead.body).toContain("Mensagem enviada!");
    const contact = await send("POST", "/sobre-nos", {
      contentType: FORM,
      body: urlencoded({ name: "Rui\u0000 Calheiros", email: "rui@exemplo.com.br", consent: "on" }),
    });
    expect(contact.status).toBe(200);
    const inbox = await send("GET", "/admin/leads", { signedIn: true });
    expect(inbox.body).toContain("Lúcia Vasconcelos");
    expect(inbox.body).toContain("Rui Calheiros");
  });

  it("a malformed address answers 400 with a Portuguese page; a NUL in the search is dropped", async () => {
    for (const path of [
      "/casas/%00",
      "/?cidade=%C3%28",
      "/todos-os-imoveis?q=%E0%A4%A",
      "/todos-os-imoveis?q=%",
    ]) {
      const response = await send("GET", path);
      expect(response.status, path).toBe(400);
      expect(response.body).toContain("Endereço inválido");
    }
    const search = await send("GET", "/todos-os-imoveis?q=Ponta%00%20Verde");
    expect(search.status).toBe(200);
    expect(search.body).toContain(listingPath);
  });

  it("every public GET parameter, on the page and its data URL", async () => {
    const targets: QueryTarget[] = [];
    const getForms = [
      ...(await pageForms("/", false)),
      ...(await pageForms("/todos-os-imoveis", false)),
      ...(await pageForms("/casas", false)),
      // The financing simulator: a GET of the listing's own URL (decision 033).
      ...(await pageForms(listingPath, false)),
    ].filter((f) => f.method === "get");
    for (const form of getForms) targets.push(queryTarget(form, false));
    const extra = ["ordem", "pagina", "q", "v", "token", "refs", "redirectTo", "ok", "ref"];
    for (const path of [
      "/",
      "/todos-os-imoveis",
      "/casas",
      listingPath,
      "/favoritos",
      "/sobre-nos",
      "/anuncie-seu-imovel",
      "/politica-de-privacidade",
      "/login",
      "/recuperar-senha",
      "/api/cartoes",
      "/sitemap.xml",
      "/robots.txt",
      "/feeds/vrsync.xml",
      "/feeds/chavesnamao.xml",
    ]) {
      targets.push(queryTarget(path, false, extra));
    }
    expect(targets.map((t) => t.path)).toEqual(expect.arrayContaining(["/todos-os-imoveis", "/casas"]));
    await fuzzQueries(targets, 150);
  });

  it("every path segment", async () => {
    const templates = [
      "/casas/{}",
      "/casas/{}.data",
      "/redefinir-senha/{}",
      "/relatorio/{}",
      "/visita/{}",
      "/alertas/{}",
      "/sitemaps/{}",
      "/og/{}",
      "/{}",
      "/todos-os-imoveis/{}",
      "/api/{}",
      "/feeds/{}",
      "/temporada/{}",
      "/media/{}",
      "/assets/{}",
    ];
    const adminTemplates = [
      "/admin/imoveis/{}",
      "/admin/imoveis/{}/fotos",
      "/admin/imoveis/{}/relatorio",
      "/admin/imoveis/{}/temporada",
      "/admin/leads/{}",
      "/admin/captacoes/{}",
      "/admin/captacoes/1/fotos/{}",
      "/admin/{}",
    ];
    const segmentArb = fc.oneof(
      rawUrlTextArb,
      fc
        .tuple(
          // An id past PostgreSQL's integer is a database error unless the route checks it first.
          fc.constantFrom(
            listingPath.split("/")[2] ?? "",
            "1",
            "2147483648",
            "sitemap-imoveis-1.xml",
            "x.jpg",
          ),
          oddArb,
          fc.nat(),
        )
        .map(([value, odd, at]) => withInside(value, odd, at)),
    );
    const caseArb = fc.oneof(
      fc.record({
        template: fc.constantFrom(...templates),
        segment: segmentArb,
        signedIn: fc.constant(false),
      }),
      fc.record({
        template: fc.constantFrom(...adminTemplates),
        segment: segmentArb,
        signedIn: fc.constant(true),
      }),
    );
    await check(
      fc.asyncProperty(caseArb, async ({ template, segment, signedIn }) => {
        await send("GET", template.replace("{}", segment), { signedIn, label: template });
      }),
      { numRuns: 200 },
    );
  });

  it("every public form, and the forms no page shows unless its link is valid", async () => {
    const forms = [
      ...(await pageForms(listingPath, false)),
      // The simulator's lead form shows with a simulation's result (decision 033).
      ...(await pageForms(`${listingPath}?simular=1&entrada=170.000&prazo=360&taxa=11,5&sistema=sac`, false)),
      ...(await pageForms("/sobre-nos", false)),
      ...(await pageForms("/anuncie-seu-imovel", false)),
      ...(await pageForms("/login", false)),
      ...(await pageForms("/recuperar-senha", false)),
    ].filter((f) => f.method === "post");
    const text = (name: string, kind = "text"): FormField => ({ name, kind, values: [""], current: [] });
    forms.push(
      // The reset form shows only for a valid link; its action reads the form first.
      {
        page: "",
        action: "/redefinir-senha/um-token-qualquer",
        method: "post",
        multipart: false,
        fields: [text("password", "password"), text("confirmation", "password")],
      },
      // sendBeacon from the listing page.
      {
        page: "",
        action: "/api/whatsapp",
        method: "post",
        multipart: false,
        fields: [
          { name: "referencia", kind: "text", values: [listingPath.split("/")[2] ?? ""], current: [] },
        ],
      },
      // Signing out without a session.
      { page: "", action: "/sair", method: "post", multipart: false, fields: [text("redirectTo")] },
    );
    const keys = distinct(forms).map(formKey);
    for (const expected of [
      `POST ${listingPath} `,
      `POST ${listingPath}?simular=1`,
      "POST /sobre-nos ",
      "POST /anuncie-seu-imovel ",
      "POST /login ",
      "POST /recuperar-senha ",
    ]) {
      expect(
        keys.some((key) => key.startsWith(expected)),
        `${expected} em ${keys.join("\n")}`,
      ).toBe(true);
    }
    for (const form of distinct(forms)) await fuzzForm(form, false, 12);
  });

  it("every admin GET parameter", async () => {
    const targets: QueryTarget[] = [];
    for (const page of [
      "/admin/imoveis",
      "/admin/leads",
      "/admin/portais",
      "/admin/relatorios",
      "/admin/captacoes",
    ]) {
      for (const form of await pageForms(page, true)) {
        if (form.method === "get") targets.push(queryTarget(form, true));
      }
    }
    expect(targets.map((t) => t.path)).toEqual(
      expect.arrayContaining(["/admin/imoveis", "/admin/leads", "/admin/relatorios"]),
    );
    const leadFilters = targets.find((t) => t.path === "/admin/leads");
    const reportFilters = targets.find((t) => t.path === "/admin/relatorios");
    const extra = ["pagina", "ordem", "direcao", "mostrar", "ok", "ref", "q"];
    targets.push(
      { ...(leadFilters ?? queryTarget("", true)), path: "/admin/leads.csv" },
      { ...(reportFilters ?? queryTarget("", true)), path: "/admin/relatorios.csv" },
      ...[
        "/admin/portais",
        "/admin/painel",
        listingAdminPath,
        "/admin/usuarios",
        "/admin/emails-nao-entregues",
      ].map((path) => queryTarget(path, true, extra)),
    );
    await fuzzQueries(targets, 100);
  });

  it("visit hours for an agent who does not exist (or past the database's integers) answer 404", async () => {
    for (const agente of ["99999999999", "999999"]) {
      const path = `/admin/visitas/disponibilidade?agente=${agente}`;
      expect((await send("GET", path, { signedIn: true })).status).toBeGreaterThanOrEqual(400);
      const posted = await send("POST", path, { body: "duracao=30", contentType: FORM, signedIn: true });
      expect([403, 404]).toContain(posted.status);
    }
  });

  it("a photo whose file name and description hold odd bytes", async () => {
    const image = await tinyJpeg();
    await check(
      fc.asyncProperty(piecesArb, piecesArb, async (name, alt) => {
        const upload = multipart([["altText", alt]], { name: `${name}.jpg`, bytes: image });
        await send("POST", `${listingAdminPath}/fotos`, {
          signedIn: true,
          body: upload.body,
          contentType: upload.type,
          label: "/admin/imoveis/:id/fotos (envio)",
        });
      }),
      { numRuns: 4, examples: [["foto%00de%01frente", "Fachada%00"]] },
    );
  });

  it("every admin form, signed in as the administrator", async () => {
    const pages = [
      "/admin/painel",
      "/admin/imoveis",
      "/admin/imoveis/novo",
      listingAdminPath,
      `${listingAdminPath}/fotos`,
      "/admin/usuarios",
      "/admin/configuracoes",
      "/admin/portais",
      "/admin/leads",
      "/admin/leads/lgpd",
      "/admin/emails-nao-entregues",
      "/admin/captacoes",
      captacaoAdminPath,
    ];
    const inbox = await send("GET", "/admin/leads", { signedIn: true });
    const leadPath = inbox.body.match(/href="(\/admin\/leads\/\d+)"/)?.[1];
    if (!leadPath) throw new Error("nenhum lead na caixa de entrada para abrir");
    pages.push(leadPath);
    let forms: HtmlForm[] = [];
    for (const page of pages) forms.push(...(await pageForms(page, true)));
    // Signing out would end the session the rest needs, and so would the administrator's own
    // new password; the user forms are fuzzed on the second user (a corretor) instead.
    const users = parse((await send("GET", "/admin/usuarios", { signedIn: true })).body);
    const ownId = users.querySelector(`[data-user-email="${ADMIN.email}"]`)?.getAttribute("data-user-id");
    if (!ownId) throw new Error("o cartão do administrador não está em /admin/usuarios");
    forms = forms.filter(
      (f) =>
        f.method === "post" &&
        f.action !== "/sair" &&
        !(
          f.action === "/admin/usuarios" && f.fields.some((x) => x.name === "id" && x.values.includes(ownId))
        ),
    );
    const text = (name: string): FormField => ({ name, kind: "text", values: [""], current: [] });
    const hidden = (name: string, value: string): FormField => ({
      name,
      kind: "hidden",
      values: [value],
      current: [value],
    });
    forms.push(
      // Shown only after a search finds someone, and for failed e-mails.
      {
        page: "",
        action: "/admin/leads/lgpd",
        method: "post",
        multipart: false,
        fields: [hidden("intent", "apagar"), text("contato"), hidden("confirmar", "sim")],
      },
      {
        page: "",
        action: "/admin/leads/lgpd/exportar",
        method: "post",
        multipart: false,
        fields: [text("contato")],
      },
      {
        page: "",
        action: "/admin/emails-nao-entregues",
        method: "post",
        multipart: false,
        fields: [hidden("intent", "tentar"), hidden("id", "1")],
      },
      {
        page: "",
        action: "/admin/emails-nao-entregues",
        method: "post",
        multipart: false,
        fields: [hidden("intent", "descartar"), hidden("id", "1")],
      },
    );
    const keys = distinct(forms).map(formKey);
    for (const expected of [
      "POST /admin/imoveis/novo [salvar]",
      "POST /admin/imoveis/:id [salvar]",
      "POST /admin/imoveis/:id [status]",
      "POST /admin/imoveis/:id/fotos [alt]",
      "POST /admin/usuarios [create]",
      "POST /admin/usuarios [update]",
      "POST /admin/usuarios [set-password]",
      "POST /admin/configuracoes []",
      "POST /admin/leads/:id [note]",
      "POST /admin/leads/:id [status]",
      "POST /admin/leads/lgpd [buscar]",
      "POST /admin/captacoes/:id [status]",
      "POST /admin/captacoes/:id [converter]",
      "POST /admin/sessao [encerrar-outras]",
    ]) {
      expect(
        keys.some((key) => key.startsWith(expected)),
        `${expected} em\n${keys.join("\n")}`,
      ).toBe(true);
    }
    // What removes things last, so the forms before it still have something to act on.
    const DESTRUCTIVE = /\[(excluir|delete|deactivate|apagar|descartar)\]/;
    const ordered = distinct(forms).sort(
      (a, b) => Number(DESTRUCTIVE.test(formKey(a))) - Number(DESTRUCTIVE.test(formKey(b))),
    );
    for (const form of ordered) await fuzzForm(form, true, 8);
    // Still signed in: every form above was tried by the administrator, not by a visitor.
    expect((await send("GET", "/admin/sessao", { signedIn: true })).status).toBe(200);
  });
});

function distinct(forms: HtmlForm[]): HtmlForm[] {
  const byKey = new Map<string, HtmlForm>();
  for (const form of forms) if (!byKey.has(formKey(form))) byKey.set(formKey(form), form);
  return [...byKey.values()];
}

interface QueryTarget {
  path: string;
  fields: FormField[];
  signedIn: boolean;
}

/** A page's GET form as a target, or a page with parameters of these names. */
function queryTarget(form: HtmlForm | string, signedIn: boolean, names: string[] = []): QueryTarget {
  if (typeof form !== "string") return { path: form.action, fields: form.fields, signedIn };
  return {
    path: form,
    fields: names.map((name) => ({ name, kind: "text", values: [""], current: [] })),
    signedIn,
  };
}

async function fuzzQueries(targets: QueryTarget[], numRuns: number) {
  const paramArb = (target: QueryTarget): fc.Arbitrary<[string, string]> =>
    fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .constantFrom(...target.fields)
          .chain((f) =>
            fieldValueArb(f, rawUrlTextArb).map((raw): [string, string] => [encodeURIComponent(f.name), raw]),
          ),
      },
      { weight: 1, arbitrary: fc.tuple(rawUrlTextArb, rawUrlTextArb) },
    );
  const caseArb = fc.constantFrom(...targets).chain((target) =>
    fc.record({
      target: fc.constant(target),
      params: fc.array(paramArb(target), { minLength: 1, maxLength: 4 }),
      data: fc.boolean(),
    }),
  );
  // A NUL in each parameter of each form, inside a value the form offers or a person would type.
  const examples = targets.flatMap((target) =>
    target.fields.map((f) => ({
      target,
      params: [
        [encodeURIComponent(f.name), withInside(plausible(f).find((v) => v !== "") ?? "casa", "%00", 1)],
      ] as [string, string][],
      data: false,
    })),
  );
  await check(
    fc.asyncProperty(caseArb, async ({ target, params, data }) => {
      const query = params.map(([name, raw]) => `${name}=${raw}`).join("&");
      const path = data ? dataUrl(target.path) : new URL(target.path, "http://site.invalid").pathname;
      await send("GET", `${path}?${query}`, {
        signedIn: target.signedIn,
        label: `${target.path}?…${data ? " (.data)" : ""}`,
      });
    }),
    { numRuns, examples: examples.map((example) => [example]) },
  );
}
