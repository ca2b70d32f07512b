// What each portal would reject (erro) or complain about (aviso), listing by listing, before the
// portal's next pull. The rules read the same mapping tables as the feed writers.
import { formatCount } from "../../lib/format";
import type { PropertyField } from "../../lib/property-form";
import { COMODIDADES } from "../../lib/vocabulary";
import type { ListingRow } from "./listing-source.server";
import {
  CHAVESNAMAO_MAX_PHOTOS,
  chavesNaMaoTipo,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  isForRent,
  isForSale,
  isHttpsUrl,
  isYouTubeUrl,
  LAND_TIPOS,
  LISTING_ID_MAX,
  normalizeCep,
  type Portal,
  plainText,
  TITLE_MAX,
  TITLE_MIN,
  unmappedVrsyncComodidades,
  VRSYNC_MIN_IMAGES,
  vrsyncPropertyType,
} from "./mapping.server";

export type Severity = "erro" | "aviso";

/** A field of the listing form, or "fotos" (the photos screen). */
export type ProblemField = PropertyField | "fotos";

export interface PortalProblem {
  code: string;
  severity: Severity;
  portals: Portal[];
  field: ProblemField;
  message: string;
}

const BOTH: Portal[] = ["vrsync", "chavesnamao"];

/** The listing fields the rules read, plus how many photos have a JPEG the portals can take. */
export type ValidatedListing = Pick<
  ListingRow,
  | "referencia"
  | "titulo"
  | "descricao"
  | "tipo"
  | "finalidades"
  | "precoVenda"
  | "precoAluguel"
  | "precoSobConsulta"
  | "areaUtil"
  | "areaTotal"
  | "quartos"
  | "comodidades"
  | "cep"
  | "logradouro"
  | "numero"
  | "bairro"
  | "cidade"
  | "latitude"
  | "longitude"
  | "visibilidadeEndereco"
  | "videoUrl"
  | "tourUrl"
>;

