// The owner's report (decision 046): the agent makes the link on the listing's admin screen
// (routes/admin/imovel-relatorio.tsx), the owner opens it on a phone (routes/public/relatorio.tsx),
// the agent sees that it was opened; a new link ends the old one and "Desativar" ends both.
import { devices, expect } from "@playwright/test";
import { adminIdOf, E2E_BASE_URL, expectNoAxeViolations, loginAs, test } from "./fixtures";

const PHONE = devices["Pixel 7"];
// What WhatsApp's link preview sends: it reads the page but is not the owner opening it.
const WHATSAPP_PREVIEW = "WhatsApp/2.24.6.77 A";

test("relatório do proprietário: o corretor cria e envia o link, o dono abre no celular, o link trocado ou desativado não abre mais", async ({
  page,
  browser,
  request,
}) => {
  await loginAs(page, "admin");
  await page.goto("/todos-os-imoveis?finalidade=venda&ordem=recentes");
  const href = await page
    .locator(".card-grid .property-card:not(.is-unavailable) .property-card__link")
    .first()
    .getAttribute("href");
  const referencia = href!.split("/").pop()!;
  const id = await adminIdOf(page, referencia);

  await page.goto(`/admin/imoveis/${id}`);
  await page.getByRole("link", { name: "Relatório do proprietário" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `Relatório do proprietário ${referencia}`,
  );
  // A listing used by other tests may already have a link: start from a fresh one either way.
  const create = page.getByRole("button", { name: /Criar link do relatório|Gerar novo link/ });
  await create.click();
  await expect(page.getByRole("status")).toContainText(/Link criado|Novo link criado/);
  const url = await page.getByLabel("Endereço do relatório").inputValue();
  expect(url).toMatch(/\/relatorio\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByTestId("relatorio-aberturas")).toContainText("Ainda não aberto pelo proprietário.");
  const whatsapp = page.getByRole("link", { name: /Enviar pelo WhatsApp/ });
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!)).toContain(`${referencia}`);
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!)).toContain(url);
  // The preview the agent sees is the owner's page without the contact block.
  const shown = page.getByRole("region", { name: "O que o proprietário vê" });
  await expect(shown).toContainText("Nos últimos 30 dias");
  // The last 30 days' five figures side by side on a wide screen (the page's own rule wins over
  // the shared grid's, whatever order React wrote the styles in).
  const rows = await shown
    .locator(".owner-report__stats")
    .first()
    .locator(".stat")
    .evaluateAll((stats) => new Set(stats.map((stat) => (stat as HTMLElement).offsetTop)).size);
  expect(rows).toBe(1);
  await expectNoAxeViolations(page);

  const path = new URL(url).pathname;
  // WhatsApp's preview of the pasted link gets the page, uncached and unindexed, and does not count.
  const preview = await request.get(path, { headers: { "User-Agent": WHATSAPP_PREVIEW } });
  expect(preview.status()).toBe(200);
  expect(preview.headers()["cache-control"]).toBe("no-store");
  expect(preview.headers()["x-robots-tag"]).toBe("noindex");
  expect(await preview.text()).toContain(`Relatório do seu imóvel ${referencia}`);

  // The agent checking the link on their own phone is not the owner opening it.
  const agent = await browser.newContext({ ...PHONE, baseURL: E2E_BASE_URL });
  const agentPage = await agent.newPage();
  await loginAs(agentPage, "admin");
  await agentPage.goto(path);
  await expect(agentPage.getByRole("heading", { level: 1 })).toHaveText(
    `Relatório do seu imóvel ${referencia}`,
  );
  await agent.close();

  // The owner, on a phone.
  const owner = await browser.newContext({ ...PHONE, baseURL: E2E_BASE_URL });
  const phone = await owner.newPage();
  await phone.goto(path);
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`Relatório do seu imóvel ${referencia}`);
  await expect(phone.getByRole("region", { name: "Nos últimos 30 dias" })).toContainText(
    "Visualizações do anúncio",
  );
  await expect(phone.getByRole("region", { name: "Preço comparado com o mercado" })).toBeVisible();
  await expect(phone.getByRole("region", { name: "Quem cuida do seu imóvel" })).toContainText(
    "Falar pelo WhatsApp",
  );
  await expect(phone.locator(".owner-report .favorite-button")).toHaveCount(0);
  await expectNoAxeViolations(phone);

  await page.reload();
  await expect(page.getByTestId("relatorio-aberturas")).toContainText(
    "Aberto 1 vez pelo proprietário; a última em",
  );

  // A new link: the old one no longer opens.
  await page.getByRole("button", { name: "Gerar novo link" }).click();
  await expect(page.getByRole("status")).toHaveText("Novo link criado: o anterior não abre mais.");
  const newUrl = await page.getByLabel("Endereço do relatório").inputValue();
  expect(newUrl).not.toBe(url);
  const old = await phone.goto(path);
  expect(old?.status()).toBe(404);
  await expect(phone.getByRole("main")).toContainText("Peça o link atual ao seu corretor.");

  // Turned off: nothing opens, and the screen offers to create one again.
  await page.getByRole("button", { name: "Desativar link" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Link desativado: o relatório não abre mais para quem tinha o link.",
  );
  await expect(page.getByRole("button", { name: "Criar link do relatório" })).toBeVisible();
  expect((await phone.goto(new URL(newUrl).pathname))?.status()).toBe(404);
  await owner.close();
});
