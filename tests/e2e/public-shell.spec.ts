// The public shell and its global behaviours: meta tags in the raw
// HTML and after client navigation, the 300 ms loading overlay, the exit-intent popup, the
// video-channel links, favourites, the 404, the home filter, the footer's CRECI and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

const SITE = "Imóveis em Alagoas";
const NOT_FOUND = "/pagina-que-nao-existe";
const PAGES = ["/", "/sobre-nos", "/politica-de-privacidade", "/favoritos", NOT_FOUND];
/** Every route's head tags are checked here; /casas and the auth screens get their axe check
 * in search.spec and auth.spec (/todos-os-imoveis and a listing check their tags there too). */
const HEAD_PAGES = [...PAGES, "/casas", "/login", "/recuperar-senha"];
/** Pages kept out of search engines ("noindex, follow"). */
const NOINDEX = new Set(["/favoritos", NOT_FOUND, "/login", "/recuperar-senha"]);

async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The first-load overlay hides itself after 300 ms.
  await expect(page.getByTestId("loading-overlay")).toBeHidden();
}

/** The pointer leaves the page through the top edge (mouseout to nowhere with clientY 0). */
async function leaveThroughTop(page: Page) {
  await page.mouse.move(400, 200);
  await page.evaluate(() => {
    document.documentElement.dispatchEvent(
      new MouseEvent("mouseout", { bubbles: true, clientX: 400, clientY: 0, relatedTarget: null }),
    );
  });
}

const popup = (page: Page) => page.getByRole("dialog", { name: "Não vá embora ainda!" });

