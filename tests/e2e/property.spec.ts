// The listing page /casas/:referencia: gallery and viewer, map loaded on demand, address privacy,
// WhatsApp, the video/tour facade, sharing, similar listings, the contact form with and without
// JavaScript, redirects, 404, sold listings, head tags and accessibility. Listings are found through the site itself (the demo catalogue may
// change), except the true coordinates, read from the deterministic demo generator.
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page } from "@playwright/test";
import { generateListings } from "../../app/server/demo/catalogue.server";
import { expectNoAxeViolations, hydrated, loginAs, test } from "./fixtures";

/** The first listing on offer (not sold/rented/reserved) with at least two photos. */
async function availableListing(page: Page): Promise<string> {
  for (const ordem of ["recentes", "maior-area", "menor-preco"]) {
    await page.goto(`/todos-os-imoveis?ordem=${ordem}`);
    const hrefs = await page
      .locator(".card-grid .property-card:not(.is-unavailable) .property-card__link")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    for (const href of hrefs) {
      await page.goto(href);
      if ((await page.locator(".gallery__item").count()) >= 2) return href;
    }
  }
  throw new Error("nenhum imóvel disponível com fotos no catálogo");
}

/** A sold or rented listing (they sink to the end of every order). */
async function closedListing(page: Page): Promise<string> {
  await page.goto("/todos-os-imoveis?ordem=recentes");
  const last = page
    .getByRole("navigation", { name: "Páginas de resultados" })
    .getByRole("link", { name: /^Página \d+$/ })
    .last();
  if (await last.count()) await page.goto((await last.getAttribute("href")) ?? "/todos-os-imoveis");
  const card = page
    .locator(".card-grid .property-card")
    .filter({ has: page.locator(".property-card__badges", { hasText: /Vendido|Alugado/ }) })
    .last();
  const href = await card.locator(".property-card__link").getAttribute("href");
  if (!href) throw new Error("nenhum imóvel vendido/alugado no catálogo");
  return href;
}

