// The photos keep the order the agent chose them in, whichever upload finishes first: a large
// photo chosen first and a small one chosen second, the small one finishing before the large
// one is even sent. On a new listing (the first becomes the cover) and on one that already has
// photos (the batch goes after them, the cover stays).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Page, type Request } from "@playwright/test";
import sharp from "sharp";
import { loginAs, test } from "./fixtures";

let tmp: string;

/** A noisy JPEG (noise compresses badly: a big file for its size in pixels). */
async function jpeg(file: string, width: number, height: number, seed: number): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    raw[i] = state >>> 24;
  }
  await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "e2e-photo-order-"));
});

test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function createListing(page: Page): Promise<string> {
  await page.goto("/admin/imoveis/novo");
  await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);
  await page.getByLabel("Título").fill("Casa para testar a ordem das fotos na Jatiúca");
  await page.locator("#imovel-tipo").selectOption("casa");
  await page.getByLabel("Preço de venda (R$)").fill("640.000");
  await page.getByLabel(/^Bairro/).fill("Jatiúca");
  await page.getByRole("button", { name: "Cadastrar imóvel" }).click();
  await expect(page).toHaveURL(/\/admin\/imoveis\/\d+\?ok=criado$/);
  return new URL(page.url()).pathname;
}

/**
 * Holds the upload of `slow` until the upload of `fast` has been answered: the second file
 * chosen is saved first, every time.
 */
async function finishOutOfOrder(page: Page, slow: string, fast: string) {
  const carries = (request: Request, file: string) =>
    (request.postDataBuffer()?.toString("latin1") ?? "").includes(`filename="${path.basename(file)}"`);
  const fastAnswered = page.waitForResponse((response) => carries(response.request(), fast));
  await page.route(/\/admin\/imoveis\/\d+\/fotos$/, async (route) => {
    if (carries(route.request(), slow)) await fastAnswered;
    await route.continue();
  });
}

/** The photos as the manager lists them: the original width of each, and which is the cover. */
async function gallery(page: Page): Promise<string[]> {
  return page
    .locator(".photo-item")
    .evaluateAll((items) =>
      items.map(
        (item) =>
          `${item.querySelector("img")?.getAttribute("width")}${item.querySelector(".photo-item__cover") ? " capa" : ""}`,
      ),
    );
}

test("fotos enviadas juntas ficam na ordem escolhida, a primeira como capa, mesmo que a menor chegue antes", async ({
  page,
}) => {
  const large = await jpeg(path.join(tmp, "fachada-grande.jpg"), 1800, 1200, 1);
  const small = await jpeg(path.join(tmp, "quarto-pequeno.jpg"), 480, 320, 2);
  const large2 = await jpeg(path.join(tmp, "piscina-grande.jpg"), 1600, 1200, 3);
  const small2 = await jpeg(path.join(tmp, "banheiro-pequeno.jpg"), 400, 300, 4);

  await loginAs(page, "admin");
  const editUrl = await createListing(page);
  await finishOutOfOrder(page, large, small);
  await page.locator("#fotos-arquivos").setInputFiles([large, small]);
  await expect(page.locator(".photo-manager__status")).toHaveText("2 fotos enviadas.", { timeout: 30_000 });
  await expect.poll(() => gallery(page)).toEqual(["1800 capa", "480"]);
  await page.goto(editUrl); // from the server, and hydrated again (several files need JavaScript)
  await expect.poll(() => gallery(page)).toEqual(["1800 capa", "480"]);

  // A listing that already has photos: the new batch goes after them, in its own order.
  await page.unrouteAll();
  await finishOutOfOrder(page, large2, small2);
  await page.locator("#fotos-arquivos").setInputFiles([large2, small2]);
  await expect(page.locator(".photo-manager__status")).toHaveText("2 fotos enviadas.", { timeout: 30_000 });
  await expect.poll(() => gallery(page)).toEqual(["1800 capa", "480", "1600", "400"]);
  await page.goto(editUrl);
  await expect.poll(() => gallery(page)).toEqual(["1800 capa", "480", "1600", "400"]);
});
