// Every label readable on a small phone (320 px), a common phone (390 px) and a laptop (1366 px):
// no select or search box shows a cut-off text ("Todas as cidad", "Qua", "Bairro, cidade, ti"),
// no page scrolls sideways, and the header's menu shows every item (none hidden past the edge).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

/**
 * The labelled controls whose text does not fit. A select's or an input's scrollWidth does not
 * grow with its shown option or placeholder, so each is compared with a hidden copy sized to its
 * content (CSS field-sizing: content), placed beside it so the same styles apply. Buttons, links,
 * labels and legends compare their own scroll and client widths.
 */
async function cutLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const cut: string[] = [];
    const shown = (el: HTMLElement) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden" && el.clientWidth > 1;
    const name = (el: HTMLElement) =>
      (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent?.trim()) ||
      el.getAttribute("aria-label") ||
      el.textContent?.trim().slice(0, 40) ||
      el.tagName;
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      "select, input:not([type=checkbox]):not([type=radio]):not([type=hidden])",
    );
    for (const control of controls) {
      if (!shown(control)) continue;
      const copy = control.cloneNode(true) as HTMLInputElement | HTMLSelectElement;
      copy.removeAttribute("id");
      copy.removeAttribute("name");
      if (control instanceof HTMLSelectElement && copy instanceof HTMLSelectElement) {
        copy.selectedIndex = control.selectedIndex;
      }
      copy.style.cssText =
        "field-sizing: content; width: auto; min-width: 0; max-width: none; flex: none; position: absolute; visibility: hidden";
      control.after(copy);
      const needed = copy.offsetWidth;
      copy.remove();
      if (needed > control.offsetWidth) {
        const text =
          control instanceof HTMLSelectElement
            ? control.selectedOptions[0]?.text
            : control.value || control.placeholder;
        cut.push(`${name(control)}: "${text}" precisa de ${needed} px, tem ${control.offsetWidth} px`);
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>("button, summary, label, legend, a")) {
      if (!shown(el) || el.closest(".visually-hidden") || el.classList.contains("visually-hidden")) continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        cut.push(`${name(el)}: ${el.scrollWidth} px de texto em ${el.clientWidth} px`);
      }
    }
    return cut;
  });
}

async function expectReadable(page: Page, what: string) {
  expect(await cutLabels(page), what).toEqual([]);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page, `${what}: a página rola para o lado`).toBeLessThanOrEqual(widths.viewport);
}

for (const width of [320, 390, 1366]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test("home filter, search sidebar and header: every label whole, every menu item in sight", async ({
      page,
    }) => {
      await page.goto("/");
      await expectReadable(page, `${width} px: início`);

      const nav = page.getByRole("navigation", { name: "Principal" });
      for (const label of ["Início", "Todos os imóveis", "Casas", "Favoritos", "Sobre nós"]) {
        const link = nav.getByRole("link", { name: label, exact: false }).first();
        await expect(link, `${width} px: ${label}`).toBeVisible();
        const box = await link.boundingBox();
        expect(box, `${width} px: ${label}`).not.toBeNull();
        if (!box) continue;
        expect(box.x, `${width} px: ${label} começa antes da borda`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${width} px: ${label} passa da borda`).toBeLessThanOrEqual(width);
        expect(
          await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
          `${width} px: ${label} cortado`,
        ).toBe(true);
      }

      for (const path of ["/todos-os-imoveis", "/casas"]) {
        await page.goto(path);
        await page.locator("details.search-filters").evaluate((d) => {
          (d as HTMLDetailsElement).open = true;
        });
        await expectReadable(page, `${width} px: ${path}`);
      }

      await page.goto("/sobre-nos");
      await expectReadable(page, `${width} px: /sobre-nos`);
    });
  });
}
