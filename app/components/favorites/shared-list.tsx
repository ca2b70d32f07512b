// A list of favourites someone sent (/favoritos?lista=…): the listings as cards and side by side,
// rendered by the server, one button that saves them all in this browser's favourites, and the
// agency's WhatsApp with the list's referências in the message.
import { useState } from "react";
import { Link } from "react-router";
import { whatsappUrl } from "../../lib/contact";
import { useFavorites } from "../../lib/favorites";
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
  const [saved, setSaved] = useState<number | null>(null);
  const unavailable = asked - cards.length;

  function saveAll() {
    const fresh = cards.filter((card) => !favorites.includes(card.referencia.toUpperCase()));
    // Each one goes to the top of the list: the last first keeps the list's own order.
    for (const card of [...fresh].reverse()) add(card.referencia);
    setSaved(fresh.length);
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
            Salvar todos nos meus favoritos
          </button>
          {agencyWhatsapp ? (
            <a
              className="button button--whatsapp"
              href={whatsappUrl(
                agencyWhatsapp,
                `Olá! Recebi uma lista de imóveis (${cards.map((c) => c.referencia).join(", ")}) e gostaria de saber mais.`,
              )}
              target="_blank"
              rel="noopener noreferrer"
            >
              <WhatsAppIcon /> Perguntar sobre estes imóveis
              <span className="visually-hidden"> pelo WhatsApp (abre em nova aba)</span>
            </a>
          ) : null}
          <p id="salvar-lista-status" className="shared-list__status" role="status">
            {saved === null ? (
              ""
            ) : (
              <>
                {saved
                  ? `${formatCount(saved, "imóvel salvo", "imóveis salvos")} nos seus favoritos. `
                  : "Todos já estavam nos seus favoritos. "}
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
      <noscript>
        <p>Para salvar estes imóveis nos seus favoritos, ative o JavaScript do navegador.</p>
      </noscript>
    </>
  );
}
