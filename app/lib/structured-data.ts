// schema.org JSON-LD for search engines (pure: runs in loaders, meta and components alike).
// A listing is a RealEstateListing (a web page) whose mainEntity is the place itself and whose
// offers carry the price; the agency is a RealEstateAgent. Nothing here reveals more of the
// address than the listing's visibility level allows.
import {
  type AddressVisibility,
  COMODIDADES,
  type Finalidade,
  type RentPeriod,
  type Status,
  TIPOS,
  type Tipo,
} from "./vocabulary";

export interface JsonLdListing {
  referencia: string;
  titulo: string;
  descricao: string;
  tipo: Tipo;
  finalidades: readonly Finalidade[];
  precoVenda: number | null;
  precoAluguel: number | null;
  periodoAluguel: RentPeriod | null;
  precoSobConsulta: boolean;
  quartos: number;
  suites: number;
  banheiros: number;
  vagas: number;
  areaUtil: number | null;
  areaTotal: number | null;
  cep: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string;
  cidade: string;
  uf: string;
  /** The public point (moved when the address is hidden: location.server.ts), not the true one. */
  latitude: number | null;
  longitude: number | null;
  visibilidadeEndereco: AddressVisibility;
  status: Status;
  publishedAt: Date | string | null;
  updatedAt?: Date | string | null;
  /** Photo URLs (site paths or absolute), the cover first. */
  images: readonly string[];
  /** Amenity keys (COMODIDADES). */
  comodidades?: readonly string[];
}

/** A temporada listing's terms, for its VacationRental (decision 040). */
export interface JsonLdRental {
  maxGuests: number;
  /** The default nightly rate (seasons vary it; the page's quote has the stay's total). */
  defaultRate: number;
  checkInTime: string;
  checkOutTime: string;
}

export interface JsonLdAgency {
  name: string;
  /** "1234-J" or "CRECI 1234-J". */
  creci: string;
  phones: readonly string[];
  email: string;
  /** Free-text street address as the agency typed it. */
  address: string;
  videoChannelUrl: string;
  socialLinks?: Readonly<Record<string, string | undefined>>;
  /** Site path or absolute URL of the logo (default: the site's social image). */
  logo?: string;
}

export type JsonLdObject = { [key: string]: JsonLdValue };
export type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

