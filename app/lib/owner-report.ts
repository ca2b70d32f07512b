// The owner's report of a listing (decision 046): what /relatorio/<token> and its preview on the
// admin screen show. Built by app/server/owner-reports/owner-report.server.ts; only counts and
// prices, never a person's data (LGPD: the owner is not the controller of the visitors' data).

import type { DayCount } from "./dashboard";
import { formatCount, formatMoney, formatPrice } from "./format";
import type { PropertyCardData } from "./property-card";

/** Listings like it needed before a typical price per m² is shown (fewer would be an anecdote). */
export const MIN_COMPARABLES = 3;
/** Within this fraction of the typical price per m², the price is "na faixa" of the market. */
export const MARKET_BAND = 0.1;

export type MarketPosition = "acima" | "na-faixa" | "abaixo";

export interface MarketComparison {
  /** What was compared: "casas de condomínio à venda em Ponta Verde, Maceió". */
  scope: string;
  /** Listings on offer it was compared with (this one left out). */
  count: number;
  /** Median price per m² of those, in reais; null when fewer than MIN_COMPARABLES. */
  medianPerM2: number | null;
  /** This listing's price per m², in reais; null without a price or an area. */
  ownPerM2: number | null;
  /** "/mês" for monthly rents, "" for sale prices. */
  unit: string;
}

export interface OwnerReport {
  listing: PropertyCardData & {
    /** Days since it was published; null when it is not (a draft, archived). */
    daysOnline: number | null;
    publishedAt: string | null;
    /** The public page, when visitors can see it (published); null when it is off the site. */
    publicUrl: string | null;
  };
  /** Daily counts over the last CHART_DAYS days, oldest first. */
  views: DayCount[];
  whatsapp: DayCount[];
  /** Totals over the same days. */
  recent: { views: number; whatsapp: number; contacts: number; visits: number; alerts: number };
  /** Since the listing was created. */
  overall: { views: number; contacts: number; visits: number };
  market: MarketComparison | null;
  /** Who looks after it: the corretor, or the agency when none is set. */
  agent: { name: string; creci: string | null; phone: string | null };
  agencyName: string;
  /** When the numbers were read (ISO). */
  generatedAt: string;
}

/** The listing's price per m² against the typical one: above, within MARKET_BAND, or below. */
export function marketPosition(own: number, median: number): { position: MarketPosition; percent: number } {
  // In whole percent, as the sentence says it: "10% acima" is still the market's range.
  const signed = Math.round((own / median - 1) * 100);
  const percent = Math.abs(signed);
  if (percent <= MARKET_BAND * 100) return { position: "na-faixa", percent };
  return { position: signed > 0 ? "acima" : "abaixo", percent };
}

/** "R$ 10.000/m²", or with centavos below R$ 100 ("R$ 25,50/m²/mês": a rent, land). */
export function formatPerM2(value: number, unit: string): string {
  return `${value < 100 ? formatMoney(value) : formatPrice(value)}/m²${unit}`;
}

/** The sentence under the comparison: what the owner should take from it. */
export function marketSentence(market: MarketComparison): string {
  if (market.medianPerM2 === null) {
    if (market.count === 0) return "Ainda não há imóveis parecidos anunciados para comparar o preço do m².";
    return `Há só ${formatCount(market.count, "imóvel parecido anunciado", "imóveis parecidos anunciados")}: poucos para comparar o preço do m² com segurança.`;
  }
  if (market.ownPerM2 === null) {
    return "Informe o preço e a área do imóvel para compará-lo com o mercado.";
  }
  const { position, percent } = marketPosition(market.ownPerM2, market.medianPerM2);
  const typical = formatPerM2(market.medianPerM2, market.unit);
  if (position === "na-faixa") return `O preço do m² está na faixa do mercado (típico: ${typical}).`;
  return `O preço do m² está ${percent}% ${position === "acima" ? "acima" : "abaixo"} do típico (${typical}).`;
}

/** Where the report lives; the token is the only key (the page is noindex and never cached). */
export function ownerReportPath(token: string): string {
  return `/relatorio/${token}`;
}

/** The message the agent sends with the link (WhatsApp, e-mail). */
export function ownerReportMessage(ownerName: string | null, referencia: string, url: string): string {
  const greeting = ownerName ? `Olá, ${ownerName.split(/\s+/)[0]}!` : "Olá!";
  return `${greeting} Este é o relatório do seu imóvel ${referencia}: visualizações, contatos e visitas, atualizados a cada acesso. ${url}`;
}
