import { Link, NavLink } from "react-router";
import { creciText, whatsappUrl } from "../lib/contact";
import { useFavorites } from "../lib/favorites";
import { pictureUrls } from "../lib/photos";
import type { Agency } from "../lib/root-data";
import { WhatsAppIcon } from "./feature-icons";

const NAV = [
  { to: "/", label: "Início" },
  { to: "/todos-os-imoveis", label: "Todos os imóveis" },
  { to: "/casas", label: "Casas" },
  { to: "/favoritos", label: "Favoritos" },
  { to: "/sobre-nos", label: "Sobre nós" },
] as const;

export const WHATSAPP_GREETING = "Olá! Vim pelo site e gostaria de falar sobre imóveis.";

/**
 * The agency's logo at its header size (app/server/settings/brand.server.ts), its name as the
 * alt text. Above the fold on every page, so not lazy; small, so not competing for priority.
 */
function LogoPicture({ logo }: { logo: NonNullable<Agency["logo"]> }) {
  const { src, srcSet, sources } = pictureUrls(logo.picture);
  const sizes = `${logo.width}px`;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        className="brand__logo"
        src={src}
        srcSet={srcSet}
        sizes={sizes}
        alt={logo.picture.alt}
        width={logo.width}
        height={logo.height}
      />
    </picture>
  );
}

export function SiteHeader({ agency }: { agency: Agency }) {
  const { favorites } = useFavorites();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="brand">
          {agency.logo ? (
            <LogoPicture logo={agency.logo} />
          ) : (
            <span className="brand__name">{agency.name}</span>
          )}
          <span className="brand__creci">{creciText(agency.creci)}</span>
        </Link>
        <nav className="site-nav" aria-label="Principal">
          <ul className="site-nav__list">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  prefetch="intent"
                  className={
                    item.to === "/favoritos" ? "site-nav__link site-nav__link--count" : "site-nav__link"
                  }
                >
                  {item.label}
                  {item.to === "/favoritos" ? (
                    // Always present (space reserved) so the count appearing after hydration shifts nothing.
                    <span className="site-nav__count" data-empty={favorites.length === 0 ? "" : undefined}>
                      {favorites.length}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {agency.whatsapp ? (
          <a
            className="button button--whatsapp site-header__cta"
            href={whatsappUrl(agency.whatsapp, WHATSAPP_GREETING)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <WhatsAppIcon />
            <span>Fale conosco</span>
            <span className="visually-hidden"> pelo WhatsApp (abre em nova aba)</span>
          </a>
        ) : null}
      </div>
    </header>
  );
}
