// Search engines, link previews and portal feeds on the demo catalogue: what crawlers that run
// no JavaScript (WhatsApp, Facebook, Twitter) read from a listing page, the social image itself,
// the sitemap, robots.txt, both portal feeds, the JSON-LD, and the /admin/portais screen.
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect } from "@playwright/test";
import sharp from "sharp";
import { loginAs, test } from "./fixtures";

const CRAWLERS = {
  WhatsApp: "WhatsApp/2.23.20.0",
  Facebook: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  Twitter: "Twitterbot/1.0",
};

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** content of <meta property|name="key" content="…">, in either attribute order. */
function metaContent(html: string, key: string): string | undefined {
  const escaped = key.replace(/[.:]/g, (c) => `\\${c}`);
  const match =
    html.match(new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)"`)) ??
    html.match(new RegExp(`<meta content="([^"]*)" (?:property|name)="${escaped}"`));
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "null") as Record<string, unknown>,
  );
}

/** The first listing page named in the sitemap (the demo catalogue decides which). */
async function aListingUrl(request: APIRequestContext): Promise<string> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const url = [...sitemap.matchAll(/<loc>([^<]+\/casas\/[^<]+)<\/loc>/g)][0]?.[1];
  expect(url, "o sitemap deve listar ao menos um imóvel").toBeTruthy();
  return url as string;
}

test.describe("link previews for crawlers without JavaScript", () => {
  for (const [name, userAgent] of Object.entries(CRAWLERS)) {
    test(`${name} reads title, description, a 1200×630 JPEG image, url and card`, async ({ request }) => {
      const url = await aListingUrl(request);
      const response = await request.get(new URL(url).pathname, { headers: { "User-Agent": userAgent } });
      expect(response.status()).toBe(200);
      const html = await response.text();

      expect(metaContent(html, "og:title")).toMatch(/\S.* \| \S/);
      expect(metaContent(html, "og:description")?.length).toBeGreaterThan(20);
      expect(metaContent(html, "og:url")).toBe(url);
      expect(metaContent(html, "og:type")).toBe("website");
      expect(metaContent(html, "twitter:card")).toBe("summary_large_image");

      const image = metaContent(html, "og:image") ?? "";
      expect(image).toMatch(/^https?:\/\/[^/]+\/og\/[A-Za-z0-9-]+\.jpg\?v=[0-9a-f]+$/);
      expect(metaContent(html, "og:image:width")).toBe("1200");
      expect(metaContent(html, "og:image:height")).toBe("630");
      expect(metaContent(html, "og:image:alt")?.length).toBeGreaterThan(5);
      expect(metaContent(html, "twitter:image")).toBe(image);

      const picture = await request.get(image, { headers: { "User-Agent": userAgent } });
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/jpeg");
      expect(picture.headers()["cache-control"]).toContain("max-age=31536000");
      const size = await sharp(await picture.body()).metadata();
      expect([size.format, size.width, size.height]).toEqual(["jpeg", 1200, 630]);
    });
  }

  test("an unknown listing has no social image", async ({ request }) => {
    expect((await request.get("/og/XX999999.jpg")).status()).toBe(404);
    expect((await request.get("/og/nada")).status()).toBe(404);
  });
});

