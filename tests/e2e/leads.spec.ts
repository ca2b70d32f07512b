// Leads: the /sobre-nos contact form, the inbox fed by a listing's form, WhatsApp
// clicks counted (not leads), live updates, the pipeline, notes, CSV and accessibility.

import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { maceioClock } from "../../app/lib/maceio-time";
import { E2E_ADMIN } from "../../playwright.config";
import { type ServerProcess, startServer } from "../support/server";
import {
  E2E_BASE_URL,
  E2E_CORRETOR,
  expectNoAxeViolations,
  hydrated,
  loginAs,
  sessionFor,
  test,
  uniquePhone,
} from "./fixtures";

/** The first listing still on offer. */
async function availableListing(page: Page): Promise<string> {
  await page.goto("/todos-os-imoveis?ordem=recentes");
  const href = await page
    .locator(".card-grid .property-card:not(.is-unavailable) .property-card__link")
    .first()
    .getAttribute("href");
  if (!href) throw new Error("nenhum imóvel disponível");
  return href;
}

test.describe("formulário de contato em /sobre-nos", () => {
  test("erros 400 nos campos, depois confirmação", async ({ page }) => {
    await page.goto("/sobre-nos");
    const form = page.locator("form.lead-form");
    await expect(page.getByRole("heading", { name: "Envie uma mensagem" })).toBeVisible();
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(bad.status()).toBe(400);
    await expect(form.getByRole("alert")).toContainText("corrija os campos");
    await expect(page.locator("#contato-name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#contato-name-erro")).toHaveText("Informe seu nome.");
    await expect(page.locator("#contato-phone-erro")).toContainText("telefone ou um e-mail");
    await expect(page.locator("#contato-consent-erro")).toContainText("autorize o contato");
    await expectNoAxeViolations(page);

    await form.getByLabel("Nome", { exact: true }).fill("Visitante do Sobre Nós");
    await form.getByLabel("E-mail", { exact: true }).fill("sobre.nos@exemplo.com.br");
    await form.getByLabel("Mensagem").fill("Quero anunciar meu apartamento.");
    await page.locator("#contato-consent").check();
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Mensagem enviada!" })).toBeVisible();
  });
});

