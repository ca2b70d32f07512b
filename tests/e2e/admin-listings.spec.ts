// The listing flows of the admin, end to end on the production build: create (with errors at
// the fields first), edit, photos (upload, progress, reorder, cover, refused file), publish,
// a changed referência's 301, duplicate, archive, delete; a corretor's limits; axe.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { loginAs, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

let tmp: string;
const photos: string[] = [];
let notAnImage: string;

/** A photo-like JPEG (gradient + pattern), different for each seed. */
async function jpeg(file: string, seed: number) {
  const width = 800;
  const height = 600;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = ((y * 255) / height + seed * 40) & 0xff;
      raw[i + 2] = ((x ^ y) + seed * 70) & 0xff;
    }
  }
  await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(file);
}

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "e2e-listings-"));
  for (const [i, name] of ["sala.jpg", "quarto.jpg", "varanda.jpg"].entries()) {
    const file = path.join(tmp, name);
    await jpeg(file, i + 1);
    photos.push(file);
  }
  notAnImage = path.join(tmp, "planta.jpg");
  await writeFile(notAnImage, "Isto é um texto com extensão de foto.\n".repeat(40));
});

test.afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

// Shared by the serial steps below.
let listingUrl = "";
let referencia = "";

/** Wait until React has hydrated the screen (its browser-side behaviour is live). */
async function hydrated(page: Page) {
  await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);
}

async function expectNotice(page: Page, text: string | RegExp) {
  await expect(page.locator(".listing-notice")).toContainText(text);
}

async function photoOrder(page: Page): Promise<string[]> {
  return page
    .locator(".photo-item img")
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
}

test("create a listing: errors at the fields first, then success", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto("/admin/imoveis/novo");
  await expect(page.getByRole("heading", { level: 1, name: "Cadastrar imóvel" })).toBeVisible();
  await hydrated(page);

  // Client-side: the schema runs before submitting; messages sit at each field.
  await page.getByLabel("Título").fill("Curto");
  await page.getByRole("button", { name: "Cadastrar imóvel" }).click();
  const titulo = page.locator("#imovel-titulo");
  await expect(titulo).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#imovel-titulo-erro")).toHaveText("O título deve ter ao menos 10 caracteres.");
  await expect(titulo).toHaveAttribute("aria-describedby", /imovel-titulo-erro/);
  await expect(titulo).toBeFocused();
  await expect(page.locator("#imovel-tipo-erro")).toHaveText("Escolha o tipo do imóvel.");
  await expect(page.locator("#imovel-bairro-erro")).toHaveText("Informe o bairro.");
  await expect(page).toHaveURL(/\/admin\/imoveis\/novo$/);

  // Server-side too, whatever the browser did: a bad post gets 400 and nothing is saved.
  const bad = await page.request.post("/admin/imoveis/novo", {
    form: {
      titulo: "Curto",
      tipo: "apartamento",
      finalidades: "venda",
      bairro: "",
      cidade: "Maceió",
      uf: "AL",
    },
  });
  expect(bad.status()).toBe(400);

  await page.getByLabel("Título").fill("Apartamento de teste com vista mar na Ponta Verde");
  await page.locator("#imovel-tipo").selectOption("apartamento");
  await page.getByLabel("Preço de venda (R$)").fill("850.000");
  await page.getByLabel(/^Bairro/).fill("Ponta Verde");
  await page.getByLabel("Quartos").fill("3");
  await page.getByLabel("Latitude").fill("-9.663");
  await page.getByLabel("Longitude").fill("-35.702");
  await page.getByLabel("Piscina").check();
  await page.getByRole("button", { name: "Cadastrar imóvel" }).click();

  await expect(page).toHaveURL(/\/admin\/imoveis\/\d+\?ok=criado$/);
  await expectNotice(page, "Imóvel cadastrado.");
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  referencia = /AP\d{4,}/.exec(heading ?? "")?.[0] ?? "";
  expect(referencia).toMatch(/^AP\d{4,}$/);
  listingUrl = new URL(page.url()).pathname;
  await expect(page.getByLabel("Preço de venda (R$)")).toHaveValue("850.000");
  await expect(page.getByLabel("Piscina")).toBeChecked();
});

test("edit the listing", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await hydrated(page);
  await page.getByLabel("Quartos").fill("4");
  await page.getByLabel("Suítes").fill("2");
  await page
    .getByLabel("Descrição", { exact: true })
    .fill("Apartamento amplo, nascente, a duas quadras da praia.");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expectNotice(page, "Alterações salvas.");
  await expect(page.getByLabel("Quartos")).toHaveValue("4");
  await expect(page.getByLabel("Suítes")).toHaveValue("2");

  // A rule that spans fields, caught in the browser: more suítes than quartos.
  await page.getByLabel("Suítes").fill("5");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.locator("#imovel-suites-erro")).toHaveText(
    "Suítes não podem passar do número de quartos.",
  );
});

