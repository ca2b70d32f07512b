// A list of favourites compared side by side, sent as a link and opened by someone else:
// app/routes/public/favoritos.tsx, components/favorites/.
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";

/** Two listings on offer, from the search page's first cards: [referência, title]. */
async function twoListings(page: Page): Promise<[string, string][]> {
  await page.goto("/todos-os-imoveis");
  const cards = page.locator(".property-card:not(.is-unavailable)");
  const found: [string, string][] = [];
  for (const card of (await cards.all()).slice(0, 2)) {
    const ref = (await card.locator(".property-card__ref").textContent())!.replace("Ref. ", "").trim();
    const title = (await card.locator(".property-card__title").textContent())!.trim();
    found.push([ref, title]);
  }
  return found;
}

test("a shared list: the server renders it with its preview, and it is saved in one tap and sent on", async ({
  page,
  request,
}) => {
  const [[refA, titleA], [refB, titleB]] = (await twoListings(page)) as [[string, string], [string, string]];
  // As WhatsApp finds it: lower case, a trailing full stop, one listing no longer on the site.
  const link = `/favoritos?lista=${refA.toLowerCase()},${refB}.,XX9999`;

  // A link preview reads the server's HTML: the listings, side by side, and the first one's photo.
  const html = await (await request.get(link)).text();
  expect(html).toContain("<title>Lista de imóveis: 2 imóveis |");
  expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/media\/[^"]+\.jpg"/);
  expect(html).toContain('<meta name="robots" content="noindex, follow"');
  expect(html).toContain("Comparar lado a lado");

  await page.goto(link);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: new RegExp(`^${titleA}`) })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: new RegExp(`^${titleB}`) })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Preço", exact: true })).toBeVisible();
  await expect(page.getByText("1 imóvel desta lista não está mais disponível no site.")).toBeVisible();
  const ask = page.getByRole("link", { name: /Perguntar sobre estes imóveis/ });
  const asked = new URL((await ask.getAttribute("href"))!).searchParams.get("text");
  expect(asked).toBe(`Olá! Recebi uma lista de imóveis (${refA}, ${refB}) e gostaria de saber mais.`);
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Salvar todos nos meus favoritos" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "2 imóveis salvos nos seus favoritos." }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("favoritos"))).toBe(JSON.stringify([refA, refB]));
  await page.getByRole("button", { name: "Salvar todos nos meus favoritos" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Todos já estavam nos seus favoritos." }),
  ).toBeVisible();

  // The visitor's own favourites: compared too, and sent on as a link to the same list.
  await page.getByRole("link", { name: "Ver meus favoritos" }).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(2);
  const whatsapp = page
    .getByRole("region", { name: "Enviar esta lista" })
    .getByRole("link", { name: /WhatsApp/ });
  const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text");
  expect(text).toMatch(
    new RegExp(`^Veja os imóveis que separei: http\\S+/favoritos\\?lista=${refA},${refB}$`),
  );
  await expectNoAxeViolations(page);
});

test("a list link with nothing that could be a referência answers 400; one whose listings all left, 404", async ({
  page,
}) => {
  const response = await page.goto("/favoritos?lista=%3Cscript%3E,,");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText(
    /Este link de lista não traz nenhuma referência de imóvel válida\./,
  );
  const gone = await page.goto("/favoritos?lista=XX9998,XX9999");
  expect(gone?.status()).toBe(404);
  await expect(page.getByText("Os imóveis desta lista não estão mais disponíveis no site.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Salvar todos nos meus favoritos" })).toHaveCount(0);
});
