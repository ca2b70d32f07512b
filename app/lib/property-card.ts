import type { PictureData } from "./photos";

/** Everything a listing card shows (home, search, favourites, similar listings). */
export interface PropertyCardData {
  referencia: string;
  url: string;
  titulo: string;
  tipoLabel: string;
  finalidades: string[];
  /** Main price line already formatted, e.g. "R$ 850.000" or "R$ 3.500/mês" or "Sob consulta". */
  price: string;
  /** A second price line for sale + rent listings, e.g. "ou R$ 4.000/mês". */
  secondaryPrice: string | null;
  /** The main price went down lately: from what, by how much (app/server/properties/price-drop.server.ts). */
  priceDrop: { from: string; percent: number; at: string } | null;
  /** The sale price per m², e.g. "R$ 8.500/m²" (app/server/properties/price-facts.server.ts). */
  pricePerM2: string | null;
  /** A monthly rent with its fees, e.g. "R$ 4.250/mês". */
  monthlyTotal: string | null;
  bairro: string;
  cidade: string;
  quartos: number;
  suites: number;
  banheiros: number;
  vagas: number;
  area: number | null;
  status: "disponivel" | "reservado" | "vendido" | "alugado";
  statusLabel: string;
  destaque: boolean;
  cover: PictureData | null;
  /** A search by dates: the stay's total, "R$ 9.000 por 7 noites" (decision 040). */
  stayTotal?: string;
}

/** A card with what the side-by-side comparison adds (favourites, a shared list): the fees. */
export interface ComparedCardData extends PropertyCardData {
  /** "R$ 650/mês", "Isento", or null when not informed. */
  condominio: string | null;
  /** "R$ 1.200/ano", "R$ 100/mês", "Isento", or null. */
  iptu: string | null;
}
