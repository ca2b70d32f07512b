// The server renders documents with its own shortcuts (React's string-writing renderer, links
// written without React Router's hooks: app/entry.server.tsx, app/components/app-link.tsx); the
// browser must hydrate every public page without an error, and its links must still navigate on
// the client.
import { expect, type Page } from "@playwright/test";
import { hydrated, test } from "./fixtures";

/** Errors the page reports: uncaught exceptions and console errors, but not failed downloads. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(`console: ${message.text()}`);
    }
  });
  return errors;
}

async function firstListingPath(page: Page): Promise<string> {
  const html = await (await page.request.get("/todos-os-imoveis")).text();
  const path = html.match(/href="(\/casas\/[^"?#]+)"/)?.[1];
  if (!path) throw new Error("nenhum imóvel na busca");
  return path;
}

test("every public page hydrates without an error", async ({ page }) => {
  const listing = await firstListingPath(page);
  const errors = collectErrors(page);
  for (const path of [
    "/",
    "/todos-os-imoveis?cidade=Macei%C3%B3&quartos=2",
    "/todos-os-imoveis?pagina=2",
    listing,
    "/casas",
    "/sobre-nos",
    "/anuncie-seu-imovel",
    "/politica-de-privacidade",
    "/favoritos",
    "/login",
    "/recuperar-senha",
    "/casas/XX9999",
    "/pagina-que-nao-existe",
  ]) {
    await page.goto(path);
    await hydrated(page);
    expect(errors, path).toEqual([]);
  }
});

test("links navigate on the client after hydration, and the header marks the current section", async ({
  page,
}) => {
  const listing = await firstListingPath(page);
  await page.goto(listing);
  await hydrated(page);
  // A full page load would lose this.
  await page.evaluate(() => {
    (window as unknown as { semRecarga: boolean }).semRecarga = true;
  });
  await page
    .getByRole("navigation", { name: "Você está aqui" })
    .getByRole("link", { name: "Imóveis" })
    .click();
  await expect(page).toHaveURL(/\/todos-os-imoveis$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga)).toBe(true);
  await expect(page.locator('.site-header a[aria-current="page"]')).toHaveAttribute(
    "href",
    "/todos-os-imoveis",
  );
});
