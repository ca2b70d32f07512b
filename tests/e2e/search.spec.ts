// Search screens: /todos-os-imoveis and /casas (filters with and without JavaScript, free text,
// sorting, pagination, empty state, canonical URLs, head tags, accessibility).
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { hydrated, test } from "./fixtures";

const priceOf = (text: string) => Number(text.replace(/\D/g, ""));

/** "24 imóveis encontrados · página 1 de 3" → 24 */
async function resultCount(page: Page): Promise<number> {
  const text = (await page.locator("#resultados").textContent()) ?? "";
  const match = text.match(/^([\d.]+) imóve(l|is) encontrados?/);
  if (!match?.[1]) throw new Error(`contagem inesperada: ${text}`);
  return Number(match[1].replace(/\./g, ""));
}

/** The results on screen answer the address: no search on its way (SearchResults sets aria-busy). */
async function resultsSettled(page: Page): Promise<void> {
  await expect(page.locator(".search-results")).not.toHaveAttribute("aria-busy", "true");
}

async function cardTexts(cards: Locator, selector: string): Promise<string[]> {
  return cards.locator(selector).allTextContents();
}

function decodeHtml(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

function metaContent(html: string, attr: "name" | "property", key: string): string | null {
  const tag = html.match(new RegExp(`<meta[^>]*${attr}="${key}"[^>]*>`))?.[0];
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? null : decodeHtml(content);
}

function linkHref(html: string, rel: string): string | null {
  const tag = html.match(new RegExp(`<link[^>]*rel="${rel}"[^>]*>`))?.[0];
  const href = tag?.match(/href="([^"]*)"/)?.[1];
  return href === undefined ? null : decodeHtml(href);
}

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("o formulário GET filtra, a URL leva os filtros e só aparecem imóveis que casam", async ({ page }) => {
    await page.goto("/todos-os-imoveis");
    const all = await resultCount(page);
    await page.getByRole("radio", { name: "Comprar" }).check();
    await page.getByRole("checkbox", { name: "Apartamento", exact: true }).check();
    await page.getByLabel("Cidade", { exact: true }).selectOption("Maceió");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();

    // The empty fields the form sent were dropped by a redirect to the canonical URL.
    await expect(page).toHaveURL(/\/todos-os-imoveis\?finalidade=venda&tipo=apartamento&cidade=Macei%C3%B3$/);
    await page.waitForLoadState("domcontentloaded"); // the new page parsed whole
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(all);
    const cards = page.locator(".card-grid .property-card");
    await expect(cards).toHaveCount(Math.min(total, 24));
    for (const kicker of await cardTexts(cards, ".property-card__kicker")) {
      expect(kicker).toMatch(/^Apartamento · .*Venda/);
    }
    for (const place of await cardTexts(cards, ".property-card__place")) expect(place).toMatch(/, Maceió$/);
    await expect(page.locator("#resultados")).toContainText(
      total === 1 ? "1 imóvel encontrado" : "imóveis encontrados",
    );
    // The form shows what is applied.
    await expect(page.getByRole("radio", { name: "Comprar" })).toBeChecked();
    await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Maceió");
  });

  test("ordenar funciona com o botão quando não há JavaScript", async ({ page }) => {
    await page.goto("/todos-os-imoveis?finalidade=aluguel");
    await page.getByLabel("Ordenar por").selectOption("maior-preco");
    await page.getByRole("button", { name: "Ordenar" }).click();
    await expect(page).toHaveURL(/\?finalidade=aluguel&ordem=maior-preco$/);
  });
});

test("a ordem escolhida segue a busca quando ela encolhe a nenhum resultado e depois se abre de novo", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis?q=nada-por-aqui-xyz&ordem=maior-preco");
  await expect(page.locator("#resultados")).toContainText("Nenhum imóvel");
  await expect(page.getByLabel("Ordenar por")).toHaveCount(0);
  await hydrated(page);
  await page.getByLabel("Buscar por palavra-chave").fill("");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?ordem=maior-preco$/);
  await expect(page.getByLabel("Ordenar por")).toHaveValue("maior-preco");
});

test("um mínimo vindo de um link (5+ quartos) aparece escolhido no formulário e segue no próximo 'Aplicar'", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis?quartos=5");
  await expect(page.getByLabel("Quartos", { exact: true })).toHaveValue("5");
  await hydrated(page);
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/[?&]quartos=5(&|$)/);
});

