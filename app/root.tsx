import { type CSSProperties, type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { IconSprite } from "./components/feature-icons";
import { LoadingOverlay } from "./components/loading-overlay";
import { Stylesheet } from "./components/stylesheet";
import { UnavailableNotice } from "./components/unavailable-notice";
import { brandCssVariables, DEFAULT_BRAND_COLOR } from "./lib/brand-color";
import { pageMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";
import { ErrorReference } from "./lib/request-id";
import { clientErrorMessage } from "./lib/route-error";
import { isUnavailable } from "./lib/unavailable";
import { requestContext } from "./server/context.server";
import { mapTiles } from "./server/http/map-tiles.server";
import { brandLogo } from "./server/settings/brand.server";
import { getAgencySettings } from "./server/settings/settings.server";
import baseCss from "./styles/base.css?inline";

// What every screen may read about the agency (header, footer, meta tags). Pages read it with
// useRouteLoaderData("root") or, in `meta`, through app/lib/meta.ts (siteFromMatches/pageMeta).
export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getAgencySettings(context.get(requestContext).services.db);
  return {
    agency: {
      name: settings.name,
      creci: settings.creci,
      phones: settings.phones,
      whatsapp: settings.whatsapp,
      email: settings.email,
      address: settings.address,
      videoChannelUrl: settings.videoChannelUrl,
      socialLinks: settings.socialLinks,
      logo: brandLogo(settings.logo, context.get(requestContext).services.storage, settings.name),
    },
    brandColor: settings.brandColor,
    publicUrl: context.get(requestContext).services.config.publicUrl,
    mapTiles: mapTiles(),
  };
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>;

// The agency's details change only through admin forms (actions): plain navigations keep them.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

// The site's icon (tabs, bookmarks, search results, a phone's home screen). Without one, browsers
// ask for /favicon.ico anyway and log its 404. Made from favicon.svg by scripts/make-icons.mjs.
// The SVG itself is not declared: Chromium renders an SVG icon as a document of its own on the
// page's main thread (12–26 ms per page load on the bench machine), the 32×32 ICO costs nothing.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

// The defaults for any route without its own `meta` (and for errors that reach the root).
export const meta: Route.MetaFunction = (args) => {
  if (args.error) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return pageMeta(args, { title: notFound ? "Página não encontrada" : "Algo deu errado", noindex: true });
  }
  return pageMeta(args, { title: "Apartamentos, casas e terrenos à venda e para alugar" });
};

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // The agency's colour overrides base.css's custom properties for every screen, public and admin
  // (app/lib/brand-color.ts); an error before the root loader ran keeps the default.
  // root-data.ts's useRootData reads this same loader (imported here it would make a cycle).
  const brandColor = useRouteLoaderData<typeof loader>("root")?.brandColor ?? DEFAULT_BRAND_COLOR;
  return (
    // An attribute, not a <style>: React keeps it in step when the colour changes after a save.
    <html lang="pt-BR" style={brandCssVariables(brandColor) as CSSProperties}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brandColor} />

        <Meta />
        <Links />
      </head>
      <body>
        <Stylesheet name="base" css={baseCss} />
        {children}

        <IconSprite />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Lets browser tests (and CSS, if ever needed) know the client has taken over.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <LoadingOverlay />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const clientMessage = clientErrorMessage(error);
  if (isUnavailable(error)) {
    return (
      <main className="root-error">
        <UnavailableNotice />
      </main>
    );
  }
  return (
    <main className="root-error">
      <h1>
        {notFound
          ? "Página não encontrada"
          : clientMessage
            ? "Não foi possível continuar"
            : "Algo deu errado"}
      </h1>
      <p>
        {notFound
          ? "O endereço que você procurou não existe ou foi removido."
          : (clientMessage ?? "Tente novamente em instantes. Se o problema continuar, fale conosco.")}
      </p>
      {notFound || clientMessage ? null : <ErrorReference />}
      <a href="/">Voltar para a página inicial</a>
    </main>
  );
}