test.describe("structured data", () => {
  test("the home describes the agency as a RealEstateAgent with CRECI, address, phones and links", async ({
    request,
    baseURL,
  }) => {
    const blocks = jsonLdBlocks(await (await request.get("/")).text());
    const agents = blocks.filter((b) => b["@type"] === "RealEstateAgent");
    expect(agents, "exatamente um RealEstateAgent na home").toHaveLength(1);
    const agent = agents[0] as Record<string, unknown>;
    expect(agent["@context"]).toBe("https://schema.org");
    expect(agent.name).toBeTruthy();
    expect(agent.url).toBe(`${baseURL}/`);
    expect(agent.identifier).toMatchObject({ propertyID: "CRECI", value: expect.stringMatching(/\S/) });
    expect(agent.address).toMatchObject({
      "@type": "PostalAddress",
      addressRegion: "AL",
      addressCountry: "BR",
    });
    const phones = agent.telephone as string[];
    expect(phones.length).toBeGreaterThan(0);
    for (const phone of phones) expect(phone).toMatch(/^\+55 \d{2} \d{4,5}-\d{4}$/);
    const sameAs = agent.sameAs as string[];
    expect(sameAs.length).toBeGreaterThan(0);
    for (const link of sameAs) expect(link).toMatch(/^https:\/\/\S+$/);
  });

  test("every listing in the sitemap is a RealEstateListing with offers, place and absolute images", async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const urls = [...sitemap.matchAll(/<loc>([^<]+\/casas\/[^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(urls.length).toBeGreaterThan(10);
    const functions = new Set<string>();
    for (const url of urls) {
      const blocks = jsonLdBlocks(await (await request.get(new URL(url).pathname)).text());
      const listings = blocks.filter((b) => b["@type"] === "RealEstateListing");
      expect(listings, url).toHaveLength(1);
      const listing = listings[0] as Record<string, unknown>;
      expect(listing.url, url).toBe(url);
      expect(listing.identifier, url).toBe(url.split("/").pop());
      expect(listing.name, url).toBeTruthy();
      expect(Date.parse(String(listing.datePosted)), url).not.toBeNaN();

      const images = listing.image as string[];
      expect(images.length, `${url}: imagens`).toBeGreaterThan(0);
      for (const image of images) expect(image, url).toMatch(new RegExp(`^${baseURL}/media/\\S+\\.jpg$`));

      const place = listing.mainEntity as Record<string, unknown>;
      expect(place.address, url).toMatchObject({
        "@type": "PostalAddress",
        addressLocality: expect.stringMatching(/\S/),
        addressRegion: "AL",
        addressCountry: "BR",
      });
      const geo = place.geo as { latitude: number; longitude: number } | undefined;
      if (geo) {
        // Somewhere in Alagoas.
        expect(geo.latitude, url).toBeGreaterThan(-10.6);
        expect(geo.latitude, url).toBeLessThan(-8.8);
        expect(geo.longitude, url).toBeGreaterThan(-38.3);
        expect(geo.longitude, url).toBeLessThan(-35.1);
      }
      if (place.floorSize)
        expect(place.floorSize, url).toMatchObject({ unitCode: "MTK", value: expect.any(Number) });

      const offers = listing.offers as Record<string, unknown>[];
      expect(offers.length, `${url}: ofertas`).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer["@type"], url).toBe("Offer");
        functions.add(String(offer.businessFunction));
        expect([
          "http://purl.org/goodrelations/v1#Sell",
          "http://purl.org/goodrelations/v1#LeaseOut",
        ]).toContain(offer.businessFunction);
        expect(["InStock", "LimitedAvailability", "SoldOut"].map((a) => `https://schema.org/${a}`)).toContain(
          offer.availability,
        );
        // "Sob consulta" has no price at all; otherwise a whole number in reais.
        if ("price" in offer) {
          expect(offer.priceCurrency, url).toBe("BRL");
          expect(Number.isInteger(offer.price) && (offer.price as number) > 0, url).toBe(true);
        }
        expect(offer.seller, url).toMatchObject({
          "@type": "RealEstateAgent",
          "@id": `${baseURL}/#imobiliaria`,
        });
      }
    }
    // The demo catalogue has both sales and rentals.
    expect(functions.size).toBe(2);
  });
});

test.describe("sitemap, robots and feeds", () => {
  test("/sitemap.xml lists pages and listings with images", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org/);
    expect(xml).toContain("/todos-os-imoveis</loc>");
    expect(xml).toMatch(/<image:loc>https?:\/\/[^<]+\.jpg<\/image:loc>/);
  });

  test("/robots.txt keeps the admin out and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    for (const path of ["/admin", "/login", "/api"]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("both portal feeds answer XML with the demo listings", async ({ request }) => {
    const vrsync = await request.get("/feeds/vrsync.xml");
    expect(vrsync.status()).toBe(200);
    expect(vrsync.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    expect(vrsync.headers()["x-robots-tag"]).toBe("noindex");
    const vr = await vrsync.text();
    expect(vr).toContain('<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"');
    expect(vr.match(/<Listing>/g)?.length ?? 0).toBeGreaterThan(0);
    expect(vr.trimEnd().endsWith("</ListingDataFeed>")).toBe(true);

    const chaves = await request.get("/feeds/chavesnamao.xml");
    expect(chaves.status()).toBe(200);
    expect(chaves.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const cnm = await chaves.text();
    expect(cnm).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Document><imoveis><imovel>/);
    expect(cnm.trimEnd().endsWith("</imoveis></Document>")).toBe(true);
  });
});

function canonicalOf(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
}

