// The admin on a phone (390 px): every screen fits the screen's width, with no sideways scroll of
// the page; a wide table scrolls inside its own labelled area, which takes keyboard focus.
import { expect, type Page } from "@playwright/test";
import { E2E_BASE_URL, expectNoAxeViolations, loginAs, test } from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

/** The first listing and the first lead ids, for the screens that show one. */
async function someIds(page: Page): Promise<{ listing: string; lead: string }> {
  await page.goto("/admin/imoveis");
  const listing = (await page.locator(".listings-table__ref a").first().getAttribute("href"))
    ?.split("/")
    .pop();
  // A lead of our own, sent through a listing's contact form.
  const card = await page.request.get("/todos-os-imoveis?ordem=recentes");
  const referencia = (await card.text()).match(/href="\/casas\/([A-Za-z0-9-]+)"/)?.[1];
  const sent = await page.request.post(`/casas/${referencia}`, {
    form: { name: "Cliente no celular", phone: "(82) 99123-4567", consent: "on", message: "Olá" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(sent.status()).toBe(200);
  await page.goto("/admin/leads");
  const lead = (await page.getByRole("link", { name: "Cliente no celular" }).first().getAttribute("href"))
    ?.split("/")
    .pop();
  if (!listing || !lead) throw new Error("sem imóvel ou lead para abrir");
  return { listing, lead };
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
}

test("every admin screen fits a 390 px phone without sideways scrolling", async ({ page }) => {
  await loginAs(page, "admin");
  const { listing, lead } = await someIds(page);
  const screens = [
    "/admin/painel",
    "/admin/imoveis",
    "/admin/imoveis?ordem=preco&direcao=desc",
    "/admin/imoveis/novo",
    `/admin/imoveis/${listing}`,
    `/admin/imoveis/${listing}/fotos`,
    "/admin/leads",
    `/admin/leads/${lead}`,
    "/admin/leads/lgpd",
    "/admin/leads/distribuicao",
    "/admin/relatorios",
    "/admin/captacoes",
    "/admin/portais",
    "/admin/usuarios",
    "/admin/configuracoes",
    "/admin/emails-nao-entregues",
    "/admin/nao-existe",
  ];
  for (const path of screens) {
    await page.goto(path);
    const { scroll, viewport } = await pageWidth(page);
    expect(scroll, `${path}: ${scroll} px de largura numa tela de ${viewport} px`).toBeLessThanOrEqual(
      viewport,
    );
    // Every menu item is on screen (the menu wraps; nothing hides past the edge).
    for (const link of await page
      .getByRole("navigation", { name: "Menu do painel" })
      .getByRole("link")
      .all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport, `${path}: ${await link.textContent()}`).toBe(
        true,
      );
    }
  }
});

test("the listings table scrolls inside a labelled area that takes focus; the header names the admin once", async ({
  page,
}) => {
  await loginAs(page, "admin");
  await page.goto("/admin/imoveis");
  // The first administrator is called "Administrador": not "Administrador Administrador".
  // (Between them, on a computer's browser, the notices' toggle.)
  await expect(page.locator(".admin-user")).toHaveText(
    /^Administrador\s*(✓ )?(Avisos no navegador\s*)?Sair$/,
  );

  const area = page.getByRole("group", { name: "Imóveis cadastrados" });
  const sizes = await area.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll).toBeGreaterThan(sizes.client); // the table is wider: it scrolls here
  await area.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => area.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  for (const path of ["/admin/imoveis", "/admin/painel", "/admin/leads"]) {
    await page.goto(path);
    await expectNoAxeViolations(page);
  }
});
