// The lead endpoints through the production server over HTTP (app/server/leads/intake.server.ts):
// Grupo ZAP's sample lead posted twice is one lead, a wrong or missing secret is 401, a malformed
// body 400, a huge one 413, a referência we do not know is flagged in the inbox, the generic
// endpoint takes a form with a Bearer secret; concurrent duplicates make one lead, also from two
// app instances on one PostgreSQL database (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "../tests/support/postgres";
import { TEST_ADMIN as ADMIN, type ServerProcess, startSiteForTests } from "../tests/support/server";

const ZAP_SECRET = "segredo-do-grupo-zap-para-testes-0001";
const GENERIC_SECRET = "segredo-generico-para-testes-000000002";
const ENV = { GRUPOZAP_LEADS_SECRET: ZAP_SECRET, GENERIC_LEADS_SECRET: GENERIC_SECRET };

/** The sample of docs/domain.md, with its own id per test. */
const sample = (overrides: Record<string, unknown> = {}) => ({
  leadOrigin: "VivaReal",
  timestamp: "2026-10-23T15:50:30.619Z",
  originLeadId: "59ee0fc6e4b043e1b2a6d863",
  originListingId: "87027856",
  clientListingId: "AP0007",
  name: "Nome Consumidor",
  email: "nome.consumidor@email.com",
  ddd: "82",
  phone: "999999999",
  message: "Olá, tenho interesse neste imóvel. Aguardo o contato. Obrigado.",
  ...overrides,
});

const basic = (password: string, user = "grupozap") =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