test("busca livre sem acentos: 'apartamento pajucara' encontra a Pajuçara", async ({ page }) => {
  await page.goto("/todos-os-imoveis");
  await page.getByLabel("Buscar por palavra-chave").fill("apartamento pajucara");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  // With JavaScript the form goes straight to the canonical URL.
  await expect(page).toHaveURL(/\/todos-os-imoveis\?q=apartamento\+pajucara$/);
  const first = page.locator(".card-grid .property-card").first();
  await expect(first.locator(".property-card__title")).toContainText("Pajuçara");
  await expect(first.locator(".property-card__kicker")).toContainText("Apartamento");
  await expect(page.getByLabel("Buscar por palavra-chave")).toHaveValue("apartamento pajucara");
});

test("a dica da busca ensina aspas e sinal de menos, e o sinal de menos deixa de fora", async ({ page }) => {
  await page.goto("/todos-os-imoveis");
  const field = page.getByLabel("Buscar por palavra-chave");
  await expect(field).toHaveAccessibleDescription(
    /Entre aspas, a expressão exata.*sinal de menos, deixa de fora/,
  );
  await field.fill("apartamento -pajucara");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\?q=apartamento\+-pajucara$/);
  await resultsSettled(page);
  const titles = await page.locator(".card-grid .property-card .property-card__title").allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  expect(titles.filter((title) => /Pajuçara/.test(title))).toEqual([]);
  // The same words without the minus do find the Pajuçara.
  await field.fill("apartamento pajucara");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.locator(".card-grid .property-card__title").first()).toContainText("Pajuçara");
});

test("resultados e endereço mudam juntos: a lista anterior fica marcada como desatualizada até os novos chegarem", async ({
  page,
}) => {
  await page.goto("/todos-os-imoveis");
  const results = page.locator(".search-results");
  const titles = page.locator(".card-grid .property-card__title");
  const oldTitles = await titles.allTextContents();
  expect(oldTitles.length).toBeGreaterThan(0);
  // From now on, every frame: the old list must never be shown unmarked under the new address.
  await page.evaluate((old) => {
    const w = window as unknown as { unmarked: string[] };
    w.unmarked = [];
    const check = () => {
      const shown = [...document.querySelectorAll(".card-grid .property-card__title")].map(
        (t) => t.textContent,
      );
      const busy = document.querySelector(".search-results")?.getAttribute("aria-busy") === "true";
      if (location.search.includes("q=") && !busy && shown.join("|") === old.join("|")) {
        w.unmarked.push(location.href);
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, oldTitles);

  // The data of the new search is held back: the list waits, marked busy, under the old address.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/todos-os-imoveis\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Buscar por palavra-chave").fill("apartamento pajucara");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(results).toHaveAttribute("aria-busy", "true");
  await expect(page).toHaveURL(/\/todos-os-imoveis$/);

  release();
  await expect(page).toHaveURL(/\?q=apartamento\+pajucara$/);
  await resultsSettled(page);
  await expect(titles.first()).toContainText("Pajuçara");
  expect(await page.evaluate(() => (window as unknown as { unmarked: string[] }).unmarked)).toEqual([]);
});

// The filter parser (and zod, ~14 KB of script) loads only when the visitor uses the form.
test("a página de busca só baixa o leitor de filtros quando o visitante usa o formulário", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/todos-os-imoveis");
  await hydrated(page);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /search-filters|\/api-/.test(path))).toEqual([]);

  const parser = page.waitForRequest(/\/assets\/search-filters-/);
  await page.getByLabel("Buscar por palavra-chave").fill("casa piscina");
  await parser; // asked for as the field takes focus
  await page.getByRole("radio", { name: "Alugar" }).check();
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?q=casa\+piscina&finalidade=aluguel$/);
});

test("se o leitor de filtros não carregar, o formulário ainda busca pela URL canônica", async ({ page }) => {
  await page.route(/\/assets\/search-filters-/, (route) => route.abort());
  await page.goto("/todos-os-imoveis");
  await hydrated(page);
  await page.getByRole("radio", { name: "Comprar" }).check();
  await page.getByLabel("Cidade", { exact: true }).selectOption("Maceió");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?finalidade=venda&cidade=Macei%C3%B3$/);
  await expect(page.getByLabel("Cidade", { exact: true })).toHaveValue("Maceió");
});

