// Every admin route and action, read from app/routes.ts (so routes added later are covered
// automatically), must refuse a visitor without a session and a corretor where an admin is
// needed: a redirect to /login, 401, 403 (or 405 where there is no action), never data.
import { readFileSync } from "node:fs";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import sharp from "sharp";
import { loginUrl } from "../../app/lib/redirect-to";
import routes from "../../app/routes";
import { E2E_BASE_URL, postAs, sessionFor, test, uniquePhone } from "./fixtures";

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

interface AdminRoute {
  file: string;
  /** The path as app/routes.ts declares it, e.g. /admin/leads/:id. */
  pattern: string;
  /** The path with sample values for its params. */
  path: string;
  source: string;
  hasLoader: boolean;
  hasAction: boolean;
  adminOnly: boolean;
}

const SAMPLE_PARAMS: Record<string, string> = { id: "1", token: "token-de-exemplo", referencia: "AP0001" };

function join(parent: string, path: string | undefined): string {
  if (!path) return parent || "/";
  return `${parent.replace(/\/$/, "")}/${path}`.replace(/\/+/g, "/");
}

function flatten(entries: RouteEntry[], parent = ""): { file: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? parent || "/" : join(parent, entry.path);
    return [{ file: entry.file, pattern }, ...flatten(entry.children ?? [], pattern)];
  });
}

function concrete(pattern: string): string {
  return pattern
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .map((segment) =>
      segment === "*"
        ? "qualquer"
        : segment.startsWith(":")
          ? (SAMPLE_PARAMS[segment.slice(1)] ?? "x")
          : segment,
    )
    .join("/");
}

const ADMIN_ROUTES: AdminRoute[] = flatten(routes as RouteEntry[])
  .filter(({ pattern }) => pattern === "/admin" || pattern.startsWith("/admin/") || pattern === "/sair")
  .map(({ file, pattern }) => {
    const source = readFileSync(new URL(`../../app/${file}`, import.meta.url), "utf8");
    return {
      file,
      pattern,
      path: concrete(pattern),
      source,
      hasLoader: /export\s+(async\s+)?function\s+loader\b|export\s+const\s+loader\b/.test(source),
      hasAction: /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source),
      adminOnly: /role:\s*"admin"/.test(source),
    };
  });

/** One entry per URL (the layout and the index route share /admin). */
const ADMIN_PATHS: AdminRoute[] = [...new Set(ADMIN_ROUTES.map((r) => r.path))].map((path) => {
  const same = ADMIN_ROUTES.filter((r) => r.path === path);
  return {
    file: same.map((r) => r.file).join(" + "),
    pattern: same[0]?.pattern ?? path,
    path,
    source: same.map((r) => r.source).join("\n"),
    hasLoader: same.some((r) => r.hasLoader),
    hasAction: same.some((r) => r.hasAction),
    adminOnly: same.some((r) => r.adminOnly),
  };
});

const DENIED = [302, 303, 401, 403, 405];

function expectDenied(response: APIResponse, what: string) {
  const status = response.status();
  expect(DENIED, `${what} answered ${status}`).toContain(status);
  if (status === 302 || status === 303)
    expect(response.headers().location, `${what} redirected elsewhere`).toMatch(/^\/login(\?|$)/);
  // A refusal is personal too: no browser or proxy may keep it.
  expect(response.headers()["cache-control"], `${what}: Cache-Control`).toContain("no-store");
}

test("the route table has the admin screens this test walks", () => {
  const paths = ADMIN_ROUTES.map((r) => r.path);
  expect(paths).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/painel",
      "/admin/sessao",
      "/admin/usuarios",
      "/admin/configuracoes",
      "/admin/emails-nao-entregues",
      "/admin/relatorios",
      "/admin/relatorios.csv",
      "/admin/leads/distribuicao",
      "/admin/leads/1/whatsapp",
      "/sair",
    ]),
  );
  expect(ADMIN_ROUTES.filter((r) => r.adminOnly).map((r) => r.path)).toEqual(
    expect.arrayContaining([
      "/admin/usuarios",
      "/admin/configuracoes",
      "/admin/emails-nao-entregues",
      "/admin/leads/distribuicao",
    ]),
  );
});

