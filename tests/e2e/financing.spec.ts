// The financing simulator on a sale listing (decision 033) with and without
// JavaScript, its amortisation table, the lead that carries a simulation to /admin/leads, the
// default rate in the settings; and the listing's corretor with their CRECI, which an admin
// sets on /admin/usuarios. Values are the hand-checked ones of app/lib/financing.test.ts:
// R$ 100.000 financed over 120 months at 12 % a.a.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  loginAs,
  postAs,
  sessionFor,
  test,
  uniquePhone,
} from "./fixtures";

const SAC = { first: "R$ 1.782,21", last: "R$ 841,24", interest: "R$ 57.407,20" };
const PRICE = { instalment: "R$ 1.399,47", interest: "R$ 67.936,61" };

/** A listing for sale with its price shown, still on offer, and its page's price in reais. */
async function saleListing(request: APIRequestContext): Promise<{ href: string; price: number }> {
  const search = await (await request.get("/todos-os-imoveis?finalidade=venda&ordem=recentes")).text();
  for (const href of new Set(search.match(/\/casas\/[A-Z]{2}\d{4}/g) ?? [])) {
    const html = await (await request.get(href)).text();
    const price = html.match(/Anunciado por (?:<!-- -->)?R\$ ([\d.]+)/)?.[1];
    if (price && html.includes('data-testid="listing-agent"')) {
      return { href, price: Number(price.replace(/\./g, "")) };
    }
  }
  throw new Error("nenhum imóvel à venda com preço no catálogo");
}

/** R$ 100.000 financed: a R$ 250.000 offer, R$ 150.000 down. */
const SIMULATION = "simular=1&preco=250.000&entrada=150.000&prazo=120&taxa=12";

async function fillSimulation(page: Page, sistema: "SAC" | "Price" = "SAC") {
  const form = page.locator("#simulador form");
  await form.getByLabel("Valor do imóvel (R$)").fill("250.000");
  await form.getByLabel("Entrada (R$)").fill("150.000");
  await form.getByLabel("Prazo (meses)").fill("120");
  await form.getByLabel("Juros (% ao ano)").fill("12");
  await form.getByRole("radio", { name: sistema }).check();
}

const fact = (page: Page, label: string) =>
  page
    .getByTestId("simulacao")
    .locator("div", { has: page.locator(`dt:text-is("${label}")`) })
    .locator("dd");

let sale: { href: string; price: number };

