// How our vocabulary maps to the portals' (docs/domain.md): VRSync for Grupo OLX (ZAP,
// VivaReal, OLX) and the Chaves na Mão format. Pure functions; the feed writers and the
// /admin/portais checks use the same tables, so what the screen promises is what the feed sends.
import {
  COMODIDADES,
  type Comodidade,
  type Finalidade,
  type RentPeriod,
  TIPOS,
  type Tipo,
} from "../../lib/vocabulary";
import type { PhotoVariant } from "../db/schema.server";

export type Portal = "vrsync" | "chavesnamao";
export const PORTAL_NAMES: Record<Portal, string> = {
  vrsync: "ZAP Imóveis, VivaReal e OLX (VRSync)",
  chavesnamao: "Chaves na Mão",
};

// ------------------------------------------------------------------------------------------------
// Types

export const VRSYNC_PROPERTY_TYPES: Record<Tipo, string> = {
  apartamento: "Residential / Apartment",
  casa: "Residential / Home",
  casa_condominio: "Residential / Condo",
  cobertura: "Residential / Penthouse",
  flat: "Residential / Flat",
  kitnet: "Residential / Kitnet",
  loft: "Residential / Loft",
  terreno: "Residential / Land Lot",
  lote_condominio: "Residential / Land Lot",
  chacara: "Residential / Farm Ranch",
  fazenda: "Residential / Agricultural",
  sala_comercial: "Commercial / Office",
  loja: "Commercial / Business",
  galpao: "Commercial / Industrial",
  predio_comercial: "Commercial / Building",
};

export const CHAVESNAMAO_TIPOS: Record<Tipo, string> = {
  apartamento: "Apartamento",
  casa: "Casa",
  casa_condominio: "Casa em Condomínio",
  cobertura: "Cobertura",
  flat: "Flat",
  kitnet: "Kitnet",
  loft: "Loft",
  terreno: "Terreno",
  lote_condominio: "Terreno em Condomínio",
  chacara: "Chácara",
  fazenda: "Fazenda",
  sala_comercial: "Sala Comercial",
  loja: "Loja",
  galpao: "Galpão",
  predio_comercial: "Prédio Comercial",
};

/** Types sold by the lot, where the portal reads LotArea/area_total rather than the built area. */
export const LAND_TIPOS: ReadonlySet<Tipo> = new Set(["terreno", "lote_condominio", "fazenda"]);

export function vrsyncPropertyType(tipo: string): string | null {
  return (VRSYNC_PROPERTY_TYPES as Record<string, string>)[tipo] ?? null;
}

export function chavesNaMaoTipo(tipo: string): string | null {
  return (CHAVESNAMAO_TIPOS as Record<string, string>)[tipo] ?? null;
}

export function vrsyncUsageType(tipo: Tipo): "Residential" | "Commercial" {
  return TIPOS[tipo].usage === "comercial" ? "Commercial" : "Residential";
}

/** Chaves na Mão's finalidade is the usage (RE residencial, CO comercial), not the transaction. */
export function chavesNaMaoFinalidade(tipo: Tipo): "RE" | "CO" {
  return TIPOS[tipo].usage === "comercial" ? "CO" : "RE";
}

// ------------------------------------------------------------------------------------------------
// Transaction and prices

export function isForSale(finalidades: readonly Finalidade[]): boolean {
  return finalidades.includes("venda");
}

export function isForRent(finalidades: readonly Finalidade[]): boolean {
  return finalidades.includes("aluguel") || finalidades.includes("temporada");
}

export function vrsyncTransactionType(
  finalidades: readonly Finalidade[],
): "For Sale" | "For Rent" | "Sale/Rent" {
  const sale = isForSale(finalidades);
  const rent = isForRent(finalidades);
  if (sale && rent) return "Sale/Rent";
  return sale ? "For Sale" : "For Rent";
}

/** Temporada is a short rental: priced per day unless the agency chose per week. */
export function rentPeriodOf(finalidades: readonly Finalidade[], periodo: RentPeriod | null): RentPeriod {
  if (finalidades.includes("temporada") && !finalidades.includes("aluguel")) {
    return periodo === "semanal" ? "semanal" : "diaria";
  }
  return periodo ?? "mensal";
}

export const VRSYNC_RENT_PERIODS: Record<RentPeriod, "Monthly" | "Weekly" | "Daily"> = {
  mensal: "Monthly",
  semanal: "Weekly",
  diaria: "Daily",
};

/** Chaves na Mão wants decimals with a dot: 850000.00 */
export function decimalWithDot(value: number): string {
  return value.toFixed(2);
}

// ------------------------------------------------------------------------------------------------
// Amenities

/**
 * VRSync's Feature values are a closed English list; these are the ones we send. Not mapped,
 * on purpose, because VRSync has no value for them: `pe_na_areia` (beachfront; said in the
 * description instead) and `dependencia_empregada`. /admin/portais warns about them.
 */
export const VRSYNC_FEATURES = [
  "Pool",
  "Gym",
  "Party Room",
  "BBQ",
  "Playground",
  "Concierge 24h",
  "Elevator",
  "Sports Court",
  "Sauna",
  "Gourmet Area",
  "Green space / Park",
  "Cooling",
  "Builtin Wardrobe",
  "Closet",
  "Balcony",
  "Gourmet Balcony",
  "Ocean View",
  "Solar Energy",
  "Service Area",
  "Furnished",
  "Pets Allowed",
] as const;
export type VrsyncFeature = (typeof VRSYNC_FEATURES)[number];