test("photos: upload three at once, reorder, choose the cover, refuse a fake", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await hydrated(page);
  const uploads = page.locator(".upload-list .upload-item");
  await page.locator("#fotos-arquivos").setInputFiles(photos);

  await expect(uploads).toHaveCount(3);
  await expect(uploads.locator("progress")).toHaveCount(3);
  await expect(page.locator(".photo-manager__status")).toHaveText("3 fotos enviadas.", { timeout: 30_000 });
  for (const bar of await uploads.locator("progress").all())
    await expect(bar).toHaveAttribute("value", "100");
  await expect(uploads.filter({ hasText: "Enviada" })).toHaveCount(3);
  const items = page.locator(".photo-item");
  await expect(items).toHaveCount(3);
  await expect(items.first().locator(".photo-item__cover")).toHaveText("Capa");

  // Keyboard-accessible reorder: the first photo moves down one place, and it sticks.
  const before = await photoOrder(page);
  await page.getByRole("button", { name: "Mover para baixo (foto 1)" }).click();
  await expect(page.locator(".photo-manager__status")).toHaveText("Foto movida para a posição 2 de 3.");
  await expect.poll(() => photoOrder(page)).toEqual([before[1], before[0], before[2]]);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => photoOrder(page)).toEqual([before[1], before[0], before[2]]);

  // Drag and drop: the last photo to the front.
  await items.nth(2).dragTo(items.nth(0));
  await expect.poll(() => photoOrder(page)).toEqual([before[2], before[1], before[0]]);
  await expect(page.locator(".photo-manager__status")).toHaveText("Nova ordem das fotos salva.");
  await page.reload();
  await hydrated(page);
  await expect.poll(() => photoOrder(page)).toEqual([before[2], before[1], before[0]]);

  // The cover.
  await page.getByRole("button", { name: "Usar como capa (foto 2)" }).click();
  await expect(page.locator(".photo-manager__status")).toHaveText("Foto 2 agora é a capa.");
  await page.reload();
  await hydrated(page);
  await expect(items.nth(1).locator(".photo-item__cover")).toHaveText("Capa");
  await expect(page.locator(".photo-item__cover")).toHaveCount(1);

  // Alt text.
  await page.getByLabel("Descrição da foto 1").fill("Varanda com vista para o mar");
  await page.getByRole("button", { name: "Salvar descrição da foto 1" }).click();
  await expect(page.locator(".photo-manager__status")).toHaveText("Descrição da foto salva.");

  // A text file named .jpg is refused, with the reason, and nothing is added.
  await page.locator("#fotos-arquivos").setInputFiles(notAnImage);
  await expect(page.locator(".upload-item--erro")).toContainText(
    "planta.jpg: Formato não aceito: envie JPEG, PNG, WebP ou AVIF.",
  );
  await expect(page.locator(".photo-manager__status")).toContainText("1 arquivo recusado");
  await expect(items).toHaveCount(3);

  // Deleting a photo asks first.
  await page.getByRole("button", { name: "Excluir a foto 3" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir esta foto?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(3);
});

test("publish, see it on the public site, and a changed referência answers 301", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  await expectNotice(page, "Imóvel publicado no site.");
  await expect(page.locator(".listing-badges")).toContainText("Publicado");

  const publicPage = await page.request.get(`/casas/${referencia}`);
  expect(publicPage.status()).toBe(200);
  expect(await publicPage.text()).toContain("Apartamento de teste com vista mar na Ponta Verde");

  const newReferencia = `AP${Date.now().toString().slice(-6)}`;
  await page.getByLabel("Referência").fill(newReferencia.toLowerCase());
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expectNotice(page, "Alterações salvas.");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(newReferencia);

  const old = await page.request.get(`/casas/${referencia}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toMatch(new RegExp(`/casas/${newReferencia}$`));
  expect((await page.request.get(`/casas/${newReferencia}`)).status()).toBe(200);
  referencia = newReferencia;
});

test("destaque, each situação and unpublish, as the public site shows them", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await hydrated(page);
  const publicStatus = async () => (await page.request.get(`/casas/${referencia}`)).status();

  await page.getByRole("button", { name: "Destacar" }).click();
  await expectNotice(page, "Imóvel marcado como destaque.");
  await expect(page.getByRole("button", { name: "Remover destaque" })).toBeVisible();
  const featured = await page.request.get("/todos-os-imoveis?ordem=recentes");
  const card = (await featured.text())
    .split('<article class="property-card')
    .find((c) => c.includes(`/casas/${referencia}"`));
  expect(card, "o imóvel na busca").toContain("Destaque");

  const situacao = page.getByRole("region", { name: "Ações do anúncio" }).getByLabel("Situação");
  for (const value of ["reservado", "vendido", "alugado", "disponivel"] as const) {
    await situacao.selectOption(value);
    await page.getByRole("button", { name: "Alterar situação" }).click();
    await expectNotice(page, "Situação atualizada.");
    await expect(situacao).toHaveValue(value);
    // What a visitor sees: closed listings get the badge and no way to ask about them.
    await page.goto(`/casas/${referencia}`);
    const closed = value === "vendido" || value === "alugado";
    await expect(page.getByRole("heading", { name: `Este imóvel já foi ${value}` })).toHaveCount(
      closed ? 1 : 0,
    );
    await expect(page.locator("form.lead-form")).toHaveCount(closed ? 0 : 1);
    await page.goto(listingUrl);
    await hydrated(page);
  }

  await page.getByRole("button", { name: "Remover destaque" }).click();
  await expectNotice(page, "Destaque removido.");
  await page.getByRole("button", { name: "Despublicar" }).click();
  await expectNotice(page, "Imóvel despublicado: voltou a ser rascunho.");
  await expect(page.locator(".listing-badges")).toContainText("Rascunho");
  expect(await publicStatus()).toBe(404);
  await page.getByRole("button", { name: "Publicar", exact: true }).click();
  await expectNotice(page, "Imóvel publicado no site.");
  expect(await publicStatus()).toBe(200);
});

