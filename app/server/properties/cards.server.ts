import { and, eq, inArray } from "drizzle-orm";
import { formatPrice } from "../../lib/format";
import type { PropertyCardData } from "../../lib/property-card";
import { FINALIDADES, RENT_PERIODS, STATUSES, TIPOS } from "../../lib/vocabulary";
import { type Property, type PropertyPhoto, properties } from "../db/schema.server";
import { toPictureData } from "../media/picture.server";
import type { Storage } from "../media/storage.server";
import { priceDropOf } from "./price-drop.server";
import { monthlyTotal, pricePerM2 } from "./price-facts.server";

type PriceFields = Pick<Property, "precoVenda" | "precoAluguel" | "periodoAluguel" | "precoSobConsulta">;

/** The main and secondary price lines: "R$ 850.000", "R$ 3.500/mês", "Sob consulta". */
export function priceLines(p: PriceFields): { price: string; secondaryPrice: string | null } {
  if (p.precoSobConsulta) return { price: "Sob consulta", secondaryPrice: null };
  const rent = p.precoAluguel
    ? `${formatPrice(p.precoAluguel)}/${RENT_PERIODS[p.periodoAluguel ?? "mensal"]}`
    : null;
  if (p.precoVenda) return { price: formatPrice(p.precoVenda), secondaryPrice: rent ? `ou ${rent}` : null };
  return { price: rent ?? "Sob consulta", secondaryPrice: null };
}

/** The columns a card needs (queries can select just these, not the description or search vector). */
export type CardProperty = Pick<
  Property,
  | "referencia"
  | "titulo"
  | "tipo"
  | "finalidades"
  | "precoVenda"
  | "precoAluguel"
  | "periodoAluguel"
  | "precoSobConsulta"
  | "bairro"
  | "cidade"
  | "quartos"
  | "suites"
  | "banheiros"
  | "vagas"
  | "areaUtil"
  | "areaTotal"
  | "condominio"
  | "iptu"
  | "iptuPeriodo"
  | "status"
  | "destaque"
  | "priceSince"
  | "priceDropFrom"
  | "priceDropAt"
>;

/** The columns a card needs, to select (not the description nor the search vector). */
export const cardColumns = {
  id: properties.id,
  referencia: properties.referencia,
  titulo: properties.titulo,
  tipo: properties.tipo,
  finalidades: properties.finalidades,
  precoVenda: properties.precoVenda,
  precoAluguel: properties.precoAluguel,
  periodoAluguel: properties.periodoAluguel,
  precoSobConsulta: properties.precoSobConsulta,
  bairro: properties.bairro,
  cidade: properties.cidade,
  quartos: properties.quartos,
  suites: properties.suites,
  banheiros: properties.banheiros,
  vagas: properties.vagas,
  areaUtil: properties.areaUtil,
  areaTotal: properties.areaTotal,
  condominio: properties.condominio,
  iptu: properties.iptu,
  iptuPeriodo: properties.iptuPeriodo,
  status: properties.status,
  destaque: properties.destaque,
  priceSince: properties.priceSince,
  priceDropFrom: properties.priceDropFrom,
  priceDropAt: properties.priceDropAt,
} as const;

export type CardRow = CardProperty & { id: number };

/** Only published listings are public (search, listing pages, cards). */
export const isPublished = eq(properties.publicacao, "publicado");

/** Published and neither sold nor rented: what the site offers (cards, similar listings, suggestions). */
export const isOnOffer = and(isPublished, inArray(properties.status, ["disponivel", "reservado"]));

export function toCardData(
  property: CardProperty,
  cover: Pick<PropertyPhoto, "altText" | "width" | "height" | "placeholderColor" | "variants"> | null,
  storage: Storage,
  now: Date = new Date(),
): PropertyCardData {
  return {
    referencia: property.referencia,
    url: `/casas/${property.referencia}`,
    titulo: property.titulo,
    tipoLabel: TIPOS[property.tipo].label,
    finalidades: property.finalidades.map((f) => FINALIDADES[f]),
    ...priceLines(property),
    priceDrop: priceDropOf(property, now),
    pricePerM2: pricePerM2(property),
    monthlyTotal: monthlyTotal(property)?.value ?? null,
    bairro: property.bairro,
    cidade: property.cidade,
    quartos: property.quartos,
    suites: property.suites,
    banheiros: property.banheiros,
    vagas: property.vagas,
    area: property.areaUtil ?? property.areaTotal,
    status: property.status,
    statusLabel: STATUSES[property.status],
    destaque: property.destaque,
    cover: cover ? toPictureData(cover, storage) : null,
  };
}
