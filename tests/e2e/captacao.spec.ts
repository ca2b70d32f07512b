// Owners bring listings (decision 032): "Anuncie seu imóvel" sent with and without JavaScript
// (with a photo), on a phone; the captação in /admin/captacoes; "Criar rascunho do imóvel" making
// a draft with the photo; a corretor seeing only the captações assigned to them; axe on each page.
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  loginAs,
  postAs,
  sessionFor,
  test,
  uniquePhone,
} from "./fixtures";

const PHONE_VIEWPORT = { width: 390, height: 844 };

let addresses = 0;
/**
 * A documentation address (TEST-NET-2) of its own for each test that sends the form: the form
 * allows 5 posts per 10 minutes from one address (the server trusts X-Forwarded-For here).
 */
function ownAddress(): string {
  addresses += 1;
  return `198.51.100.${(((Date.now() / 1000 + addresses * 7) % 250) | 0) + 2}`;
}

async function photoJpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: 40 + seed * 20, g: 120, b: 180 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><circle cx="${300 + seed * 40}" cy="300" r="180" fill="#f4d35e"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Fills the public form (everything but the photos and the consent). */
async function fillForm(page: Page, name: string, phone: string) {
  await page.getByLabel("Seu nome").fill(name);
  await page.getByLabel("Telefone ou WhatsApp").fill(phone);
  await page.getByLabel("E-mail (opcional)").fill("proprietario.e2e@exemplo.com.br");
  await page.getByLabel("Tipo do imóvel").selectOption("apartamento");
  await page.getByLabel("Vender").check();
  await page.getByLabel("Endereço (rua e número) (opcional)").fill("Rua Engenheiro Mário de Gusmão, 500");
  await page.getByLabel("Bairro", { exact: true }).fill("Ponta Verde");
  await page.getByLabel("Cidade", { exact: true }).fill("Maceió");
  await page.getByLabel("Valor pretendido (R$) (opcional)").fill("780.000");
  await page.getByLabel("Conte sobre o imóvel (opcional)").fill("Dois quartos, nascente, perto da praia.");
}

/** A captação sent over HTTP (multipart, as a browser without JavaScript sends it). */
async function sendCaptacao(request: APIRequestContext, name: string, photo?: Buffer) {
  const response = await request.post("/anuncie-seu-imovel", {
    multipart: {
      name,
      phone: uniquePhone(),
      tipo: "casa",
      finalidade: "aluguel",
      bairro: "Jatiúca",
      cidade: "Maceió",
      preco: "4.500",
      consent: "on",
      ...(photo ? { fotos: { name: "fachada.jpg", mimeType: "image/jpeg", buffer: photo } } : {}),
    },
    headers: { Origin: E2E_BASE_URL, "X-Forwarded-For": ownAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The captação's id, as the admin's list links it. */
async function captacaoId(request: APIRequestContext, name: string): Promise<string> {
  const admin = await sessionFor(request, E2E_BASE_URL, "admin");
  const html = await (
    await request.get("/admin/captacoes", { headers: { Cookie: `${admin.name}=${admin.value}` } })
  ).text();
  const id = html.match(new RegExp(`href="/admin/captacoes/(\\d+)"[^>]*>${name}<`))?.[1];
  if (!id) throw new Error(`captação de ${name} não está na lista do administrador`);
  return id;
}

test.describe("no celular, sem JavaScript", () => {
  test.use({ viewport: PHONE_VIEWPORT, javaScriptEnabled: false });

  test("erros nos campos (400), depois o envio com uma foto", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownAddress() });
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Anuncie seu imóvel" }).click();
    await expect(page).toHaveURL(/\/anuncie-seu-imovel$/);
    await expect(page.getByRole("heading", { level: 1, name: "Anuncie seu imóvel" })).toBeVisible();
    // Fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE_VIEWPORT.width,
    );

    const name = `Proprietária sem JS ${Date.now().toString(36)}`;
    await page.getByLabel("Seu nome").fill(name);
    await page.locator("#captacao-fotos").setInputFiles({
      name: "sala.jpg",
      mimeType: "image/jpeg",
      buffer: await photoJpeg(1),
    });
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar imóvel" }).click(),
    ]);
    expect(bad.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Escolha as fotos de novo");
    await expect(page.locator("#captacao-phone-erro")).toContainText("Informe um telefone");
    await expect(page.locator("#captacao-tipo-erro")).toHaveText("Escolha o tipo do imóvel.");
    await expect(page.locator("#captacao-bairro-erro")).toHaveText("Informe o bairro.");
    await expect(page.locator("#captacao-consent-erro")).toContainText("autorize o contato");
    await expect(page.getByLabel("Seu nome")).toHaveValue(name);
    await expect(page.locator("#captacao-bairro")).toHaveAttribute("aria-invalid", "true");

    await fillForm(page, name, uniquePhone());
    await page.locator("#captacao-fotos").setInputFiles({
      name: "sala.jpg",
      mimeType: "image/jpeg",
      buffer: await photoJpeg(1),
    });
    await page.locator("#captacao-consent").check();
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar imóvel" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await expect(page.getByRole("status")).toContainText("Recebemos o seu imóvel!");
    await expect(page.getByRole("status")).toContainText("1 foto recebida");
  });
});