test("duplicate, archive and delete with confirmation", async ({ page }) => {
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await hydrated(page);
  await page.getByRole("button", { name: "Duplicar" }).click();
  await expectNotice(page, "Cópia criada como rascunho.");
  const copyUrl = new URL(page.url()).pathname;
  expect(copyUrl).not.toBe(listingUrl);
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText(referencia);
  await expect(page.locator(".listing-badges")).toContainText("Rascunho");
  await expect(page.getByLabel("Título")).toHaveValue(/\(cópia\)$/);
  await expect(page.locator(".photo-item")).toHaveCount(3);

  await page.getByRole("button", { name: "Arquivar" }).click();
  await expectNotice(page, "Imóvel arquivado.");
  await expect(page.locator(".listing-badges")).toContainText("Arquivado");

  await page.getByRole("button", { name: "Excluir", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`${copyUrl}`));

  await page.getByRole("button", { name: "Excluir", exact: true }).click();
  await dialog.getByRole("button", { name: "Excluir definitivamente" }).click();
  await expect(page).toHaveURL(/\/admin\/imoveis\?ok=excluido/);
  await expect(page.locator(".listing-notice")).toContainText("excluído");
  expect((await page.request.get(copyUrl)).status()).toBe(404);
  // The original keeps its photos (the files were shared with the copy).
  await page.goto(listingUrl);
  await expect(page.locator(".photo-item")).toHaveCount(3);
  for (const img of await page.locator(".photo-item img").all()) {
    expect((await page.request.get((await img.getAttribute("src")) ?? "")).status()).toBe(200);
  }
});

