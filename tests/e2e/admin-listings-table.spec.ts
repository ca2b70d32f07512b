// The admin listings table (/admin/imoveis) driven through its UI on the demo catalogue
// (64 listings, 20 a page): sort by a column header, page, filter, search by referência and by
// title. The URL keeps the view, so a reload shows the same rows and the same controls.
import { expect, type Page } from "@playwright/test";
import { hydrated, loginAs, test } from "./fixtures";

/** `later` sorts after `earlier` (referências are upper-case letters and digits). */
function expectAfter(later: string | undefined, earlier: string | undefined) {
  expect((later ?? "") > (earlier ?? ""), `${later} deveria vir depois de ${earlier}`).toBe(true);
}

const unaccented = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "");

function table(page: Page) {
  const rows = page.locator(".listings-table tbody tr");
  return {
    rows,
    refs: () => page.locator(".listings-table__ref").allTextContents(),
    titles: () => page.locator(".listings-table__title").allTextContents(),
    tipos: () => rows.locator("td:nth-child(4)").allTextContents(),
    count: page.locator(".listings-count"),
    header: (name: string) => page.getByRole("columnheader", { name: new RegExp(`^${name}`) }),
  };
}

function params(page: Page): Record<string, string> {
  return Object.fromEntries([...new URL(page.url()).searchParams].filter(([, value]) => value !== ""));
}

test("search, filter, sort and pages through the UI; the URL keeps the view and a reload shows it", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/imoveis");
  await hydrated(page);
  const view = table(page);
  await expect(view.rows).toHaveCount(20);

  // Sort by referência with the column header: A→Z, then Z→A on a second click.
  await view.header("Referência").getByRole("link").click();
  await expect(page).toHaveURL(/[?&]ordem=referencia/);
  await expect(view.header("Referência")).toHaveAttribute("aria-sort", "ascending");
  const ascending = await view.refs();
  expect(ascending).toEqual([...ascending].sort());
  await view.header("Referência").getByRole("link").click();
  await expect(view.header("Referência")).toHaveAttribute("aria-sort", "descending");
  const descending = await view.refs();
  expect(descending).toEqual([...descending].sort().reverse());
  expectAfter(descending[0], ascending.at(-1));
  await view.header("Referência").getByRole("link").click();
  await expect(view.header("Referência")).toHaveAttribute("aria-sort", "ascending");

  // The next page carries the sort on.
  const pageOne = await view.refs();
  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
  await expect(view.count).toContainText("página 2 de");
  expect(params(page)).toEqual({ ordem: "referencia", direcao: "asc", pagina: "2" });
  const pageTwo = await view.refs();
  expect(pageTwo).toHaveLength(20);
  expect(pageTwo).toEqual([...pageTwo].sort());
  expectAfter(pageTwo[0], pageOne.at(-1));
  await expect(
    page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" }),
  ).toHaveAttribute("aria-current", "page");

  await page.reload();
  await hydrated(page);
  await expect(view.count).toContainText("página 2 de");
  expect(await view.refs()).toEqual(pageTwo);
  await expect(view.header("Referência")).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByLabel("Ordenar por")).toHaveValue("referencia");

  // A filter from the form: only houses, still A→Z, back on page 1.
  await page.getByLabel("Tipo", { exact: true }).selectOption({ label: "Casa" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/[?&]tipo=casa/);
  expect(params(page)).toEqual({ tipo: "casa", ordem: "referencia", direcao: "asc" });
  // The URL changes a moment before React commits the new rows (a transition), so wait for
  // the rows themselves: page 2 of the whole catalogue mixes tipos, the filtered view does not.
  await expect(page.getByRole("link", { name: "Limpar filtros" })).toBeVisible();
  await expect.poll(async () => new Set(await view.tipos())).toEqual(new Set(["Casa"]));
  const houses = await view.refs();
  expect(houses.length).toBeGreaterThan(0);
  expect(houses).toEqual([...houses].sort());
  const houseTitles = await view.titles();

  await page.reload();
  await hydrated(page);
  expect(await view.refs()).toEqual(houses);
  await expect(page.getByLabel("Tipo", { exact: true })).toHaveValue("casa");

  // Search by referência, typed in lower case: that listing alone.
  const wanted = houses[houses.length - 1] ?? "";
  const search = page.getByRole("searchbox", { name: "Buscar", exact: true });
  await search.fill(wanted.toLowerCase());
  await search.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${wanted.toLowerCase()}`));
  await expect(view.rows).toHaveCount(1);
  expect(await view.refs()).toEqual([wanted]);
  await expect(view.count).toHaveText("1 imóvel");

  // Search by title, without accents and in lower case; the tipo filter still applies.
  const title = houseTitles[0] ?? "";
  const words = unaccented(title).toLowerCase();
  await search.fill(words);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === words);
  expect(params(page)).toEqual({ q: words, tipo: "casa", ordem: "referencia", direcao: "asc" });
  await expect(page.locator(".listings-table__title", { hasText: title })).not.toHaveCount(0);
  // That title was already on screen among the houses (and maybe in the one row before): wait
  // for its own row, then until every row matches the words.
  await expect(view.rows.filter({ hasText: houses[0] ?? "" })).toHaveCount(1);
  await expect
    .poll(async () => (await view.titles()).every((t) => unaccented(t).toLowerCase().includes(words)))
    .toBe(true);
  expect(new Set(await view.tipos())).toEqual(new Set(["Casa"]));
  const found = await view.refs();

  await page.reload();
  await hydrated(page);
  await expect(search).toHaveValue(words);
  expect(await view.refs()).toEqual(found);

  // "Limpar filtros" goes back to the whole catalogue.
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(page).toHaveURL(/\/admin\/imoveis$/);
  await expect(search).toHaveValue("");
  await expect(view.rows).toHaveCount(20);
});