test.beforeEach(async ({ request }) => {
  sale ??= await saleListing(request);
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário é um GET da página do imóvel, respondido pelo servidor; a tabela abre; o lead leva a simulação", async ({
    page,
  }) => {
    await page.goto(sale.href);
    const form = page.locator("#simulador form");
    await expect(form).toHaveAttribute("method", "get");
    // Prefilled: the listing's price, 20 % down, 360 months, the agency's rate, SAC.
    await expect(form.getByLabel("Valor do imóvel (R$)")).toHaveValue(sale.price.toLocaleString("pt-BR"));
    await expect(form.getByLabel("Entrada (R$)")).toHaveValue(
      Math.round(sale.price * 0.2).toLocaleString("pt-BR"),
    );
    await expect(form.getByLabel("Prazo (meses)")).toHaveValue("360");
    await expect(form.getByRole("radio", { name: "SAC" })).toBeChecked();

    // Wrong values: the server answers with a Portuguese message at each field.
    await form.getByLabel("Entrada (R$)").fill(sale.price.toLocaleString("pt-BR"));
    await form.getByLabel("Prazo (meses)").fill("421");
    await form.getByLabel("Juros (% ao ano)").fill("31");
    await form.getByRole("button", { name: "Simular" }).click();
    await expect(page).toHaveURL(/\?simular=1&preco=.*&entrada=.*&prazo=421&taxa=31&sistema=sac#simulador$/);
    await expect(page.locator("#simulador-entrada-erro")).toHaveText(
      "A entrada deve ser menor que o valor do imóvel.",
    );
    await expect(page.locator("#simulador-prazo-erro")).toHaveText("O prazo vai de 12 a 420 meses.");
    await expect(page.locator("#simulador-taxa-erro")).toHaveText("A taxa vai de 0 a 30 % ao ano.");
    await expect(form.getByLabel("Prazo (meses)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Prazo (meses)")).toHaveValue("421");
    await expect(page.getByTestId("simulacao")).toHaveCount(0);

    await fillSimulation(page);
    await form.getByRole("button", { name: "Simular" }).click();
    await expect(fact(page, "Valor financiado")).toHaveText("R$ 100.000,00");
    await expect(fact(page, "Primeira parcela")).toHaveText(SAC.first);
    await expect(fact(page, "Última parcela")).toHaveText(SAC.last);
    await expect(fact(page, "Total de juros")).toHaveText(SAC.interest);
    await expect(fact(page, "Renda mínima")).toHaveText("R$ 5.940,71");

    // The amortisation table is a <details>: it opens without JavaScript.
    const table = page.getByRole("table", { name: /Tabela de amortização/ });
    await expect(table).toBeHidden();
    await page.getByText("Ver a tabela de amortização, mês a mês").click();
    await expect(table).toBeVisible();
    await expect(table.locator("tbody tr")).toHaveCount(120);
    await expect(table.locator("tbody tr").first().locator("td").first()).toHaveText(SAC.first);
    await expect(table.locator("tbody tr").last().locator("td").last()).toHaveText("R$ 0,00");

    // The lead form inside the result, posted without JavaScript.
    await page.getByText("Falar com um corretor sobre este financiamento").click();
    const lead = page.locator(".financing__lead form");
    await lead.getByLabel("Nome", { exact: true }).fill("Financiamento Sem JS");
    await lead.getByLabel("Telefone ou WhatsApp").fill(uniquePhone());
    await lead.locator("#financiamento-consent").check();
    await lead.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.locator(".financing__lead").getByText("Mensagem enviada!")).toBeVisible();
    // The simulation is still on the page, and the listing's own contact form untouched.
    await expect(fact(page, "Primeira parcela")).toHaveText(SAC.first);
    await expect(page.locator("#contato form.lead-form")).toBeVisible();
  });
});

test("a simulação na URL não é indexada nem guardada no cache de páginas", async ({ request }) => {
  const url = `${sale.href}?${SIMULATION}&sistema=price`;
  for (let i = 0; i < 2; i++) {
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()["x-robots-tag"]).toBe("noindex");
    expect(response.headers()["cache-control"]).toBe("private, max-age=0");
    expect(response.headers()["x-cache"]).toBeUndefined(); // rendered per request, never stored
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain(`<link rel="canonical" href="${E2E_BASE_URL}${sale.href}"/>`);
    expect(html).toContain(PRICE.instalment);
  }
  // The listing itself still is.
  await request.get(sale.href);
  expect((await request.get(sale.href)).headers()["x-cache"]).toBe("HIT");
  expect(await (await request.get("/robots.txt")).text()).toContain("Disallow: /*?*simular=\n");
});

