// The ready markup must be what React writes for those children in place, byte for byte, or the
// browser's hydration would find a different page.
import { renderToString } from "react-dom/server.bun";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Agency } from "../lib/root-data";
import { renderWhole } from "../server/http/render-whole.test-support";
import { IconSprite } from "./feature-icons";
import { SiteFooter } from "./site-footer";
import { setStaticMarkupRenderer } from "./static-markup";

const agency: Agency = {
  name: "Silva & Filhos <Imóveis>",
  creci: "1234-J",
  phones: ["82999990000", "8233334444"],
  whatsapp: "82988887777",
  email: "contato@silvaefilhos.com.br",
  address: "Rua Sá e Albuquerque, 100 — Jaraguá, Maceió/AL",
  videoChannelUrl: "https://www.youtube.com/@silvaefilhos",
  socialLinks: {
    instagram: "https://instagram.com/silvaefilhos",
    facebook: "https://facebook.com/silvaefilhos",
  },
};

/** The footer and the sprite inside a whole document, rendered as the server renders pages. */
async function page(details: Agency): Promise<string> {
  const handler = createStaticHandler([
    {
      path: "*",
      Component: () => (
        <html lang="pt-BR">
          <head />
          <body>
            <main>
              <p>Conteúdo {details.name}</p>
            </main>
            <SiteFooter agency={details} />
            <IconSprite />
          </body>
        </html>
      ),
    },
  ]);
  const context = await handler.query(new Request("http://localhost/politica-de-privacidade"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderWhole(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const footerOf = (html: string) => html.slice(html.indexOf("<footer"), html.indexOf("</footer>") + 9);

describe("StaticMarkup", () => {
  afterEach(() => setStaticMarkupRenderer(undefined));

  it("writes the footer and the icon sprite as React renders them in place", async () => {
    const rendered = await page(agency);
    setStaticMarkupRenderer(renderToString);
    const first = await page(agency);
    const reused = await page(agency);
    expect(first).toBe(rendered);
    expect(reused).toBe(rendered);
    expect(footerOf(rendered)).toContain("Silva &amp; Filhos &lt;Imóveis&gt;");
    expect(footerOf(rendered)).toContain("(82) 3333-4444");
    expect(rendered).toContain('<symbol id="i-heart"');
  });

  it("renders the footer again when the agency's details change", async () => {
    setStaticMarkupRenderer(renderToString);
    await page(agency);
    const renamed = await page({ ...agency, name: "Maré Alta Imóveis", phones: [] });
    expect(footerOf(renamed)).toContain("Maré Alta Imóveis");
    expect(footerOf(renamed)).not.toContain("Silva");
    expect(footerOf(renamed)).not.toContain("(82) 9999");
    setStaticMarkupRenderer(undefined);
    expect(renamed).toBe(await page({ ...agency, name: "Maré Alta Imóveis", phones: [] }));
  });
});
