// "Baixou 8%" (decision 047): a demo listing reduced lately says so on its card and its page; when
// the agent puts the price back up, both stop saying it, and lowering it again the same day is no
// reduction (the price it comes down from was not held a month).
import { expect } from "@playwright/test";
import { adminIdOf, expectNoAxeViolations, hydrated, loginAs, test } from "./fixtures";

test("um imóvel com preço reduzido mostra 'Baixou' no cartão e na página; subir o preço tira", async ({
  page,
  request,
}) => {
  // A card with the badge, from the search's pages (the demo reduces about one listing in eight).
  let found: { referencia: string; percent: string } | null = null;
  for (let pagina = 1; pagina <= 6 && !found; pagina++) {
    const html = await (await request.get(`/todos-os-imoveis?pagina=${pagina}`)).text();
    for (const card of html.split('<article class="property-card').slice(1)) {
      const badge = card.match(/Baixou (\d+)%/);
      const link = card.match(/href="\/casas\/([A-Z0-9-]+)"/);
      // A sale price (the admin's field below is the sale price's).
      const forSale = /property-card__price">R\$\s[\d.]+</.test(card);
      if (badge && link && forSale && !card.includes("is-unavailable")) {
        found = { referencia: link[1]!, percent: badge[1]! };
        break;
      }
    }
  }
  expect(found, "a reduced listing in the demo catalogue").not.toBeNull();
  // The home page gathers some under "Baixaram de preço" (those not already featured or newest).
  await page.goto("/");
  const reducedSection = page.getByRole("region", { name: "Baixaram de preço" });
  await expect(reducedSection.locator(".property-card").first()).toContainText(/Baixou \d+%/);
  const { referencia, percent } = found!;

  await page.goto(`/casas/${referencia}`);
  const drop = page.locator(".price-block__drop");
  await expect(drop).toHaveText(
    new RegExp(`^Baixou ${percent}% em \\d{2}/\\d{2}/\\d{4}: era R\\$\\s[\\d.]+\\.$`),
  );
  const price = (await page.locator(".price-block__main dd").first().textContent())!;
  const from = (await drop.textContent())!.match(/era R\$\s([\d.]*\d)/)![1]!;
  await expectNoAxeViolations(page);
  // Its card, as a shared list shows it (rendered by the server).
  const cardOf = async () => (await request.get(`/favoritos?lista=${referencia}`)).text();
  expect(await cardOf()).toContain(`Baixou ${percent}%`);

  // The agent puts the price back where it was: no reduction any more, on the page or the card.
  await loginAs(page, "admin");
  const id = await adminIdOf(page, referencia);
  await page.goto(`/admin/imoveis/${id}`);
  await hydrated(page);
  // The agent's screen says what the site shows, and until when.
  await expect(page.getByTestId("preco-reduzido")).toHaveText(
    new RegExp(`^No site com "Baixou ${percent}%" \\(era R\\$\\s[\\d.]+\\) até \\d{2}/\\d{2}/\\d{4}\\.$`),
  );
  const field = page.getByLabel("Preço de venda (R$)");
  const save = async (value: string) => {
    await field.fill(value);
    await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes(`/admin/imoveis/${id}`),
      ),
      page.getByRole("button", { name: "Salvar alterações" }).click(),
    ]);
    await expect(page.locator(".listing-notice")).toHaveText("Alterações salvas.");
    await expect(field).toHaveValue(value);
  };
  await save(from);
  const anonymous = await request.get(`/casas/${referencia}`);
  expect(await anonymous.text()).not.toContain("Baixou");
  expect(await cardOf()).not.toContain("Baixou");
  await expect(page.getByTestId("preco-reduzido")).toHaveCount(0);

  // And back down to today's price the same day: a raise undone, not a reduction.
  const today = price.match(/[\d.]*\d/)![0];
  await save(today);
  const again = await (await request.get(`/casas/${referencia}`)).text();
  expect(again).toContain(`<dd>${price}</dd>`);
  expect(again).not.toContain("Baixou");
});
