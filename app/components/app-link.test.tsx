// The server's links must write React Router's markup byte for byte, or hydration would differ.
import type { ComponentType, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, ServerLink, ServerNavLink } from "./app-link";

/** The page at `url` rendered by React Router's static router, as on the server. */
async function render(url: string, page: () => ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: "*", Component: page }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

type Links = { Link: ComponentType<LinkProps>; NavLink: ComponentType<NavLinkProps> };

function links({ Link, NavLink }: Links) {
  return () => (
    <nav aria-label="Teste">
      <Link to="/" className="brand">
        Início
      </Link>
      <Link to="/todos-os-imoveis?finalidade=venda&cidade=Macei%C3%B3">À venda</Link>
      <Link to="/casas/AL0059" prefetch="intent" className="property-card__link" aria-label="Casa">
        <span>Casa</span>
      </Link>
      <Link to="/politica-de-privacidade" target="_blank" rel="noopener">
        Política
      </Link>
      <Link className="pagination__step" to="/todos-os-imoveis?pagina=2" rel="next" discover="none">
        Próxima
      </Link>
      <Link to="/casas/" reloadDocument replace state={{ de: "busca" }} preventScrollReset>
        Casas
      </Link>
      <Link to="/todos-os-imoveis#resultados">Resultados</Link>
      {/* Not plain: React Router's own Link writes these. */}
      <Link to="/casas/./AL1/../AL2">Pontos</Link>
      <Link to="AL3">Relativo</Link>
      <Link to="/busca?">Busca vazia</Link>
      <Link to={{ pathname: "/casas", search: "?tipo=casa" }}>Objeto</Link>
      <NavLink to="/" end>
        Início
      </NavLink>
      <NavLink to="/casas">Casas</NavLink>
      <NavLink to="/CASAS/al0059" className="nav__link">
        Maiúsculas
      </NavLink>
      <NavLink to="/CASAS/al0059" caseSensitive>
        Sensível
      </NavLink>
      <NavLink to="/todos-os-imoveis" className={({ isActive }) => (isActive ? "ativo" : "inativo")}>
        {({ isActive }) => (isActive ? "Aqui" : "Ali")}
      </NavLink>
      <NavLink to="/casas/AL0059?foto=2" aria-current="location" style={{ color: "red" }}>
        Com busca
      </NavLink>
      <NavLink to="/imóveis">Acento</NavLink>
    </nav>
  );
}

describe("ServerLink and ServerNavLink", () => {
  it("write the same markup as React Router's Link and NavLink", async () => {
    for (const url of ["/casas/AL0059", "/", "/todos-os-imoveis?cidade=Arapiraca"]) {
      const theirs = await render(url, links({ Link: RouterLink, NavLink: RouterNavLink }));
      const ours = await render(url, links({ Link: ServerLink, NavLink: ServerNavLink }));
      expect(ours).toContain('href="/casas/AL0059"');
      expect(ours === theirs, `${url}\n${ours}\n${theirs}`).toBe(true);
    }
  });

  it("take the short way only for plain absolute paths", () => {
    expect(isPlainPath("/")).toBe(true);
    expect(isPlainPath("/casas/AL0059")).toBe(true);
    expect(isPlainPath("/todos-os-imoveis?cidade=Maceió#mapa")).toBe(true);
    expect(isPlainPath("/casas/")).toBe(true);
    for (const to of [
      "casas",
      "//evil.example",
      "/a/../b",
      "/a/.",
      "/a//b",
      "/a?",
      "/a#",
      "https://x.com/",
    ]) {
      expect(isPlainPath(to), to).toBe(false);
    }
  });
});