function metaContent(html: string, attr: "name" | "property", key: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]*${attr}="${key}"[^>]*>`))?.[0];
  return tag?.match(/content="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? null;
}

let listing = "";

test.beforeEach(async ({ page }) => {
  if (!listing) listing = await availableListing(page);
});

test("galeria: capa com prioridade alta, demais preguiçosas, espaço reservado", async ({ page }) => {
  await page.goto(listing);
  const images = page.locator(".gallery__item img");
  await expect(images.first()).toHaveAttribute("fetchpriority", "high");
  await expect(images.first()).toHaveAttribute("loading", "eager");
  const count = await images.count();
  for (let i = 1; i < count; i++) await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
  // AVIF and WebP sources with sizes; the <img> carries width/height (no layout shift).
  const cover = page.locator(".gallery__item picture").first();
  await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute("srcset", /\d+w/);
  await expect(cover.locator('source[type="image/webp"]')).toHaveAttribute("sizes", /vw/);
  await expect(images.first()).toHaveAttribute("width", /\d+/);
  await expect(images.first()).toHaveAttribute("height", /\d+/);
});

/**
 * Each loaded photo of the gallery, as drawn: the width of the chosen variant, the width the
 * photo is painted at (it covers its cell, so a photo wider than its cell overflows it) times
 * the screen's pixel ratio, and the largest variant there is.
 */
async function drawnPhotos(page: Page) {
  return page.locator(".gallery__item img").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => img.complete && img.naturalWidth > 0 && img.getBoundingClientRect().width > 0)
      .map((img) => {
        const box = img.getBoundingClientRect();
        const painted = Math.max(box.width, box.height * (img.naturalWidth / img.naturalHeight));
        const widths = (img.parentElement?.querySelector("source")?.getAttribute("srcset") ?? "")
          .split(",")
          .map((candidate) => Number(candidate.trim().split(" ")[1]?.replace("w", "")));
        return {
          // naturalWidth is corrected for the srcset's density; the file's own width is in its name.
          chosen: Number(img.currentSrc.match(/-(\d+)\.\w+$/)?.[1]),
          needed: Math.floor(painted * window.devicePixelRatio),
          largest: Math.max(...widths),
        };
      }),
  );
}

for (const deviceScaleFactor of [1, 2]) {
  for (const [screen, viewport] of [
    ["computador", { width: 1366, height: 900 }],
    ["celular", { width: 390, height: 844 }],
  ] as const) {
    test(`galeria nítida (${screen}, densidade ${deviceScaleFactor}): nenhuma foto é ampliada além da variante escolhida`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport, deviceScaleFactor });
      const page = await context.newPage();
      await page.goto(listing);
      const cover = page.locator(".gallery__item img").first();
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeTruthy();
      if (screen === "computador") {
        // The mosaic's small photos load too (they are on screen).
        const shown = await page.locator(".gallery__item img:visible").count();
        await expect.poll(async () => (await drawnPhotos(page)).length).toBe(shown);
      }
      const photos = await drawnPhotos(page);
      expect(photos.length).toBeGreaterThan(0);
      for (const photo of photos) {
        expect(photo.chosen, JSON.stringify(photo)).toBeGreaterThanOrEqual(
          Math.min(photo.needed, photo.largest),
        );
      }
      await context.close();
    });
  }
}

test("visualizador: abre, anda com as setas e por gesto, prende o foco e fecha com Esc", async ({ page }) => {
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(listing);
  await page.waitForLoadState("networkidle");
  expect(requests.filter((u) => /gallery-viewer/.test(u))).toEqual([]);
  const total = await page.locator(".gallery__item").count();

  const first = page.locator(".gallery__link").first();
  await first.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(".viewer__count")).toHaveText(`Foto 1 de ${total}`);
  await expect(dialog.getByRole("button", { name: /Fechar/ })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(dialog.locator(".viewer__count")).toHaveText(`Foto 2 de ${total}`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.locator(".viewer__count")).toHaveText(`Foto ${total} de ${total}`);

  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
  }

  // Swipe left with a pointer: next photo (wraps to the first).
  const stage = await dialog.locator(".viewer__stage").boundingBox();
  if (!stage) throw new Error("sem área da foto");
  const y = stage.y + stage.height / 2;
  await page.mouse.move(stage.x + stage.width * 0.8, y);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.2, y, { steps: 5 });
  await page.mouse.up();
  await expect(dialog.locator(".viewer__count")).toHaveText(`Foto 1 de ${total}`);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(first).toBeFocused();
});

// On a phone, where loading late matters most and the map is furthest down the page: on a
// computer, under the shorter 3:1 gallery, a listing with a one-line description has its map
// within the observer's 400 px margin at once.
test.describe("mapa no celular", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("mapa: o Leaflet só carrega quando o mapa se aproxima da tela", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    await page.goto(listing);
    await page.waitForLoadState("networkidle");
    const map = page.locator(".listing-map");
    await expect(map).toHaveCount(1);
    expect(requests.filter((u) => /leaflet/i.test(u))).toEqual([]);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);

    await map.scrollIntoViewIfNeeded();
    await expect(page.locator(".leaflet-container")).toHaveCount(1);
    expect(requests.filter((u) => /leaflet/i.test(u)).length).toBeGreaterThan(0);
    await expect(map).toHaveAttribute("data-map-state", "ready");
  });
});

test("endereço oculto: o HTML não traz as coordenadas exatas nem a rua", async ({ request }) => {
  const hidden = generateListings(64, 42).filter(
    (l) => l.visibilidadeEndereco === "bairro" && l.latitude != null && l.longitude != null,
  );
  let checked = 0;
  for (const l of hidden.slice(0, 5)) {
    const response = await request.get(`/casas/${l.referencia}`);
    if (response.status() !== 200) continue;
    const html = await response.text();
    if (!html.includes(l.titulo.replace(/&/g, "&amp;"))) continue; // a different catalogue
    for (const value of [l.latitude!, l.longitude!]) {
      expect(html).not.toContain(String(value));
      expect(html).not.toContain(value.toFixed(4));
    }
    expect(html).toContain("Localização aproximada");
    expect(html).toContain(`${l.bairro}, ${l.cidade} – AL`);
    if (l.logradouro) expect(html).not.toContain(l.logradouro);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
});

test("WhatsApp: mensagem com a referência e o endereço da página", async ({ page, baseURL }) => {
  await page.goto(listing);
  const referencia = listing.split("/").pop()!;
  const href = await page.locator(".listing-contact__whatsapp").getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/55\d{10,11}\?text=/);
  const text = new URL(href!).searchParams.get("text") ?? "";
  expect(text).toContain(referencia);
  expect(text).toContain(`${baseURL}/casas/${referencia}`);
});

test("imóveis parecidos: cartões que levam a outros imóveis", async ({ page }) => {
  await page.goto(listing);
  const section = page.locator("#parecidos");
  await expect(section.getByRole("heading", { level: 2, name: "Imóveis parecidos" })).toBeVisible();
  const links = section.locator(".property-card .property-card__link");
  expect(await links.count()).toBeGreaterThan(0);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  for (const href of hrefs) expect(href).toMatch(/^\/casas\/[^/]+$/);
  expect(hrefs).not.toContain(listing);
  expect(new Set(hrefs).size).toBe(hrefs.length);

  const first = links.first();
  const title = ((await first.textContent()) ?? "").trim();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("compartilhar: WhatsApp e Facebook levam o endereço; copiar link põe-no na área de transferência", async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto(listing);
  await hydrated(page);
  const url = `${baseURL}${listing}`;
  const title = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  const share = page.getByRole("region", { name: "Compartilhar" });

  const whatsapp = share.getByRole("link", { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(whatsapp).toHaveAttribute("rel", /noopener/);
  const whatsappHref = new URL((await whatsapp.getAttribute("href"))!);
  expect(`${whatsappHref.origin}${whatsappHref.pathname}`).toBe("https://wa.me/");
  expect(whatsappHref.searchParams.get("text")).toBe(`${title} ${url}`);
  const facebook = new URL((await share.getByRole("link", { name: /Facebook/ }).getAttribute("href"))!);
  expect(facebook.searchParams.get("u")).toBe(url);

  const status = share.getByRole("status");
  await expect(status).toBeEmpty();
  await share.getByRole("button", { name: "Copiar link" }).click();
  await expect(status).toHaveText("Link copiado!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
});

test("impressão: a ficha do imóvel em duas folhas A4, com fotos, preço, corretor e o endereço da página, sem formulários nem menu", async ({
  page,
  baseURL,
}) => {
  await page.goto(listing);
  await hydrated(page);
  // "Imprimir" opens the browser's print dialog: here it is only asked for.
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "");
  });
  await page.getByRole("region", { name: "Compartilhar" }).getByRole("button", { name: "Imprimir" }).click();
  await expect(page.locator("body[data-printed]")).toHaveCount(1);

  const sheet = page.locator(".listing__print");
  await expect(sheet).toBeHidden();
  await page.emulateMedia({ media: "print" });
  for (const shown of [
    page.getByRole("heading", { level: 1 }),
    page.locator(".gallery__item").first(),
    page.locator(".price-block__main"),
    page.getByRole("heading", { name: "Características" }),
    page.getByTestId("listing-agent"),
    page.locator(".site-header .brand"),
  ])
    await expect(shown).toBeVisible();
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(`Fotos e mais detalhes: ${baseURL}${listing}`);
  await expect(sheet).toContainText(/WhatsApp \(\d{2}\) \d{4,5}-\d{4}/);
  for (const hidden of [
    page.locator(".site-nav"),
    page.locator(".site-footer"),
    page.locator(".breadcrumbs"),
    page.locator("#contato form"),
    page.locator(".listing-contact__whatsapp"),
    page.locator(".listing-map"),
    page.getByRole("region", { name: "Compartilhar" }),
    page.locator(".listing-similar"),
  ])
    await expect(hidden).toBeHidden();
  // The whole sheet on two A4 pages, not the five the screen layout printed.
  const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBeLessThanOrEqual(2);
});

/** Sets a listing's video and virtual-tour addresses through the admin edit form. */
async function setMedia(browser: Browser, referencia: string, media: { video: string; tour: string }) {
  const admin = await browser.newContext();
  try {
    const page = await admin.newPage();
    await loginAs(page, "admin");
    await page.goto(`/admin/imoveis?q=${referencia}`);
    await page.getByRole("link", { name: referencia, exact: true }).click();
    await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);
    await page.getByLabel("Vídeo (YouTube)").fill(media.video);
    await page.getByLabel("Tour virtual 360°").fill(media.tour);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.locator(".listing-notice")).toContainText("Alterações salvas.");
  } finally {
    await admin.close();
  }
}

test("vídeo e tour virtual: nada carrega antes do clique; depois, o player recebe o foco", async ({
  page,
  browser,
}) => {
  const referencia = listing.split("/").pop()!;
  const videoId = "aqz-KE-bpKQ";
  // A tour host the listing page may frame (app/lib/listing.ts, TOUR_FRAME_HOSTS).
  const tour = "https://my.matterport.com/show/?m=TesteAlagoas1";
  // Nothing leaves the machine: the players are stand-ins, everything else outside is refused.
  const outside: string[] = [];
  await page.context().route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => {
      const url = route.request().url();
      outside.push(url);
      if (/^https:\/\/www\.youtube-nocookie\.com\/embed\//.test(url) || url.startsWith(tour)) {
        return route.fulfill({ contentType: "text/html", body: "<title>Player</title><p>Player</p>" });
      }
      return route.abort();
    },
  );
  const players = () => outside.filter((u) => /youtube(-nocookie)?\.com|matterport\.com/.test(u));

  await setMedia(browser, referencia, { video: `https://www.youtube.com/watch?v=${videoId}`, tour });
  try {
    await page.goto(listing);
    await hydrated(page);
    const section = page.locator("section", {
      has: page.getByRole("heading", { level: 2, name: "Vídeo e tour virtual" }),
    });
    const video = section.getByRole("link", { name: "Assistir ao vídeo" });
    const tourLink = section.getByRole("link", { name: "Abrir o tour virtual" });
    await video.scrollIntoViewIfNeeded();
    await page.waitForLoadState("networkidle");
    // Without JavaScript these are plain links to the video and the tour.
    await expect(video).toHaveAttribute("href", `https://www.youtube.com/watch?v=${videoId}`);
    await expect(tourLink).toHaveAttribute("href", tour);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(players()).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('[aria-labelledby="video-tour"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await video.click();
    const player = section.locator("iframe[title^='Vídeo: ']");
    await expect(player).toHaveAttribute(
      "src",
      `https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1&rel=0`,
    );
    await expect(player).toBeFocused();
    await expect.poll(() => players()).toEqual([expect.stringContaining(`/embed/${videoId}`)]);

    await tourLink.click();
    const tourFrame = section.locator("iframe[title^='Tour virtual: ']");
    await expect(tourFrame).toHaveAttribute("src", tour);
    await expect(tourFrame).toBeFocused();
    await expect(section.locator("iframe")).toHaveCount(2);
  } finally {
    await setMedia(browser, referencia, { video: "", tour: "" });
  }
});

