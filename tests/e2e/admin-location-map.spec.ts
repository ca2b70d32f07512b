// Picking a listing's location on the map of the listing form. Map tiles come from
// the internet, which tests never reach: every tile request is answered here with an empty
// 1x1 PNG. Leaflet itself is bundled, so the map works the same without its tiles.
import { expect, type Page } from "@playwright/test";
import { loginAs, test } from "./fixtures";

const EMPTY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** Centro de Maceió: where the map opens for a listing without coordinates. */
const DEFAULT_CENTER = { lat: -9.666, lng: -35.735 };

async function coordinates(page: Page) {
  return {
    lat: Number(await page.getByLabel("Latitude").inputValue()),
    lng: Number(await page.getByLabel("Longitude").inputValue()),
  };
}

test("a click on the map fills latitude and longitude, and saving keeps them", async ({ page }) => {
  const tiles: string[] = [];
  await page.route(/\.tile\.openstreetmap\.org\//, (route) => {
    tiles.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: EMPTY_PNG });
  });
  await loginAs(page, "admin");
  await page.goto("/admin/imoveis/novo");
  await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);

  await page.getByLabel("Título").fill("Apartamento marcado no mapa, perto do Centro");
  await page.locator("#imovel-tipo").selectOption("apartamento");
  await page.getByLabel("Preço de venda (R$)").fill("420.000");
  await page.getByLabel(/^Bairro/).fill("Centro");

  const map = page.getByRole("region", { name: "Mapa para marcar a localização do imóvel" });
  const marker = map.getByAltText("Localização do imóvel");
  await map.scrollIntoViewIfNeeded();
  await expect(page.getByText("Clique no mapa para marcar o imóvel")).toBeVisible();
  await expect(page.getByLabel("Latitude")).toHaveValue("");
  await expect(marker).toHaveCount(0);

  // A click in the middle of the map: the centre it opened on, and a marker there.
  await map.click();
  await expect(page.getByLabel("Latitude")).not.toHaveValue("");
  const centre = await coordinates(page);
  expect(Math.abs(centre.lat - DEFAULT_CENTER.lat)).toBeLessThan(0.005);
  expect(Math.abs(centre.lng - DEFAULT_CENTER.lng)).toBeLessThan(0.005);
  await expect(marker).toHaveCount(1);

  // A click up and to the right: further north and east; the one marker moves there.
  const box = await map.boundingBox();
  if (!box) throw new Error("mapa sem tamanho");
  await map.click({ position: { x: box.width * 0.75, y: box.height * 0.3 } });
  await expect(page.getByLabel("Latitude")).not.toHaveValue(String(centre.lat));
  const picked = await coordinates(page);
  expect(picked.lat).toBeGreaterThan(centre.lat);
  expect(picked.lng).toBeGreaterThan(centre.lng);
  await expect(marker).toHaveCount(1);
  expect(tiles.length, "o mapa pediu os seus ladrilhos").toBeGreaterThan(0);

  await page.getByRole("button", { name: "Cadastrar imóvel" }).click();
  await expect(page).toHaveURL(/\/admin\/imoveis\/\d+\?ok=criado$/);
  await expect(page.locator(".listing-notice")).toContainText("Imóvel cadastrado.");

  // Saved: a fresh load shows the picked place in the fields and a marker on the map.
  await page.reload();
  await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);
  expect(await coordinates(page)).toEqual(picked);
  await map.scrollIntoViewIfNeeded();
  await expect(marker).toHaveCount(1);
});