test("a página de uma simulação, com a tabela e o formulário abertos, e a de erros passam no axe", async ({
  page,
}) => {
  // axe runs in the page, so with JavaScript: the server draws the same page either way.
  await page.goto(`${sale.href}?simular=1&preco=0&entrada=-1&prazo=1&taxa=99&sistema=sac`);
  await expect(page.locator("#simulador-prazo")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.goto(`${sale.href}?${SIMULATION}&sistema=sac`);
  await expect(fact(page, "Primeira parcela")).toHaveText(SAC.first);
  await page.getByText("Ver a tabela de amortização, mês a mês").click();
  await page.getByText("Falar com um corretor sobre este financiamento").click();
  await expect(page.locator("#financiamento-name")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("com JavaScript: o resultado aparece sem recarregar a página e acompanha cada mudança", async ({
  page,
}) => {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.goto(sale.href);
  documents.length = 0;
  const form = page.locator("#simulador form");
  await fillSimulation(page);
  await form.getByRole("button", { name: "Simular" }).click();
  await expect(fact(page, "Primeira parcela")).toHaveText(SAC.first);
  await expect(page.getByRole("heading", { name: "Resultado: SAC em 120 meses" })).toBeFocused();
  expect(documents).toEqual([]);
  expect(page.url()).not.toContain("simular");

  // Every change recomputes at once.
  await form.getByRole("radio", { name: "Price" }).check();
  await expect(fact(page, "Parcela (fixa)")).toHaveText(PRICE.instalment);
  await expect(fact(page, "Total de juros")).toHaveText(PRICE.interest);
  await form.getByLabel("Prazo (meses)").fill("500");
  await expect(page.locator("#simulador-prazo-erro")).toHaveText("O prazo vai de 12 a 420 meses.");
  await expect(page.getByTestId("simulacao")).toHaveCount(0);
  await form.getByLabel("Prazo (meses)").fill("120");
  await expect(fact(page, "Parcela (fixa)")).toHaveText(PRICE.instalment);

  // The table's 120 rows are drawn when it opens.
  await page.getByText("Ver a tabela de amortização, mês a mês").click();
  const rows = page.getByRole("table", { name: /Tabela de amortização/ }).locator("tbody tr");
  await expect(rows).toHaveCount(120);
  await expect(rows.nth(59).locator("td").first()).toHaveText(PRICE.instalment);
  await expectNoAxeViolations(page);
  expect(documents).toEqual([]);
});

test("o lead com a simulação chega a /admin/leads com os números na mensagem", async ({ page }) => {
  const name = `Financiamento E2E ${Date.now().toString(36)}`;
  await page.goto(sale.href);
  await fillSimulation(page);
  await page.locator("#simulador form").getByRole("button", { name: "Simular" }).click();
  await page.getByText("Falar com um corretor sobre este financiamento").click();
  const lead = page.locator(".financing__lead form");
  await lead.getByLabel("Nome", { exact: true }).fill(name);
  await lead.getByLabel("Telefone ou WhatsApp").fill(uniquePhone());
  await lead.getByLabel("Mensagem").fill("Posso usar o FGTS na entrada?");
  // Consent is asked as on every lead form.
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    lead.getByRole("button", { name: "Enviar mensagem" }).click(),
  ]);
  expect(refused.status()).toBe(400);
  await expect(page.locator("#financiamento-consent-erro")).toContainText("autorize o contato");
  await lead.locator("#financiamento-consent").check();
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    lead.getByRole("button", { name: "Enviar mensagem" }).click(),
  ]);
  expect(sent.status()).toBe(200);
  await expect(page.locator(".financing__lead").getByRole("status")).toContainText("Mensagem enviada!");

  await loginAs(page, "admin");
  await page.goto("/admin/leads");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Formulário do imóvel");
  await row.getByRole("link", { name }).click();
  const history = page.locator(".lead-history__body").first();
  await expect(history).toContainText("Simulação de financiamento (SAC), feita no site:");
  await expect(history).toContainText(
    `Valor simulado R$ 250.000,00 (anunciado por R$ ${sale.price.toLocaleString("pt-BR")}); entrada R$ 150.000,00; valor financiado R$ 100.000,00; prazo 120 meses; juros 12 % a.a.`,
  );
  await expect(history).toContainText(`Primeira parcela ${SAC.first}; última parcela ${SAC.last}`);
  await expect(history).toContainText("Posso usar o FGTS na entrada?");
});

test("a taxa padrão do simulador vem das configurações", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/configuracoes");
  const field = page.getByLabel("Taxa de juros anual (% a.a.)");
  await expect(field).toHaveValue("11,5");
  await field.fill("31");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Taxa de juros: de 0 a 30 % ao ano, ex.: 11,5.")).toBeVisible();
  await field.fill("10,25");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas.")).toBeVisible();
  try {
    await page.context().clearCookies();
    await page.goto(sale.href);
    await expect(page.locator("#simulador form").getByLabel("Juros (% ao ano)")).toHaveValue("10,25");
  } finally {
    // Back to the default, for the other tests (the form keeps every other field as it is).
    await loginAs(page, "admin");
    await page.goto("/admin/configuracoes");
    await page.getByLabel("Taxa de juros anual (% a.a.)").fill("11,5");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await expect(page.getByText("Configurações salvas.")).toBeVisible();
  }
});

