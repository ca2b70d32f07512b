// The Chaves na Mão feed (<Document><imoveis><imovel>), per docs/domain.md.
import type { Db } from "../db/client.server";
import { type FeedContext, portalPhotos } from "./context.server";
import { type ListingWithPhotos, listingBatches, portalEligible } from "./listing-source.server";
import {
  CHAVESNAMAO_MAX_PHOTOS,
  chavesNaMaoAreas,
  chavesNaMaoFinalidade,
  chavesNaMaoTipo,
  DESCRIPTION_MAX,
  decimalWithDot,
  isForRent,
  isForSale,
  isHttpsUrl,
  isYouTubeUrl,
  normalizeCep,
  plainText,
  truncateText,
} from "./mapping.server";
import { leaf, type XmlNode, xmlItemsStream, xmlSkeleton } from "./xml-stream.server";

/** "2026-03-01 09:00:00" in Maceió time (UTC−3 all year: Alagoas has no daylight saving). */
export function localDateTime(date: Date): string {
  return new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

const flag = (value: boolean) => (value ? "1" : "0");

/** IPTU as a yearly amount (a monthly IPTU times 12), the way the portal shows it. */
function yearlyIptu(iptu: number, periodo: "anual" | "mensal"): number {
  return periodo === "mensal" ? iptu * 12 : iptu;
}

/** One <imovel> under `parent`. */
export function buildChavesNaMaoListing(
  parent: XmlNode,
  item: ListingWithPhotos,
  context: FeedContext,
): XmlNode {
  const { listing } = item;
  const f = listing.finalidades;
  const sale = isForSale(f);
  const rent = isForRent(f);
  const priced = !listing.precoSobConsulta;
  const salePrice = priced && sale ? (listing.precoVenda ?? 0) : 0;
  const rentPrice = priced && rent ? (listing.precoAluguel ?? 0) : 0;
  const level = listing.visibilidadeEndereco;

  const xml = parent.ele("imovel");
  leaf(xml, "referencia", listing.referencia);
  // Sale-and-rent listings go as V with the rent in valor_locacao; temporada is a rental (L).
  leaf(xml, "transacao", sale ? "V" : "L");
  leaf(xml, "finalidade", chavesNaMaoFinalidade(listing.tipo));
  leaf(xml, "destaque", flag(listing.destaque));
  leaf(xml, "tipo", chavesNaMaoTipo(listing.tipo));
  // Sob consulta goes as 0.00, which the portal shows as "consulte".
  leaf(xml, "valor", decimalWithDot(sale ? salePrice : rentPrice));
  if (sale && rentPrice > 0) leaf(xml, "valor_locacao", decimalWithDot(rentPrice));
  if (listing.iptu !== null)
    leaf(xml, "valor_iptu", decimalWithDot(yearlyIptu(listing.iptu, listing.iptuPeriodo)));
  if (listing.condominio !== null) leaf(xml, "valor_condominio", decimalWithDot(listing.condominio));
  if (listing.areaTotal) leaf(xml, "area_total", listing.areaTotal);
  if (listing.areaUtil) leaf(xml, "area_util", listing.areaUtil);
  leaf(xml, "quartos", listing.quartos);
  leaf(xml, "suites", listing.suites);
  leaf(xml, "garagem", listing.vagas);
  leaf(xml, "banheiro", listing.banheiros);
  leaf(xml, "estado", listing.uf.toUpperCase());
  leaf(xml, "cidade", listing.cidade);
  leaf(xml, "bairro", listing.bairro);
  leaf(xml, "cep", normalizeCep(listing.cep));
  // As in the VRSync feed, what the agency hides is never sent.
  if (level !== "bairro") leaf(xml, "endereco", listing.logradouro?.trim());
  if (level === "completo") {
    leaf(xml, "numero", listing.numero?.trim());
    leaf(xml, "complemento", listing.complemento?.trim());
    if (listing.latitude !== null && listing.longitude !== null) {
      leaf(xml, "latitude", listing.latitude);
      leaf(xml, "longitude", listing.longitude);
    }
  }
  leaf(xml, "descritivo", truncateText(plainText(listing.descricao), DESCRIPTION_MAX));
  const photos = portalPhotos(item.photos, context).slice(0, CHAVESNAMAO_MAX_PHOTOS);
  if (photos.length > 0) {
    const list = xml.ele("fotos_imovel");
    for (const photo of photos) {
      const foto = list.ele("foto");
      leaf(foto, "url", photo.url);
      leaf(foto, "data_atualizacao", localDateTime(photo.updatedAt));
    }
  }
  if (isYouTubeUrl(listing.videoUrl)) leaf(xml, "video", listing.videoUrl);
  if (isHttpsUrl(listing.tourUrl)) leaf(xml, "tour_360", listing.tourUrl);
  const areas = chavesNaMaoAreas(listing.comodidades);
  for (const [name, items] of [
    ["area_comum", areas.comum],
    ["area_privativa", areas.privativa],
  ] as const) {
    if (items.length === 0) continue;
    const area = xml.ele(name);
    for (const label of items) leaf(area, "item", label);
  }
  // Optional in the format: left out when the agent did not say (null), never sent as a "no".
  if (listing.aceitaPet !== null) leaf(xml, "aceita_pet", flag(listing.aceitaPet));
  // Street-level listings send the street without the number, so only bairro needs hiding.
  leaf(xml, "esconder_endereco_imovel", flag(level === "bairro"));
  return xml;
}

const SKELETON = xmlSkeleton((doc) => doc.ele("Document").ele("imoveis"));

export function chavesNaMaoFeedStream(db: Db, context: FeedContext): ReadableStream<Uint8Array> {
  return xmlItemsStream(SKELETON, listingBatches(db, portalEligible), (writer, item) =>
    writer.render((parent) => buildChavesNaMaoListing(parent, item, context)),
  );
}