test("every admin loader and action calls the server-side guard", () => {
  for (const route of ADMIN_ROUTES) {
    if (route.path === "/sair") continue; // sign-out works with or without a session
    if (route.hasLoader || route.hasAction) {
      expect(route.source, `${route.file} never calls requireUser/requireSession`).toMatch(
        /require(User|Session)\(/,
      );
    }
  }
});

test.describe("without a session", () => {
  for (const route of ADMIN_PATHS) {
    test(`GET and POST ${route.path} are refused`, async ({ request }) => {
      const page = await request.get(route.path, { maxRedirects: 0 });
      expectDenied(page, `GET ${route.path}`);

      const json = await request.get(route.path, {
        maxRedirects: 0,
        headers: { Accept: "application/json" },
      });
      expectDenied(json, `GET ${route.path} (JSON)`);

      // What a client-side navigation fetches: a redirect is encoded in a 202 for React Router,
      // back to the page after signing in (not to the data URL: loaders get the raw request).
      const data = await request.get(`${route.path}.data`, { maxRedirects: 0 });
      const dataBody = await data.text();
      if (data.status() === 202) {
        expect(dataBody).toContain(`"${loginUrl(route.path)}"`);
        expect(dataBody).not.toContain(".data");
      } else
        expect([...DENIED, 404], `GET ${route.path}.data answered ${data.status()}`).toContain(data.status());

      // POST only where an action exists (elsewhere React Router answers 405 on its own).
      if (route.hasAction) {
        const post = await request.post(route.path, {
          form: { intent: "create" },
          headers: { Origin: E2E_BASE_URL },
          maxRedirects: 0,
        });
        expectDenied(post, `POST ${route.path}`);

        // A file upload (multipart) is refused before its body is read.
        const upload = await request.post(route.path, {
          multipart: {
            intent: "upload",
            foto: { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não é uma foto") },
          },
          headers: { Origin: E2E_BASE_URL, Accept: "application/json" },
          maxRedirects: 0,
        });
        expectDenied(upload, `POST ${route.path} (multipart)`);

        const postData = await request.post(`${route.path}.data`, {
          form: { intent: "create" },
          headers: { Origin: E2E_BASE_URL },
          maxRedirects: 0,
        });
        if (postData.status() === 202) expect(await postData.text()).toContain("/login");
        else
          expect([...DENIED, 404], `POST ${route.path}.data answered ${postData.status()}`).toContain(
            postData.status(),
          );
      }
    });
  }
});

test.describe("as a corretor", () => {
  for (const route of ADMIN_PATHS.filter((r) => r.adminOnly)) {
    test(`GET and POST ${route.path} answer 403`, async ({ request }) => {
      const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
      const headers = { Cookie: `${cookie.name}=${cookie.value}` };
      const page = await request.get(route.path, { headers, maxRedirects: 0 });
      expect(page.status()).toBe(403);
      expect(page.headers()["cache-control"]).toContain("no-store");
      expect(await page.text()).not.toContain("data-user-email");
      const data = await request.get(`${route.path}.data`, { headers, maxRedirects: 0 });
      expect(data.status()).toBe(403);
      for (const intent of ["create", "update", "deactivate", "set-password", ""]) {
        const post = await request.post(route.path, {
          form: {
            intent,
            id: "1",
            name: "Invasor",
            email: "invasor@teste.com.br",
            role: "admin",
            password: "uma senha longa o bastante",
          },
          headers: { ...headers, Origin: E2E_BASE_URL },
          maxRedirects: 0,
        });
        expect(post.status(), `POST ${route.path} intent=${intent}`).toBe(403);
      }
    });
  }
});

// Object-level access: a corretor may use the listing and lead screens, but only for their own
// records. Every admin route with a parameter needs an entry here (the first test fails when a
// new one is added without it): how to find a record the fixture corretor does not own, and a
// text of that record that must never reach them.
interface ForeignRecord {
  id: string;
  /** The route's other parameters (a captação's photo), besides `:id`. */
  params?: Record<string, string>;
  /** Text of the record that must not reach the corretor. */
  secret: string;
  /** Where the admin sees the record (to check that nothing changed). */
  page: string;
}

const foreignRecords = new Map<string, Promise<ForeignRecord>>();

/** A listing the corretor does not manage (the demo catalogue is the admin's; tests add theirs). */
async function adminListing(api: APIRequestContext): Promise<ForeignRecord> {
  const listed = async (role: "admin" | "corretor") => {
    const cookie = await sessionFor(api, E2E_BASE_URL, role);
    const html = await (
      await api.get("/admin/imoveis?ordem=recentes", {
        headers: { Cookie: `${cookie.name}=${cookie.value}` },
      })
    ).text();
    return [...html.matchAll(/href="\/admin\/imoveis\/(\d+)"[^>]*>([^<]{10,})</g)].map((m) => ({
      id: m[1] as string,
      title: (m[2] as string).trim(),
    }));
  };
  const own = new Set((await listed("corretor")).map((l) => l.id));
  const other = (await listed("admin")).find((l) => !own.has(l.id));
  if (!other) throw new Error("nenhum imóvel fora da carteira da corretora na lista");
  return { id: other.id, secret: other.title, page: `/admin/imoveis/${other.id}` };
}

/** A lead sent on one of the admin's listings: it belongs to the admin, not to the corretor. */
async function adminLead(api: APIRequestContext): Promise<ForeignRecord> {
  const name = `Lead de outra pessoa ${Date.now()}`;
  const listings = await (await api.get("/todos-os-imoveis?ordem=recentes")).text();
  const referencia = listings.match(/href="\/casas\/([A-Za-z0-9-]+)"/)?.[1];
  if (!referencia) throw new Error("nenhum imóvel publicado");
  const sent = await api.post(`/casas/${referencia}`, {
    form: { name, phone: uniquePhone(), message: "Quero visitar.", consent: "on" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(sent.status(), "lead enviado pelo formulário do imóvel").toBe(200);
  const admin = await sessionFor(api, E2E_BASE_URL, "admin");
  const inbox = await (
    await api.get("/admin/leads", { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  const id = inbox.match(new RegExp(`href="/admin/leads/(\\d+)"[^>]*>${name}<`))?.[1];
  if (!id) throw new Error("o lead enviado não apareceu na caixa do administrador");
  return { id, secret: name, page: `/admin/leads/${id}` };
}

/**
 * A property an owner offered on /anuncie-seu-imovel, with a photo, assigned to nobody: only an
 * admin sees it (a corretor sees the captações assigned to them).
 */
async function unassignedCaptacao(api: APIRequestContext): Promise<ForeignRecord> {
  const name = `Captação de outra pessoa ${Date.now()}`;
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#3a7ca5" } })
    .jpeg()
    .toBuffer();
  const sent = await api.post("/anuncie-seu-imovel", {
    multipart: {
      name,
      phone: uniquePhone(),
      tipo: "apartamento",
      finalidade: "venda",
      bairro: "Farol",
      cidade: "Maceió",
      consent: "on",
      fotos: { name: "sala.jpg", mimeType: "image/jpeg", buffer: photo },
    },
    // An address of its own: the form allows 5 posts per 10 minutes from one.
    headers: { Origin: E2E_BASE_URL, "X-Forwarded-For": `192.0.2.${(Date.now() % 250) + 2}` },
  });
  expect(sent.status(), "captação enviada pelo formulário público").toBe(200);
  const admin = await sessionFor(api, E2E_BASE_URL, "admin");
  const headers = { Cookie: `${admin.name}=${admin.value}` };
  const list = await (await api.get("/admin/captacoes", { headers })).text();
  const id = list.match(new RegExp(`href="/admin/captacoes/(\\d+)"[^>]*>${name}<`))?.[1];
  if (!id) throw new Error("a captação enviada não apareceu na lista do administrador");
  const page = `/admin/captacoes/${id}`;
  const detail = await (await api.get(page, { headers })).text();
  const foto = detail.match(/src="\/admin\/captacoes\/\d+\/fotos\/(\d+)"/)?.[1];
  if (!foto) throw new Error("a captação não mostra a foto enviada");
  return { id, params: { foto }, secret: name, page };
}

const FOREIGN_RECORD_FOR: Record<string, (api: APIRequestContext) => Promise<ForeignRecord>> = {
  "/admin/imoveis/:id": adminListing,
  "/admin/imoveis/:id/fotos": adminListing,
  "/admin/imoveis/:id/temporada": adminListing,
  "/admin/imoveis/:id/relatorio": adminListing,
  "/admin/leads/:id": adminLead,
  "/admin/leads/:id/whatsapp": adminLead,
  "/admin/leads/:id/sugestoes": adminLead,
  "/admin/captacoes/:id": unassignedCaptacao,
  "/admin/captacoes/:id/fotos/:foto": unassignedCaptacao,
};

function foreignRecord(api: APIRequestContext, pattern: string): Promise<ForeignRecord> {
  const find = FOREIGN_RECORD_FOR[pattern];
  if (!find) throw new Error(`sem registro alheio para ${pattern}`);
  const key = find.name;
  if (!foreignRecords.has(key)) foreignRecords.set(key, find(api));
  return foreignRecords.get(key) as Promise<ForeignRecord>;
}

const PARAM_ROUTES = () => ADMIN_PATHS.filter((r) => r.pattern.includes("/:") && !r.adminOnly);

test("every admin route with a parameter has a record of someone else to try", () => {
  expect(
    PARAM_ROUTES()
      .map((r) => r.pattern)
      .sort(),
  ).toEqual(Object.keys(FOREIGN_RECORD_FOR).sort());
});

test.describe("as a corretor, on records of someone else", () => {
  for (const route of PARAM_ROUTES()) {
    test(`${route.pattern} refuses to show or change them`, async ({ request }) => {
      const record = await foreignRecord(request, route.pattern);
      const path = route.pattern.replace(/:(\w+)/g, (_, name: string) =>
        name === "id" ? record.id : (record.params?.[name] ?? "x"),
      );
      const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
      const headers = { Cookie: `${cookie.name}=${cookie.value}` };
      for (const url of [path, `${path}.data`]) {
        for (const accept of ["text/html", "application/json"]) {
          const response = await request.get(url, {
            headers: { ...headers, Accept: accept },
            maxRedirects: 0,
          });
          expect([403, 404], `GET ${url} (${accept})`).toContain(response.status());
          expect(response.headers()["cache-control"], `GET ${url}`).toContain("no-store");
          expect(await response.text(), `GET ${url} leaked the record`).not.toContain(record.secret);
        }
      }
      if (!route.hasAction) return;
      // Every intent any admin form posts, with the id of the record in the form as well.
      const intents = [
        ...["salvar", "publicar", "despublicar", "arquivar", "destacar", "remover-destaque", "status"],
        ...["duplicar", "excluir", "reorder", "move", "cover", "alt", "delete", "note", "assign"],
        ...["proxima-acao", "converter", "gerar", "desativar", "proposta", "proposta-resposta", ""],
      ];
      for (const intent of intents) {
        const response = await postAs(request, E2E_BASE_URL, cookie, path, {
          intent,
          id: record.id,
          confirmar: "sim",
          titulo: "Tomado por outro corretor",
          status: "vendido",
          order: "1",
          direction: "up",
          body: "Anotação de quem não devia",
          assigneeId: "1",
          photoId: "1",
          altText: "x",
          data: "2030-01-01",
          hora: "09:00",
          tarefa: "Tarefa de quem não devia",
          proposalId: "1",
          resposta: "aceita",
          valor: "100.000",
          validade: "2030-01-01",
        });
        expect([403, 404], `POST ${path} intent=${intent}`).toContain(response.status());
      }
      const upload = await request.post(path, {
        multipart: {
          foto: { name: "foto.jpg", mimeType: "image/jpeg", buffer: Buffer.from("não é uma foto") },
        },
        headers: { ...headers, Origin: E2E_BASE_URL, Accept: "application/json" },
        maxRedirects: 0,
      });
      expect([403, 404], `POST ${path} (multipart)`).toContain(upload.status());

      // And the record is as it was.
      const admin = await sessionFor(request, E2E_BASE_URL, "admin");
      const seen = await (
        await request.get(record.page, { headers: { Cookie: `${admin.name}=${admin.value}` } })
      ).text();
      expect(seen).toContain(record.secret);
      expect(seen).not.toContain("Tomado por outro corretor");
      expect(seen).not.toContain("Anotação de quem não devia");
      expect(seen).not.toContain("Tarefa de quem não devia");
    });
  }

  test("the corretor's captações list leaves out those not assigned to them", async ({ request }) => {
    const captacao = await foreignRecord(request, "/admin/captacoes/:id");
    const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
    const headers = { Cookie: `${cookie.name}=${cookie.value}` };
    for (const path of ["/admin/captacoes", "/admin/captacoes?status=nova"]) {
      expect(await (await request.get(path, { headers })).text(), path).not.toContain(captacao.secret);
    }
  });

  test("the corretor's lead list and CSV leave them out", async ({ request }) => {
    const lead = await foreignRecord(request, "/admin/leads/:id");
    const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
    const headers = { Cookie: `${cookie.name}=${cookie.value}` };
    expect(await (await request.get("/admin/leads", { headers })).text()).not.toContain(lead.secret);
    expect(await (await request.get("/admin/leads.csv", { headers })).text()).not.toContain(lead.secret);
    expect(await (await request.get(`/admin/leads.csv?imovel=${lead.id}`, { headers })).text()).not.toContain(
      lead.secret,
    );
  });
});

test.describe("as a corretor, on the funnel report", () => {
  test("her report and its CSV count none of another agent's new leads", async ({ request }) => {
    const totals = async (role: "admin" | "corretor") => {
      const cookie = await sessionFor(request, E2E_BASE_URL, role);
      const response = await request.get("/admin/relatorios.csv", {
        headers: { Cookie: `${cookie.name}=${cookie.value}` },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("no-store");
      return (await response.text()).split("\r\n")[1];
    };
    const [corretor, admin] = [await totals("corretor"), await totals("admin")];
    await adminLead(request); // a new one, on a listing of someone else
    expect(await totals("corretor")).toBe(corretor);
    expect(await totals("admin")).not.toBe(admin);
  });
});

test.describe("as a corretor, on the lead actions every agent has", () => {
  test("cannot make the lead endpoints' secrets (admin only on /admin/portais)", async ({ request }) => {
    const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
    for (const name of ["grupozap", "generic"]) {
      const post = await postAs(request, E2E_BASE_URL, cookie, "/admin/portais", {
        intent: "gerar-segredo",
        name,
      });
      expect(post.status(), `gerar-segredo ${name}`).toBe(403);
      expect(await post.text()).not.toMatch(/segredo-(grupozap|generic)"/);
    }
    const page = await (
      await request.get("/admin/portais", { headers: { Cookie: `${cookie.name}=${cookie.value}` } })
    ).text();
    expect(page).not.toContain("Leads recebidos dos portais");
  });

  test("manual entry with someone else's lead's phone makes the corretor's own card, never joins theirs", async ({
    request,
  }) => {
    const phone = uniquePhone();
    const name = `Lead da administração ${Date.now().toString(36)}`;
    const listings = await (await request.get("/todos-os-imoveis?ordem=recentes")).text();
    const referencia = listings.match(/href="\/casas\/([A-Za-z0-9-]+)"/)?.[1];
    const sent = await request.post(`/casas/${referencia}`, {
      form: { name, phone, message: "Mensagem só da administração.", consent: "on" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(sent.status()).toBe(200);
    const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
    const recorded = await postAs(request, E2E_BASE_URL, cookie, "/admin/leads", {
      intent: "registrar",
      como: "telefone",
      name: "Ligação da corretora",
      phone,
      interesse: "",
    });
    expect(recorded.status()).toBe(303);
    const location = recorded.headers().location ?? "";
    expect(location).toMatch(/^\/admin\/leads\/\d+\?registrado=novo$/);
    const own = await (
      await request.get(location, { headers: { Cookie: `${cookie.name}=${cookie.value}` } })
    ).text();
    expect(own).not.toContain(name);
    expect(own).not.toContain("Mensagem só da administração.");
  });
});

test.describe("as an admin", () => {
  test("every admin GET answers Cache-Control: no-store", async ({ request }) => {
    const cookie = await sessionFor(request, E2E_BASE_URL, "admin");
    for (const route of ADMIN_PATHS.filter((r) => r.path !== "/sair")) {
      // fetch resolves on the headers, so an event stream (which never ends) is fine too.
      const controller = new AbortController();
      const response = await fetch(`${E2E_BASE_URL}${route.path}`, {
        headers: { Cookie: `${cookie.name}=${cookie.value}` },
        redirect: "manual",
        signal: controller.signal,
      });
      expect(response.headers.get("cache-control"), `${route.path} (${response.status})`).toContain(
        "no-store",
      );
      controller.abort();
    }
  });

  test("a cross-origin POST is refused even with a valid session", async ({ request }) => {
    const cookie = await sessionFor(request, E2E_BASE_URL, "admin");
    for (const route of ADMIN_PATHS.filter((r) => r.hasAction)) {
      const variants: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const headers of variants) {
        const response = await request.post(route.path, {
          form: { intent: "create" },
          headers: { ...headers, Cookie: `${cookie.name}=${cookie.value}` },
          maxRedirects: 0,
        });
        expect([400, 403], `POST ${route.path} with ${JSON.stringify(headers)}`).toContain(response.status());
      }
    }
  });
});
