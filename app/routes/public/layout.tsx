// The public shell: header, footer, exit-intent popup. Pages render their own <main>; the
// wrapper below is the skip link's target. The Outlet is keyed by the full path so every
// change of path or query re-creates the page, resetting whatever was on screen.
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { ExitIntentPopup } from "../../components/exit-intent-popup";
import { NotFoundContent } from "../../components/not-found-content";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { Stylesheet } from "../../components/stylesheet";
import { UnavailableNotice } from "../../components/unavailable-notice";
import { pageMeta } from "../../lib/meta";
import { ErrorReference } from "../../lib/request-id";
import { useRootData } from "../../lib/root-data";
import { clientErrorMessage } from "../../lib/route-error";
import { isUnavailable } from "../../lib/unavailable";
import siteCss from "../../styles/site.css?inline";
import type { Route } from "./+types/layout";

/** Staff screens under the public shell: no marketing popup there. */
const NO_POPUP = /^\/(login|recuperar-senha|redefinir-senha)(\/|$)/;

export const meta: Route.MetaFunction = (args) => {
  if (args.error) {
    const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
    return pageMeta(args, { title: notFound ? "Página não encontrada" : "Algo deu errado", noindex: true });
  }
  return pageMeta(args, { title: "Apartamentos, casas e terrenos à venda e para alugar" });
};

function PublicShell({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { pathname } = useLocation();
  if (!root) return <>{children}</>;
  return (
    <>
      <a className="skip-link" href="#conteudo">
        <Stylesheet name="site" css={siteCss} />
        Pular para o conteúdo
      </a>
      <SiteHeader agency={root.agency} />
      <div id="conteudo" className="site-content" tabIndex={-1}>
        {children}
      </div>
      <SiteFooter agency={root.agency} />
      <ExitIntentPopup channelUrl={root.agency.videoChannelUrl} disabled={NO_POPUP.test(pathname)} />
    </>
  );
}

export default function PublicLayout() {
  const location = useLocation();
  return (
    <PublicShell>
      <Outlet key={location.pathname + location.search} />
    </PublicShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A 404 a route threw with its own words ("Este link não vale mais…"): the visitor reads them.
  const notFoundMessage = notFound && typeof error.data === "string" && error.data ? error.data : undefined;
  const clientMessage = clientErrorMessage(error);
  return (
    <PublicShell>
      {notFound ? (
        <NotFoundContent message={notFoundMessage} />
      ) : isUnavailable(error) ? (
        <main className="container page page--narrow">
          <UnavailableNotice />
        </main>
      ) : (
        <main className="container page page--narrow">
          <h1>{clientMessage ? "Não foi possível continuar" : "Algo deu errado"}</h1>
          <p>{clientMessage ?? "Não conseguimos abrir esta página agora. Tente novamente em instantes."}</p>
          {clientMessage ? null : <ErrorReference />}
          <p>
            <Link to="/">Voltar para a página inicial</Link>
          </p>
        </main>
      )}
    </PublicShell>
  );
}