test.describe("com JavaScript", () => {
  test("envia no lugar, com uma foto; um arquivo que não é foto é recusado no campo", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": ownAddress() });
    await page.goto("/anuncie-seu-imovel");
    await expectNoAxeViolations(page);
    // Empty: every required field says what it needs, and the page stays accessible.
    const [empty] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar imóvel" }).click(),
    ]);
    expect(empty.status()).toBe(400);
    await expect(page.locator("#captacao-finalidade-erro")).toContainText("vender, alugar");
    await expect(page.getByRole("alert")).toBeFocused();
    await expectNoAxeViolations(page);
    const name = `Proprietário com JS ${Date.now().toString(36)}`;
    await fillForm(page, name, uniquePhone());
    await page.locator("#captacao-consent").check();
    await page.locator("#captacao-fotos").setInputFiles({
      name: "contrato.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("%PDF-1.4 isto não é uma foto"),
    });
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar imóvel" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.locator("#captacao-fotos-erro")).toContainText("contrato.jpg: Formato não aceito");
    // Nothing typed was lost.
    await expect(page.getByLabel("Bairro", { exact: true })).toHaveValue("Ponta Verde");
    await expectNoAxeViolations(page);

    await page.locator("#captacao-fotos").setInputFiles({
      name: "varanda.jpg",
      mimeType: "image/jpeg",
      buffer: await photoJpeg(2),
    });
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar imóvel" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await expect(page).toHaveURL(/\/anuncie-seu-imovel$/);
    await expect(page.getByRole("status")).toContainText("Recebemos o seu imóvel!");
    await expect(page.getByRole("status")).toContainText("1 foto recebida");
  });

  test("o administrador vê a captação e cria o rascunho com a foto em um clique", async ({
    page,
    request,
  }) => {
    const name = `Proprietária rascunho ${Date.now().toString(36)}`;
    await sendCaptacao(request, name, await photoJpeg(3));
    await loginAs(page, "admin");
    await page.goto("/admin/captacoes");
    await expect(
      page.getByRole("navigation", { name: "Menu do painel" }).getByRole("link", { name: "Captações" }),
    ).toHaveAttribute("aria-current", "page");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Casa para alugar em Jatiúca");
    await expect(row).toContainText("R$ 4.500/mês");
    await expect(row).toContainText("Nova");
    await expectNoAxeViolations(page);

    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const preview = page.getByRole("img", { name: /Foto 1 enviada pelo proprietário/ });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    const detail = page.url();

    await page.getByRole("button", { name: "Criar rascunho do imóvel" }).click();
    await expect(page).toHaveURL(/\/admin\/imoveis\/\d+\?ok=captacao$/, { timeout: 30_000 });
    await expect(
      page.getByRole("status").filter({ hasText: "Rascunho criado a partir da captação" }),
    ).toBeVisible();
    await expect(page.getByLabel("Título")).toHaveValue("Casa para alugar em Jatiúca");
    await expect(page.locator(".photo-item")).toHaveCount(1);
    const draftUrl = new URL(page.url()).pathname;

    // The captação now links to its draft; a second click (a repeated post) lands on the same one.
    await page.goto(detail);
    await expect(page.getByText("Rascunho criado:")).toBeVisible();
    await expect(page.getByRole("button", { name: "Criar rascunho do imóvel" })).toHaveCount(0);
    await expect(page.getByText("As fotos foram para o rascunho do imóvel.")).toBeVisible();
    const admin = await sessionFor(request, E2E_BASE_URL, "admin");
    const again = await postAs(request, E2E_BASE_URL, admin, new URL(detail).pathname, {
      intent: "converter",
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe(`${draftUrl}?ok=captacao`);
  });
});

test("um corretor vê só as captações atribuídas a ele", async ({ page, request }) => {
  const name = `Captação de outro corretor ${Date.now().toString(36)}`;
  await sendCaptacao(request, name, await photoJpeg(4));
  const id = await captacaoId(request, name);
  // The fixture corretor exists from here on (created on first use), so the admin can assign to them.
  const corretor = { Cookie: await cookieOf(request, "corretor") };
  const detailHtml = await (
    await request.get(`/admin/captacoes/${id}`, {
      headers: { Cookie: await cookieOf(request, "admin") },
    })
  ).text();
  const photoPath = detailHtml.match(/src="(\/admin\/captacoes\/\d+\/fotos\/\d+)"/)?.[1];
  if (!photoPath) throw new Error("a captação não mostra a foto");

  expect(await (await request.get("/admin/captacoes", { headers: corretor })).text()).not.toContain(name);
  for (const path of [`/admin/captacoes/${id}`, photoPath]) {
    const response = await request.get(path, { headers: corretor, maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    expect(await response.text()).not.toContain(name);
  }

  // Assigned to the corretor, it is theirs to see (and only to an admin to reassign).
  const admin = await sessionFor(request, E2E_BASE_URL, "admin");
  const corretorId = detailHtml.match(/<option value="(\d+)">Corretora de Teste<\/option>/)?.[1];
  if (!corretorId) throw new Error("a corretora de teste não está entre os responsáveis");
  const assigned = await postAs(request, E2E_BASE_URL, admin, `/admin/captacoes/${id}`, {
    intent: "assign",
    assigneeId: corretorId,
  });
  expect(assigned.status()).toBe(200);
  await loginAs(page, "corretor");
  await page.goto("/admin/captacoes");
  await page.getByRole("link", { name }).click();
  await expect(page.getByText("Responsável: Corretora de Teste")).toBeVisible();
  await expect(page.getByLabel("Responsável")).toHaveCount(0);
  expect((await request.get(photoPath, { headers: corretor })).status()).toBe(200);
  const cookie = await sessionFor(request, E2E_BASE_URL, "corretor");
  const reassign = await postAs(request, E2E_BASE_URL, cookie, `/admin/captacoes/${id}`, {
    intent: "assign",
    assigneeId: "",
  });
  expect(reassign.status()).toBe(403);
});

async function cookieOf(request: APIRequestContext, role: "admin" | "corretor"): Promise<string> {
  const cookie = await sessionFor(request, E2E_BASE_URL, role);
  return `${cookie.name}=${cookie.value}`;
}