function postZap(site: ServerProcess, body: unknown, auth: string | null = basic(ZAP_SECRET)) {
  return fetch(`${site.url}/api/portais/grupozap/leads`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(auth ? { Authorization: auth } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function signIn(site: ServerProcess): Promise<string> {
  const response = await fetch(`${site.url}/login`, {
    method: "POST",
    headers: { Origin: site.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }).toString(),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")?.match(/((?:__Host-)?sessao=[^;]+)/)?.[1] ?? "";
}

async function inbox(site: ServerProcess, cookie: string, search = ""): Promise<string> {
  const response = await fetch(`${site.url}/admin/leads${search}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

/** How many cards in the inbox carry `name` (one table row each). */
const cardsNamed = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`href="/admin/leads/\\d+"[^>]*>${name}<`, "g"))].length;

describe("lead endpoints (embedded database)", () => {
  let site: ServerProcess;
  let cookie: string;

  beforeAll(async () => {
    site = await startSiteForTests({ env: ENV });
    cookie = await signIn(site);
  }, 300_000);

  afterAll(async () => {
    await site?.stop();
  });

  it("the sample lead posted twice answers 2xx twice and makes one lead, shown with its portal", async () => {
    const first = await postZap(site, sample());
    expect(first.status).toBe(201);
    const again = await postZap(site, sample());
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ ok: true, duplicate: true });
    const html = await inbox(site, cookie, "?origem=vivareal");
    expect(cardsNamed(html, "Nome Consumidor")).toBe(1);
    expect(html).toContain("VivaReal");
    // AP0007 is no listing here: the lead is kept, flagged.
    expect(html).toContain("Imóvel não encontrado: AP0007");
    expect(cardsNamed(await inbox(site, cookie, "?origem=zap"), "Nome Consumidor")).toBe(0);
  });

  it("a wrong or missing secret is 401 with a Basic challenge, and stores nothing", async () => {
    for (const auth of [basic("errado"), null, `Bearer ${ZAP_SECRET}`, "Basic ???"]) {
      const response = await postZap(
        site,
        sample({ originLeadId: "nao-autorizado", name: "Intruso Silva" }),
        auth,
      );
      expect(response.status, String(auth)).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm="leads"/);
    }
    expect(cardsNamed(await inbox(site, cookie), "Intruso Silva")).toBe(0);
  });

  it("a malformed body is 400 with a reason; a field the portal adds later is accepted", async () => {
    const notJson = await postZap(site, "isto não é json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ ok: false, error: "invalid-json" });
    const array = await postZap(site, [sample()]);
    expect(array.status).toBe(400);
    const noId = await postZap(site, sample({ originLeadId: undefined }));
    expect(noId.status).toBe(400);
    expect(await noId.json()).toMatchObject({ error: "invalid-lead", fields: { originLeadId: "required" } });
    const newer = await postZap(
      site,
      sample({
        originLeadId: "com-campo-novo",
        name: "Campo Novo",
        temperature: "quente",
        transactionType: "SELL",
      }),
    );
    expect(newer.status).toBe(201);
  });

  it("a huge body is 413, declared or not", async () => {
    const huge = sample({ originLeadId: "enorme", message: "x".repeat(200_000) });
    expect((await postZap(site, huge)).status).toBe(413);
    const body = JSON.stringify(huge);
    const chunked = await fetch(`${site.url}/api/portais/grupozap/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: basic(ZAP_SECRET) },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("the same lead sent ten times at once makes one lead", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postZap(
          site,
          // Another person: the sample's phone and e-mail would join Nome Consumidor's card.
          sample({ originLeadId: "simultaneo-1", name: "Lead Simultaneo", phone: "981230001", email: "" }),
        ),
      ),
    );
    const bodies = await Promise.all(answers.map(async (a) => `${a.status} ${await a.text()}`));
    expect(
      answers.every((a) => a.status === 200 || a.status === 201),
      bodies.join("\n"),
    ).toBe(true);
    expect(
      answers.filter((a) => a.status === 201),
      bodies.join("\n"),
    ).toHaveLength(1);
    expect(cardsNamed(await inbox(site, cookie), "Lead Simultaneo")).toBe(1);
  });

  it("/api/leads takes a form with a Bearer secret and its source label, once per external id", async () => {
    const send = (auth: string) =>
      fetch(`${site.url}/api/leads`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Authorization: auth },
        body: new URLSearchParams({
          name: "Rita Chaves",
          phone: "+55 82 98444-0001",
          message: "Vi no Chaves na Mão.",
          source: "Chaves na Mão",
          externalId: "cnm-123",
        }).toString(),
      });
    expect((await send(`Bearer ${GENERIC_SECRET}`)).status).toBe(201);
    expect((await send(basic(GENERIC_SECRET, "webhook"))).status).toBe(200);
    const wrong = await send(`Bearer ${ZAP_SECRET}`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    const html = await inbox(site, cookie, "?origem=integracao");
    expect(cardsNamed(html, "Rita Chaves")).toBe(1);
    expect(html).toContain("Chaves na Mão");
    const bad = await fetch(`${site.url}/api/leads`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${GENERIC_SECRET}` },
      body: JSON.stringify({ name: "Sem Contato" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid-lead", fields: { contact: "required" } });
  });
});

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!SERVER_URL)("lead endpoints on two app instances sharing PostgreSQL", () => {
  let database: ScratchDatabase;
  let sites: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createScratchDatabase(SERVER_URL as string, "leads");
    // One after the other: the first runs the migrations and creates the administrator.
    sites.push(await startSiteForTests({ databaseUrl: database.url, env: ENV }));
    sites.push(await startSiteForTests({ databaseUrl: database.url, env: ENV }));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.stop()));
    sites = [];
    await database?.drop();
  });

  it("the same lead sent to both at once makes one lead", async () => {
    const [a, b] = sites as [ServerProcess, ServerProcess];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postZap(i % 2 === 0 ? a : b, sample({ originLeadId: "dois-processos-1", name: "Lead Duplicado" })),
      ),
    );
    expect(answers.map((r) => r.status).every((s) => s === 200 || s === 201)).toBe(true);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const cookie = await signIn(a);
    expect(cardsNamed(await inbox(a, cookie), "Lead Duplicado")).toBe(1);
  });

  it("two different leads of one person sent to both at once make one card", async () => {
    const [a, b] = sites as [ServerProcess, ServerProcess];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postZap(
          i % 2 === 0 ? a : b,
          sample({ originLeadId: `mesma-pessoa-${i}`, name: "Pessoa Unica", phone: "981110099", email: "" }),
        ),
      ),
    );
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const cookie = await signIn(b);
    const html = await inbox(b, cookie);
    expect(cardsNamed(html, "Pessoa Unica")).toBe(1);
    expect(html).toContain(" · 6 contatos");
  });
});