test.describe("formulário de contato com JavaScript", () => {
  test("erros 400 nos campos, depois confirmação", async ({ page }) => {
    await page.goto(listing);
    await hydrated(page); // what is tested here is the in-place submission, JavaScript's part
    const form = page.locator("form.lead-form");
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(bad.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("corrija os campos");
    await expect(page.locator("#lead-name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#lead-name-erro")).toHaveText("Informe seu nome.");
    await expect(page.locator("#lead-phone-erro")).toContainText("telefone ou um e-mail");
    await expect(page.locator("#lead-email-erro")).toContainText("telefone ou um e-mail");
    await expect(page.locator("#lead-consent-erro")).toHaveText(
      "Para enviar, autorize o contato marcando esta caixa.",
    );
    await expect(page.locator("#lead-phone")).toHaveAttribute("aria-describedby", /lead-phone-erro/);

    await page.getByLabel("Nome", { exact: true }).fill("Teste com JavaScript");
    await page.getByLabel("Telefone ou WhatsApp").fill("(82) 98888-7777");
    await page.locator("#lead-consent").check();
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "Mensagem enviada!" })).toBeVisible();
    expect(page.url()).toMatch(new RegExp(`${listing}$`));
  });
});

test.describe("formulário de contato sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("erros 400 nos campos, depois confirmação", async ({ page }) => {
    await page.goto(listing);
    const [bad] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(bad.status()).toBe(400);
    await page.waitForLoadState();
    await expect(page.locator("#lead-name-erro")).toHaveText("Informe seu nome.");
    await expect(page.locator("#lead-consent-erro")).toBeVisible();

    await page.getByLabel("Nome", { exact: true }).fill("Teste sem JavaScript");
    await page.getByLabel("E-mail", { exact: true }).fill("sem-js@exemplo.com.br");
    await page.locator("#lead-consent").check();
    const [ok] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Enviar mensagem" }).click(),
    ]);
    expect(ok.status()).toBe(200);
    await page.waitForLoadState();
    await expect(page.getByText("Mensagem enviada!")).toBeVisible();
  });
});

