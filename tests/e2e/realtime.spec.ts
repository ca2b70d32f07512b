// Realtime across two app instances: two production servers, two
// processes, one PostgreSQL database. A lead created through instance A reaches an admin
// panel's SSE connection on instance B, and a listing saved through A shows up in the listings
// table open in a browser on B (PostgreSQL LISTEN/NOTIFY spans the instances).
// Needs TEST_DATABASE_URL (a server where a scratch database may be created) and the build.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { createScratchDatabase, type ScratchDatabase } from "../support/postgres";
import { BUILD_DIR, type ServerProcess, startServer } from "../support/server";
import { test } from "./fixtures";

const SERVER_URL = process.env.TEST_DATABASE_URL;
const ADMIN = { email: "admin.realtime@teste.com.br", password: "senha-do-realtime-789" };

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    headers: { Origin: baseUrl },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => /sessao=/.test(c));
  if (!cookie) throw new Error("login sem cookie de sessão");
  return cookie.split(";")[0] ?? "";
}

test.describe("tempo real entre duas instâncias", () => {
  test.skip(!SERVER_URL, "TEST_DATABASE_URL não definida: teste de duas instâncias no PostgreSQL pulado.");
  test.skip(
    !existsSync(join(BUILD_DIR, "server", "index.js")),
    `build ausente em ${BUILD_DIR}: rode react-router build.`,
  );
  test.setTimeout(180_000);

  let database: ScratchDatabase | undefined;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  test.beforeAll(async () => {
    if (!SERVER_URL) return;
    database = await createScratchDatabase(SERVER_URL, "realtime");
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServer({ admin: ADMIN, databaseUrl: database.url });
    b = await startServer({ admin: ADMIN, databaseUrl: database.url });
  });

  test.afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  test("um lead criado na instância A aparece no painel conectado à instância B", async () => {
    if (!a || !b) throw new Error("instâncias não iniciadas");
    const cookie = await signIn(b.url);
    const controller = new AbortController();
    const events = await fetch(`${b.url}/admin/eventos`, {
      headers: { Cookie: cookie, Accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    const reader = events.body?.getReader();
    if (!reader) throw new Error("sem corpo");
    const decoder = new TextDecoder();
    let received = "";
    const waitFor = async (pattern: RegExp, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(received)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`não chegou ${pattern} em ${timeoutMs} ms; recebido:\n${received}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (chunk?.value) received += decoder.decode(chunk.value, { stream: true });
        if (chunk?.done) throw new Error(`conexão fechada; recebido:\n${received}`);
      }
    };
    await waitFor(/: conectado/, 10_000);

    // The visitor writes through instance A (the /sobre-nos contact form, no JavaScript).
    const created = await fetch(`${a.url}/sobre-nos`, {
      method: "POST",
      headers: { Origin: a.url },
      body: new URLSearchParams({
        name: "Visitante em Tempo Real",
        email: "tempo.real@exemplo.com.br",
        message: "Quero saber mais.",
        consent: "on",
      }),
      redirect: "manual",
    });
    expect(created.status).toBe(200);

    await waitFor(
      /event: lead-created\nid: |id: [^\n]+\nevent: lead-created\ndata: \{[^\n]*"type":"lead-created"/,
      15_000,
    );
    expect(received).toMatch(/id: \S+\nevent: lead-created/);
    controller.abort();
  });

  test("um imóvel cadastrado na instância A aparece na tabela aberta na instância B, anunciado", async ({
    browser,
  }) => {
    if (!a || !b) throw new Error("instâncias não iniciadas");
    const [name = "", value = ""] = (await signIn(b.url)).split("=");
    const context = await browser.newContext();
    await context.addCookies([{ name, value, url: b.url }]);
    const page = await context.newPage();
    await page.goto(`${b.url}/admin/imoveis`);
    await expect(page.locator("html[data-live='on']")).toHaveCount(1, { timeout: 15_000 });
    await expect(page.locator(".live-update")).toBeEmpty();

    // An agent saves a new listing through instance A.
    const titulo = "Apartamento cadastrado na outra instância, Ponta Verde";
    const created = await fetch(`${a.url}/admin/imoveis/novo`, {
      method: "POST",
      headers: { Origin: a.url, Cookie: await signIn(a.url) },
      body: new URLSearchParams({
        titulo,
        tipo: "apartamento",
        finalidades: "venda",
        precoVenda: "850000",
        bairro: "Ponta Verde",
        cidade: "Maceió",
        uf: "AL",
      }),
      redirect: "manual",
    });
    expect(created.status, await created.text()).toBe(303);

    await expect(page.locator(".listings-table__title")).toHaveText([titulo]);
    await expect(
      page.getByRole("status").filter({ hasText: "Lista atualizada: 1 imóvel alterado" }),
    ).toBeVisible();
    await context.close();
  });
});
