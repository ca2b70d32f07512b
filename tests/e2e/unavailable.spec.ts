// The site restarting or a proxy hiccup, as a visitor meets it (app/lib/retrying-fetch.ts):
// React Router's data requests answered 503 (or not at all) by a route in front of the real
// server. A navigation's GET is tried again after 1 and 2 s and gets through; one that keeps
// failing (or hangs 10 s) ends on a Portuguese screen with "Tentar novamente", which works once
// the server is back; a form's POST is sent once, and the form keeps what was typed.
import { expect, type Page, type Route } from "@playwright/test";
import { loginAs, test } from "./fixtures";

const isData = (path: string) => (url: URL) => url.pathname === path;

/** Answers the first `times` matching requests with 503 (then lets them through); counts them all. */
async function failFirst(page: Page, path: string, times: number, method = "GET") {
  const seen = { count: 0 };
  await page.route(isData(path), async (route: Route) => {
    if (route.request().method() !== method) return route.continue();
    seen.count += 1;
    if (seen.count <= times) {
      return route.fulfill({ status: 503, contentType: "text/plain", body: "encerrando" });
    }
    return route.continue();
  });
  return seen;
}

async function goToAboutFromHeader(page: Page) {
  await page.getByRole("banner").getByRole("link", { name: "Sobre nós" }).click();
}

const unavailable = (page: Page) => page.getByRole("heading", { name: "Site fora do ar por um instante" });

test.describe("site fora do ar por um instante", () => {
  test("a navigation that meets 503 twice is tried again and opens the page", async ({ page }) => {
    await page.goto("/politica-de-privacidade");
    const seen = await failFirst(page, "/sobre-nos.data", 2);
    await goToAboutFromHeader(page);
    await expect(page.getByRole("heading", { level: 1, name: "Sobre nós" })).toBeVisible({ timeout: 15_000 });
    expect(seen.count).toBe(3);
    await expect(unavailable(page)).toHaveCount(0);
  });

  test("a navigation that keeps meeting 503 shows 'Tentar novamente', which works once the server is back", async ({
    page,
  }) => {
    await page.goto("/politica-de-privacidade");
    const seen = await failFirst(page, "/sobre-nos.data", 1000);
    await goToAboutFromHeader(page);
    // The first try and three more (after 1, 2 and 5 s).
    await expect(unavailable(page)).toBeVisible({ timeout: 20_000 });
    expect(seen.count).toBe(4);
    await page.unroute(isData("/sobre-nos.data"));
    await page.getByRole("button", { name: "Tentar novamente" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sobre nós" })).toBeVisible({ timeout: 15_000 });
  });

  test("a navigation whose answer never comes is abandoned after 10 s", async ({ page }) => {
    await page.goto("/politica-de-privacidade");
    await page.route(isData("/sobre-nos.data"), () => {
      // Never answered.
    });
    await goToAboutFromHeader(page);
    await expect(unavailable(page)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Tentar novamente" })).toBeVisible();
  });

  test("a form's POST that meets 503 is sent once, and the form keeps what was typed", async ({ page }) => {
    await page.goto("/sobre-nos");
    const posts = await failFirst(page, "/sobre-nos.data", 1000, "POST");
    const form = page.locator("form.lead-form");
    await form.getByLabel("Nome", { exact: true }).fill("Visitante Paciente");
    await form.getByLabel("E-mail", { exact: true }).fill("paciente@exemplo.com.br");
    await form.getByLabel("Mensagem").fill("Quero saber dos apartamentos na Pajuçara.");
    await page.locator("#contato-consent").check();
    await form.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(form.getByRole("alert")).toContainText("o site está fora do ar por um instante");
    // The answer reached the form: no second try was made on the way.
    expect(posts.count).toBe(1);
    await expect(form.getByLabel("Nome", { exact: true })).toHaveValue("Visitante Paciente");
    await expect(form.getByLabel("Mensagem")).toHaveValue("Quero saber dos apartamentos na Pajuçara.");
    await expect(page.locator("#contato-consent")).toBeChecked();
    await expect(unavailable(page)).toHaveCount(0);
  });

  test("an admin's new property that meets 503 is sent once, and the form keeps what was typed", async ({
    page,
  }) => {
    await loginAs(page, "corretor");
    await page.goto("/admin/imoveis/novo");
    const posts = await failFirst(page, "/admin/imoveis/novo.data", 1000, "POST");
    await page.getByLabel("Título").fill("Casa de praia com varanda em Ipioca");
    await page.locator("#imovel-tipo").selectOption("casa");
    await page.getByLabel("Preço de venda (R$)").fill("640.000");
    await page.getByLabel(/^Bairro/).fill("Ipioca");
    await page.getByLabel("Piscina").check();
    await page.getByRole("button", { name: "Cadastrar imóvel" }).click();
    await expect(page.getByRole("alert")).toContainText("o site está fora do ar por um instante");
    expect(posts.count).toBe(1);
    await expect(page.getByLabel("Título")).toHaveValue("Casa de praia com varanda em Ipioca");
    await expect(page.getByLabel("Preço de venda (R$)")).toHaveValue("640.000");
    await expect(page.getByLabel("Piscina")).toBeChecked();
    await expect(unavailable(page)).toHaveCount(0);
  });
});