export const VRSYNC_FEATURE_BY_COMODIDADE: Partial<Record<Comodidade, VrsyncFeature>> = {
  piscina: "Pool",
  academia: "Gym",
  salao_festas: "Party Room",
  churrasqueira: "BBQ",
  playground: "Playground",
  portaria_24h: "Concierge 24h",
  elevador: "Elevator",
  quadra: "Sports Court",
  sauna: "Sauna",
  espaco_gourmet: "Gourmet Area",
  area_verde: "Green space / Park",
  ar_condicionado: "Cooling",
  armarios_embutidos: "Builtin Wardrobe",
  closet: "Closet",
  varanda: "Balcony",
  varanda_gourmet: "Gourmet Balcony",
  vista_mar: "Ocean View",
  energia_solar: "Solar Energy",
  area_servico: "Service Area",
};

/** Features for a listing, in the closed list's order, without repeats; unknown amenities dropped. */
export function vrsyncFeatures(listing: {
  comodidades: readonly string[];
  /** null = não informado: no feature, as for "não" (VRSync has no feature for either). */
  mobiliado: boolean | null;
  aceitaPet: boolean | null;
}): VrsyncFeature[] {
  const wanted = new Set<VrsyncFeature>();
  for (const key of listing.comodidades) {
    const feature = VRSYNC_FEATURE_BY_COMODIDADE[key as Comodidade];
    if (feature) wanted.add(feature);
  }
  if (listing.mobiliado) wanted.add("Furnished");
  if (listing.aceitaPet) wanted.add("Pets Allowed");
  return VRSYNC_FEATURES.filter((f) => wanted.has(f));
}

/** Amenities of a listing that VRSync cannot receive (unknown keys included). */
export function unmappedVrsyncComodidades(comodidades: readonly string[]): string[] {
  return comodidades.filter((key) => !VRSYNC_FEATURE_BY_COMODIDADE[key as Comodidade]);
}

/** Chaves na Mão splits amenities as our vocabulary does (área comum / área privativa), by label. */
export function chavesNaMaoAreas(comodidades: readonly string[]): { comum: string[]; privativa: string[] } {
  const comum: string[] = [];
  const privativa: string[] = [];
  for (const key of comodidades) {
    const item = (COMODIDADES as Record<string, { label: string; area: "comum" | "privativa" }>)[key];
    if (!item) continue;
    (item.area === "comum" ? comum : privativa).push(item.label);
  }
  return { comum, privativa };
}

// ------------------------------------------------------------------------------------------------
// Address

export const VRSYNC_DISPLAY_ADDRESS = { completo: "All", rua: "Street", bairro: "Neighborhood" } as const;

/** "57035-000" from any CEP with 8 digits; null otherwise. */
export function normalizeCep(cep: string | null | undefined): string | null {
  const digits = (cep ?? "").replace(/\D/g, "");
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : null;
}

export const STATE_NAMES: Record<string, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AM: "Amazonas",
  AP: "Amapá",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MG: "Minas Gerais",
  MS: "Mato Grosso do Sul",
  MT: "Mato Grosso",
  PA: "Pará",
  PB: "Paraíba",
  PE: "Pernambuco",
  PI: "Piauí",
  PR: "Paraná",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RO: "Rondônia",
  RR: "Roraima",
  RS: "Rio Grande do Sul",
  SC: "Santa Catarina",
  SE: "Sergipe",
  SP: "São Paulo",
  TO: "Tocantins",
};

// ------------------------------------------------------------------------------------------------
// Text

/** Plain text: tags removed, entities of the common kind decoded, whitespace tidied. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/gi, " ")
    .replace(/[ \t\f\v]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Cut at a word boundary so the text fits `max` characters, ending with "…" when cut. */
export function truncateText(value: string, max: number): string {
  if (value.length <= max) return value;
  const room = value.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  const cut = space > max * 0.6 ? room.slice(0, space) : room;
  return `${cut.trimEnd()}…`;
}

export const TITLE_MIN = 10;
export const TITLE_MAX = 100;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 3000;
export const VRSYNC_MIN_IMAGES = 5;
export const CHAVESNAMAO_MAX_PHOTOS = 30;
export const LISTING_ID_MAX = 50;
/** docs/domain.md: the VRSync portal fetches at most 50,000 listings per file. */
export const VRSYNC_MAX_LISTINGS = 50_000;
/** docs/domain.md: VRSync images are JPG of at most 7 MB each (read as 7,000,000 bytes, the stricter). */
export const IMAGE_MAX_BYTES = 7_000_000;

// ------------------------------------------------------------------------------------------------
// Media

/**
 * The largest JPEG variant no wider than 1920 px (the portals' sweet spot), else the smallest
 * JPEG; never one over IMAGE_MAX_BYTES (the portal refuses it), so a photo whose every JPEG is
 * too heavy is left out of the feeds rather than sent to be refused.
 */
export function portalJpeg(variants: readonly PhotoVariant[]): PhotoVariant | null {
  const jpegs = variants
    .filter((v) => v.format === "jpeg" && v.bytes <= IMAGE_MAX_BYTES)
    .sort((a, b) => a.width - b.width);
  return [...jpegs].reverse().find((v) => v.width <= 1920) ?? jpegs[0] ?? null;
}

export function isYouTubeUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const { protocol, hostname } = new URL(url);
    return (
      (protocol === "https:" || protocol === "http:") &&
      /^(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)$/i.test(hostname)
    );
  } catch {
    return false;
  }
}

export function isHttpsUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
