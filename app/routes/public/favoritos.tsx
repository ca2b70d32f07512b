// Favoritos: the listings the visitor saved in this browser (localStorage), fetched as cards
// from /api/cartoes. Nothing is known on the server, so the page renders its frame there and
// fills in on the client. With two or more, they are also compared side by side, and the list can
// be sent: /favoritos?lista=AP0001,CA0002 is that list for whoever opens it, rendered by the
// server (components/favorites/shared-list.tsx).

import { useEffect, useState } from "react";
import { data, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { CompareTable } from "../../components/favorites/compare-table";
import { SharedList } from "../../components/favorites/shared-list";
import { HeartIcon } from "../../components/feature-icons";
import { PropertyCardGrid } from "../../components/property-card";
import { ShareButtons } from "../../components/share-buttons";
import { Stylesheet } from "../../components/stylesheet";
import {
  referenciasInList,
  referenciaToSave,
  sentListToken,
  sharedListPath,
  useFavorites,
} from "../../lib/favorites";
import { fetchCards } from "../../lib/fetch-cards";
import { formatCount } from "../../lib/format";
import { listingPath } from "../../lib/listing";
import { pageMeta } from "../../lib/meta";
import { pictureSrc } from "../../lib/photos";
import type { ComparedCardData } from "../../lib/property-card";
import { useHydrated } from "../../lib/use-hydrated";
import { requestContext } from "../../server/context.server";
import { isPersonOpening } from "../../server/http/person-opening.server";
import { countSentOpening, SENT_LINK_HEADERS } from "../../server/leads/sent-lists.server";
import { listCardsByReferencias } from "../../server/properties/public-cards.server";
import favoritesCss from "../../styles/favorites.css?inline";
import type { Route } from "./+types/favoritos";

/** The listings of a shared list (`?lista=`), or null for the visitor's own favourites. */
export async function loader({ url, request, context }: Route.LoaderArgs) {
  const refs = referenciasInList(url.searchParams);
  if (refs === null) return { shared: null };
  if (refs.length === 0)
    return data(
      {
        shared: {
          asked: 0,
          cards: [],
          error: "Este link de lista não traz nenhuma referência de imóvel válida.",
        },
      },
      { status: 400 },
    );
  const { db, storage } = context.get(requestContext).services;
  const cards = await listCardsByReferencias(db, storage, refs);
  // A list an agent sent (decision 049): a person opening it counts on the lead's screen; a link
  // preview, a prefetch or the agent checking the link does not. Counted beside the page, never
  // holding it up.
  const sent = sentListToken(url.searchParams);
  if (sent && (await isPersonOpening(request, context)))
    countSentOpening(context.get(requestContext).services, sent);
  // Every listing of the list left the site: the page says so, and is not found for a crawler.
  return data(
    // The list's own address, as sharedListPath writes it: the page's canonical and og:url, the
    // same on the server and in the browser (location.search differs in its commas' encoding), and
    // without a sending's token.
    { shared: { asked: refs.length, cards, error: null, path: sharedListPath(refs) } },
    { status: cards.length ? 200 : 404, headers: sent ? SENT_LINK_HEADERS : undefined },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const headers = new Headers();
  for (const name of Object.keys(SENT_LINK_HEADERS)) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

export const meta: Route.MetaFunction = (args) => {
  const shared = args.loaderData?.shared;
  if (!shared)
    return pageMeta(args, {
      title: "Favoritos",
      description: "Os imóveis que você salvou para ver depois, guardados neste navegador.",
      noindex: true,
    });
  const first = shared.cards[0];
  if (shared.error !== null)
    return pageMeta(args, {
      path: args.location.pathname,
      title: "Lista de imóveis",
      description: shared.error,
      noindex: true,
    });
  return pageMeta(args, {
    path: shared.path,
    title: `Lista de imóveis: ${formatCount(shared.cards.length, "imóvel", "imóveis")}`,
    description: shared.cards.length
      ? shared.cards
          .slice(0, 3)
          .map((c) => `${c.titulo} (${c.price})`)
          .join("; ")
          .concat(shared.cards.length > 3 ? "…" : ".")
      : "Os imóveis desta lista não estão mais disponíveis no site.",
    image: first?.cover ? pictureSrc(first.cover) : undefined,
    imageAlt: first?.cover?.alt,
    noindex: true,
  });
};

type Load =
  | { state: "loading" }
  | { state: "error" }
  | { state: "ready"; cards: Map<string, ComparedCardData>; asked: Set<string> };

/**
 * /favoritos?salvar=REF: the listing page's "Salvar" sent before (or without) JavaScript. Saved
 * here once the page has JavaScript; the address then goes back to /favoritos, so a reload does
 * not save it again after the visitor removed it.
 */
function useSaveFromAddress(hydrated: boolean): string | null {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { add } = useFavorites();
  const toSave = referenciaToSave(search);
  useEffect(() => {
    if (!hydrated || !toSave) return;
    add(toSave);
    // The screen is re-created for the new address: the confirmation travels in its state.
    void navigate("/favoritos", { replace: true, preventScrollReset: true, state: { saved: toSave } });
  }, [hydrated, toSave, add, navigate]);
  const saved = (location.state as { saved?: unknown } | null)?.saved;
  return typeof saved === "string" ? saved : null;
}

export default function Favoritos({ loaderData }: Route.ComponentProps) {
  const { shared } = loaderData;
  if (shared)
    return (
      <main className="container page">
        <Stylesheet name="favorites" css={favoritesCss} />
        <h1>Lista de imóveis</h1>
        {shared.error ? (
          <p className="favorites__status" role="alert">
            {shared.error} <Link to="/todos-os-imoveis">Ver todos os imóveis</Link>
          </p>
        ) : (
          <SharedList cards={shared.cards} asked={shared.asked} />
        )}
      </main>
    );
  return <OwnFavorites />;
}

/** The visitor's own favourites, read from this browser once it has taken over. */
function OwnFavorites() {
  const hydrated = useHydrated();
  const { favorites } = useFavorites();
  const [search] = useSearchParams();
  const asked = referenciaToSave(search);
  const saved = useSaveFromAddress(hydrated);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  // Removing a favourite needs no request; only referências never asked for do.
  const missing = load.state === "ready" ? favorites.filter((r) => !load.asked.has(r)) : favorites;
  const missingKey = missing.join(",");

  useEffect(() => {
    if (!hydrated) return;
    const refs = missingKey ? missingKey.split(",") : [];
    if (!refs.length) {
      setLoad((current) =>
        current.state === "ready" ? current : { state: "ready", cards: new Map(), asked: new Set() },
      );
      return;
    }
    const controller = new AbortController();
    fetchCards(refs, controller.signal)
      .then((cards) => {
        setLoad((current) => {
          const base = current.state === "ready" ? current : { cards: new Map(), asked: new Set<string>() };
          const next = new Map(base.cards);
          for (const card of cards) next.set(card.referencia.toUpperCase(), card);
          return { state: "ready", cards: next, asked: new Set([...base.asked, ...refs]) };
        });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn("Falha ao carregar favoritos", error);
          setLoad({ state: "error" });
        }
      });
    return () => controller.abort();
  }, [hydrated, missingKey]);

  const cards =
    load.state === "ready"
      ? favorites.map((r) => load.cards.get(r)).filter((c): c is ComparedCardData => c !== undefined)
      : [];
  const unavailable =
    load.state === "ready" ? favorites.filter((r) => load.asked.has(r) && !load.cards.has(r)) : [];
  const busy = !hydrated || (load.state !== "error" && missing.length > 0);

  return (
    <main className="container page">
      <Stylesheet name="favorites" css={favoritesCss} />
      <h1>Favoritos</h1>
      <p className="page__lead">Os imóveis que você salvou ficam guardados neste navegador.</p>
      {saved ? (
        <p className="favorites__saved" role="status">
          Imóvel {saved} salvo nos favoritos. <Link to={listingPath(saved)}>Voltar ao imóvel</Link>
        </p>
      ) : null}
      <div aria-live="polite" aria-busy={busy}>
        {busy ? (
          <p className="favorites__status">Carregando seus favoritos…</p>
        ) : load.state === "error" ? (
          <p className="favorites__status" role="alert">
            Não foi possível carregar seus favoritos agora. Verifique sua conexão e recarregue a página.
          </p>
        ) : cards.length === 0 && unavailable.length === 0 ? (
          <div className="empty-state">
            <HeartIcon className="empty-state__icon" />
            <p className="empty-state__title">Você ainda não tem imóveis favoritos.</p>
            <p>Toque no coração de um imóvel para guardá-lo aqui e comparar depois.</p>
            <Link to="/todos-os-imoveis" className="button button--primary">
              Ver todos os imóveis
            </Link>
          </div>
        ) : (
          <>
            <p className="favorites__count">
              {formatCount(cards.length, "imóvel salvo", "imóveis salvos", "Nenhum imóvel salvo disponível")}
            </p>
            {cards.length ? <PropertyCardGrid cards={cards} headingLevel={2} /> : null}
            {unavailable.length ? (
              <p className="favorites__note">
                {formatCount(
                  unavailable.length,
                  "imóvel salvo não está mais disponível no site.",
                  "imóveis salvos não estão mais disponíveis no site.",
                )}
              </p>
            ) : null}
          </>
        )}
      </div>
      {/* Outside the live region: a favourite removed should not make a screen reader read the table. */}
      {!busy && load.state === "ready" && cards.length > 1 ? <CompareTable cards={cards} /> : null}
      {!busy && load.state === "ready" && cards.length ? (
        <ShareButtons
          // Cards exist only once the browser has read its favourites, so `window` is there.
          url={`${window.location.origin}${sharedListPath(cards.map((c) => c.referencia))}`}
          title={cards.length === 1 ? "Veja o imóvel que separei:" : "Veja os imóveis que separei:"}
          heading="Enviar esta lista"
          headingId="enviar-lista"
        />
      ) : null}
      <noscript>
        {asked ? (
          <p className="favorites__saved">
            Não foi possível salvar o imóvel {asked}: os favoritos ficam guardados no navegador e precisam do
            JavaScript ativado. Ative-o e toque em “Salvar” de novo, ou anote a referência {asked}.{" "}
            <a href={listingPath(asked)}>Voltar ao imóvel {asked}</a>
          </p>
        ) : (
          <p>Para ver seus favoritos, ative o JavaScript do navegador.</p>
        )}
      </noscript>
    </main>
  );
}
