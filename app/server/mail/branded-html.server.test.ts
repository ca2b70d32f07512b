import { describe, expect, it } from "vitest";
import type { BrandImage } from "../db/schema.server";
import { LocalDiskStorage } from "../media/storage.server";
import { brandedHtml, mailBrandOf } from "./branded-html.server";

const storage = new LocalDiskStorage("/tmp/nao-usado", "/media");
const logo: BrandImage = {
  hash: "ab12",
  width: 600,
  height: 180,
  placeholderColor: "#ffffff",
  variants: [160, 320, 600].flatMap((width) => [
    {
      format: "webp" as const,
      width,
      height: width * 0.3,
      key: `brand/logo/ab/ab12-${width}.webp`,
      bytes: 1,
    },
    { format: "jpeg" as const, width, height: width * 0.3, key: `brand/logo/ab/ab12-${width}.jpg`, bytes: 1 },
  ]),
};
const text = "Olá, <Ana> & cia.\n\nAbra o link:\nhttps://site.teste/redefinir-senha/abc?x=1&y=2\n\nAté logo.";

describe("the e-mails' HTML part", () => {
  it("shows the agency's logo (its name as alt text) above the same words as the text part", () => {
    const brand = mailBrandOf(
      { name: "Maré & Sol", brandColor: "#7a1f5c", logo },
      "https://site.teste/",
      storage,
    );
    expect(brand.logo).toEqual({
      url: "https://site.teste/media/brand/logo/ab/ab12-320.jpg",
      width: 160,
      height: 48,
    });
    const html = brandedHtml(brand, "Redefinição de senha", text);
    expect(html).toContain(
      '<img src="https://site.teste/media/brand/logo/ab/ab12-320.jpg" alt="Maré &amp; Sol" width="160" height="48"',
    );
    expect(html).toContain("border-top:6px solid #7a1f5c");
    expect(html).toContain("Olá, &lt;Ana&gt; &amp; cia.");
    expect(html).toContain(
      '<a href="https://site.teste/redefinir-senha/abc?x=1&amp;y=2">https://site.teste/redefinir-senha/abc?x=1&amp;y=2</a>',
    );
    expect(html).not.toContain("<Ana>");
  });

  it("takes the logo's address as it is when the photos are served from elsewhere (S3, a CDN)", () => {
    const cdn = { url: (key: string) => `https://fotos.exemplo.com.br/${key}` };
    const brand = mailBrandOf({ name: "Maré", brandColor: "#7a1f5c", logo }, "https://site.teste", cdn);
    expect(brand.logo?.url).toBe("https://fotos.exemplo.com.br/brand/logo/ab/ab12-320.jpg");
  });

  it("shows the name in text when there is no logo", () => {
    const brand = mailBrandOf(
      { name: "Maré Alta", brandColor: "#0b6e8a", logo: null },
      "https://site.teste",
      storage,
    );
    expect(brand.logo).toBeNull();
    expect(brandedHtml(brand, "Assunto", "Oi")).toContain(">Maré Alta</strong>");
  });
});