/** Joins a site path to the public URL; absolute URLs are left alone. */
function absolute(pathOrUrl: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function isoDate(value: Date | string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Drops undefined/null/empty-array members so the output only says what we know. */
function compact(object: Record<string, JsonLdValue | undefined>): JsonLdObject {
  const out: JsonLdObject = {};
  for (const [key, value] of Object.entries(object)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** "+55 82 99999-9999" from any Brazilian number (E.164-like, readable). */
export function internationalPhone(raw: string): string {
  let digits = raw.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 11) return `+55 ${digits.slice(0, 2)} ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `+55 ${digits.slice(0, 2)} ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return raw.trim();
}

/** "1234-J" from "CRECI 1234-J" / "CRECI/AL 1234-J". */
export function creciNumber(creci: string): string {
  return creci.replace(/^\s*creci(\/[a-z]{2})?\s*/i, "").trim();
}

const UNIT_CODES: Record<RentPeriod, { unitCode: string; unitText: string }> = {
  mensal: { unitCode: "MON", unitText: "mês" },
  semanal: { unitCode: "WEE", unitText: "semana" },
  diaria: { unitCode: "DAY", unitText: "diária" },
};

const LAND_TIPOS: ReadonlySet<Tipo> = new Set(["terreno", "lote_condominio", "fazenda"]);
const APARTMENT_TIPOS: ReadonlySet<Tipo> = new Set(["apartamento", "cobertura", "flat", "kitnet", "loft"]);
const HOUSE_TIPOS: ReadonlySet<Tipo> = new Set(["casa", "casa_condominio", "chacara"]);

/** The schema.org type of the place: Apartment, House, Accommodation (commercial) or Place (land). */
export function placeType(tipo: Tipo): "Apartment" | "House" | "Accommodation" | "Place" {
  if (APARTMENT_TIPOS.has(tipo)) return "Apartment";
  if (HOUSE_TIPOS.has(tipo)) return "House";
  if (LAND_TIPOS.has(tipo)) return "Place";
  return "Accommodation";
}

function availability(status: Status): string {
  if (status === "disponivel") return "https://schema.org/InStock";
  if (status === "reservado") return "https://schema.org/LimitedAvailability";
  return "https://schema.org/SoldOut";
}

/** The address at the listing's visibility level: completo → street + number, rua → street, bairro → none. */
function postalAddress(listing: JsonLdListing): JsonLdObject {
  const level = listing.visibilidadeEndereco;
  const street = listing.logradouro?.trim();
  let streetAddress: string | undefined;
  if (street && level === "completo") {
    streetAddress = [street, listing.numero?.trim(), listing.complemento?.trim()].filter(Boolean).join(", ");
  } else if (street && level === "rua") {
    streetAddress = street;
  }
  // A CEP often names a single street segment, so it is as private as the street itself.
  const postalCode = level !== "bairro" && listing.cep ? listing.cep : undefined;
  return compact({
    "@type": "PostalAddress",
    streetAddress,
    postalCode,
    addressLocality: listing.cidade,
    addressRegion: listing.uf,
    addressCountry: "BR",
  });
}

/**
 * The listing's point as its page's map shows it: callers pass the public point
 * (app/server/seo/structured-data.server.ts, publicPoint), moved when the address is hidden.
 */
function geo(listing: JsonLdListing): JsonLdObject | undefined {
  if (listing.latitude === null || listing.longitude === null) return undefined;
  return { "@type": "GeoCoordinates", latitude: listing.latitude, longitude: listing.longitude };
}

function offers(listing: JsonLdListing, seller: JsonLdObject, rental?: JsonLdRental): JsonLdObject[] {
  const base = { availability: availability(listing.status), seller };
  const list: JsonLdObject[] = [];
  const forSale = listing.finalidades.includes("venda");
  const forRent = listing.finalidades.includes("aluguel") || listing.finalidades.includes("temporada");
  if (forSale) {
    const price = !listing.precoSobConsulta && listing.precoVenda ? listing.precoVenda : undefined;
    list.push(
      compact({
        "@type": "Offer",
        businessFunction: "http://purl.org/goodrelations/v1#Sell",
        price,
        priceCurrency: price !== undefined ? "BRL" : undefined,
        ...base,
      }),
    );
  }
  if (forRent) {
    const onlyTemporada = !listing.finalidades.includes("aluguel");
    // A temporada listing with its terms is offered by the night, at its default rate.
    const price =
      rental && onlyTemporada
        ? rental.defaultRate
        : !listing.precoSobConsulta && listing.precoAluguel
          ? listing.precoAluguel
          : undefined;
    const period =
      rental && onlyTemporada ? "diaria" : (listing.periodoAluguel ?? (onlyTemporada ? "diaria" : "mensal"));
    list.push(
      compact({
        "@type": "Offer",
        businessFunction: "http://purl.org/goodrelations/v1#LeaseOut",
        price,
        priceCurrency: price !== undefined ? "BRL" : undefined,
        priceSpecification:
          price !== undefined
            ? { "@type": "UnitPriceSpecification", price, priceCurrency: "BRL", ...UNIT_CODES[period] }
            : undefined,
        ...base,
      }),
    );
  }
  return list;
}

/** The page URL of a listing: /casas/{referencia}. */
export function listingUrl(referencia: string, publicUrl: string): string {
  return absolute(`/casas/${encodeURIComponent(referencia)}`, publicUrl);
}

/**
 * A temporada listing's place (decision 040): a VacationRental (schema.org's, as Google reads
 * holiday rentals) holding the accommodation with its occupancy, bedrooms, bathrooms, size and
 * amenities; check-in and check-out times. Its address and point are the listing's public ones.
 */
function vacationRental(
  listing: JsonLdListing,
  rental: JsonLdRental,
  accommodation: JsonLdObject,
  amenities: readonly string[],
): JsonLdObject {
  const { name, description, address, geo: point, image, containedInPlace, ...rooms } = accommodation;
  return compact({
    "@type": "VacationRental",
    name,
    description,
    identifier: listing.referencia,
    address,
    geo: point,
    containedInPlace,
    image,
    checkinTime: rental.checkInTime,
    checkoutTime: rental.checkOutTime,
    containsPlace: compact({
      ...rooms,
      "@type": accommodation["@type"] === "Place" ? "Accommodation" : accommodation["@type"],
      occupancy: { "@type": "QuantitativeValue", maxValue: rental.maxGuests, unitCode: "C62" },
      amenityFeature: amenities.map((label) => ({
        "@type": "LocationFeatureSpecification",
        name: label,
        value: true,
      })),
    }),
  });
}

export function realEstateListingJsonLd(
  listing: JsonLdListing,
  options: {
    publicUrl: string;
    agency?: Partial<Pick<JsonLdAgency, "name">>;
    /** A temporada listing's terms: its place is described as a VacationRental. */
    rental?: JsonLdRental | null;
  },
): JsonLdObject {
  const { publicUrl, agency } = options;
  const rental = options.rental ?? undefined;
  const url = listingUrl(listing.referencia, publicUrl);
  const images = listing.images.map((src) => absolute(src, publicUrl));
  const type = placeType(listing.tipo);
  const area = listing.areaUtil ?? (type === "Place" ? null : listing.areaTotal);
  // The same @id as the home's RealEstateAgent, so search engines join the two.
  const seller = compact({
    "@type": "RealEstateAgent",
    "@id": `${absolute("/", publicUrl)}#imobiliaria`,
    name: agency?.name,
    url: absolute("/", publicUrl),
  });
  const place = compact({
    "@type": type,
    name: listing.titulo,
    description: listing.descricao || undefined,
    address: postalAddress(listing),
    geo: geo(listing),
    containedInPlace: { "@type": "Place", name: `${listing.bairro}, ${listing.cidade} - ${listing.uf}` },
    floorSize:
      type !== "Place" && area ? { "@type": "QuantitativeValue", value: area, unitCode: "MTK" } : undefined,
    // Land is measured by its lot: schema.org has no lot-size property on Place, so it goes here.
    additionalProperty:
      listing.areaTotal && type === "Place"
        ? [{ "@type": "PropertyValue", name: "Área total", value: listing.areaTotal, unitCode: "MTK" }]
        : undefined,
    numberOfRooms: type !== "Place" && listing.quartos > 0 ? listing.quartos : undefined,
    numberOfBedrooms: type !== "Place" && listing.quartos > 0 ? listing.quartos : undefined,
    numberOfBathroomsTotal: type !== "Place" && listing.banheiros > 0 ? listing.banheiros : undefined,
    image: images,
  });
  return compact({
    "@context": "https://schema.org",
    "@type": "RealEstateListing",
    "@id": `${url}#anuncio`,
    url,
    name: listing.titulo,
    description: listing.descricao ? listing.descricao.slice(0, 5000) : undefined,
    identifier: listing.referencia,
    category: TIPOS[listing.tipo].label,
    datePosted: isoDate(listing.publishedAt),
    dateModified: isoDate(listing.updatedAt),
    image: images,
    mainEntity: rental
      ? vacationRental(
          listing,
          rental,
          place,
          (listing.comodidades ?? []).flatMap((key) =>
            key in COMODIDADES ? [COMODIDADES[key as keyof typeof COMODIDADES].label] : [],
          ),
        )
      : place,
    offers: offers(listing, seller, rental),
  });
}

function isHttpUrl(value: string | undefined): value is string {
  return !!value && /^https?:\/\/\S+$/i.test(value.trim());
}

export function realEstateAgentJsonLd(agency: JsonLdAgency, publicUrl: string): JsonLdObject {
  const home = absolute("/", publicUrl);
  const social = Object.values(agency.socialLinks ?? {}).filter(isHttpUrl);
  const sameAs = [...new Set([agency.videoChannelUrl, ...social].filter(isHttpUrl).map((u) => u.trim()))];
  const phones = agency.phones.filter((p) => p.trim() !== "").map(internationalPhone);
  const creci = creciNumber(agency.creci);
  const logo = absolute(agency.logo ?? "/og-image.jpg", publicUrl);
  return compact({
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${home}#imobiliaria`,
    name: agency.name,
    url: home,
    logo,
    image: logo,
    identifier: creci ? { "@type": "PropertyValue", propertyID: "CRECI", value: creci } : undefined,
    address: agency.address.trim()
      ? {
          "@type": "PostalAddress",
          streetAddress: agency.address.trim(),
          addressRegion: "AL",
          addressCountry: "BR",
        }
      : undefined,
    telephone: phones.length === 0 ? undefined : phones.length === 1 ? phones[0] : phones,
    email: agency.email.trim() || undefined,
    areaServed: { "@type": "State", name: "Alagoas" },
    sameAs,
  });
}

/**
 * JSON for a <script type="application/ld+json">: `<` (and `>`, `&`, U+2028/2029) escaped as
 * \uXXXX so no string in the data can close the script element or open a comment.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