test.describe("canonical URLs (the search pages' rules, checked here)", () => {
  test("every page in the sitemap answers 200 at its own canonical URL", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decodeEntities(m[1] ?? ""));
    const pages = locs
      .filter((loc) => !loc.includes("/casas/"))
      .concat(locs.find((l) => l.includes("/casas/")) ?? []);
    for (const loc of pages) {
      const response = await request.get(loc, { maxRedirects: 0 });
      expect(response.status(), loc).toBe(200);
      const html = await response.text();
      expect(canonicalOf(html), loc).toBe(loc);
      expect(metaContent(html, "robots"), loc).toBeUndefined();
    }
  });

  test("filter permutations lead to one canonical URL", async ({ request, baseURL }) => {
    const response = await request.get("/todos-os-imoveis?tipo=casa&finalidade=venda", { maxRedirects: 0 });
    expect([301, 302, 308]).toContain(response.status());
    expect(response.headers().location).toBe("/todos-os-imoveis?finalidade=venda&tipo=casa");
    const html = await (await request.get("/todos-os-imoveis?finalidade=venda&tipo=casa")).text();
    expect(canonicalOf(html)).toBe(`${baseURL}/todos-os-imoveis?finalidade=venda&tipo=casa`);
  });

  test("deep filter combinations and empty results are noindex", async ({ request }) => {
    const deep = await (
      await request.get("/todos-os-imoveis?finalidade=venda&tipo=apartamento&quartos=2&vagas=1")
    ).text();
    expect(metaContent(deep, "robots")).toBe("noindex, follow");
    const empty = await (await request.get("/todos-os-imoveis?cidade=Cidade%20Inexistente")).text();
    expect(metaContent(empty, "robots")).toBe("noindex, follow");
  });

  test("a listing is canonical at /casas/{referencia}; another case of it redirects there", async ({
    request,
  }) => {
    const url = await aListingUrl(request);
    const path = new URL(url).pathname;
    const html = await (await request.get(path)).text();
    expect(canonicalOf(html)).toBe(url);
    const lower = await request.get(path.toLowerCase(), { maxRedirects: 0 });
    expect(lower.status()).toBe(301);
    expect(lower.headers().location).toBe(path);
  });
});

