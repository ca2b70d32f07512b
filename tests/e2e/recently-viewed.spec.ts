// "Vistos recentemente" on the home page: the listings this browser opened, newest first, filled
// in by the browser on the same cached page everyone gets; "Limpar" forgets them
// (components/recently-viewed.tsx, lib/recently-viewed.ts).
import { expect } from "@playwright/test";
import { expectNoAxeViolations, hydrated, test } from "./fixtures";

test("os imóveis abertos aparecem na página inicial, o último primeiro, até o visitante limpar", async ({
  page,
}) => {
  const seen = page.getByTestId("vistos-recentemente");
  // Nothing opened yet: no section, and nothing kept.
  await page.goto("/");
  await hydrated(page);
  expect(await page.evaluate(() => localStorage.getItem("vistos"))).toBeNull();
  await expect(seen).toHaveCount(0);

  // Two listings from the search page, the first opened twice: it is listed once, first.
  await page.goto("/todos-os-imoveis");
  const links = page.locator(".property-card:not(.is-unavailable) .property-card__title a");
  const [first, second] = await Promise.all([0, 1].map((i) => links.nth(i).getAttribute("href")));
  const titles: string[] = [];
  for (const href of [first, second, first]) {
    await page.goto(href ?? "");
    await hydrated(page);
    titles.push((await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "");
  }

  await page.goto("/");
  await hydrated(page);
  await expect(seen.getByRole("heading", { level: 2 })).toHaveText("Vistos recentemente");
  await expect(seen.getByRole("heading", { level: 3 })).toHaveText([titles[2] ?? "", titles[1] ?? ""]);
  await expectNoAxeViolations(page);

  // Limpar says so where the cards were, keeps the keyboard there, and the browser forgets them.
  await seen.getByRole("button", { name: "Limpar os imóveis vistos recentemente" }).click();
  await expect(seen.getByRole("status")).toHaveText(
    "Lista apagada: os imóveis que você abrir a partir de agora voltam a aparecer aqui.",
  );
  await expect(seen.getByRole("heading", { level: 3 })).toHaveCount(0);
  await expect(seen.getByRole("heading", { level: 2 })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("vistos"))).toBe("[]");
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Imóveis em destaque" })).toBeVisible();
  await expect(seen).toHaveCount(0);
});
