// Leads that do not come from the site's forms: a call or a walk-in an agent records on
// /admin/leads from a phone (390 px, with and without JavaScript), and a Grupo ZAP portal lead
// posted with the secret made on /admin/portais, shown in the inbox with its source.
import { expect } from "@playwright/test";
import { E2E_BASE_URL, expectNoAxeViolations, loginAs, test, uniquePhone } from "./fixtures";

const PHONE_VIEWPORT = { width: 390, height: 844 };

/** No sideways scrolling on a phone: the page is as wide as the screen. */
async function fitsTheScreen(page: import("@playwright/test").Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("registro manual no celular", () => {
  test.use({ viewport: PHONE_VIEWPORT });

  test("a corretora registra uma ligação em três campos e vai para o lead, que é dela", async ({ page }) => {
    await loginAs(page, "corretor");
    await page.goto("/admin/leads");
    const form = page.getByRole("region", { name: "Registrar ligação ou visita" });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);

    // Errors at the fields, in Portuguese.
    await form.getByRole("button", { name: "Registrar contato" }).click();
    await expect(form.locator("#manual-name-erro")).toHaveText("Informe o nome.");
    await expect(form.getByLabel("Telefone")).toHaveAttribute("aria-invalid", "true");
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);

    const name = `Ligação E2E ${Date.now().toString(36)}`;
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone").fill(uniquePhone());
    await form.getByLabel("Interesse").fill("Apartamento de 3 quartos na Ponta Verde");
    await form.getByRole("button", { name: "Registrar contato" }).click();

    await expect(page).toHaveURL(/\/admin\/leads\/\d+\?registrado=novo$/);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Contato registrado." })).toBeVisible();
    const history = page.getByRole("region", { name: "Histórico de contatos" });
    await expect(history).toContainText("Telefone");
    await expect(history).toContainText("registrado por Corretora de Teste");
    await expect(history).toContainText("Apartamento de 3 quartos na Ponta Verde");
    await fitsTheScreen(page);
    await expectNoAxeViolations(page);

    await page.goto("/admin/leads");
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Corretora de Teste");
  });
});

test.describe("registro manual sem JavaScript", () => {
  test.use({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });

  test("uma visita registrada por um formulário simples", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/leads");
    const form = page.getByRole("region", { name: "Registrar ligação ou visita" });
    const name = `Visita sem JS ${Date.now().toString(36)}`;
    await form.getByLabel("Visita").check();
    await form.getByLabel("Nome").fill(name);
    await form.getByLabel("Telefone").fill("123");
    await form.getByRole("button", { name: "Registrar contato" }).click();
    // The page again, with what was typed and the message at the field.
    await expect(form.locator("#manual-phone-erro")).toContainText("Informe o telefone com DDD");
    await expect(form.getByLabel("Nome")).toHaveValue(name);
    await expect(form.getByLabel("Visita")).toBeChecked();
    await form.getByLabel("Telefone").fill(uniquePhone());
    await form.getByRole("button", { name: "Registrar contato" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Histórico de contatos" })).toContainText("Visita");
  });
});

test("um lead do VivaReal, com o segredo gerado em Portais, aparece na caixa com a sua origem", async ({
  page,
  request,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/portais");
  const section = page.getByRole("region", { name: "Leads recebidos dos portais e de outros sistemas" });
  await expect(section.getByLabel("Endereço").first()).toHaveValue(
    `${E2E_BASE_URL}/api/portais/grupozap/leads`,
  );
  await section.getByRole("button", { name: /Gerar (outro )?segredo para ZAP Imóveis/ }).click();
  const secretField = page.locator("#segredo-grupozap");
  await expect(secretField).toBeVisible();
  const secret = await secretField.inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(40);
  await expect(page.getByTestId("segredo-grupozap-situacao")).toContainText(`…${secret.slice(-4)}`);
  await expectNoAxeViolations(page);

  const stamp = Date.now().toString(36);
  const name = `Consumidor VivaReal ${stamp}`;
  const lead = {
    leadOrigin: "VivaReal",
    timestamp: new Date().toISOString(),
    originLeadId: `e2e-${stamp}`,
    originListingId: "87027856",
    clientListingId: "ZZ9999",
    name,
    email: `vivareal.${stamp}@email.com`,
    ddd: "82",
    phone: uniquePhone().replace(/\D/g, "").slice(2),
    message: "Olá, tenho interesse neste imóvel.",
  };
  const auth = `Basic ${Buffer.from(`grupozap:${secret}`).toString("base64")}`;
  const sent = await request.post("/api/portais/grupozap/leads", {
    data: lead,
    headers: { Authorization: auth },
  });
  expect(sent.status()).toBe(201);

  await page.goto("/admin/leads?origem=vivareal");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("VivaReal");
  await expect(row).toContainText("Imóvel não encontrado: ZZ9999");
  await expectNoAxeViolations(page);
  await page.goto("/admin/leads?origem=zap");
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

  // A new secret replaces the old one at once.
  await page.goto("/admin/portais");
  await page
    .getByRole("button", { name: "Gerar outro segredo para ZAP Imóveis, VivaReal e OLX (Grupo ZAP)" })
    .click();
  await expect(page.locator("#segredo-grupozap")).toBeVisible();
  const refused = await request.post("/api/portais/grupozap/leads", {
    data: { ...lead, originLeadId: `e2e-${stamp}-2` },
    headers: { Authorization: auth },
  });
  expect(refused.status()).toBe(401);
});
