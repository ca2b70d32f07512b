// The agency's own face (/admin/configuracoes, "Marca"): the owner sends a logo, picks a colour
// and a photo for the home page, and the home page wears them: the logo in the header with the
// agency's name as its text, the colour on buttons and links, the photo behind the hero, served
// at the screen's width. Each test puts the site back as it found it.
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { createRng } from "../../app/lib/seeded-random";
import { expectNoAxeViolations, loginAs, test } from "./fixtures";

const DEFAULT_COLOR = "#0b6e8a";

async function logoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="144">
    <rect x="8" y="8" width="464" height="128" rx="20" fill="#7a1f5c"/>
    <circle cx="72" cy="72" r="40" fill="#f6efe3"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A photo as a phone takes it: over 2 MB (the form's whole post is then past the 1 MB every other
 * form may send), and grainy enough for Chromium to count it as a contentful paint.
 */
async function heroJpeg(): Promise<Buffer> {
  const [width, height] = [2400, 1350];
  const random = createRng(7);
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (((i / 3) % width) * 0.1 + random() * 160) & 0xff;
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  expect(jpeg.length).toBeGreaterThan(2 * 1024 * 1024);
  return jpeg;
}

async function submit(page: Page) {
  await page.getByRole("button", { name: "Salvar configurações" }).click();
}

/** Back to the name in text, no photo and today's colour, through the form itself. */
async function restore(page: Page) {
  await page.goto("/admin/configuracoes");
  const removeLogo = page.getByLabel(/^Remover o logotipo/);
  if (await removeLogo.count()) await removeLogo.check();
  const removeHero = page.getByLabel(/^Remover a foto/);
  if (await removeHero.count()) await removeHero.check();
  await page.getByLabel("Cor da marca", { exact: true }).fill(DEFAULT_COLOR);
  await submit(page);
  await expect(page.getByText("Configurações salvas.")).toBeVisible();
  await expect(page.getByLabel("Logotipo", { exact: true })).toBeVisible();
}

test("a logo, a colour and a home page photo sent in Configurações show on the home page", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, "admin");
  await page.goto("/");
  const agencyName = (await page.locator(".site-header .brand__name").textContent()) ?? "";
  expect(agencyName).not.toBe("");
  await page.goto("/admin/configuracoes");
  const color = page.getByLabel("Cor da marca", { exact: true });
  try {
    // A colour white text cannot be read on: refused at the field, with a darker shade to use.
    await color.fill("#4fb3d9");
    await submit(page);
    const refusal = page.locator("#brandColor-erro");
    await expect(refusal).toContainText("pelo menos 4,5:1 (WCAG AA)");
    await expect(color).toHaveAttribute("aria-invalid", "true");
    const suggestion = (await refusal.textContent())?.match(/Experimente (#[0-9a-f]{6})/)?.[1];
    expect(suggestion).toMatch(/^#[0-9a-f]{6}$/);

    await color.fill(suggestion as string);
    // The picker follows the text box.
    await expect(page.getByLabel("Seletor da cor da marca")).toHaveValue(suggestion as string);
    await page.getByLabel("Logotipo", { exact: true }).setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: await logoPng(),
    });
    await page.getByLabel("Foto da página inicial", { exact: true }).setInputFiles({
      name: "praia.jpg",
      mimeType: "image/jpeg",
      buffer: await heroJpeg(),
    });
    await submit(page);
    await expect(page.getByText("Configurações salvas.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("img", { name: `Logotipo atual: ${agencyName}` })).toBeVisible();
    await expect(page.getByRole("img", { name: "Foto atual da página inicial" })).toBeVisible();
    await expect(page.getByLabel("Trocar o logotipo")).toHaveValue("");
    await expectNoAxeViolations(page);

    await page.goto("/");
    // The logo in the header, the agency's name as its text.
    const logo = page.locator(".site-header").getByRole("img", { name: agencyName, exact: true });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator(".site-header .brand__name")).toHaveCount(0);
    await expect(page.locator(".site-header source[type='image/avif']")).toHaveAttribute(
      "srcset",
      /\/media\/brand\/logo\/.+-160\.avif 160w/,
    );

    // The colour: the page's custom property, and the links drawn with it.
    const hex = suggestion as string;
    const rgb = `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--color-primary"),
      ),
    ).toBe(hex);
    await expect(page.getByRole("link", { name: "Ver todos" })).toHaveCSS("color", rgb);

    // The photo behind the hero: several widths in AVIF and WebP, high priority, its size given.
    const hero = page.locator(".hero__photo img");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "2400");
    await expect(hero).toHaveAttribute("height", "1350");
    await expect(hero).toHaveAttribute("sizes", "100vw");
    const avif = page.locator(".hero__photo source[type='image/avif']");
    expect(((await avif.getAttribute("srcset")) ?? "").split(", ")).toHaveLength(5);
    await expect(page.locator(".hero__photo source[type='image/webp']")).toHaveAttribute(
      "srcset",
      /-1280\.webp 1280w/,
    );
    expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator("link[rel='preload'][as='image'][fetchpriority='high']")).toHaveAttribute(
      "imagesrcset",
      /\/media\/brand\/hero\//,
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Encontre seu imóvel em Alagoas" }),
    ).toBeVisible();
    // The photo is the page's largest paint, and nothing moved to make room for it or the logo.
    await page.evaluate(() => {
      const w = window as unknown as { lcpElement?: string; layoutShift: number };
      w.layoutShift = 0;
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1) as
          | (PerformanceEntry & { element?: Element | null })
          | undefined;
        w.lcpElement = last?.element
          ? `${last.element.tagName} ${last.element.closest(".hero__photo") ? "hero" : ""}`
          : "";
      }).observe({ type: "largest-contentful-paint", buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          w.layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { lcpElement?: string }).lcpElement))
      .toBe("IMG hero");
    expect(
      await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
    ).toBeLessThan(0.05);
    await expectNoAxeViolations(page);
  } finally {
    await restore(page);
  }
  await page.goto("/");
  await expect(page.locator(".site-header .brand__name")).toHaveText(agencyName);
  await expect(page.locator(".hero__photo")).toHaveCount(0);
});

test.describe("sem JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts the logo as a plain multipart form; a text file named .png is refused at its field", async ({
    page,
  }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/configuracoes");
    try {
      await page.getByLabel("Logotipo", { exact: true }).setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: Buffer.from("não sou uma imagem\n"),
      });
      await submit(page);
      await expect(page.locator("#logo-erro")).toHaveText(
        "Formato não aceito: envie JPEG, PNG, WebP ou AVIF.",
      );
      await expect(page.getByLabel("Logotipo", { exact: true })).toHaveAttribute("aria-invalid", "true");

      await page.getByLabel("Logotipo", { exact: true }).setInputFiles({
        name: "logo.png",
        mimeType: "image/png",
        buffer: await logoPng(),
      });
      await submit(page);
      await expect(page.getByText("Configurações salvas.")).toBeVisible();
      await page.goto("/");
      await expect(page.locator(".site-header .brand__logo")).toBeVisible();
    } finally {
      await restore(page);
    }
  });
});
