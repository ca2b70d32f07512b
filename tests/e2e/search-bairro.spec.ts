// A bairro goes with its city: "Centro" picked under Maragogi on the home form searches Maragogi's
// Centro (with JavaScript and without), and a bare ?bairro=Centro, which several cities have,
// says so and offers each city's own search.
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";

async function places(page: Page): Promise<string[]> {
  return page.locator(".property-card__place").allTextContents();
}

/** Waits until every card shown is in `place` (a client navigation swaps the list after the URL). */
async function expectOnlyPlace(page: Page, place: string): Promise<void> {
  const cards = page.locator(".property-card__place");
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasNotText: place })).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "com JavaScript" : "sem JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("Centro under Maragogi on the home form searches Maragogi's Centro only", async ({ page }) => {
      await page.goto("/");
      const bairro = page.getByLabel("Bairro", { exact: true });
      // No city chosen: the option sits in Maragogi's group.
      const option = bairro.locator('optgroup[label="Maragogi"] option', { hasText: /^Centro$/ });
      await bairro.selectOption({ value: (await option.getAttribute("value")) ?? "" });
      if (javaScriptEnabled) await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Maragogi");
      await page.getByRole("button", { name: "Buscar imóveis" }).click();

      await expect(page).toHaveURL(/\/todos-os-imoveis\?cidade=Maragogi&bairro=Centro$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Imóveis à venda e para alugar em Centro, Maragogi",
      );
      const shown = await places(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const place of shown) expect(place.trim()).toBe("Centro, Maragogi");
      await expect(page.getByTestId("bairro-em-varias-cidades")).toHaveCount(0);
    });
  });
}

test("the search sidebar: a bairro picked under its city keeps the choice and searches that city", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis");
  // Open on a desktop screen already; the summary is for phones.
  await expect(page.locator("#f-bairro")).toBeVisible();
  const bairro = page.locator("#f-bairro");
  const option = bairro.locator('optgroup[label="Maragogi"] option', { hasText: /^Centro \(\d+\)$/ });
  await bairro.selectOption({ value: (await option.getAttribute("value")) ?? "" });
  await expect(page.locator("#f-cidade")).toHaveValue("Maragogi");
  await expect(bairro.locator("option:checked")).toHaveText(/^Centro \(\d+\)$/);
  // "Perto de" follows the city too: its places, not every city's again.
  const perto = page.locator("#f-perto");
  await expect(perto.locator("optgroup")).toHaveCount(1);
  await expect(perto.locator("optgroup")).toHaveAttribute("label", "Maragogi");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?cidade=Maragogi&bairro=Centro$/);
  await expectOnlyPlace(page, "Centro, Maragogi");

  // As the server renders it (a reload: what a visitor without JavaScript gets).
  await page.reload();
  await expect(perto.locator("optgroup")).toHaveCount(1);
  await page.locator("#f-cidade").selectOption("");
  await expect.poll(() => perto.locator("optgroup").count()).toBeGreaterThan(1);
});

test("a bare bairro that several cities have says so and links each city's search", async ({ page }) => {
  await page.goto("/todos-os-imoveis?bairro=Centro");
  const cities = new Set((await places(page)).map((place) => place.split(", ")[1]));
  expect(cities.size).toBeGreaterThan(1); // the demo catalogue has a Centro in several cities

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    /^Imóveis à venda e para alugar em Centro \(\d+ cidades\)$/,
  );
  const notice = page.getByTestId("bairro-em-varias-cidades");
  await expect(notice).toContainText(/Há um bairro Centro em \d+ cidades/);
  for (const city of cities) {
    await expect(notice.getByRole("link", { name: `Centro, ${city}` })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await notice.getByRole("link", { name: "Centro, Maragogi" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?cidade=Maragogi&bairro=Centro$/);
  await expectOnlyPlace(page, "Centro, Maragogi");
});