test("without JavaScript: delete asks on a confirmation step, photos still work", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await loginAs(page, "admin");
  await page.goto(listingUrl);
  await page.getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Excluir o imóvel ${referencia}?` })).toBeVisible();
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(referencia);

  // A photo already in the listing is refused with the reason.
  await page.locator("#fotos-arquivos").setInputFiles(photos[0] as string);
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expect(page.locator(".photo-manager__status")).toHaveText("Esta foto já está neste imóvel.");

  const fourth = path.join(tmp, "cozinha.jpg");
  await jpeg(fourth, 9);
  await page.locator("#fotos-arquivos").setInputFiles(fourth);
  await page.getByRole("button", { name: "Enviar foto" }).click();
  await expectNotice(page, "Fotos atualizadas.");
  const items = page.locator(".photo-item");
  await expect(items.locator("img")).toHaveCount(4);
  const before = await photoOrder(page);
  // Each button posts the form and the server answers with a new page: a click returns once
  // that page starts, so the order is read until the new page shows it.
  await page.getByRole("button", { name: "Mover para cima (foto 4)" }).click();
  await expect.poll(() => photoOrder(page)).toEqual([before[0], before[1], before[3], before[2]]);

  await page.getByRole("button", { name: "Excluir a foto 3" }).click();
  await page.getByRole("button", { name: "Sim, excluir a foto" }).click();
  await expect(items).toHaveCount(3);
  await expect.poll(() => photoOrder(page)).toEqual([before[0], before[1], before[2]]);
  await context.close();
});

test("an upload over 20 MB is refused with 413 and a message", async ({ page }) => {
  await loginAs(page, "admin");
  const response = await page.request
    .post(`${listingUrl}/fotos`, {
      headers: { Accept: "application/json" },
      multipart: {
        foto: { name: "enorme.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(21 * 1024 * 1024, 0xff) },
      },
    })
    .catch(() => null);
  // The server may close the connection before the client finishes sending; when the
  // answer arrives it must be the 413 with its message.
  if (response) {
    expect(response.status()).toBe(413);
    expect(await response.json()).toEqual({ error: "Arquivo grande demais: até 20 MB." });
  }
  await page.goto(listingUrl);
  await expect(page.locator(".photo-item")).toHaveCount(3);
});

test("a corretor cannot open or change another agent's listing", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, "corretor");
  const adminsId = listingUrl.split("/").pop() ?? "";

  const open = await page.goto(listingUrl);
  expect(open?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Acesso negado");

  const attempts: Record<string, string>[] = [
    { intent: "publicar" },
    { intent: "excluir", confirmar: "sim" },
    { intent: "salvar", titulo: "Tomado" },
  ];
  for (const form of attempts) {
    const response = await page.request.post(listingUrl, { form, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  }
  const upload = await page.request.post(`${listingUrl}/fotos`, {
    headers: { Accept: "application/json" },
    multipart: { foto: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from("x") } },
  });
  expect(upload.status()).toBe(403);
  const list = await page.request.get(`${listingUrl}/fotos`, { headers: { Accept: "application/json" } });
  expect(list.status()).toBe(403);

  // Their own listing works; a photo id of someone else's listing in the form is not found.
  const created = await page.request.post("/admin/imoveis/novo", {
    form: {
      titulo: "Casa do corretor em Jacarecica",
      tipo: "casa",
      finalidades: "venda",
      precoSobConsulta: "on",
      bairro: "Jacarecica",
      cidade: "Maceió",
      uf: "AL",
    },
  });
  expect(created.status()).toBe(200);
  const ownUrl = new URL(created.url()).pathname;
  expect(ownUrl).toMatch(/^\/admin\/imoveis\/\d+$/);
  // Nor can the form hand the new listing to someone else.
  const handOver = await page.request.post("/admin/imoveis/novo", {
    form: {
      titulo: "Casa de outro corretor no Farol",
      tipo: "casa",
      finalidades: "venda",
      precoSobConsulta: "on",
      bairro: "Farol",
      cidade: "Maceió",
      uf: "AL",
      corretorId: "999999",
    },
    maxRedirects: 0,
  });
  expect(handOver.status()).toBe(403);
  // …nor hand their own listing over by editing the form field on save.
  const handOverOnSave = await page.request.post(ownUrl, {
    form: {
      intent: "salvar",
      titulo: "Casa do corretor em Jacarecica",
      tipo: "casa",
      finalidades: "venda",
      precoSobConsulta: "on",
      bairro: "Jacarecica",
      cidade: "Maceió",
      uf: "AL",
      corretorId: "1",
    },
    maxRedirects: 0,
  });
  expect(handOverOnSave.status()).toBe(403);

  const adminPage = await browser.newPage();
  await loginAs(adminPage, "admin");
  await adminPage.goto(listingUrl);
  const photoId = ((await adminPage.locator(".photo-item").first().getAttribute("id")) ?? "").replace(
    "foto-",
    "",
  );
  await adminPage.close();
  const photoAttempts: Record<string, string>[] = [
    { intent: "cover", photoId },
    { intent: "delete", photoId, confirmar: "sim" },
    { intent: "alt", photoId, altText: "x" },
  ];
  for (const form of photoAttempts) {
    const response = await page.request.post(`${ownUrl}/fotos`, {
      form,
      headers: { Accept: "application/json" },
    });
    expect(response.status()).toBe(404);
  }
  // Changing the id in the URL to the admin's listing is refused too.
  const swapped = await page.request.post(`/admin/imoveis/${adminsId}/fotos`, {
    form: { intent: "cover", photoId },
    headers: { Accept: "application/json" },
  });
  expect(swapped.status()).toBe(403);

  await page.goto("/admin/imoveis");
  await expect(page.getByRole("link", { name: referencia })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Casa do corretor em Jacarecica" }).first()).toBeVisible();
  await context.close();
});

test("axe: no violations on the table and the edit screen", async ({ page }) => {
  await loginAs(page, "admin");
  for (const url of ["/admin/imoveis", listingUrl, "/admin/imoveis/novo"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (url !== "/admin/imoveis") await hydrated(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations, `${url}: ${results.violations.map((v) => v.id).join(", ")}`).toEqual([]);
  }
  // With errors showing.
  await page.goto("/admin/imoveis/novo");
  await hydrated(page);
  await page.getByRole("button", { name: "Cadastrar imóvel" }).click();
  await expect(page.locator(".listing-form__summary")).toBeVisible();
  const withErrors = await new AxeBuilder({ page }).analyze();
  expect(withErrors.violations.map((v) => v.id)).toEqual([]);
});