/** Resolves after two frames: whatever the last event made React render is on screen by then. */
async function afterNextPaint(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

function count(html: string, pattern: RegExp): number {
  return html.match(new RegExp(pattern.source, "g"))?.length ?? 0;
}

function attr(html: string, pattern: RegExp): string | undefined {
  return html.match(pattern)?.[1];
}

test.describe("meta tags in the server-rendered HTML", () => {
  for (const path of HEAD_PAGES) {
    test(`${path} has every tag exactly once`, async ({ request, baseURL }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(path === NOT_FOUND ? 404 : 200);
      const html = await response.text();
      const head = html.slice(0, html.indexOf("</head>"));

      expect(count(head, /<title>/)).toBe(1);
      expect(attr(head, /<title>([^<]*)<\/title>/)).toMatch(new RegExp(`^.+ \\| ${SITE}$`));
      for (const name of [
        "description",
        "keywords",
        "twitter:card",
        "twitter:title",
        "twitter:description",
      ]) {
        expect(count(head, new RegExp(`<meta name="${name}"`)), name).toBe(1);
      }
      expect(count(head, /<meta name="twitter:image"/)).toBe(1);
      for (const property of ["og:title", "og:description", "og:image", "og:url", "og:type"]) {
        expect(count(head, new RegExp(`<meta property="${property}"`)), property).toBe(1);
      }
      expect(count(head, /<link rel="canonical"/)).toBe(1);

      expect(attr(head, /<meta name="twitter:card" content="([^"]*)"/)).toBe("summary_large_image");
      expect(attr(head, /<meta property="og:type" content="([^"]*)"/)).toBe("website");
      expect(attr(head, /<meta property="og:image" content="([^"]*)"/)).toBe(`${baseURL}/og-image.jpg`);
      expect(attr(head, /<meta property="og:url" content="([^"]*)"/)).toBe(`${baseURL}${path}`);
      expect(attr(head, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}${path}`);
      expect(attr(head, /<meta name="description" content="([^"]*)"/)?.length).toBeGreaterThan(40);
      expect(attr(head, /<meta name="keywords" content="([^"]*)"/)).toContain("imóveis");
      expect(count(head, /<meta name="robots"/)).toBe(NOINDEX.has(path) ? 1 : 0);
      if (NOINDEX.has(path)) {
        expect(attr(head, /<meta name="robots" content="([^"]*)"/)).toBe("noindex, follow");
      }
    });
  }

  test("the site defaults: description and keywords", async ({ request }) => {
    const html = await (await request.get("/sobre-nos")).text();
    expect(html).toContain('<meta name="keywords" content="imóveis, aluguel, venda, apartamentos, casas"/>');
    const home = await (await request.get("/")).text();
    expect(attr(home, /<meta name="description" content="([^"]*)"/)).toBe(
      "Encontre os melhores imóveis em Alagoas: apartamentos, casas e terrenos para compra e aluguel.",
    );
  });
});

test("the default social image is served", async ({ request }) => {
  const response = await request.get("/og-image.jpg");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect((await response.body()).length).toBeGreaterThan(10_000);
});

test("the site's icon is declared on every page and served", async ({ page, request }) => {
  for (const path of ["/", "/todos-os-imoveis", "/sobre-nos"]) {
    await page.goto(path);
    const icons = await page.evaluate(() =>
      [...document.head.querySelectorAll("link[rel=icon], link[rel=apple-touch-icon]")].map((l) =>
        l.getAttribute("href"),
      ),
    );
    expect(icons, path).toEqual(["/favicon.ico", "/apple-touch-icon.png"]);
  }
  for (const [path, type] of [
    ["/favicon.ico", "image/vnd.microsoft.icon"],
    ["/apple-touch-icon.png", "image/png"],
  ]) {
    const response = await request.get(path!);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type!);
  }
});

/** Every head tag a page sets, by kind: a tag left over or doubled shows as a second value. */
function headTags(page: Page) {
  return page.evaluate(() => {
    const values = (selector: string) =>
      [...document.head.querySelectorAll(selector)].map(
        (e) => e.getAttribute("content") ?? e.getAttribute("href"),
      );
    return {
      titles: document.head.querySelectorAll("title").length,
      description: values('meta[name="description"]'),
      keywords: values('meta[name="keywords"]'),
      robots: values('meta[name="robots"]'),
      ogTitle: values('meta[property="og:title"]'),
      ogDescription: values('meta[property="og:description"]'),
      ogUrl: values('meta[property="og:url"]'),
      ogImage: values('meta[property="og:image"]'),
      ogImageAlt: values('meta[property="og:image:alt"]'),
      ogImageWidth: values('meta[property="og:image:width"]'),
      ogImageHeight: values('meta[property="og:image:height"]'),
      ogType: values('meta[property="og:type"]'),
      twitterCard: values('meta[name="twitter:card"]'),
      twitterImage: values('meta[name="twitter:image"]'),
      canonical: values('link[rel="canonical"]'),
    };
  });
}

/** Clicks "Sobre nós" in the main menu and checks the page did not reload (a client navigation). */
async function clientNavigateToAbout(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { beforeNavigation: boolean }).beforeNavigation = true;
  });
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Sobre nós" }).click();
  await expect(page).toHaveURL(/\/sobre-nos$/);
  await expect(page).toHaveTitle(`Sobre nós | ${SITE}`);
  expect(
    await page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation),
  ).toBe(true);
}

/** The head of /sobre-nos, whatever page the visitor came from. */
async function expectAboutHead(page: Page, baseURL: string | undefined) {
  const head = await headTags(page);
  expect(head.titles).toBe(1);
  expect(head.description).toHaveLength(1);
  expect(head.keywords).toHaveLength(1);
  expect(head.robots).toEqual([]);
  expect(head.ogTitle).toEqual([`Sobre nós | ${SITE}`]);
  expect(head.ogDescription).toEqual(head.description);
  expect(head.ogUrl).toEqual([`${baseURL}/sobre-nos`]);
  expect(head.ogImage).toEqual([`${baseURL}/og-image.jpg`]);
  expect(head.ogImageAlt).toHaveLength(1);
  expect(head.ogImageWidth).toEqual(["1200"]);
  expect(head.ogImageHeight).toEqual(["630"]);
  expect(head.ogType).toEqual(["website"]);
  expect(head.twitterCard).toEqual(["summary_large_image"]);
  expect(head.twitterImage).toEqual([`${baseURL}/og-image.jpg`]);
  expect(head.canonical).toEqual([`${baseURL}/sobre-nos`]);
  return head;
}

test.describe("client navigation replaces the head tags: nothing left over, nothing doubled", () => {
  test("from the home page to /sobre-nos", async ({ page, baseURL }) => {
    await ready(page, "/");
    const homeKeywords = await page.locator('meta[name="keywords"]').getAttribute("content");
    await clientNavigateToAbout(page);
    const head = await expectAboutHead(page, baseURL);
    expect(head.keywords[0]).not.toBe(homeKeywords);
  });

  test("from a listing, with its own social image, to /sobre-nos", async ({ page, baseURL }) => {
    await page.goto("/todos-os-imoveis");
    const href = await page.locator(".card-grid .property-card__link").first().getAttribute("href");
    await ready(page, href!);
    const listingHead = await headTags(page);
    expect(listingHead.ogImage).toHaveLength(1);
    expect(listingHead.ogImage[0]).toContain(`/og/`); // the listing's own image, not the default
    expect(listingHead.ogImageWidth).toEqual(["1200"]);
    expect(listingHead.canonical).toEqual([`${baseURL}${href}`]);
    await clientNavigateToAbout(page);
    const head = await expectAboutHead(page, baseURL);
    expect(head.description).not.toEqual(listingHead.description);
    expect(head.ogImageAlt).not.toEqual(listingHead.ogImageAlt);
  });

  test("from /favoritos (noindex) to /sobre-nos: the page can be indexed again", async ({
    page,
    baseURL,
  }) => {
    await ready(page, "/favoritos");
    expect((await headTags(page)).robots).toEqual(["noindex, follow"]);
    await clientNavigateToAbout(page);
    await expectAboutHead(page, baseURL);
  });
});

test.describe("loading overlay", () => {
  test("shows for 300 ms after a client navigation", async ({ page }) => {
    await ready(page, "/");
    const overlay = page.getByTestId("loading-overlay");
    // In page time: when the route changes (history.pushState), and every phase change after it.
    // Only the overlay's own 300 ms are asserted closely: how long the new route takes to render
    // depends on the machine, so it is not part of the check.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="loading-overlay"]')!;
      const record: { changedAt?: number; log: { phase: string | null; at: number }[] } = { log: [] };
      (window as unknown as { overlayRecord: typeof record }).overlayRecord = record;
      new MutationObserver(() =>
        record.log.push({ phase: el.getAttribute("data-phase"), at: performance.now() }),
      ).observe(el, { attributes: true, attributeFilter: ["data-phase"] });
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History["pushState"]>) => {
        push(...args);
        record.changedAt ??= performance.now();
      };
    });
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Favoritos" })
      .click();
    await page.waitForURL(/\/favoritos$/);
    await expect(overlay).toHaveAttribute("data-phase", "done");
    await expect(overlay).toBeHidden();
    const record = await page.evaluate(
      () =>
        (
          window as unknown as {
            overlayRecord: { changedAt: number; log: { phase: string; at: number }[] };
          }
        ).overlayRecord,
    );
    expect(record.log.map((e) => e.phase)).toEqual(["active", "done"]);
    const on = record.log[0]!;
    const off = record.log[1]!;
    expect(on.at).toBeGreaterThanOrEqual(record.changedAt);
    expect(off.at - on.at).toBeGreaterThanOrEqual(300);
    expect(off.at - on.at).toBeLessThan(1000);
  });

  test("does not cover anything or catch clicks", async ({ page }) => {
    await page.goto("/");
    const style = await page.getByTestId("loading-overlay").evaluate((el) => ({
      position: getComputedStyle(el).position,
      events: getComputedStyle(el).pointerEvents,
    }));
    expect(style).toEqual({ position: "fixed", events: "none" });
  });

  test("with reduced motion: still shown and hidden, but the spinner does not spin", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const overlay = page.getByTestId("loading-overlay");
    expect(await overlay.evaluate((el) => getComputedStyle(el).animationDelay)).toBe("0.3s");
    expect(await overlay.locator("div").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await expect(overlay).toBeHidden();
    // A click before hydration would be a full page load, with no client-side route change.
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Sobre nós" })
      .click();
    await expect(page).toHaveURL(/\/sobre-nos$/);
    await expect(overlay).toHaveAttribute("data-phase", "done"); // "done" only ever follows "active"
    await expect(overlay).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("is shown on first load and goes away by itself", async ({ page }) => {
      await page.goto("/", { waitUntil: "commit" });
      const overlay = page.getByTestId("loading-overlay");
      await overlay.waitFor({ state: "attached" });
      // The server HTML hides it with a CSS animation delayed by exactly 300 ms.
      expect(
        await overlay.evaluate((el) => {
          const style = getComputedStyle(el);
          return `${style.animationName} ${style.animationDelay}`;
        }),
      ).toBe("loading-overlay-out 0.3s");
      await page.waitForLoadState("load");
      // Gone 0.3 s after the load; a loaded CI machine may take longer to paint it away.
      await expect(overlay).toBeHidden({ timeout: 2_000 });
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("the home filter submits to /todos-os-imoveis as a plain GET form", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Finalidade", { exact: true }).selectOption("venda");
      await page.getByLabel("Quartos", { exact: true }).selectOption("2");
      await page.getByRole("button", { name: "Buscar imóveis" }).click();
      await expect(page).toHaveURL(/\/todos-os-imoveis\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get("finalidade")).toBe("venda");
      expect(url.searchParams.get("quartos")).toBe("2");
    });
  });
});

test.describe("exit-intent popup", () => {
  test("hidden by default, shows once per session when the pointer leaves the top", async ({ page }) => {
    await ready(page, "/");
    await expect(popup(page)).toHaveCount(0);
    await page.mouse.move(400, 300);
    await page.mouse.move(400, 150);
    await expect(popup(page)).toHaveCount(0); // moving around inside the page is not leaving

    await leaveThroughTop(page);
    await expect(popup(page)).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("exit-popup-shown"))).not.toBeNull();
    await expect(popup(page).getByText("Casas de praia")).toBeVisible();
    await expect(popup(page).getByText("Promoções")).toBeVisible();
    await expect(popup(page).getByText("Tour virtual pelos imóveis")).toBeVisible();
    await expect(popup(page).getByRole("button", { name: "Inscrever-se" })).toBeVisible();
    await expect(popup(page).getByRole("button", { name: "Continuar navegando" })).toBeVisible();
    await popup(page).getByRole("button", { name: "Fechar" }).click();
    await expect(popup(page)).toHaveCount(0);

    await leaveThroughTop(page);
    await afterNextPaint(page);
    await expect(popup(page)).toHaveCount(0);
    // Still not after moving to another page of the same session.
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Sobre nós" })
      .click();
    await expect(page).toHaveURL(/\/sobre-nos$/);
    await leaveThroughTop(page);
    await afterNextPaint(page);
    await expect(popup(page)).toHaveCount(0);
  });

  test("a real pointer leaving through the top opens it", async ({ page }) => {
    await ready(page, "/");
    await page.mouse.move(400, 120);
    await page.mouse.move(400, 0);
    await page.mouse.move(400, -20);
    await expect(popup(page)).toBeVisible();
  });

  const closings: [string, (page: Page) => Promise<void>][] = [
    ["Fechar", (page) => popup(page).getByRole("button", { name: "Fechar" }).click()],
    [
      "Continuar navegando",
      (page) => popup(page).getByRole("button", { name: "Continuar navegando" }).click(),
    ],
    ["a click on the overlay", (page) => page.mouse.click(8, 8)],
    ["Escape", (page) => page.keyboard.press("Escape")],
  ];
  for (const [how, close] of closings) {
    test(`closes with ${how}, traps focus while open and gives it back`, async ({ page }) => {
      await ready(page, "/sobre-nos");
      const opener = page.getByRole("link", { name: "Sobre nós" }).first();
      await opener.focus();
      await leaveThroughTop(page);
      const dialog = popup(page);
      await expect(dialog).toBeVisible();
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
      await page.keyboard.press("Shift+Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await close(page);
      await expect(dialog).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  }

  test("'Inscrever-se' raises the subscribe event with the channel's address, logs it and closes; nothing else", async ({
    page,
    context,
  }) => {
    await ready(page, "/");
    const channel = await page
      .locator(".site-footer a[target=_blank]", { hasText: /Canal/ })
      .getAttribute("href");
    expect(channel).toBeTruthy();
    await page.evaluate(() => {
      window.addEventListener("exit-popup:subscribe", (event) => {
        (window as unknown as { subscribed: string }).subscribed = (
          event as CustomEvent<{ url: string }>
        ).detail.url;
      });
    });
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const opened: string[] = [];
    context.on("page", (tab) => opened.push(tab.url()));
    await leaveThroughTop(page);
    await popup(page).getByRole("button", { name: "Inscrever-se" }).click();
    await expect(popup(page)).toHaveCount(0);
    const subscribed = await page.evaluate(() => (window as unknown as { subscribed?: string }).subscribed);
    expect(subscribed).toContain(channel!.replace(/\/$/, ""));
    expect(subscribed).toContain("sub_confirmation=1");
    await expect.poll(() => logged.some((line) => line.includes("inscrever-se"))).toBe(true);
    // The product's spec: the app only logs that event (no tab, no navigation).
    expect(opened).toEqual([]);
    expect(context.pages()).toHaveLength(1);
    expect(page.url()).toMatch(/\/$/);
  });
});

test("every video-channel link opens in a new tab with rel=noopener", async ({ page }) => {
  await ready(page, "/");
  const channel = await page
    .locator(".site-footer a[target=_blank]", { hasText: /Canal/ })
    .getAttribute("href");
  const links = page.locator(`a[href^="${channel}"]`);
  expect(await links.count()).toBeGreaterThanOrEqual(2); // footer + home section
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
});

test("favourites: heart a card on the home page, find it on /favoritos, remove it", async ({ page }) => {
  await ready(page, "/");
  const card = page.locator(".property-card").first();
  const title = (await card.locator(".property-card__title").textContent())!.trim();
  // Each heart names its listing; pressed says whether it is saved.
  const heart = card.getByRole("button", { name: `Salvar nos favoritos: ${title}` });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("favoritos") ?? "[]").length)).toBe(1);
  await expect(page.locator(".site-nav__count")).toHaveText("1");

  await page
    .getByRole("navigation", { name: "Principal" })
    .getByRole("link", { name: /Favoritos/ })
    .click();
  await expect(page).toHaveURL(/\/favoritos$/);
  const saved = page.locator("main .property-card");
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("heading", { name: title })).toBeVisible();
  await saved.getByRole("button", { name: `Salvar nos favoritos: ${title}`, pressed: true }).click();
  await expect(page.getByText("Você ainda não tem imóveis favoritos.")).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("favoritos"))).toBe("[]");
});

test("favourites stay in step across tabs: a heart in one shows in the other, and its removal too", async ({
  page,
}) => {
  await ready(page, "/");
  const other = await page.context().newPage();
  await ready(other, "/");
  const firstCard = (p: Page) => p.locator(".property-card").first();
  const heart = (p: Page) => firstCard(p).getByRole("button", { name: /^Salvar nos favoritos: / });
  await heart(page).click();
  // The other tab learns of it through the storage event, without a reload.
  await expect(heart(other)).toHaveAttribute("aria-pressed", "true");
  await expect(other.locator(".site-nav__count")).toHaveText("1");
  await heart(other).click();
  await expect(heart(page)).toHaveAttribute("aria-pressed", "false");
  await other.close();
});

test("the cards API validates its input", async ({ request }) => {
  expect((await request.get("/api/cartoes")).status()).toBe(400);
  expect((await request.get("/api/cartoes?refs=%3Cscript%3E")).status()).toBe(400);
  const ok = await request.get("/api/cartoes?refs=NAOEXISTE1");
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual({ cards: [] });
});

test("an unknown path answers a real 404 with a way back", async ({ page }) => {
  const response = await page.goto(NOT_FOUND);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
  await expect(page.getByRole("search").getByLabel("Buscar imóveis")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todos os imóveis" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("an e-mail's link that no longer works says so on its 404", async ({ page }) => {
  for (const [path, message] of [
    ["/alertas/naoexiste0000000000000000", "Este link não vale mais: os alertas dele foram apagados"],
    ["/visita/naoexiste", "Link de visita inválido ou expirado."],
  ]) {
    const response = await page.goto(path as string);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Página não encontrada" })).toBeVisible();
    await expect(page.locator(".not-found__message")).toContainText(message as string);
  }
});

test("the home filter leads to /todos-os-imoveis with the filter in the URL", async ({ page }) => {
  await ready(page, "/");
  const cidade = page.getByLabel("Cidade", { exact: true });
  const firstCity = await cidade.locator("option").nth(1).getAttribute("value");
  await page.getByLabel("Finalidade", { exact: true }).selectOption("aluguel");
  await page.getByLabel("Tipo de imóvel", { exact: true }).selectOption("apartamento");
  await cidade.selectOption(firstCity!);
  await page.getByLabel("Preço máximo", { exact: true }).selectOption("3000");
  await page.getByLabel("Quartos", { exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Buscar imóveis" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?/);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    finalidade: "aluguel",
    tipo: "apartamento",
    cidade: firstCity,
    precoMax: "3000",
    quartos: "2",
  });
});

test("the home filter's Temporada offers a night's prices, and the search says the price is a night's", async ({
  page,
}) => {
  await ready(page, "/");
  const price = page.getByRole("group", { name: "Faixa de preço" });
  await expect(price).toBeVisible();
  await page.getByLabel("Finalidade", { exact: true }).selectOption("temporada");
  // The legend and the steps follow the finalidade (JavaScript): a night on the coast, not a sale.
  const nightly = page.getByRole("group", { name: "Valor da diária (R$)" });
  const max = nightly.getByLabel("Preço máximo", { exact: true });
  await expect(max.locator("option")).toHaveText([
    "Máximo",
    "R$ 300",
    "R$ 400",
    "R$ 500",
    "R$ 600",
    "R$ 800",
    "R$ 1.000",
    "R$ 1.200",
    "R$ 1.500",
    "R$ 2.000",
    "R$ 2.500",
    "R$ 3.000",
  ]);
  await max.selectOption("500");
  await page.getByRole("button", { name: "Buscar imóveis" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?finalidade=temporada&precoMax=500$/);
  await expect(page.locator(".search-page .page__lead")).toHaveText(
    "Filtros aplicados: Temporada · diária até R$ 500.",
  );
});

test("the footer shows the CRECI at least 25 % of the agency name's size", async ({ page }) => {
  await ready(page, "/");
  const name = page.getByTestId("footer-agency-name");
  const creci = page.getByTestId("footer-creci");
  await expect(name).toHaveText(SITE);
  await expect(creci).toHaveText(/^CRECI /);
  const size = (el: SVGElement | HTMLElement) => Number.parseFloat(getComputedStyle(el).fontSize);
  const ratio = (await creci.evaluate(size)) / (await name.evaluate(size));
  expect(ratio).toBeGreaterThanOrEqual(0.25);
  await expect(
    page.locator(".site-footer").getByRole("link", { name: "Política de privacidade" }).first(),
  ).toBeVisible();
  await expect(page.locator('.site-footer a[href^="https://wa.me/55"]')).toHaveText(
    /\(\d{2}\) \d{4,5}-\d{4}/,
  );
});

test.describe("accessibility (axe, WCAG 2.1 AA)", () => {
  for (const path of PAGES) {
    test(`${path} has no violations`, async ({ page }) => {
      await ready(page, path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    });
  }

  test("the exit popup has no violations", async ({ page }) => {
    await ready(page, "/");
    await leaveThroughTop(page);
    await expect(popup(page)).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});