// The card's icons are pseudo-elements (property-card.css): a wrong class or a broken data URI
// would leave a blank gap before each characteristic, and forced colours would paint them away.
test("cada característica do cartão tem seu ícone, visível também em cores forçadas", async ({ page }) => {
  await page.goto("/todos-os-imoveis?cidade=Macei%C3%B3&quartos=2");
  const icons = () =>
    page
      .locator(".card-grid .property-card")
      .first()
      .evaluate((card) => {
        const items = [
          card.querySelector(".property-card__place"),
          ...card.querySelectorAll(".property-card__features li"),
        ];
        return items.map((item) => {
          const before = getComputedStyle(item as Element, "::before");
          return {
            text: item?.textContent,
            drawing: before.maskImage,
            width: before.width,
            colour: before.backgroundColor,
            textColour: getComputedStyle(item as Element).color,
          };
        });
      });
  const normal = await icons();
  expect(normal.some((icon) => /^\d+ quartos$/.test(icon.text ?? ""))).toBe(true);
  for (const icon of normal) {
    expect(icon.drawing, `${icon.text}`).toMatch(/^url\("data:image\/svg\+xml/);
    expect(["16px", "18px"]).toContain(icon.width);
    expect(icon.colour).not.toBe("rgba(0, 0, 0, 0)");
  }
  // The place, the quartos, the banheiros… each its own drawing.
  expect(new Set(normal.map((icon) => icon.drawing)).size).toBe(normal.length);
  await page.emulateMedia({ forcedColors: "active" });
  for (const icon of await icons()) expect(icon.colour, `${icon.text}`).toBe(icon.textColour);
});

test("ordenar por menor preço põe os preços em ordem crescente", async ({ page }) => {
  await page.goto("/todos-os-imoveis?finalidade=venda");
  await hydrated(page); // the select submits on change once the page is interactive
  await page.getByLabel("Ordenar por").selectOption("menor-preco");
  await expect(page).toHaveURL(/\?finalidade=venda&ordem=menor-preco$/);
  await expect(page.getByLabel("Ordenar por")).toBeFocused();
  // The URL can change a moment before the new cards are committed: read until they settle.
  const cards = page.locator(".card-grid .property-card");
  const openPrices = async () => {
    const rows = await cards.evaluateAll((articles) =>
      articles.map((a) => ({
        price: a.querySelector(".property-card__price")?.firstChild?.textContent ?? "",
        closed: /Vendido|Alugado/.test(a.querySelector(".property-card__badges")?.textContent ?? ""),
      })),
    );
    return rows.filter((r) => !r.closed && r.price.startsWith("R$")).map((r) => priceOf(r.price));
  };
  await expect
    .poll(async () => {
      const prices = await openPrices();
      return prices.length > 3 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    })
    .toBe(true);
});

test("paginação com links rastreáveis, rel prev/next e URLs canônicas", async ({ page, request }) => {
  await page.goto("/todos-os-imoveis");
  const total = await resultCount(page);
  test.skip(total <= 24, "o catálogo de demonstração cabe numa página");
  const nav = page.getByRole("navigation", { name: "Páginas de resultados" });
  await expect(nav.getByRole("link", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
  const next = nav.locator('a[rel="next"]');
  await expect(next).toHaveAttribute("href", "/todos-os-imoveis?pagina=2");
  const firstPage = await page.locator(".property-card__ref").allTextContents();

  await next.click();
  await expect(page).toHaveURL(/\/todos-os-imoveis\?pagina=2$/);
  await expect(page.locator("#resultados")).toContainText(`página 2 de ${Math.ceil(total / 24)}`);
  const secondPage = await page.locator(".property-card__ref").allTextContents();
  expect(secondPage.filter((ref) => firstPage.includes(ref))).toEqual([]);
  await expect(nav.locator('a[rel="prev"]')).toHaveAttribute("href", "/todos-os-imoveis");

  const html = await (await request.get("/todos-os-imoveis?pagina=2")).text();
  expect(linkHref(html, "prev")).toMatch(/\/todos-os-imoveis$/);
  expect(linkHref(html, "canonical")).toMatch(/\/todos-os-imoveis\?pagina=2$/);
  expect(html).toMatch(/<a[^>]*href="\/todos-os-imoveis\?pagina=3"/);

  // A page past the end goes to the last one.
  const beyond = await request.get("/todos-os-imoveis?pagina=99", { maxRedirects: 0 });
  expect(beyond.status()).toBe(302);
  expect(beyond.headers().location).toBe(`/todos-os-imoveis?pagina=${Math.ceil(total / 24)}`);
});

test("sem resultados: estado vazio que sugere remover cada filtro", async ({ page }) => {
  const response = await page.goto("/todos-os-imoveis?q=xyzzy-inexistente&finalidade=venda&quartos=4");
  expect(response?.status()).toBe(200);
  await expect(page.locator("#resultados")).toHaveText("Nenhum imóvel encontrado");
  const empty = page.locator(".search-empty");
  await expect(empty.getByRole("heading")).toHaveText("Nenhum imóvel encontrado com esses filtros");
  await expect(empty.getByRole("link", { name: "Remover filtro: “xyzzy-inexistente”" })).toHaveAttribute(
    "href",
    "/todos-os-imoveis?finalidade=venda&quartos=4",
  );
  await expect(empty.getByRole("link", { name: "Remover filtro: À venda" })).toHaveAttribute(
    "href",
    "/todos-os-imoveis?q=xyzzy-inexistente&quartos=4",
  );
  await expect(empty.getByRole("link", { name: "Remover filtro: 4+ quartos" })).toHaveAttribute(
    "href",
    "/todos-os-imoveis?q=xyzzy-inexistente&finalidade=venda",
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  await empty.getByRole("link", { name: "Remover filtro: “xyzzy-inexistente”" }).click();
  await expect(page).toHaveURL(/\?finalidade=venda&quartos=4$/);
});

test("/casas mostra só casas e casas de condomínio", async ({ page, request }) => {
  await page.goto("/casas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Casas à venda e para alugar em Alagoas");
  const cards = page.locator(".card-grid .property-card");
  expect(await cards.count()).toBeGreaterThan(0);
  for (const kicker of await cardTexts(cards, ".property-card__kicker")) {
    expect(kicker).toMatch(/^(Casa|Casa de condomínio) · /);
  }
  const tipos = page.getByRole("group", { name: "Tipo de imóvel" }).getByRole("checkbox");
  await expect(tipos).toHaveCount(2);

  // A tipo that is not a house is not a filter here: back to the canonical /casas.
  const other = await request.get("/casas?tipo=apartamento", { maxRedirects: 0 });
  expect(other.status()).toBe(302);
  expect(other.headers().location).toBe("/casas");
});

test("URLs fora da ordem canônica redirecionam para a forma canônica", async ({ request }) => {
  const response = await request.get(
    "/todos-os-imoveis?tipo=casa&q=&finalidade=venda&pagina=1&utm_source=x",
    {
      maxRedirects: 0,
    },
  );
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/todos-os-imoveis?finalidade=venda&tipo=casa");
  const bad = await request.get("/todos-os-imoveis?quartos=muitos&ordem=zzz&precoMin=abc", {
    maxRedirects: 0,
  });
  expect(bad.status()).toBe(302);
  expect(bad.headers().location).toBe("/todos-os-imoveis");
});

test("meta tags no HTML do servidor de /todos-os-imoveis", async ({ request, baseURL }) => {
  const html = await (await request.get("/todos-os-imoveis?finalidade=venda&tipo=apartamento")).text();
  expect(html).toContain("<title>Apartamentos à venda em Alagoas | Imóveis em Alagoas</title>");
  expect(metaContent(html, "name", "description")).toMatch(
    /^\d+ imóve(l|is) encontrados?: apartamentos à venda/,
  );
  expect(metaContent(html, "property", "og:title")).toBe(
    "Apartamentos à venda em Alagoas | Imóveis em Alagoas",
  );
  expect(metaContent(html, "property", "og:type")).toBe("website");
  expect(metaContent(html, "property", "og:url")).toBe(
    `${baseURL}/todos-os-imoveis?finalidade=venda&tipo=apartamento`,
  );
  expect(metaContent(html, "property", "og:image")).toMatch(/^https?:\/\/.+\.jpg$/);
  expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
  expect(linkHref(html, "canonical")).toBe(`${baseURL}/todos-os-imoveis?finalidade=venda&tipo=apartamento`);
  expect(metaContent(html, "name", "robots")).toBeNull();

  // Deep combinations and free text are not indexed.
  const deep = await (await request.get("/todos-os-imoveis?q=praia&finalidade=venda")).text();
  expect(metaContent(deep, "name", "robots")).toBe("noindex, follow");
});

test("sem violações do axe em /todos-os-imoveis e /casas", async ({ page }) => {
  for (const path of ["/todos-os-imoveis", "/casas", "/todos-os-imoveis?q=xyzzy-inexistente"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`),
    ).toEqual([]);
  }
  // Phone width: the filters fold into a disclosure that opens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/todos-os-imoveis");
  await page.locator(".search-filters__summary").click();
  await expect(page.getByRole("radio", { name: "Comprar" })).toBeVisible();
  const mobile = await new AxeBuilder({ page }).analyze();
  expect(mobile.violations.map((v) => v.id)).toEqual([]);
});
