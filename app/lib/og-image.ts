// The per-listing social image (og:image): a 1200×630 JPEG made from the cover with the price and
// place in a bottom band. Its URL carries a version derived from everything drawn on it, so a
// new cover or price gives a new URL (WhatsApp and Facebook cache previews by URL).
import { formatPrice } from "./format";
import { type Finalidade, RENT_PERIODS, type RentPeriod, TIPOS, type Tipo } from "./vocabulary";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
/** Bump when the drawing changes: every image gets a new URL and is drawn again. */
export const OG_TEMPLATE_VERSION = 1;

export interface OgListing {
  referencia: string;
  titulo: string;
  tipo: Tipo;
  finalidades: readonly Finalidade[];
  precoVenda: number | null;
  precoAluguel: number | null;
  periodoAluguel: RentPeriod | null;
  precoSobConsulta: boolean;
  bairro: string;
  cidade: string;
  /** Content hash of the cover photo (property_photos.hash), null without photos. */
  coverHash: string | null;
  /** Content hash of the agency's logo, drawn in the band's corner; null/absent without one. */
  logoHash?: string | null;
}

export interface OgImage {
  url: string;
  width: typeof OG_IMAGE_WIDTH;
  height: typeof OG_IMAGE_HEIGHT;
  alt: string;
}

/** The price line drawn on the image: "R$ 850.000", "R$ 3.500/mês", "Sob consulta". */
export function ogPriceText(listing: OgListing): string {
  if (listing.precoSobConsulta) return "Sob consulta";
  const forSale = listing.finalidades.includes("venda");
  const period: RentPeriod =
    listing.periodoAluguel ?? (listing.finalidades.includes("aluguel") ? "mensal" : "diaria");
  const rent = listing.precoAluguel ? `${formatPrice(listing.precoAluguel)}/${RENT_PERIODS[period]}` : null;
  if (forSale && listing.precoVenda) return formatPrice(listing.precoVenda);
  return rent ?? "Sob consulta";
}

/** "Apartamento · Ponta Verde, Maceió" */
export function ogPlaceText(listing: OgListing): string {
  return `${TIPOS[listing.tipo].label} · ${listing.bairro}, ${listing.cidade}`;
}

/** cyrb53: a fast 53-bit string hash, plenty to tell image versions apart. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** Version of the image: the same inputs always give the same value (also the storage key). */
export function ogImageVersion(listing: OgListing): string {
  // The title is drawn (so it counts) only on listings without a cover.
  const drawn: unknown[] = [
    OG_TEMPLATE_VERSION,
    listing.coverHash,
    ogPriceText(listing),
    ogPlaceText(listing),
    listing.coverHash ? null : listing.titulo,
  ];
  // Only when there is a logo: the images of an agency without one keep the URLs they had.
  if (listing.logoHash) drawn.push(listing.logoHash);
  return hash53(JSON.stringify(drawn));
}

/** The path of a listing's social image, versioned: /og/AP0042.jpg?v=… */
export function ogImagePath(listing: OgListing): string {
  return `/og/${encodeURIComponent(listing.referencia)}.jpg?v=${ogImageVersion(listing)}`;
}

/** What the listing page puts in og:image, og:image:width/height and og:image:alt. */
export function listingOgImage(listing: OgListing, publicUrl: string): OgImage {
  return {
    url: `${publicUrl.replace(/\/+$/, "")}${ogImagePath(listing)}`,
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    alt: `${listing.titulo} — ${ogPriceText(listing)}, ${listing.bairro}, ${listing.cidade}`,
  };
}
