// Home: the filter in a gradient hero (no hero image, so the LCP is text that paints at once) or,
// when the agency chose one in Configurações, over its photo (then the LCP: preloaded, high
// priority, AVIF/WebP at the screen's width); featured and newest listings, those whose price came
// down lately, quick links by city, the video channel, and last the listings this browser opened
// lately (filled in by the browser).
import { Link } from "react-router";
import { ExternalLink } from "../../components/external-link";
import { PlayIcon } from "../../components/feature-icons";
import { JsonLd } from "../../components/json-ld";
import { PropertyCardGrid } from "../../components/property-card";
import { PropertyFilter, SEARCH_PATH } from "../../components/property-filter";
import { RecentlyViewed } from "../../components/recently-viewed";
import { ResponsivePicture } from "../../components/responsive-picture";
import { Stylesheet } from "../../components/stylesheet";
import { channelName } from "../../lib/contact";
import { formatCount } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import { requestContext } from "../../server/context.server";
import { loadHomePage } from "../../server/properties/home-page.server";
import homeCss from "../../styles/home.css?inline";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  return loadHomePage(context.get(requestContext).services);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Apartamentos, casas e terrenos à venda e para alugar",
    keywords: "imóveis, aluguel, venda, apartamentos, casas, Maceió, Alagoas, casas de praia, terrenos",
  });

const cityHref = (cidade: string) => `${SEARCH_PATH}?${new URLSearchParams({ cidade })}`;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, newest, reduced, cityCounts, cities, hero } = loaderData;
  const channelUrl = useRootData()?.agency.videoChannelUrl ?? "";
  return (
    <main>
      <JsonLd json={loaderData.agencyJsonLd} />
      <Stylesheet name="home" css={homeCss} />
      <section className="hero" aria-labelledby="hero-title">
        {hero ? (
          <div className="hero__photo">
            <ResponsivePicture picture={hero} sizes="100vw" priority />
          </div>
        ) : null}
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            Encontre seu imóvel em Alagoas
          </h1>
          <p className="hero__lead">
            Apartamentos, casas e terrenos para comprar ou alugar, do litoral ao sertão.
          </p>
          <PropertyFilter cities={cities} />
        </div>
      </section>

      {featured.length ? (
        <section className="container home-section" aria-labelledby="destaques">
          <div className="home-section__head">
            <h2 id="destaques">Imóveis em destaque</h2>
            <Link to={SEARCH_PATH}>Ver todos</Link>
          </div>
          {/* Lazy covers: on phones the cards start below the hero, whose text is the LCP. */}
          <PropertyCardGrid cards={featured} />
        </section>
      ) : null}

      {newest.length ? (
        <section className="container home-section" aria-labelledby="novidades">
          <div className="home-section__head">
            <h2 id="novidades">Novidades</h2>
            <Link to={`${SEARCH_PATH}?ordem=recentes`}>Ver mais recentes</Link>
          </div>
          <PropertyCardGrid cards={newest} />
        </section>
      ) : null}

      {reduced.length ? (
        <section className="container home-section" aria-labelledby="baixaram">
          <div className="home-section__head">
            <h2 id="baixaram">Baixaram de preço</h2>
          </div>
          <PropertyCardGrid cards={reduced} />
        </section>
      ) : null}

      {cityCounts.length ? (
        <section className="container home-section" aria-labelledby="cidades">
          <h2 id="cidades">Imóveis por cidade</h2>
          <ul className="city-links">
            {cityCounts.map(({ cidade, count }) => (
              <li key={cidade}>
                <Link to={cityHref(cidade)} className="city-links__item">
                  <span className="city-links__name">{cidade}</span>
                  <span className="city-links__count">{formatCount(count, "imóvel", "imóveis")}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {channelUrl ? (
        <section className="container home-section" aria-labelledby="canal">
          <div className="channel">
            <div className="channel__icon">
              <PlayIcon />
            </div>
            <div className="channel__text">
              <h2 id="canal">Veja os imóveis em vídeo</h2>
              <p>
                No nosso {channelName(channelUrl).replace("Canal", "canal")} você encontra casas de praia,
                promoções e tour virtual pelos imóveis, sem sair de casa.
              </p>
              <ul className="channel__topics">
                <li>Casas de praia</li>
                <li>Promoções</li>
                <li>Tour virtual pelos imóveis</li>
              </ul>
            </div>
            <ExternalLink href={channelUrl} className="button button--video">
              Visitar o canal
            </ExternalLink>
          </div>
        </section>
      ) : null}

      <RecentlyViewed />
    </main>
  );
}
