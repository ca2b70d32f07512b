// A list of favourites someone sent (/favoritos?lista=…): the listings as cards and side by side,
// rendered by the server, one button that saves them all in this browser's favourites, and the
// agency's WhatsApp with the list's referências in the message.
import { useState } from "react";
import { Link } from "react-router";
import { whatsappUrl } from "../../lib/contact";
import { MAX_FAVORITES, useFavorites } from "../../lib/favorites";
import { formatCount } from "../../lib/format";
import type { ComparedCardData } from "../../lib/property-card";
import { useRootData } from "../../lib/root-data";
import { useHydrated } from "../../lib/use-hydrated";
import { WhatsAppIcon } from "../feature-icons";
import { PropertyCardGrid } from "../property-card";
import { CompareTable } from "./compare-table";

export function SharedList({ cards, asked }: { cards: ComparedCardData[]; asked: number }) {
  const hydrated = useHydrated();
  const { favorites, add } = useFavorites();
  const agencyWhatsapp = useRootData()?.agency.whatsapp;
  // How many were saved, and how many of the oldest favourites left to make room (MAX_FAVORITES).
  const [saved, setSaved] = useState<{ count: number; dropped: number } | null>(null);
  const unavailable = asked - cards.length;

  function saveAll() {
    const fresh = cards.filter((card) => !favorites.includes(card.referencia.toUpperCase()));
    // Each one goes to the top of the list: the last first keeps the list's own order.
    for (const card of [...fresh].reverse()) add(card.referencia);
    setSaved({ count: fresh.length, dropped: Math.max(0, favorites.length + fresh.length - MAX_FAVORITES) });
  }

  return (
    <>
      <p className="page__lead">
        {cards.length === 0
          ? "Os imóveis desta lista não estão mais disponíveis no site."
          : `Alguém separou ${cards.length === 1 ? "este imóvel" : `estes ${cards.length} imóveis`} para você. Salve nos seus favoritos os que quiser acompanhar: eles ficam guardados neste navegador.`}
      </p>
      {cards.length ? (
        <div className="shared-list__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={saveAll}
            disabled={!hydrated}
            aria-describedby="salvar-lista-status"
          >
            {cards.length === 1 ? "Salvar nos meus favoritos" : "Salvar todos nos meus favoritos"}
          </button>
          {agencyWhatsapp ? (
            <a
              className="button button--whatsapp"
              href={whatsappUrl(
                agencyWhatsapp,
                cards.length === 1
                  ? `Olá! Recebi o link do imóvel ${cards[0]!.referencia} e gostaria de saber mais.`
                  : `Olá! Recebi uma lista de imóveis (${cards.map((c) => c.referencia).join(", ")}) e gostaria de saber mais.`,
              )}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon />{" "}
              {cards.length === 1 ? "Perguntar sobre este imóvel" : "Perguntar sobre estes imóveis"}
              <span className="visually-hidden"> pelo WhatsApp (abre em nova aba)</span>
            </a>
          ) : null}
          <p id="salvar-lista-status" className="shared-list__status" role="status">
            {saved === null ? (
              ""
            ) : (
              <>
                {saved.count
                  ? `${formatCount(saved.count, "imóvel salvo", "imóveis salvos")} nos seus favoritos. `
                  : cards.length === 1
                    ? "Este imóvel já estava nos seus favoritos. "
                    : "Todos já estavam nos seus favoritos. "}
                {saved.dropped
                  ? `Para caber no limite de ${MAX_FAVORITES}, ${saved.dropped === 1 ? "o favorito mais antigo saiu" : `os ${formatCount(saved.dropped, "favorito mais antigo", "favoritos mais antigos")} saíram`}. `
                  : null}
                <Link to="/favoritos">Ver meus favoritos</Link>
              </>
            )}
          </p>
        </div>
      ) : null}
      {cards.length ? <PropertyCardGrid cards={cards} headingLevel={2} /> : null}
      {unavailable > 0 && cards.length > 0 ? (
        <p className="favorites__note">
          {formatCount(
            unavailable,
            "imóvel desta lista não está mais disponível no site.",
            "imóveis desta lista não estão mais disponíveis no site.",
          )}
        </p>
      ) : null}
      {cards.length > 1 ? <CompareTable cards={cards} /> : null}
      {cards.length ? (
        <noscript>
          <p>Para salvar estes imóveis nos seus favoritos, ative o JavaScript do navegador.</p>
        </noscript>
      ) : (
        <p>
          <Link to="/todos-os-imoveis" className="button button--primary">
            Ver todos os imóveis
          </Link>
        </p>
      )}
    </>
  );
}