test.describe("o corretor do anúncio", () => {
  test("nome, CRECI e WhatsApp do corretor; o admin define o CRECI; sem CRECI, a imobiliária", async ({
    page,
    request,
  }) => {
    await page.goto(sale.href);
    const referencia = sale.href.split("/").pop() ?? "";
    const block = page.getByTestId("listing-agent");
    const name = (await block.locator(".listing-agent__name").textContent()) ?? "";
    await expect(block).toContainText(/Corretor de Imóveis · CRECI \d+-F/);
    const whatsapp = page.locator("#contato").getByRole("link", { name: /Conversar no WhatsApp/ });
    const href = new URL((await whatsapp.getAttribute("href")) ?? "");
    const firstName = name.split(" ")[0];
    expect(href.searchParams.get("text")).toBe(
      `Olá, ${firstName}! Tenho interesse no imóvel ${referencia} (${await page.locator("h1").textContent()}): ${E2E_BASE_URL}${sale.href}`,
    );
    const agentNumber = href.pathname;
    await expectNoAxeViolations(page);

    // The admin changes the corretor's CRECI on /admin/usuarios: the listing shows it at once.
    await loginAs(page, "admin");
    await page.goto("/admin/usuarios");
    const card = page
      .locator("li.user-card")
      .filter({ has: page.getByRole("heading", { name, exact: true }) });
    const original =
      (await card
        .locator(".user-card__facts > div")
        .filter({ has: page.locator("dt", { hasText: /^CRECI$/ }) })
        .locator("dd")
        .textContent()) ?? "";
    const setCreci = async (creci: string) => {
      await page.goto("/admin/usuarios");
      await card.getByText(`Editar ou definir senha de ${name}`).click();
      await card.getByLabel("CRECI", { exact: true }).fill(creci);
      await card.getByRole("button", { name: "Salvar alterações" }).click();
      await expect(page.getByText("Alterações salvas.")).toBeVisible();
    };
    try {
      await expect(card.getByText(/Com o CRECI, o corretor aparece/).first()).toBeAttached();
      await setCreci("77777-F");
      await page.context().clearCookies();
      await page.goto(sale.href);
      await expect(block).toContainText("Corretor de Imóveis · CRECI 77777-F");

      // Without a CRECI the corretor is not shown (COFECI 1.065/2007): the agency answers.
      await loginAs(page, "admin");
      await setCreci("");
      await page.context().clearCookies();
      await page.goto(sale.href);
      const agency = await page.locator(".brand__creci").first().textContent();
      await expect(block).not.toContainText(name);
      await expect(block).toContainText(agency ?? "CRECI");
      const agencyHref = new URL((await whatsapp.getAttribute("href")) ?? "");
      expect(agencyHref.pathname).not.toBe(agentNumber);
      expect(agencyHref.searchParams.get("text")).toMatch(/^Olá! Tenho interesse no imóvel /);
    } finally {
      await loginAs(page, "admin");
      await setCreci(original === "—" ? "" : original);
    }
    expect(await request.get(sale.href).then((r) => r.text())).toContain(`CRECI ${original}`);
  });
});

test("uma simulação pela URL com valores estranhos recebe mensagens, nunca 500", async ({ request }) => {
  const admin = await sessionFor(request, E2E_BASE_URL, "admin");
  for (const query of [
    "simular=1",
    "simular=1&entrada=%00&prazo=1e3&taxa=NaN&sistema=%F0%9F%98%80",
    `simular=1&entrada=${"9".repeat(5000)}&prazo=-1&taxa=,&sistema=`,
  ]) {
    const response = await request.get(`${sale.href}?${query}`);
    expect(response.status(), query).toBe(200);
    expect(await response.text()).toContain('class="financing__error"');
  }
  // A lead form posted with changed hidden fields stores nothing.
  const posted = await postAs(request, E2E_BASE_URL, admin, sale.href, {
    simular: "1",
    preco: "250.000",
    entrada: "0",
    prazo: "9999",
    taxa: "11,5",
    sistema: "sac",
    name: "Campos Mexidos",
    phone: uniquePhone(),
    consent: "on",
  });
  expect(posted.status()).toBe(400);
});