test.describe("salvar o imóvel nos favoritos", () => {
  test("o botão ao lado do título guarda e tira o imóvel dos favoritos", async ({ page }) => {
    await page.goto(listing);
    const referencia = listing.split("/").pop()!;
    const save = page.locator(".listing__header").getByRole("button", { name: "Salvar nos favoritos" });
    await expect(save).toHaveAttribute("aria-pressed", "false");
    await save.click();
    await expect(save).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => localStorage.getItem("favoritos"))).toContain(referencia);
    expect(page.url()).toMatch(new RegExp(`${listing}$`)); // saved in place, no navigation

    await page.goto("/favoritos");
    await expect(page.locator(".property-card__ref")).toHaveText([`Ref. ${referencia}`]);
    await page.goto(listing);
    await expect(save).toHaveAttribute("aria-pressed", "true");
    await save.click();
    await expect(save).toHaveAttribute("aria-pressed", "false");
    expect(await page.evaluate(() => localStorage.getItem("favoritos"))).toBe("[]");
  });

  test("um toque antes do JavaScript assumir leva a /favoritos, que salva o imóvel", async ({ page }) => {
    const referencia = listing.split("/").pop()!;
    // What the form sends when the page is not hydrated yet.
    await page.goto(`/favoritos?salvar=${referencia.toLowerCase()}`);
    await expect(
      page.getByRole("status").filter({ hasText: `Imóvel ${referencia} salvo nos favoritos.` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/favoritos$/);
    await expect(page.locator(".property-card__ref")).toHaveText([`Ref. ${referencia}`]);
    await page.evaluate(() => localStorage.removeItem("favoritos"));
  });

  test.describe("sem JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("o botão é um formulário, e a página diz que os favoritos precisam de JavaScript", async ({
      page,
    }) => {
      const referencia = listing.split("/").pop()!;
      await page.goto(listing);
      await page.locator(".listing__header").getByRole("button", { name: "Salvar nos favoritos" }).click();
      await expect(page).toHaveURL(new RegExp(`/favoritos\\?salvar=${referencia}$`));
      // (Playwright's text selectors skip <noscript>; its role selectors and text assertions do not.)
      const message = page.locator(".favorites__saved");
      await expect(message).toContainText(`Não foi possível salvar o imóvel ${referencia}`);
      await expect(message).toContainText("precisam do JavaScript ativado");
      await page.getByRole("link", { name: `Voltar ao imóvel ${referencia}` }).click();
      await expect(page).toHaveURL(new RegExp(`${listing}$`));
    });
  });
});

