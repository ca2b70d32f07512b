// The public-page HTML cache against the running production server: a page is
// served from the cache on the second request (X-Cache: HIT, ETag/304), and an admin write is
// visible on the very next request — the cache never serves a page older than the last write.
import { expect } from "@playwright/test";
import { loginAs, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

async function firstListingPath(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const html = await (await request.get("/todos-os-imoveis")).text();
  const match = html.match(/href="(\/casas\/[^"?#/]+)"/);
  expect(match?.[1], "um imóvel na busca").toBeTruthy();
  return match![1]!;
}

test("second request is a cache hit with the same ETag, and If-None-Match gets a 304", async ({
  request,
}) => {
  const path = await firstListingPath(request);
  await request.get(path); // make sure it is stored
  const first = await request.get(path);
  const second = await request.get(path);
  expect(second.status()).toBe(200);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(second.headers().etag).toBe(first.headers().etag);
  expect(second.headers()["cache-control"]).toContain("public");
  // A stored page is the same bytes every time, with the same policy: its inline scripts are
  // allowed by their hashes (no nonce to reuse), the build's files by 'self'.
  const policy = second.headers()["content-security-policy"] ?? "";
  expect(policy).toBe(first.headers()["content-security-policy"]);
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toMatch(/nonce-|strict-dynamic/);
  const [firstText, secondText] = [await first.text(), await second.text()];
  expect(secondText).toBe(firstText);
  expect(secondText).not.toContain("nonce=");

  const revalidated = await request.get(path, { headers: { "If-None-Match": second.headers().etag! } });
  expect(revalidated.status()).toBe(304);

  const home = await request.get("/");
  expect(home.headers()["cache-control"]).toContain("stale-while-revalidate");
});

// A stored page is compressed once per encoding (brotli, gzip), not per response.
test("a cached page goes out compressed as the client accepts, or plain to one that asks for it", async ({
  request,
}) => {
  const path = await firstListingPath(request);
  await request.get(path); // stored
  const brotli = await request.get(path, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
  expect(brotli.headers()["x-cache"]).toBe("HIT");
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers().vary).toMatch(/Accept-Encoding/i);
  const zipped = await request.get(path, { headers: { "Accept-Encoding": "gzip" } });
  expect(zipped.headers()["content-encoding"]).toBe("gzip");
  const plain = await request.get(path, { headers: { "Accept-Encoding": "identity" } });
  expect(plain.headers()["x-cache"]).toBe("HIT");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  const texts = await Promise.all([brotli.text(), zipped.text(), plain.text()]);
  expect(texts[0]).toBe(texts[2]);
  expect(texts[1]).toBe(texts[2]);
});

test("a page served from the cache runs its scripts in the browser (their hashes match)", async ({
  page,
  request,
}) => {
  const path = await firstListingPath(request);
  await request.get(path); // stored
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(path);
  expect(response?.headers()["x-cache"]).toBe("HIT");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(violations).toEqual([]);
});

// A Facebook click carries a new ?fbclid= each time, a campaign its ?utm_*: the same page, stored
// once, and it works in the browser at the address with them.
test("a link with tracking parameters gets the stored page, which runs at that address", async ({
  page,
  request,
}) => {
  const path = await firstListingPath(request);
  const plain = await request.get(path);
  const tracked = await request.get(`${path}?fbclid=IwAR0${Date.now()}&utm_source=whatsapp`);
  expect(tracked.headers()["x-cache"]).toBe("HIT");
  expect(await tracked.text()).toBe(await plain.text());
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(`${path}?fbclid=IwAR1${Date.now()}`);
  expect(response?.headers()["x-cache"]).toBe("HIT");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("link", { name: "Todos os imóveis" }).first().click();
  await expect(page).toHaveURL(/\/todos-os-imoveis$/);
  expect(errors).toEqual([]);
});

test("a signed-in visitor is never served from the cache", async ({ page }) => {
  await loginAs(page, "admin");
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-cache"]).toBeUndefined();
});

test("an admin write shows on the very next request of the cached page", async ({
  page,
  request,
  browser,
}) => {
  const path = await firstListingPath(request);
  const referencia = decodeURIComponent(path.split("/")[2]!);
  await request.get(path);
  const cached = await request.get(path);
  expect(cached.headers()["x-cache"]).toBe("HIT");
  const oldEtag = cached.headers().etag!;

  // Change the title through the admin edit screen, as a person would.
  await loginAs(page, "admin");
  await page.goto(`/admin/imoveis?q=${encodeURIComponent(referencia)}`);
  await page.getByRole("link", { name: referencia, exact: true }).first().click();
  await expect(page.locator("form.listing-form[data-ready]")).toHaveCount(1);
  const novoTitulo = `Título alterado pelo teste de cache ${Date.now()}`;
  await page.locator("#imovel-titulo").fill(novoTitulo);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.locator(".listing-notice")).toBeVisible();

  // Immediately after the write: the anonymous visitor sees the new title, not the stored page.
  const fresh = await request.get(path);
  expect(fresh.status()).toBe(200);
  expect(await fresh.text()).toContain(novoTitulo);
  expect(fresh.headers().etag).not.toBe(oldEtag);
  // An old ETag no longer matches: the browser gets the new page, not a 304.
  const conditional = await request.get(path, { headers: { "If-None-Match": oldEtag } });
  expect(conditional.status()).toBe(200);
  // And the new page is what the cache serves from now on.
  const again = await request.get(path);
  expect(again.headers()["x-cache"]).toBe("HIT");
  expect(await again.text()).toContain(novoTitulo);

  // In a real browser without a session, the page shows the new title too.
  const visitor = await browser.newContext();
  try {
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(path);
    await expect(visitorPage.getByRole("heading", { level: 1 })).toContainText(novoTitulo);
  } finally {
    await visitor.close();
  }
});
