// Page content is re-created for each full path, so a change of path resets the screen (the
// product's rule). Both shells key their <Outlet> on pathname + search; these tests show what a user
// notices: text typed on one view and never sent is gone on the next view of the same screen,
// after a client-side navigation (the page is never reloaded, which would reset it anyway).
import { expect, type Page } from "@playwright/test";
import { hydrated, loginAs, test } from "./fixtures";

/** Marks the loaded document; `expectSameDocument` then proves no full page load happened. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true;
  });
}

async function expectSameDocument(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument),
    "a navegação deveria acontecer sem recarregar a página",
  ).toBe(true);
}

test("admin: the listings search box shows each URL's own search, not text left from the last view", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/imoveis");
  await hydrated(page);
  await markDocument(page);
  const search = page.getByRole("searchbox", { name: "Buscar", exact: true });

  // Typed but not sent, then the next page of the same table.
  await search.fill("texto digitado e não enviado");
  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/\/admin\/imoveis\?pagina=2$/);
  await expect(page.locator(".listings-count")).toContainText("página 2 de");
  await expect(search).toHaveValue("");

  // A search, then the browser's back button: the box shows that earlier view's (empty) search.
  await search.fill("Ponta Verde");
  await search.press("Enter");
  await expect(page).toHaveURL(/[?&]q=Ponta\+Verde/);
  // Only the filtered view has this link: the URL changes a moment before React shows the view.
  await expect(page.getByRole("link", { name: "Limpar filtros" })).toBeVisible();
  await expect(search).toHaveValue("Ponta Verde");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/imoveis\?pagina=2$/);
  await expect(search).toHaveValue("");
  await expectSameDocument(page);
});

test("public: a listing opened from 'Imóveis parecidos' starts with a clean contact form", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis");
  const first = await page.locator(".property-card__link").first().getAttribute("href");
  expect(first).toMatch(/^\/casas\//);
  await page.goto(first as string);
  await hydrated(page);
  await markDocument(page);

  const name = page.getByLabel("Nome", { exact: true });
  const message = page.getByLabel("Mensagem", { exact: true });
  await name.fill("Maria das Graças");
  await message.fill("Texto digitado no primeiro imóvel e não enviado.");

  const similar = page.locator("#parecidos .property-card__link").first();
  const next = await similar.getAttribute("href");
  expect(next).toMatch(/^\/casas\//);
  expect(next).not.toBe(first);
  const nextTitle = (await similar.textContent())?.trim() ?? "";
  await similar.click();
  await expect(page).toHaveURL(new RegExp(`${next}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nextTitle);
  await expect(name).toHaveValue("");
  await expect(message).not.toHaveValue(/Texto digitado no primeiro imóvel/);
  await expectSameDocument(page);
});
