// The listing page's data as the browser receives it: formatted prices, public photos, and a
// location already reduced to what the address-visibility level allows.
import type { PictureData } from "./photos";
import type { AddressVisibility, Status } from "./vocabulary";

export interface PublicPrices {
  sobConsulta: boolean;
  /** "R$ 850.000" */
  venda: string | null;
  /** "R$ 3.500/mês" or "R$ 900/diária" */
  aluguel: string | null;
  /** "Aluguel" or "Temporada" */
  aluguelLabel: string;
  /** "R$ 650/mês", "Isento", or null when not informed. */
  condominio: string | null;
  /** "R$ 1.200/ano", "Isento", or null. */
  iptu: string | null;
  /** The sale price per m², "R$ 8.500/m²" (app/server/properties/price-facts.server.ts). */
  porM2: string | null;
  /** A monthly rent with condomínio and IPTU, and what it adds up. */
  totalMensal: { value: string; detail: string } | null;
  /** The main price went down lately (app/server/properties/price-drop.server.ts). */
  priceDrop: { from: string; percent: number; at: string } | null;
}

export interface PublicLocation {
  visibility: AddressVisibility;
  /** What may be read: the full address, the street, or only bairro and cidade. */
  address: string;
  /** The map's centre: the true point only when visibility is "completo". */
  lat: number;
  lng: number;
  /** Radius in metres of the approximate circle; null = an exact marker. */
  radius: number | null;
}

export interface PublicListing {
  referencia: string;
  titulo: string;
  tipoLabel: string;
  finalidadeLabels: string[];
  status: Status;
  statusLabel: string;
  /** Vendido or alugado: no sale contact on the page. */
  closed: boolean;
  destaque: boolean;
  prices: PublicPrices;
  quartos: number;
  suites: number;
  banheiros: number;
  vagas: number;
  areaUtil: number | null;
  areaTotal: number | null;
  andar: number | null;
  anoConstrucao: number | null;
  /** null = não informado: the page says nothing about it. */
  mobiliado: boolean | null;
  aceitaPet: boolean | null;
  comodidades: { comum: string[]; privativa: string[] };
  /** The description split into paragraphs. */
  paragraphs: string[];
  bairro: string;
  cidade: string;
  /** The readable address at the allowed level, even without coordinates. */
  address: string;
  /** Null when the listing has no coordinates. */
  location: PublicLocation | null;
  youtubeId: string | null;
  tourUrl: string | null;
  photos: PictureData[];
  /** Absolute URL of the page. */
  url: string;
}

/**
 * The listing's corretor as its page shows them: COFECI Resolution 1.065/2007 wants the name and
 * the CRECI of an agent an advert shows (docs/domain.md). Only an active user with a CRECI is
 * shown; otherwise the page names the agency (listing-contact.tsx).
 */
export interface ListingAgent {
  name: string;
  /** "CRECI 12345-F" */
  creci: string;
  /** Their phone, for WhatsApp; null = the agency's WhatsApp. */
  whatsapp: string | null;
}

/** The public path of a listing. */
export const listingPath = (referencia: string) => `/casas/${encodeURIComponent(referencia)}`;

/**
 * What may be a referência where visitors and agents give one (an address, a typed list), upper-cased:
 * looser than a new property's (REFERENCIA_PATTERN in ./property-form), since listings imported from
 * portals keep their own codes.
 */
export const ANY_REFERENCIA = /^[A-Z0-9-]{1,20}$/;

/** The YouTube video id of a watch, share, embed or shorts URL; null for anything else. */
export function youtubeId(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, "");
  let id: string | null = null;
  if (host === "youtu.be") id = parsed.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    id =
      parsed.searchParams.get("v") ??
      parsed.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1] ??
      null;
  }
  return id && /^[A-Za-z0-9_-]{11}$/.test(id) ? id : null;
}

/**
 * Hosts whose virtual tours the listing page may frame (and the only ones the CSP's frame-src
 * allows, server/app.ts): a tour elsewhere is a plain link that opens in a new tab.
 */
export const TOUR_FRAME_HOSTS = [
  "my.matterport.com",
  "kuula.co",
  "app.cloudpano.com",
  "player.vimeo.com",
  "www.google.com",
] as const;

/** YouTube's privacy-enhanced player, which the video facade frames. */
export const VIDEO_FRAME_HOST = "www.youtube-nocookie.com";

/** Can the listing page frame this (https) tour URL? */
export function isFramableTour(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "https:") return false;
    if (parsed.hostname === "www.google.com") return parsed.pathname.startsWith("/maps/embed");
    return (TOUR_FRAME_HOSTS as readonly string[]).includes(parsed.hostname);
  } catch {
    return false;
  }
}

/** A virtual-tour URL safe to link to: https only. */
export function safeTourUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "https:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

/** The first ~160 characters of a text, cut at a word, for meta descriptions. */
export function summarize(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,.;:!?–-]+$/, "");
  return `${atWord || cut}…`;
}

/** Paragraphs of a plain-text description (each line break starts one). */
export function toParagraphs(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