test("preço do m² e total mensal (aluguel + condomínio + IPTU) no cartão e na página do imóvel", async ({
  page,
}) => {
  // A monthly rent with fees: the card's total is the page's total.
  await page.goto("/todos-os-imoveis?finalidade=aluguel");
  const rental = page.locator(".property-card").filter({ hasText: "Total com taxas:" }).first();
  const cardTotal = (await rental.locator(".property-card__price-facts").textContent())?.match(
    /Total com taxas: (R\$ [\d.]+\/mês)/,
  )?.[1];
  expect(cardTotal).toBeTruthy();
  await rental.locator(".property-card__link").click();
  const total = page.locator(".price-block__total");
  await expect(total.locator("dt")).toHaveText("Total mensal");
  await expect(total.locator("dd")).toContainText(cardTotal!);
  await expect(total.locator(".price-block__detail")).toContainText(/^Aluguel \+ /);

  // A sale with an area: the card's price per m² is the page's.
  await page.goto("/todos-os-imoveis?finalidade=venda");
  const sale = page.locator(".property-card").filter({ hasText: "/m²" }).first();
  const cardPerM2 = (await sale.locator(".property-card__price-facts").textContent())?.match(
    /R\$ [\d.]+\/m²/,
  )?.[0];
  expect(cardPerM2).toBeTruthy();
  await sale.locator(".property-card__link").click();
  await expect(page.locator(".price-block__fee").filter({ hasText: "Preço do m²" }).locator("dd")).toHaveText(
    cardPerM2!,
  );
});

