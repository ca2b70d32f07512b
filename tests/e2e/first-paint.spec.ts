// What a phone gets before the first paint (issues 3 and 7; app/server/assets/first-paint.server.ts):
// the page's CSS inside the HTML (no stylesheet request), React Router's scripts only once the
// first paint and the cover are on screen, and a page that still hydrates, navigates and styles
// the next screen. Also the rendering shortcuts that must stay invisible: off-screen cards and the
// loading overlay.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";

async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("the first paint needs nothing but the HTML; the scripts come after it", async ({ page, request }) => {
  // The head asks for nothing: no stylesheet, no script, no module preload.
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).not.toMatch(/<link[^>]+rel="(stylesheet|modulepreload)"/);
  expect(head).not.toContain("<script");
  expect(head).toContain("<style data-inlined-href=");

  const requests: string[] = [];
  page.on("request", (r) => requests.push(new URL(r.url()).pathname));
  await page.goto("/");
  await hydrated(page);
  expect(requests.filter((path) => path.endsWith(".css"))).toEqual([]);
  expect(requests.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(0);
  // Styled by the inlined CSS; the <link>s React Router manages are back, disabled.
  await expect(page.locator(".hero")).toHaveCSS("color", "rgb(255, 255, 255)");
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.disabled),
  );
  expect(links.length).toBeGreaterThan(0);
  expect(links.every(Boolean)).toBe(true);
});

// Lighthouse counts every request that starts before the observed first or largest paint as one
// those paints waited for: scripts started from the cover's load event, or a task after a frame,
// made the simulated LCP ~2 s in half the runs. They now wait for the browser's own reports.
test("the scripts start only once the first paint and the cover photo are on screen", async ({ page }) => {
  const listing = await page.request.get("/todos-os-imoveis");
  const href = (await listing.text()).match(/href="(\/[a-z-]+\/[A-Z]{2}\d{4})"/)?.[1];
  expect(href, "um imóvel na busca").toBeTruthy();
  await page.goto(href!);
  const timings = await page.evaluate(async () => {
    const cover = await new Promise<{ identifier: string; renderTime: number }>((resolve) =>
      new PerformanceObserver((list) => {
        const entry = list.getEntries()[0] as PerformanceEntry & { identifier: string; renderTime: number };
        resolve({ identifier: entry.identifier, renderTime: entry.renderTime });
      }).observe({ type: "element", buffered: true }),
    );
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime);
    return {
      cover,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: scripts.length,
      firstScript: Math.min(...scripts),
    };
  });
  expect(timings.scripts, "scripts carregados (a página hidratou)").toBeGreaterThan(0);
  expect(timings.cover.identifier).toBe("imagem-principal");
  expect(timings.cover.renderTime).toBeGreaterThan(0);
  expect(timings.firstScript).toBeGreaterThanOrEqual(timings.firstPaint);
  expect(timings.firstScript).toBeGreaterThanOrEqual(timings.cover.renderTime);
});

test("a client navigation loads the next screen's CSS and drops the previous one's", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const inlined = () =>
    page.evaluate(() =>
      [...document.querySelectorAll("style[data-inlined-href]")].map((s) =>
        s.getAttribute("data-inlined-href"),
      ),
    );
  const home = (await inlined()).find((href) => href?.includes("/home-"));
  expect(home).toBeTruthy();

  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Sobre nós" }).click();
  await expect(page).toHaveURL(/\/sobre-nos$/);
  await expect(page.locator(".lead-form")).toHaveCSS("display", "grid");
  expect(await inlined()).not.toContain(home);
  // The shared CSS (base, layout) is still the inlined copy: nothing refetched.
  await expect(page.locator(".site-header")).toBeVisible();
  expect((await inlined()).length).toBeGreaterThan(0);
});

// vite.config.ts writes brotli and gzip copies of the browser's files; server.js sends them
// (compressed per request, the framework chunk cost the server 11 ms of CPU each time).
test("the scripts go out as the build compressed them, brotli first, and plain to whoever asks", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const script = html.match(/\/assets\/framework-[\w-]+\.js/)?.[0];
  expect(script, "o script do framework na página").toBeTruthy();
  const browser = await request.get(script!, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
  expect(browser.headers()["content-encoding"]).toBe("br");
  expect(browser.headers()["content-type"]).toMatch(/^text\/javascript/);
  expect(browser.headers()["cache-control"]).toContain("immutable");
  expect(browser.headers().vary).toMatch(/Accept-Encoding/i);
  const gzipOnly = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
  expect(gzipOnly.headers()["content-encoding"]).toBe("gzip");
  const plain = await request.get(script!, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const [fromBrotli, fromGzip, original] = [await browser.body(), await gzipOnly.body(), await plain.body()];
  expect(fromBrotli.equals(original)).toBe(true);
  expect(fromGzip.equals(original)).toBe(true);
  expect(Number(browser.headers()["content-length"])).toBeLessThan(original.byteLength / 3);
  // A malformed escape in an asset's name is refused as a bad request, not a server error.
  const malformed = await request.get("/assets/%E0%A4%A", { headers: { "Accept-Encoding": "br" } });
  expect(malformed.status()).toBeGreaterThanOrEqual(400);
  expect(malformed.status()).toBeLessThan(500);
});

// react-router.config.ts: routeDiscovery "initial". With lazy discovery every page view cost the
// server a /__manifest request (~0.8 ms of CPU, four times a cached page) for its links' routes.
test("a page view makes no route-discovery request, and a card still opens without a reload", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/todos-os-imoveis");
  await hydrated(page);
  await page.mouse.wheel(0, 2000); // links scrolled into view were what lazy discovery asked about
  await page.waitForLoadState("networkidle");
  expect(asked.filter((path) => path.startsWith("/__manifest"))).toEqual([]);

  await page.evaluate(() => {
    (window as unknown as { beforeClick: boolean }).beforeClick = true;
  });
  const card = page.locator(".card-grid .property-card__link").first();
  const href = await card.getAttribute("href");
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Same document: a client navigation, not a full page load.
  expect(await page.evaluate(() => (window as unknown as { beforeClick?: boolean }).beforeClick)).toBe(true);
  expect(asked.filter((path) => path.startsWith("/__manifest"))).toEqual([]);
});
test.describe("on a phone", () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  for (const path of ["/", "/todos-os-imoveis"]) {
    test(`${path} does not scroll sideways (off-screen cards keep the column's width)`, async ({ page }) => {
      await page.goto(path);
      await hydrated(page);
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
        cards: [...document.querySelectorAll(".card-grid > li")].map(
          (li) => li.getBoundingClientRect().width,
        ),
      }));
      expect(widths.page).toBeLessThanOrEqual(widths.viewport);
      expect(widths.cards.length).toBeGreaterThan(0);
      for (const width of widths.cards) expect(width).toBeLessThanOrEqual(widths.viewport);
    });
  }
});

test("once the overlay is hidden, nothing on the page keeps animating", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("loading-overlay")).toBeHidden();
  const running = () =>
    page.evaluate(
      () => document.getAnimations().filter((animation) => animation.playState === "running").length,
    );
  await expect.poll(running).toBe(0);
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Sobre nós" }).click();
  await expect(page.getByTestId("loading-overlay")).toHaveAttribute("data-phase", "done");
  await expect.poll(running).toBe(0);
});