test.describe("/admin/portais", () => {
  test("without a session it sends the visitor to sign in", async ({ request }) => {
    const response = await request.get("/admin/portais", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toContain("/login");
  });

  test("an administrator sees the feed addresses and the counts, axe-clean", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/portais");
    await expect(page.getByRole("heading", { level: 1, name: "Portais" })).toBeVisible();
    await expect(page.getByLabel("ZAP Imóveis, VivaReal e OLX (VRSync)")).toHaveValue(
      /\/feeds\/vrsync\.xml$/,
    );
    await expect(page.getByLabel("Chaves na Mão")).toHaveValue(/\/feeds\/chavesnamao\.xml$/);
    expect(Number(await page.getByTestId("portais-no-feed").textContent())).toBeGreaterThan(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  });

  test("a listing with a too-short description shows the problem, and Corrigir opens its description field", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    // Arranged through the admin: published, available, marked for the portals, no photos and a
    // 17-character description. "AA…" sorts before the demo referências, so it is on page 1.
    const referencia = `AA${String(Date.now()).slice(-8)}`;
    const descricao = "Casa perto do mar";
    const created = await page.request.post("/admin/imoveis/novo", {
      form: {
        referencia,
        titulo: "Casa de teste dos portais em Jatiúca",
        tipo: "casa",
        finalidades: "venda",
        precoVenda: "450000",
        descricao,
        bairro: "Jatiúca",
        cidade: "Maceió",
        uf: "AL",
        status: "disponivel",
        publicacao: "publicado",
        publicarPortais: "on",
      },
    });
    expect(created.status()).toBe(200);
    const editPath = new URL(created.url()).pathname;
    expect(editPath).toMatch(/^\/admin\/imoveis\/\d+$/);
    try {
      await page.goto("/admin/portais?mostrar=erros");
      const item = page.getByRole("listitem").filter({
        has: page.getByRole("heading", { level: 3, name: new RegExp(`^${referencia} — `) }),
      });
      await expect(item).toHaveCount(1);
      const problem = item.getByRole("listitem").filter({ hasText: "A descrição tem" });
      await expect(problem).toHaveText(
        `Erro A descrição tem ${descricao.length} caracteres; o portal exige ao menos 50. (ZAP/VivaReal/OLX) Corrigir em ${referencia}`,
      );
      await expect(
        item.getByRole("listitem").filter({ hasText: "Sem fotos: o ZAP/VivaReal recusa" }),
      ).toContainText("Erro");
      const photosFix = item
        .getByRole("listitem")
        .filter({ hasText: "Sem fotos: o ZAP/VivaReal recusa" })
        .getByRole("link", { name: `Corrigir em ${referencia}` });
      await expect(photosFix).toHaveAttribute("href", `${editPath}/fotos`);
      // The problem rows themselves are accessible too.
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

      await problem.getByRole("link", { name: `Corrigir em ${referencia}` }).click();
      await expect(page).toHaveURL(new RegExp(`${editPath}#imovel-descricao$`));
      const field = page.locator("#imovel-descricao");
      await expect(field).toHaveValue(descricao);
      await expect(field).toBeInViewport();
    } finally {
      const removed = await page.request.post(editPath, { form: { intent: "excluir", confirmar: "sim" } });
      expect(removed.ok()).toBe(true);
    }
  });

  test("a token set in Configurações locks both feeds and goes into the addresses to paste", async ({
    page,
    request,
  }) => {
    const token = `chave-e2e-${Date.now()}`;
    const tokenField = page.getByLabel("Chave de acesso dos portais (opcional)");
    const saveToken = async (value: string) => {
      await page.goto("/admin/configuracoes");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await tokenField.fill(value);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        page.getByRole("button", { name: "Salvar configurações" }).click(),
      ]);
      return response;
    };
    await loginAs(page, "admin");
    try {
      // A token too short to be secret: refused at the field in the browser, and by the server
      // with a 400 (nothing saved, the feeds stay open).
      await page.goto("/admin/configuracoes");
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await tokenField.fill("curta");
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText(/^Chave dos portais: de 16 a 128 letras/)).toBeVisible();
      await expect(tokenField).toHaveAttribute("aria-invalid", "true");
      const weak = await page.request.post("/admin/configuracoes", {
        form: { name: "Imobiliária", creci: "1234-J", feedToken: "curta demais!" },
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(weak.status()).toBe(400);
      expect(await weak.text()).toContain("Chave dos portais: de 16 a 128 letras");
      expect((await request.get("/feeds/vrsync.xml")).status()).toBe(200);

      const saved = await saveToken(token);
      expect(saved.status()).toBe(200);
      await expect(page.getByText("Configurações salvas.")).toBeVisible();

      for (const path of ["/feeds/vrsync.xml", "/feeds/chavesnamao.xml"]) {
        for (const url of [path, `${path}?token=errado-${token}`, `${path}?token=${token.slice(0, -1)}`]) {
          const denied = await request.get(url);
          expect(denied.status(), url).toBe(403);
          expect(await denied.text()).toContain("Acesso negado");
          expect(denied.headers()["cache-control"]).toBe("no-store");
        }
        const allowed = await request.get(`${path}?token=${token}`);
        expect(allowed.status(), path).toBe(200);
        expect(await allowed.text()).toMatch(/<(Listing|imovel)>/);
      }

      // /admin/portais hands out the addresses with the token, and they work as given.
      await page.goto("/admin/portais");
      const vrsync = page.getByLabel("ZAP Imóveis, VivaReal e OLX (VRSync)");
      const chaves = page.getByLabel("Chaves na Mão");
      await expect(vrsync).toHaveValue(new RegExp(`/feeds/vrsync\\.xml\\?token=${token}$`));
      await expect(chaves).toHaveValue(new RegExp(`/feeds/chavesnamao\\.xml\\?token=${token}$`));
      await expect(page.getByText(/Os endereços levam o token secreto/)).toBeVisible();
      for (const field of [vrsync, chaves]) {
        expect((await request.get(await field.inputValue())).status()).toBe(200);
      }
    } finally {
      // The other tests read the feeds without a token.
      expect((await saveToken("")).status()).toBe(200);
    }
    expect((await request.get("/feeds/vrsync.xml")).status()).toBe(200);
    await page.goto("/admin/portais");
    await expect(page.getByLabel("Chaves na Mão")).toHaveValue(/\/feeds\/chavesnamao\.xml$/);
  });

  test("a corretor sees only their listings and not the secret feed addresses", async ({ page }) => {
    await loginAs(page, "corretor");
    await page.goto("/admin/portais");
    await expect(page.getByRole("heading", { level: 1, name: "Portais" })).toBeVisible();
    await expect(page.getByText("Você vê apenas os seus imóveis.")).toBeVisible();
    await expect(page.getByLabel("Chaves na Mão")).toHaveCount(0);
  });
});
