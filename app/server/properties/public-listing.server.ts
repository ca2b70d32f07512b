// Shapes a published listing for its public page: only what a visitor may see, formatted.
import { formatPrice } from "../../lib/format";
import {
  type PublicListing,
  type PublicPrices,
  safeTourUrl,
  toParagraphs,
  youtubeId,
} from "../../lib/listing";
import { COMODIDADES, FINALIDADES, RENT_PERIODS, STATUSES, TIPOS } from "../../lib/vocabulary";
import type { Property, PropertyPhoto } from "../db/schema.server";
import { toPictureData } from "../media/picture.server";
import type { Storage } from "../media/storage.server";
import { publicAddress, publicLocation } from "./location.server";
import { priceDropOf } from "./price-drop.server";
import { feeLines, monthlyTotal, pricePerM2 } from "./price-facts.server";

export function publicPrices(p: Property): PublicPrices {
  const rent = p.precoAluguel
    ? `${formatPrice(p.precoAluguel)}/${RENT_PERIODS[p.periodoAluguel ?? "mensal"]}`
    : null;
  return {
    sobConsulta: p.precoSobConsulta,
    venda: p.precoSobConsulta || !p.precoVenda ? null : formatPrice(p.precoVenda),
    aluguel: p.precoSobConsulta ? null : rent,
    aluguelLabel:
      p.finalidades.includes("temporada") && !p.finalidades.includes("aluguel") ? "Temporada" : "Aluguel",
    ...feeLines(p),
    porM2: pricePerM2(p),
    totalMensal: monthlyTotal(p),
    priceDrop: priceDropOf(p),
  };
}

export function toPublicListing(
  property: Property,
  photos: PropertyPhoto[],
  storage: Storage,
  publicUrl: string,
): PublicListing {
  const comodidades: PublicListing["comodidades"] = { comum: [], privativa: [] };
  for (const key of property.comodidades) {
    const item = COMODIDADES[key as keyof typeof COMODIDADES];
    if (item) comodidades[item.area].push(item.label);
  }
  return {
    referencia: property.referencia,
    titulo: property.titulo,
    tipoLabel: TIPOS[property.tipo].label,
    finalidadeLabels: property.finalidades.map((f) => FINALIDADES[f]),
    status: property.status,
    statusLabel: STATUSES[property.status],
    closed: property.status === "vendido" || property.status === "alugado",
    destaque: property.destaque,
    prices: publicPrices(property),
    quartos: property.quartos,
    suites: property.suites,
    banheiros: property.banheiros,
    vagas: property.vagas,
    areaUtil: property.areaUtil,
    areaTotal: property.areaTotal,
    andar: property.andar,
    anoConstrucao: property.anoConstrucao,
    mobiliado: property.mobiliado,
    aceitaPet: property.aceitaPet,
    comodidades,
    paragraphs: toParagraphs(property.descricao),
    bairro: property.bairro,
    cidade: property.cidade,
    address: publicAddress(property),
    location: publicLocation(property),
    youtubeId: youtubeId(property.videoUrl),
    tourUrl: safeTourUrl(property.tourUrl),
    photos: photos.map((photo) => toPictureData(photo, storage)),
    url: `${publicUrl.replace(/\/+$/, "")}/casas/${encodeURIComponent(property.referencia)}`,
  };
}
