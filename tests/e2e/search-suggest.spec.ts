// A misspelt search: "Você quis dizer: …?" as a plain link to the corrected search (the other
// filters kept), and the featured listings instead of an empty page
// (app/server/search/spelling.server.ts).
import { expect } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";

test("um erro de digitação sugere a palavra certa e mostra os destaques; a sugestão leva aos resultados", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis");
  const field = page.getByLabel("Buscar por palavra-chave");
  await field.fill("apartamneto");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?q=apartamneto$/);

  await expect(page.locator("#resultados")).toHaveText("Nenhum imóvel encontrado");
  const suggestion = page.getByTestId("voce-quis-dizer");
  await expect(suggestion).toContainText(/^Você quis dizer: apartamento\? \(\d+ imóveis encontrados\)$/);
  const featured = page.getByRole("region", { name: "Imóveis em destaque" });
  await expect(featured.locator(".property-card").first()).toBeVisible();
  expect(await featured.locator(".property-card .badge--featured").count()).toBe(
    await featured.locator(".property-card").count(),
  );
  await expectNoAxeViolations(page);

  await suggestion.getByRole("link", { name: "apartamento" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?q=apartamento$/);
  await expect(page.locator("#resultados")).toHaveText(/^\d+ imóveis encontrados/);
  await expect(page.locator(".search-results .card-grid .property-card").first()).toBeVisible();
  await expect(page.getByTestId("voce-quis-dizer")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Imóveis em destaque" })).toHaveCount(0);
  await expect(field).toHaveValue("apartamento");
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sugestão é um link comum que mantém os outros filtros", async ({ page }) => {
    await page.goto("/todos-os-imoveis?q=apartamneto&finalidade=venda&cidade=Macei%C3%B3");
    const link = page.getByTestId("voce-quis-dizer").getByRole("link", { name: "apartamento" });
    await expect(link).toHaveAttribute(
      "href",
      "/todos-os-imoveis?q=apartamento&finalidade=venda&cidade=Macei%C3%B3",
    );
    await link.click();
    await expect(page).toHaveURL(/\?q=apartamento&finalidade=venda&cidade=Macei%C3%B3$/);
    await expect(page.locator("#resultados")).toHaveText(/^\d+ imóve(l|is) encontrados?/);
    for (const place of await page.locator(".search-results .property-card__place").allTextContents()) {
      expect(place).toContain("Maceió");
    }
  });

  test("uma busca sem sentido não sugere nada, mas mostra os destaques", async ({ page }) => {
    await page.goto("/todos-os-imoveis?q=xyzqwv");
    await expect(page.locator("#resultados")).toHaveText("Nenhum imóvel encontrado");
    await expect(page.getByTestId("voce-quis-dizer")).toHaveCount(0);
    const featured = page.getByRole("region", { name: "Imóveis em destaque" });
    await expect(featured.getByRole("heading", { level: 3 }).first()).toBeVisible();
  });
});