export function validatePortalListing(listing: ValidatedListing, photoCount: number): PortalProblem[] {
  const problems: PortalProblem[] = [];
  const add = (
    code: string,
    severity: Severity,
    field: ProblemField,
    message: string,
    portals: Portal[] = BOTH,
  ) => {
    problems.push({ code, severity, portals, field, message });
  };

  if (listing.referencia.length > LISTING_ID_MAX) {
    add("referencia-longa", "erro", "referencia", `A referência passa de ${LISTING_ID_MAX} caracteres.`, [
      "vrsync",
    ]);
  }

  // Texts
  const title = plainText(listing.titulo);
  if (title.length < TITLE_MIN) {
    add(
      "titulo-curto",
      "erro",
      "titulo",
      `O título tem ${formatCount(title.length, "caractere", "caracteres")}; o portal exige ao menos ${TITLE_MIN}.`,
      ["vrsync"],
    );
  } else if (title.length > TITLE_MAX) {
    add(
      "titulo-longo",
      "aviso",
      "titulo",
      `O título tem ${formatCount(title.length, "caractere", "caracteres")}; será cortado em ${TITLE_MAX}.`,
      ["vrsync"],
    );
  }
  if (/<[^>]+>/.test(listing.titulo)) {
    add("titulo-html", "aviso", "titulo", "O título tem marcação HTML, que será removida.", ["vrsync"]);
  }
  const description = plainText(listing.descricao);
  if (description.length === 0) {
    add("descricao-vazia", "erro", "descricao", "Sem descrição: os portais recusam o anúncio.");
  } else if (description.length < DESCRIPTION_MIN) {
    add(
      "descricao-curta",
      "erro",
      "descricao",
      `A descrição tem ${formatCount(description.length, "caractere", "caracteres")}; o portal exige ao menos ${DESCRIPTION_MIN}.`,
      ["vrsync"],
    );
  } else if (description.length > DESCRIPTION_MAX) {
    add(
      "descricao-longa",
      "aviso",
      "descricao",
      `A descrição tem ${formatCount(description.length, "caractere", "caracteres")}; será cortada em ${DESCRIPTION_MAX.toLocaleString("pt-BR")}.`,
    );
  }

  // Photos
  if (photoCount === 0) {
    // docs/domain.md: VRSync needs at least 5 images; Chaves na Mão's fotos_imovel is optional.
    add("sem-fotos", "erro", "fotos", "Sem fotos: o ZAP/VivaReal recusa o anúncio (exige ao menos 5).", [
      "vrsync",
    ]);
    add(
      "sem-fotos-cnm",
      "aviso",
      "fotos",
      "Sem fotos: o Chaves na Mão publica o anúncio, mas sem nenhuma imagem.",
      ["chavesnamao"],
    );
  } else if (photoCount < VRSYNC_MIN_IMAGES) {
    add(
      "poucas-fotos",
      "erro",
      "fotos",
      `Só ${formatCount(photoCount, "foto", "fotos")}; o ZAP/VivaReal exige ao menos ${VRSYNC_MIN_IMAGES}.`,
      ["vrsync"],
    );
  }
  if (photoCount > CHAVESNAMAO_MAX_PHOTOS) {
    add(
      "fotos-demais",
      "aviso",
      "fotos",
      `${formatCount(photoCount, "foto", "fotos")}: o Chaves na Mão recebe só as ${CHAVESNAMAO_MAX_PHOTOS} primeiras (capa incluída).`,
      ["chavesnamao"],
    );
  }

  // Type and amenities
  if (!vrsyncPropertyType(listing.tipo)) {
    add("tipo-sem-mapa", "erro", "tipo", "O tipo do imóvel não tem equivalente no VRSync.", ["vrsync"]);
  }
  if (!chavesNaMaoTipo(listing.tipo)) {
    add("tipo-sem-mapa-cnm", "erro", "tipo", "O tipo do imóvel não tem equivalente no Chaves na Mão.", [
      "chavesnamao",
    ]);
  }
  const unmapped = unmappedVrsyncComodidades(listing.comodidades);
  if (unmapped.length > 0) {
    const labels = unmapped.map(
      (key) => (COMODIDADES as Record<string, { label: string }>)[key]?.label ?? key,
    );
    add(
      "comodidade-sem-mapa",
      "aviso",
      "comodidades",
      `Sem equivalente no ZAP/VivaReal, não vão no feed: ${labels.join(", ")}. Cite-as na descrição.`,
      ["vrsync"],
    );
  }

  // Prices
  const sale = isForSale(listing.finalidades);
  const rent = isForRent(listing.finalidades);
  if (listing.precoSobConsulta) {
    add(
      "sob-consulta",
      "aviso",
      sale ? "precoVenda" : "precoAluguel",
      "Preço sob consulta: o ZAP/VivaReal pode recusar anúncios sem preço e o Chaves na Mão mostra “consulte”.",
    );
  } else {
    if (sale && !listing.precoVenda) {
      add("sem-preco-venda", "erro", "precoVenda", "Sem preço de venda (e não está marcado Sob consulta).");
    }
    if (rent && !listing.precoAluguel) {
      add(
        "sem-preco-aluguel",
        "erro",
        "precoAluguel",
        "Sem valor do aluguel (e não está marcado Sob consulta).",
      );
    }
  }
  if (listing.finalidades.includes("temporada")) {
    add(
      "temporada-cnm",
      "aviso",
      "periodoAluguel",
      "O Chaves na Mão não tem período de aluguel: a diária de temporada aparece como aluguel.",
      ["chavesnamao"],
    );
  }

  // Areas
  const land = LAND_TIPOS.has(listing.tipo);
  if (land && !listing.areaTotal) {
    add("sem-area-total", "erro", "areaTotal", "Terreno sem área total: o portal exige a área do lote.", [
      "vrsync",
    ]);
  } else if (!land && !listing.areaUtil) {
    add("sem-area-util", "erro", "areaUtil", "Sem área útil: o portal exige a área construída.", ["vrsync"]);
  }

  // Address
  if (!listing.cep) {
    add("sem-cep", "erro", "cep", "Sem CEP: o portal usa o CEP para localizar o imóvel.");
  } else if (!normalizeCep(listing.cep)) {
    add("cep-invalido", "erro", "cep", `CEP “${listing.cep}” inválido: use 8 dígitos, ex.: 57035-000.`);
  }
  if (!listing.bairro.trim()) add("sem-bairro", "erro", "bairro", "Sem bairro: os portais exigem o bairro.");
  if (!listing.cidade.trim()) add("sem-cidade", "erro", "cidade", "Sem cidade: os portais exigem a cidade.");
  if (listing.visibilidadeEndereco !== "bairro" && !listing.logradouro?.trim()) {
    add(
      "sem-logradouro",
      "aviso",
      "logradouro",
      "O endereço está para ser mostrado, mas falta o logradouro: o portal mostrará só o bairro.",
    );
  }
  if (listing.visibilidadeEndereco === "completo" && !listing.numero?.trim()) {
    add(
      "sem-numero",
      "aviso",
      "numero",
      "Endereço completo sem número: informe o número ou mostre só a rua.",
    );
  }
  if (
    listing.visibilidadeEndereco === "completo" &&
    (listing.latitude === null || listing.longitude === null)
  ) {
    add(
      "sem-coordenadas",
      "aviso",
      "latitude",
      "Sem posição no mapa: o portal vai adivinhar pelo endereço. Marque o ponto no mapa.",
    );
  }

  // Media links
  if (listing.videoUrl && !isYouTubeUrl(listing.videoUrl)) {
    add(
      "video-nao-youtube",
      "aviso",
      "videoUrl",
      "O vídeo não é do YouTube: os portais só aceitam YouTube e ele não vai no feed.",
    );
  }
  if (listing.tourUrl && !isHttpsUrl(listing.tourUrl)) {
    add(
      "tour-sem-https",
      "aviso",
      "tourUrl",
      "O tour virtual precisa de um endereço https://; ele não vai no feed.",
    );
  }

  return problems;
}

/** Problems with the agency's own settings, which go in every feed's header and contact. */
export function validateAgencyForPortals(agency: {
  name: string;
  email: string;
  phones: readonly string[];
  whatsapp: string;
}): { severity: Severity; message: string }[] {
  const problems: { severity: Severity; message: string }[] = [];
  if (!agency.email.trim()) {
    problems.push({
      severity: "erro",
      message: "Falta o e-mail da imobiliária: o VRSync exige um e-mail de contato.",
    });
  }
  if (!agency.phones.some((p) => p.trim()) && !agency.whatsapp.trim()) {
    problems.push({
      severity: "aviso",
      message: "Falta um telefone da imobiliária: os interessados não terão como ligar.",
    });
  }
  if (!agency.name.trim()) {
    problems.push({
      severity: "erro",
      message: "Falta o nome da imobiliária (Provider e ContactName do feed).",
    });
  }
  return problems;
}