test("um envio que não é formulário (JSON, multipart quebrado) recebe 400 e uma mensagem, não 500", async ({
  request,
}) => {
  const [referencia] = await twoAvailableReferencias(request);
  for (const path of ["/sobre-nos", `/casas/${referencia}`, "/login"]) {
    const json = await request.post(path, {
      data: { name: "Ana", consent: "on" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(json.status(), `JSON em ${path}`).toBe(400);
    expect(await json.text()).toContain("Não foi possível ler o formulário enviado");
    const broken = await request.post(path, {
      data: "--sem-fim\r\nContent-Disposition: form-data; name=",
      headers: { Origin: E2E_BASE_URL, "Content-Type": "multipart/form-data; boundary=sem-fim" },
    });
    expect(broken.status(), `multipart quebrado em ${path}`).toBe(400);
  }
});

test("um formulário enviado de outro site (403) ou grande demais (413) é recusado antes de ser lido", async ({
  request,
}) => {
  const crossSite = await request.post("/sobre-nos", {
    form: { name: "Robô", phone: "(82) 98888-0000", consent: "on" },
    headers: { Origin: "https://golpe.example" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toContain("outro site");
  const huge = await request.post("/sobre-nos", {
    form: { name: "Ana", message: "x".repeat(2 * 1024 * 1024), consent: "on" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(huge.status()).toBe(413);
  expect(await huge.text()).toBe("O formulário enviado é grande demais.");
});

test.describe("caixa de leads", () => {
  test("um lead do formulário do imóvel chega à caixa; etapa, anotação e CSV", async ({ page }) => {
    // Unique per run, so a reused data folder does not show two of them.
    const leadName = `Lead do Imóvel E2E ${Date.now().toString(36)}`;
    const listing = await availableListing(page);
    await page.goto(listing);
    const form = page.locator("form.lead-form");
    await form.getByLabel("Nome", { exact: true }).fill(leadName);
    const phone = uniquePhone();
    await form.getByLabel("Telefone ou WhatsApp").fill(phone);
    await page.locator("#lead-consent").check();
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(sent.status()).toBe(200);

    await loginAs(page, "admin");
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: leadName });
    await expect(row).toContainText("Formulário do imóvel");
    await expect(row).toContainText("Novo");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name: leadName }).click();
    await expect(page.getByRole("heading", { name: leadName, level: 1 })).toBeVisible();
    // The reply goes through the lead's own action (it records the first response), then to wa.me.
    await expect(
      page.locator("form", { has: page.getByRole("button", { name: /Responder no WhatsApp/ }) }),
    ).toHaveAttribute("action", /\/admin\/leads\/\d+\/whatsapp$/);
    await expect(page.getByRole("link", { name: "Ligar" })).toHaveAttribute(
      "href",
      `tel:+55${phone.replace(/\D/g, "")}`,
    );
    await expectNoAxeViolations(page);

    await page.getByLabel("Etapa", { exact: true }).selectOption("visita_agendada");
    await page.getByRole("button", { name: "Mudar etapa" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Etapa atualizada." })).toBeVisible();
    await expect(page.locator(".lead-pipeline [aria-current='step']")).toHaveText("Visita agendada");

    // An empty note is refused at the field with a 400.
    await page.locator("#nota").evaluate((el) => el.removeAttribute("required"));
    const [emptyNote] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Salvar anotação" }).click(),
    ]);
    expect(emptyNote.status()).toBe(400);
    await expect(page.locator("#nota-erro")).toHaveText("Escreva a anotação.");
    // Someone else moves the lead: the live event reloads the page's data, and the message the
    // agent is reading stays (React Router alone would clear it on that reload).
    const moved = await page.request.post(page.url(), {
      form: { intent: "status", status: "proposta" },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(moved.status()).toBeLessThan(400);
    await expect(page.locator(".leads-heading .lead-status")).toHaveText("Proposta");
    await expect(page.locator("#nota-erro")).toHaveText("Escreva a anotação.");
    await page.getByLabel("Nova anotação").fill("Visita marcada para sábado às 10h.");
    await page.getByRole("button", { name: "Salvar anotação" }).click();
    await expect(page.locator(".lead-notes")).toContainText("Visita marcada para sábado às 10h.");
    await expect(page.getByLabel("Nova anotação")).toHaveValue("");

    // Where the other agent left it.
    await page.goto("/admin/leads?status=proposta");
    await expect(page.getByRole("row").filter({ hasText: leadName })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) ?? "", "utf8");
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(leadName);
    expect(csv).toContain("Proposta");
  });

  test("novos leads aparecem sem recarregar (eventos ao vivo)", async ({ page, request }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/leads");
    await expect(page.locator("html[data-live='on']")).toHaveCount(1, { timeout: 15_000 });

    const name = `Ao vivo ${Date.now().toString(36)}`;
    const [referencia] = await twoAvailableReferencias(request);
    await sendListingLead(request, referencia, { name, phone: uniquePhone() });
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText(referencia);
  });

  test("um clique no WhatsApp não vira lead: conta no painel e nos números do imóvel", async ({
    page,
    request,
  }) => {
    await loginAs(page, "admin");
    const [referencia] = await twoAvailableReferencias(request);
    const admin = await sessionFor(request, E2E_BASE_URL, "admin");
    const editPath = await adminPathOf(request, admin, referencia);
    const before = await whatsappClicksOf(request, admin, editPath);
    const leadsBefore = await whatsappLeadsOf(request, admin, referencia);
    // Today's taps on the painel's chart (its table's last row), before this one.
    const chart = page.getByRole("figure").filter({ hasText: "Cliques no WhatsApp por dia" });
    const todaysTaps = async () => {
      await page.goto("/admin/painel");
      return Number((await chart.locator("tbody tr").last().locator("td").textContent())!.replace(/\D/g, ""));
    };
    const tapsBefore = await todaysTaps();

    const click = await request.post("/api/whatsapp", {
      multipart: { referencia },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(click.status()).toBe(204);
    expect(await whatsappClicksOf(request, admin, editPath)).toBe(before + 1);
    expect(await whatsappLeadsOf(request, admin, referencia)).toBe(leadsBefore);

    // The listing's own numbers, and the painel's most sought-after listings.
    await page.goto(editPath);
    const numbers = page.getByRole("region", { name: /Desempenho nos últimos 30 dias/ });
    await expect(numbers.locator(".stat").filter({ hasText: "Cliques no WhatsApp" })).toContainText(
      String(before + 1),
    );
    expect(await todaysTaps()).toBe(tapsBefore + 1);
    // The most sought-after listings (the demo's traffic fills them; this one tap may not rank).
    const top = page.getByRole("region", { name: "Imóveis mais procurados nos últimos 30 dias" });
    await expect(top.getByRole("row").nth(1)).toBeVisible();
    await expectNoAxeViolations(page);

    const bad = await request.post("/api/whatsapp", {
      multipart: { referencia: "<script>" },
      headers: { Origin: E2E_BASE_URL },
    });
    expect(bad.status()).toBe(400);
  });

  test("LGPD: localizar, baixar e apagar os dados de uma pessoa", async ({ page, request }) => {
    // Through a listing's form: the /sobre-nos form allows only 5 per 10 minutes per address,
    // and a rerun of this file must not trip it.
    const [referencia] = await twoAvailableReferencias(request);
    await sendListingLead(request, referencia, { name: "Pessoa da LGPD", email: "lgpd.e2e@exemplo.com.br" });
    await loginAs(page, "admin");
    await page.goto("/admin/leads/lgpd");
    await page.getByLabel("E-mail ou telefone da pessoa").fill("lgpd.e2e@exemplo.com.br");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("heading", { name: "Encontrado: 1 lead" })).toBeVisible();
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Baixar dados (JSON)" }).click(),
    ]);
    const exported = JSON.parse(readFileSync((await download.path()) ?? "", "utf8"));
    expect(exported.leads[0]).toMatchObject({
      name: "Pessoa da LGPD",
      email: "lgpd.e2e@exemplo.com.br",
      origin: "formulario_imovel",
      consentVersion: expect.any(String),
      consentAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    await page.getByLabel(/Confirmo que quero apagar/).check();
    await page.getByRole("button", { name: "Apagar dados" }).click();
    await expect(page.getByRole("status")).toContainText("1 lead apagado");
    // Gone from the inbox and from a new search.
    await page.goto("/admin/leads");
    await expect(page.getByRole("row").filter({ hasText: "Pessoa da LGPD" })).toHaveCount(0);
    await page.goto("/admin/leads/lgpd");
    await page.getByLabel("E-mail ou telefone da pessoa").fill("lgpd.e2e@exemplo.com.br");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(
      page.getByRole("heading", {
        name: "Nenhum lead, captação, alerta de busca, visita ou estadia com este contato",
      }),
    ).toBeVisible();
  });
});

/** Two different listings still on offer, by referência. */
async function twoAvailableReferencias(request: APIRequestContext): Promise<[string, string]> {
  const html = await (await request.get("/todos-os-imoveis?ordem=recentes")).text();
  const refs = html
    .split('<article class="property-card')
    .slice(1)
    .filter((card) => !card.startsWith(" is-unavailable"))
    .map((card) => card.match(/href="\/casas\/([A-Za-z0-9-]+)"/)?.[1])
    .filter((ref): ref is string => Boolean(ref));
  if (refs.length < 2) throw new Error("menos de dois imóveis disponíveis");
  return [refs[0] as string, refs[1] as string];
}

async function sendListingLead(request: APIRequestContext, referencia: string, form: Record<string, string>) {
  const response = await request.post(`/casas/${referencia}`, {
    form: { consent: "on", ...form },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(response.status(), `lead em ${referencia}`).toBe(200);
}

type Cookie = { name: string; value: string };

/** The admin screen of a listing, found by its referência. */
async function adminPathOf(request: APIRequestContext, admin: Cookie, referencia: string): Promise<string> {
  const html = await (
    await request.get(`/admin/imoveis?q=${referencia}`, {
      headers: { Cookie: `${admin.name}=${admin.value}` },
    })
  ).text();
  const id = html.match(new RegExp(`href="/admin/imoveis/(\\d+)"[^>]*>${referencia}<`))?.[1];
  if (!id) throw new Error(`imóvel ${referencia} não encontrado no admin`);
  return `/admin/imoveis/${id}`;
}

/** The listing's WhatsApp taps over 30 days, as its admin screen shows them. */
async function whatsappClicksOf(
  request: APIRequestContext,
  admin: Cookie,
  editPath: string,
): Promise<number> {
  const html = await (
    await request.get(editPath, { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  const value = html.match(/stat__value">([\d.]+)<\/span><span class="stat__label">Cliques no WhatsApp/)?.[1];
  if (value === undefined) throw new Error(`cliques no WhatsApp não encontrados em ${editPath}`);
  return Number(value.replace(/\./g, ""));
}

/** Leads of the old "Contato via WhatsApp" kind about a listing, in the CSV export. */
async function whatsappLeadsOf(
  request: APIRequestContext,
  admin: Cookie,
  referencia: string,
): Promise<number> {
  const csv = await (
    await request.get("/admin/leads.csv", { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  return csv
    .split("\r\n")
    .map(csvCells)
    .filter((cells) => cells[3] === "Contato via WhatsApp" && cells[9] === referencia).length;
}

/** "Today" in Maceió, as the inbox's date filters read it. */
function maceioDay(offsetDays = 0): string {
  return maceioClock(new Date(Date.now() + offsetDays * 86_400_000)).day;
}

/** The cells of one CSV line (";" separated, RFC 4180 quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ";") {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

test.describe("caixa de leads: filtros, atribuição e o que cada papel vê", () => {
  test("filtra por imóvel, corretor e período; atribui; a corretora vê só os seus; etapas até o fim", async ({
    page,
    browser,
    request,
  }) => {
    const stamp = Date.now().toString(36);
    const nameA = `Filtro A ${stamp}`;
    // A name a spreadsheet would run as a formula: the CSV must neutralise it.
    const nameB = `=HYPERLINK("https://exemplo.com";"Filtro B ${stamp}")`;
    const [refA, refB] = await twoAvailableReferencias(request);
    await sendListingLead(request, refA, {
      name: nameA,
      phone: uniquePhone(),
      email: `filtro.a.${stamp}@exemplo.com.br`,
      message: "Quero visitar no sábado.",
    });
    await sendListingLead(request, refB, {
      name: nameB,
      email: `filtro.b.${stamp}@exemplo.com.br`,
      message: "@SUM(1+1) -2 +3",
    });
    const rowA = page.getByRole("row").filter({ hasText: nameA });
    const rowB = page.getByRole("row").filter({ hasText: `Filtro B ${stamp}` });

    await sessionFor(request, E2E_BASE_URL, "corretor"); // the fixture corretora exists, to be picked
    await loginAs(page, "admin");
    await page.goto("/admin/leads");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(rowA).toHaveCount(1);
    await expect(rowB).toHaveCount(1);

    // Imóvel.
    await page.getByLabel("Imóvel", { exact: true }).selectOption({ label: refA });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]imovel=\d+/);
    await expect(rowA).toHaveCount(1);
    await expect(rowB).toHaveCount(0);
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(rowB).toHaveCount(1);

    // Período: today has both, from tomorrow on there is nothing.
    await page.getByLabel("De", { exact: true }).fill(maceioDay());
    await page.getByLabel("Até", { exact: true }).fill(maceioDay());
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]de=${maceioDay()}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]ate=${maceioDay()}(&|$)`));
    await expect(page.getByRole("link", { name: "Limpar filtros" })).toBeVisible();
    await expect(rowA).toHaveCount(1);
    await expect(rowB).toHaveCount(1);
    await page.goto(`/admin/leads?de=${maceioDay(1)}`);
    await expect(page.getByText("Nenhum lead encontrado com estes filtros.")).toBeVisible();

    // Atribuição: lead A goes to the corretora.
    await page.goto("/admin/leads");
    await rowA.getByRole("link", { name: nameA }).click();
    await expect(page.getByRole("heading", { level: 1, name: nameA })).toBeVisible();
    const leadAUrl = new URL(page.url()).pathname;
    await expect(page.getByRole("link", { name: "Enviar e-mail" })).toHaveAttribute(
      "href",
      `mailto:${encodeURIComponent(`filtro.a.${stamp}@exemplo.com.br`)}`,
    );
    await page.getByLabel("Responsável").selectOption({ label: E2E_CORRETOR.name });
    await page.getByRole("button", { name: "Atribuir" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Responsável atualizado." })).toBeVisible();
    await expect(page.getByLabel("Responsável")).toHaveValue(/\d+/);

    // Corretor filter.
    await page.goto("/admin/leads");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByLabel("Corretor", { exact: true }).selectOption({ label: E2E_CORRETOR.name });
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/[?&]corretor=\d+/);
    await expect(rowA).toContainText(E2E_CORRETOR.name);
    await expect(rowB).toHaveCount(0);

    // The CSV of the current filters: the formula is text, every column in place.
    const csv = await (await page.request.get(`/admin/leads.csv?imovel=`)).text();
    const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
    const header = csvCells(lines[0] ?? "");
    const cells = csvCells(lines.find((l) => l.includes(`Filtro B ${stamp}`)) ?? "");
    expect(cells).toHaveLength(header.length);
    expect(cells[header.indexOf("Nome")]).toBe(`'${nameB}`);
    expect(cells[header.indexOf("Primeira mensagem")]).toBe("'@SUM(1+1) -2 +3");
    // A new lead's next action is the first contact, due at once.
    expect(cells[header.indexOf("Próxima ação")]).toBe("Fazer o primeiro contato");
    expect(cells[header.indexOf("Prazo da próxima ação")]).toMatch(/^\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2})?$/);
    expect(cells.every((cell) => !/^[=+\-@\t\r]/.test(cell))).toBe(true);

    // The corretora sees lead A (now hers) and not lead B; she moves it, she cannot reassign it.
    const context = await browser.newContext();
    const corretora = await context.newPage();
    await loginAs(corretora, "corretor");
    await corretora.goto("/admin/leads");
    await expect(corretora.getByRole("row").filter({ hasText: nameA })).toHaveCount(1);
    await expect(corretora.getByRole("row").filter({ hasText: `Filtro B ${stamp}` })).toHaveCount(0);
    await expect(corretora.getByLabel("Corretor", { exact: true })).toHaveCount(0);
    await corretora.goto(leadAUrl);
    await hydrated(corretora); // the stage form below is sent by the client
    await expect(corretora.getByLabel("Responsável")).toHaveCount(0);
    await expect(corretora.getByText(`Responsável: ${E2E_CORRETOR.name}`)).toBeVisible();
    const reassign = await corretora.request.post(leadAUrl, {
      form: { intent: "assign", assigneeId: "1" },
      headers: { Origin: E2E_BASE_URL },
      maxRedirects: 0,
    });
    expect(reassign.status()).toBe(403);

    // The whole pipeline, one step at a time, each shown as the current step.
    for (const [value, label] of [
      ["em_atendimento", "Em atendimento"],
      ["visita_agendada", "Visita agendada"],
      ["proposta", "Proposta"],
      ["fechado", "Fechado"],
      ["perdido", "Perdido"],
    ]) {
      await corretora.getByLabel("Etapa", { exact: true }).selectOption(value as string);
      await corretora.getByRole("button", { name: "Mudar etapa" }).click();
      await expect(corretora.locator(".lead-pipeline [aria-current='step']")).toHaveText(label as string);
    }
    await context.close();

    // The admin's inbox shows where the corretora left it.
    await page.goto(`/admin/leads?status=perdido`);
    await expect(rowA).toContainText("Perdido");
  });

  test("um clique no WhatsApp do imóvel é contado antes de o visitante sair para o wa.me", async ({
    page,
    context,
    request,
  }) => {
    // wa.me is outside the test: answer it locally.
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, body: "WhatsApp" }));
    const listing = await availableListing(page);
    const referencia = listing.split("/").pop() ?? "";
    const admin = await sessionFor(request, E2E_BASE_URL, "admin");
    const editPath = await adminPathOf(request, admin, referencia);
    const before = await whatsappClicksOf(request, admin, editPath);

    await page.goto(listing);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const [beacon] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/whatsapp") && r.method() === "POST"),
      page.locator(".listing-contact__whatsapp").click(),
    ]);
    expect(beacon.postData() ?? "").toContain(referencia);
    await expect.poll(() => whatsappClicksOf(request, admin, editPath)).toBe(before + 1);
  });

  test("depois de cair e voltar, a caixa aberta mostra o que chegou enquanto estava fora", async ({
    page,
    context,
    request,
  }) => {
    // Chromium's offline mode blocks new requests but leaves an open stream alone, so the test
    // keeps a handle on the page's EventSource to break it the way a dropped network would.
    await page.addInitScript(() => {
      const Native = window.EventSource;
      const sources: EventSource[] = [];
      Object.assign(window, { __eventSources: sources });
      window.EventSource = class extends Native {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          sources.push(this);
        }
      };
    });
    await loginAs(page, "admin");
    await page.goto("/admin/leads");
    await expect(page.locator("html[data-live='on']")).toHaveCount(1, { timeout: 15_000 });

    // The network drops: the stream breaks, reconnecting fails, and the page knows it.
    await context.setOffline(true);
    await page.evaluate(() => {
      const sources = (window as unknown as { __eventSources: EventSource[] }).__eventSources;
      for (const source of sources)
        if (source.readyState !== EventSource.CLOSED) source.dispatchEvent(new Event("error"));
    });
    await expect(page.locator("html[data-live='off']")).toHaveCount(1);

    // A lead arrives meanwhile (another visitor, another connection).
    const name = `Chegou offline ${Date.now().toString(36)}`;
    const [ref] = await twoAvailableReferencias(request);
    await sendListingLead(request, ref, { name, phone: uniquePhone() });
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    // Back online: the page reconnects on its schedule and catches up without a reload.
    await context.setOffline(false);
    await expect(page.locator("html[data-live='on']")).toHaveCount(1, { timeout: 30_000 });
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(1, { timeout: 15_000 });
  });
});

// Per-IP limits on submissions, on a server of their own: tripping them here must not block the
// main server's other tests, which all come from the same address.
test.describe("limite de envios por conexão (servidor próprio)", () => {
  let server: ServerProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startServer({ admin: E2E_ADMIN });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("o 6º contato em 10 minutos recebe 429 e uma mensagem clara; nada é gravado", async ({ page }) => {
    const baseURL = server?.url ?? "";
    for (let i = 1; i <= 5; i++) {
      const response = await page.request.post(`${baseURL}/sobre-nos`, {
        form: { name: `Envio ${i}`, email: `envio${i}@exemplo.com.br`, consent: "on" },
        headers: { Origin: baseURL },
      });
      expect(response.status(), `envio ${i}`).toBe(200);
    }
    await page.goto(`${baseURL}/sobre-nos`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const form = page.locator("form.lead-form");
    await form.getByLabel("Nome", { exact: true }).fill("Sexto Envio");
    await form.getByLabel("E-mail", { exact: true }).fill("sexto@exemplo.com.br");
    await page.locator("#contato-consent").check();
    const [limited] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(limited.status()).toBe(429);
    await expect(form.getByRole("alert")).toContainText("Muitas mensagens em pouco tempo");
    // What was typed stays in the form, to send later.
    await expect(form.getByLabel("Nome", { exact: true })).toHaveValue("Sexto Envio");

    await loginAs(page, "admin", baseURL);
    await page.goto(`${baseURL}/admin/leads`);
    await expect(page.getByText("5 leads", { exact: true })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Sexto Envio" })).toHaveCount(0);
  });

  test("WhatsApp: no máximo 20 cliques em 10 minutos por conexão", async ({ request }) => {
    const baseURL = server?.url ?? "";
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await request.post(`${baseURL}/api/whatsapp`, {
        multipart: { referencia: "AP9999" },
        headers: { Origin: baseURL },
      });
      statuses.push(response.status());
    }
    // No listing on this server: a click answers 204 anyway (the visitor never waits on it)
    // until the limit answers first.
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
