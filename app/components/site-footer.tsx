// The site footer: the agency and its CRECI (at least 25 % of the name's font size, docs/domain.md;
// ours is ~64 %), every way to reach the agency, links, the video channel and the policy.

import { Link } from "react-router";
import { channelName, creciText, telHref, whatsappUrl } from "../lib/contact";
import { formatPhone } from "../lib/format";
import type { Agency } from "../lib/root-data";
import { ExternalLink } from "./external-link";
import { WHATSAPP_GREETING } from "./site-header";

const SOCIAL_LABELS = {
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  linkedin: "LinkedIn",
} as const;

export function SiteFooter({ agency }: { agency: Agency }) {
  return (
    <footer className="site-footer">
      <FooterContent agency={agency} year={new Date().getFullYear()} />
    </footer>
  );
}

function FooterContent({ agency, year }: { agency: Agency; year: number }) {
  const socials = Object.entries(agency.socialLinks ?? {}).filter(
    (entry): entry is [keyof typeof SOCIAL_LABELS, string] =>
      entry[0] in SOCIAL_LABELS && typeof entry[1] === "string" && entry[1] !== "",
  );
  return (
    <>
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-label="A imobiliária">
          <p className="footer-brand">
            <span className="footer-brand__name" data-testid="footer-agency-name">
              {agency.name}
            </span>
            <span className="footer-brand__creci" data-testid="footer-creci">
              {creciText(agency.creci)}
            </span>
          </p>
          <p>
            Apartamentos, casas e terrenos para comprar e alugar em Maceió e em todo o litoral de Alagoas.
          </p>
        </section>

        <section aria-labelledby="footer-contato">
          <h2 id="footer-contato">Contato</h2>
          <ul className="site-footer__list">
            {agency.phones.map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)}>
                  <span className="visually-hidden">Telefone </span>
                  {formatPhone(phone)}
                </a>
              </li>
            ))}
            {agency.whatsapp ? (
              <li>
                <a
                  href={whatsappUrl(agency.whatsapp, WHATSAPP_GREETING)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp {formatPhone(agency.whatsapp)}
                  <span className="visually-hidden"> (abre em nova aba)</span>
                </a>
              </li>
            ) : null}
            {agency.email ? (
              <li>
                <a href={`mailto:${agency.email}`}>{agency.email}</a>
              </li>
            ) : null}
            {agency.address ? (
              <li>
                <address>{agency.address}</address>
              </li>
            ) : null}
          </ul>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Links</h2>
          <ul className="site-footer__list">
            <li>
              <Link to="/todos-os-imoveis">Todos os imóveis</Link>
            </li>
            <li>
              <Link to="/todos-os-imoveis?finalidade=venda">Imóveis à venda</Link>
            </li>
            <li>
              <Link to="/todos-os-imoveis?finalidade=aluguel">Imóveis para alugar</Link>
            </li>
            <li>
              <Link to="/casas">Casas</Link>
            </li>
            <li>
              <Link to="/favoritos">Favoritos</Link>
            </li>
            <li>
              <Link to="/anuncie-seu-imovel">Anuncie seu imóvel</Link>
            </li>
            <li>
              <Link to="/sobre-nos">Sobre nós</Link>
            </li>
            <li>
              <Link to="/politica-de-privacidade">Política de privacidade</Link>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social">Acompanhe</h2>
          <ul className="site-footer__list">
            {agency.videoChannelUrl ? (
              <li>
                <ExternalLink href={agency.videoChannelUrl}>
                  {channelName(agency.videoChannelUrl)}
                </ExternalLink>
              </li>
            ) : null}
            {socials.map(([key, url]) => (
              <li key={key}>
                <ExternalLink href={url}>{SOCIAL_LABELS[key]}</ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            © {year} {agency.name} · {creciText(agency.creci)} ·{" "}
            <Link to="/politica-de-privacidade">Política de privacidade</Link>
          </p>
        </div>
      </div>
    </>
  );
}
