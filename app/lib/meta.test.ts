import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  buildMeta,
  DEFAULT_DESCRIPTION,
  DEFAULT_KEYWORDS,
  pageMeta,
  siteFromMatches,
} from "./meta";

const site = { agencyName: "Imóveis em Alagoas", publicUrl: "https://www.exemplo.com.br" };

type Tag = Record<string, unknown>;
const find = (tags: Tag[], key: string, value: string) => tags.filter((t) => t[key] === value);
const content = (tags: Tag[], key: string, value: string) => {
  const found = find(tags, key, value);
  expect(found, `${key}=${value}`).toHaveLength(1);
  return found[0]!.content;
};

describe("buildMeta", () => {
  it("formats the title as '{page} | {agency}' and fills every default", () => {
    const tags = buildMeta({ title: "Sobre nós", path: "/sobre-nos" }, site) as Tag[];
    expect(tags.filter((t) => "title" in t)).toEqual([{ title: "Sobre nós | Imóveis em Alagoas" }]);
    expect(content(tags, "name", "description")).toBe(DEFAULT_DESCRIPTION);
    expect(content(tags, "name", "keywords")).toBe(DEFAULT_KEYWORDS);
    expect(content(tags, "property", "og:title")).toBe("Sobre nós | Imóveis em Alagoas");
    expect(content(tags, "property", "og:description")).toBe(DEFAULT_DESCRIPTION);
    expect(content(tags, "property", "og:type")).toBe("website");
    expect(content(tags, "property", "og:url")).toBe("https://www.exemplo.com.br/sobre-nos");
    expect(content(tags, "property", "og:image")).toBe("https://www.exemplo.com.br/og-image.jpg");
    expect(content(tags, "property", "og:image:width")).toBe("1200");
    expect(content(tags, "property", "og:image:height")).toBe("630");
    expect(content(tags, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "name", "twitter:title")).toBe("Sobre nós | Imóveis em Alagoas");
    expect(content(tags, "name", "twitter:image")).toBe("https://www.exemplo.com.br/og-image.jpg");
    expect(find(tags, "rel", "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: "https://www.exemplo.com.br/sobre-nos" },
    ]);
    expect(find(tags, "name", "robots")).toHaveLength(0);
  });

  it("never emits a key twice", () => {
    const tags = buildMeta(
      { title: "X", path: "/x", image: "/media/a.jpg", imageWidth: 800, imageHeight: 600, noindex: true },
      site,
    ) as Tag[];
    const keys = tags.map((t) => String(t.title !== undefined ? "title" : (t.name ?? t.property ?? t.rel)));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("uses the page's own description, keywords, image, type and canonical path", () => {
    const tags = buildMeta(
      {
        title: "Apartamento na Pajuçara",
        description: "3 quartos, vista mar.",
        keywords: "apartamento, pajuçara",
        image: "/media/ab/cd-1200.jpg",
        imageAlt: "Sala com vista para o mar",
        imageWidth: 1200,
        imageHeight: 800,
        type: "product",
        path: "/casas/AP0001?foto=2",
        canonicalPath: "/casas/AP0001",
      },
      site,
    ) as Tag[];
    expect(content(tags, "name", "description")).toBe("3 quartos, vista mar.");
    expect(content(tags, "name", "keywords")).toBe("apartamento, pajuçara");
    expect(content(tags, "property", "og:image")).toBe("https://www.exemplo.com.br/media/ab/cd-1200.jpg");
    expect(content(tags, "property", "og:image:alt")).toBe("Sala com vista para o mar");
    expect(content(tags, "property", "og:image:height")).toBe("800");
    expect(content(tags, "property", "og:type")).toBe("product");
    expect(content(tags, "property", "og:url")).toBe("https://www.exemplo.com.br/casas/AP0001?foto=2");
    expect(find(tags, "rel", "canonical")[0]!.href).toBe("https://www.exemplo.com.br/casas/AP0001");
  });

  it("keeps an absolute image URL and omits unknown image sizes", () => {
    const tags = buildMeta({ title: "X", path: "/", image: "https://cdn.exemplo.com/a.jpg" }, site) as Tag[];
    expect(content(tags, "property", "og:image")).toBe("https://cdn.exemplo.com/a.jpg");
    expect(find(tags, "property", "og:image:width")).toHaveLength(0);
  });

  it("marks noindex pages for robots", () => {
    const tags = buildMeta({ title: "Página não encontrada", path: "/nada", noindex: true }, site) as Tag[];
    expect(content(tags, "name", "robots")).toBe("noindex, follow");
  });

  it("falls back to the defaults when description or keywords are blank", () => {
    const tags = buildMeta({ title: "X", path: "/", description: "  ", keywords: "" }, site) as Tag[];
    expect(content(tags, "name", "description")).toBe(DEFAULT_DESCRIPTION);
    expect(content(tags, "name", "keywords")).toBe(DEFAULT_KEYWORDS);
  });
});

describe("siteFromMatches and pageMeta", () => {
  const matches = [
    { id: "root", loaderData: { agency: { name: "Praia Imóveis" }, publicUrl: "https://praia.com.br" } },
    { id: "routes/public/layout", loaderData: undefined },
    undefined,
  ];

  it("reads the agency name and public URL from the root match", () => {
    expect(siteFromMatches(matches)).toEqual({
      agencyName: "Praia Imóveis",
      publicUrl: "https://praia.com.br",
    });
    expect(siteFromMatches([])).toEqual({ agencyName: "Imóveis em Alagoas", publicUrl: "" });
  });

  it("takes the path from the location, without a link's tracking query", () => {
    const location = { pathname: "/sobre-nos", search: "?utm_source=instagram&fbclid=abc" };
    const tags = pageMeta({ matches, location }, { title: "Sobre nós" }) as Tag[];
    expect(tags[0]).toEqual({ title: "Sobre nós | Praia Imóveis" });
    expect(content(tags, "property", "og:url")).toBe("https://praia.com.br/sobre-nos");
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://praia.com.br/sobre-nos",
    });
  });

  it("joins paths to the public URL", () => {
    expect(absoluteUrl("a.jpg", "https://x.com/")).toBe("https://x.com/a.jpg");
    expect(absoluteUrl("/a.jpg", "https://x.com")).toBe("https://x.com/a.jpg");
    expect(absoluteUrl("http://y.com/a.jpg", "https://x.com")).toBe("http://y.com/a.jpg");
  });
});