test.describe("barra de contato no celular", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("WhatsApp, ligar e salvar sempre à mão, sem cobrir o fim da página nem violar o axe", async ({
    page,
  }) => {
    const referencia = listing.split("/").pop()!;
    await page.goto(listing);
    const bar = page.getByRole("region", { name: "Contato rápido" });
    await expect(bar).toBeVisible();
    const whatsapp = bar.getByRole("link", { name: /WhatsApp/ });
    expect(new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")).toContain(referencia);
    await expect(bar.getByRole("link", { name: "Ligar" })).toHaveAttribute("href", /^tel:\+55\d{10,11}$/);
    await expect(bar.getByRole("button", { name: "Salvar nos favoritos" })).toBeVisible();

    // Fixed at the bottom while scrolling; at the very end, the page's last line is above it.
    const viewportBottom = await page.evaluate(() => window.innerHeight);
    expect(Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(viewportBottom);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = await page.evaluate(() => {
      const footer = document.querySelector(".site-footer");
      const texts = [...(footer?.querySelectorAll("p, a, li") ?? [])];
      return Math.max(...texts.map((el) => el.getBoundingClientRect().bottom));
    });
    expect(lastLine).toBeLessThanOrEqual((await bar.boundingBox())!.y);

    // Saving from the bar is the same favourite as by the title.
    await bar.getByRole("button", { name: "Salvar nos favoritos" }).click();
    await expect(
      page.locator(".listing__header").getByRole("button", { name: "Salvar nos favoritos" }),
    ).toHaveAttribute("aria-pressed", "true");
    await bar.getByRole("button", { name: "Salvar nos favoritos" }).click();

    await expectNoAxeViolations(page);
  });

  test("sem movimento quando o sistema pede menos movimento", async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto(listing);
    const motion = await page.getByRole("region", { name: "Contato rápido" }).evaluate((bar) => {
      const parts = [bar, ...bar.querySelectorAll("*")].map((el) => getComputedStyle(el));
      return parts.some(
        (style) => style.animationName !== "none" || parseFloat(style.transitionDuration) > 0.001,
      );
    });
    expect(motion).toBe(false);
    await context.close();
  });

  test("no computador a barra não aparece (o contato fica ao lado da descrição)", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(listing);
    await expect(page.locator(".contact-bar")).toBeHidden();
    await context.close();
  });
});

test("referência em outra caixa redireciona (301) para a canônica", async ({ request }) => {
  const referencia = listing.split("/").pop()!;
  const response = await request.get(`/casas/${referencia.toLowerCase()}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(`/casas/${referencia}`);
});

test("referência desconhecida: página 404 de verdade, com sugestões", async ({ page }) => {
  const response = await page.goto("/casas/ZZ9999");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Imóvel não encontrado");
  expect(await page.locator(".property-card").count()).toBeGreaterThan(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
});

test("imóvel vendido ou alugado: selo, sem formulário nem WhatsApp de contato", async ({ page }) => {
  const href = await closedListing(page);
  await page.goto(href);
  await expect(page.locator(".listing__badges .badge")).toHaveText(/Vendido|Alugado/);
  await expect(page.getByRole("heading", { name: /Este imóvel já foi (vendido|alugado)/ })).toBeVisible();
  await expect(page.locator("form.lead-form")).toHaveCount(0);
  await expect(page.locator(".listing-contact__whatsapp")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Ver imóveis parecidos" })).toHaveAttribute(
    "href",
    "#parecidos",
  );
});

test("meta tags no HTML do servidor da página do imóvel", async ({ page, request, baseURL }) => {
  await page.goto(listing);
  const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const html = await (await request.get(listing)).text();
  const escaped = title.replace(/&/g, "&amp;");
  expect(html).toContain(`<title>${escaped} | Imóveis em Alagoas</title>`);
  expect(metaContent(html, "property", "og:title")).toBe(`${title} | Imóveis em Alagoas`);
  expect(metaContent(html, "property", "og:type")).toBe("website");
  expect(metaContent(html, "property", "og:url")).toBe(`${baseURL}${listing}`);
  // The listing's own 1200 × 630 social image, made from its cover (decision 024).
  const referencia = listing.split("/").pop();
  const image = metaContent(html, "property", "og:image") ?? "";
  expect(image).toMatch(new RegExp(`^${baseURL}/og/${referencia}\\.jpg(\\?v=[0-9a-f]+)?$`));
  expect(metaContent(html, "property", "og:image:width")).toBe("1200");
  expect(metaContent(html, "property", "og:image:height")).toBe("630");
  const imageResponse = await request.get(image);
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()["content-type"]).toBe("image/jpeg");
  const description = metaContent(html, "name", "description") ?? "";
  expect(description.length).toBeGreaterThan(20);
  expect(description.length).toBeLessThanOrEqual(160);
  expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
  expect(html).toMatch(new RegExp(`<link[^>]*rel="canonical"[^>]*href="${baseURL}${listing}"`));
});

test("sem violações do axe na página do imóvel (com o mapa carregado)", async ({ page }) => {
  await page.goto(listing);
  await page.locator(".listing-map").scrollIntoViewIfNeeded();
  await expect(page.locator(".leaflet-container")).toHaveCount(1);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
});
