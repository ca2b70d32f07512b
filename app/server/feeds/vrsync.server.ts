// The VRSync feed (Grupo OLX: ZAP Imóveis, VivaReal, OLX), per docs/domain.md.
import { count } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import {
  agencyPhone,
  type FeedContext,
  listingPageUrl,
  portalPhotoCount,
  portalPhotos,
} from "./context.server";
import { type ListingWithPhotos, listingBatches, portalEligible } from "./listing-source.server";
import {
  DESCRIPTION_MAX,
  isForRent,
  isForSale,
  isHttpsUrl,
  isYouTubeUrl,
  normalizeCep,
  plainText,
  rentPeriodOf,
  STATE_NAMES,
  TITLE_MAX,
  truncateText,
  VRSYNC_DISPLAY_ADDRESS,
  VRSYNC_MAX_LISTINGS,
  VRSYNC_RENT_PERIODS,
  vrsyncFeatures,
  vrsyncPropertyType,
  vrsyncTransactionType,
  vrsyncUsageType,
} from "./mapping.server";
import { validatePortalListing } from "./validation.server";
import {
  leaf,
  type XmlItemWriter,
  type XmlNode,
  xmlItemsStream,
  xmlSafe,
  xmlSkeleton,
} from "./xml-stream.server";

export const VRSYNC_NAMESPACE = "http://www.vivareal.com/schemas/1.0/VRSync";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
/** Enough for any listing; more only slows the portal's download. */
const MAX_IMAGES = 50;
const BRL = { currency: "BRL" };
const SQUARE_METRES = { unit: "square metres" };

/** xs:dateTime without milliseconds: 2026-03-01T12:00:00Z */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function writeHeader(parent: XmlNode, context: FeedContext): void {
  const header = parent.ele("Header");
  leaf(header, "Provider", context.agency.name);
  leaf(header, "Email", context.agency.email);
  leaf(header, "ContactName", context.agency.name);
  leaf(header, "PublishDate", isoDateTime(context.now));
  leaf(header, "Telephone", agencyPhone(context.agency));
}

function writeMedia(parent: XmlNode, { listing, photos }: ListingWithPhotos, context: FeedContext): void {
  const images = portalPhotos(photos, context).slice(0, MAX_IMAGES);
  const video = isYouTubeUrl(listing.videoUrl) ? listing.videoUrl : null;
  if (images.length === 0 && !video) return;
  const media = parent.ele("Media");
  for (const image of images) {
    const attributes: Record<string, string> = { medium: "image" };
    const caption = xmlSafe(plainText(image.caption).replace(/\s+/g, " "));
    if (caption) attributes.caption = truncateText(caption, 100);
    if (image.primary) attributes.primary = "true";
    leaf(media, "Item", image.url, attributes);
  }
  if (video) leaf(media, "Item", video, { medium: "video" });
}

function writeDetails(parent: XmlNode, { listing }: ListingWithPhotos): void {
  const f = listing.finalidades;
  const priced = !listing.precoSobConsulta;
  const xml = parent.ele("Details");
  leaf(xml, "UsageType", vrsyncUsageType(listing.tipo));
  leaf(xml, "PropertyType", vrsyncPropertyType(listing.tipo));
  leaf(xml, "Description", truncateText(plainText(listing.descricao), DESCRIPTION_MAX));
  if (priced && isForSale(f) && listing.precoVenda)
    leaf(xml, "ListPrice", Math.round(listing.precoVenda), BRL);
  if (priced && isForRent(f) && listing.precoAluguel) {
    const period = VRSYNC_RENT_PERIODS[rentPeriodOf(f, listing.periodoAluguel)];
    leaf(xml, "RentalPrice", Math.round(listing.precoAluguel), { ...BRL, period });
  }
  if (listing.condominio !== null)
    leaf(xml, "PropertyAdministrationFee", Math.round(listing.condominio), BRL);
  if (listing.iptu !== null) {
    leaf(xml, "Iptu", Math.round(listing.iptu), {
      ...BRL,
      period: listing.iptuPeriodo === "mensal" ? "Monthly" : "Yearly",
    });
  }
  if (listing.areaUtil) leaf(xml, "LivingArea", listing.areaUtil, SQUARE_METRES);
  if (listing.areaTotal) leaf(xml, "LotArea", listing.areaTotal, SQUARE_METRES);
  if (listing.quartos > 0) leaf(xml, "Bedrooms", listing.quartos);
  if (listing.banheiros > 0) leaf(xml, "Bathrooms", listing.banheiros);
  if (listing.suites > 0) leaf(xml, "Suites", listing.suites);
  if (listing.vagas > 0) leaf(xml, "Garage", listing.vagas, { type: "Parking Space" });
  if (listing.andar !== null) leaf(xml, "UnitFloor", listing.andar);
  if (listing.anoConstrucao !== null) leaf(xml, "YearBuilt", listing.anoConstrucao);
  const features = vrsyncFeatures(listing);
  if (features.length > 0) {
    const list = xml.ele("Features");
    for (const feature of features) leaf(list, "Feature", feature);
  }
}

/**
 * The address goes out only as far as the agency chose to show it: the portal displays what
 * displayAddress says, and what we never send cannot leak. The CEP is required by the portal.
 */
function writeLocation(parent: XmlNode, { listing }: ListingWithPhotos): void {
  const level = listing.visibilidadeEndereco;
  const uf = listing.uf.toUpperCase();
  const xml = parent.ele("Location", { displayAddress: VRSYNC_DISPLAY_ADDRESS[level] });
  leaf(xml, "Country", "Brasil", { abbreviation: "BR" });
  leaf(xml, "State", STATE_NAMES[uf] ?? uf, { abbreviation: uf });
  leaf(xml, "City", listing.cidade);
  leaf(xml, "Neighborhood", listing.bairro);
  if (level !== "bairro") leaf(xml, "Address", listing.logradouro?.trim());
  if (level === "completo") {
    leaf(xml, "StreetNumber", listing.numero?.trim());
    leaf(xml, "Complement", listing.complemento?.trim());
  }
  leaf(xml, "PostalCode", normalizeCep(listing.cep));
  if (level === "completo" && listing.latitude !== null && listing.longitude !== null) {
    leaf(xml, "Latitude", listing.latitude);
    leaf(xml, "Longitude", listing.longitude);
  }
}

function writeContact(parent: XmlNode, context: FeedContext): void {
  const contact = parent.ele("ContactInfo");
  leaf(contact, "Name", context.agency.name);
  leaf(contact, "Email", context.agency.email);
  leaf(contact, "Website", `${context.publicUrl}/`);
  leaf(contact, "Telephone", agencyPhone(context.agency));
  leaf(contact, "OfficeName", context.agency.name);
}

/** One <Listing> under `parent`. */
export function buildVrsyncListing(parent: XmlNode, item: ListingWithPhotos, context: FeedContext): XmlNode {
  const { listing } = item;
  const xml = parent.ele("Listing");
  leaf(xml, "ListingID", listing.referencia);
  leaf(xml, "Title", truncateText(plainText(listing.titulo), TITLE_MAX));
  leaf(xml, "TransactionType", vrsyncTransactionType(listing.finalidades));
  leaf(xml, "PublicationType", listing.destaque ? "PREMIUM" : "STANDARD");
  leaf(xml, "DetailViewUrl", listingPageUrl(listing.referencia, context.publicUrl));
  if (isHttpsUrl(listing.tourUrl)) leaf(xml, "VirtualTourLink", listing.tourUrl);
  writeMedia(xml, item, context);
  writeDetails(xml, item);
  writeLocation(xml, item);
  writeContact(xml, context);
  return xml;
}

/** Everything around the listings: declaration, root in the VRSync namespace, header. */
export function vrsyncSkeleton(context: FeedContext): { head: string; tail: string } {
  return xmlSkeleton((doc) => {
    const root = doc
      .ele(VRSYNC_NAMESPACE, "ListingDataFeed")
      .att("xmlns:xsi", XSI)
      .att(XSI, "xsi:schemaLocation", `${VRSYNC_NAMESPACE} http://xml.vivareal.com/vrsync.xsd`);
    writeHeader(root, context);
    return root.ele("Listings");
  });
}

export function renderVrsyncListing(
  writer: XmlItemWriter,
  item: ListingWithPhotos,
  context: FeedContext,
): string {
  return writer.render((parent) => buildVrsyncListing(parent, item, context));
}

/** Would the VRSync portal refuse this listing (an "erro" for it on /admin/portais)? */
export function refusedByVrsync({ listing, photos }: ListingWithPhotos): boolean {
  return validatePortalListing(listing, portalPhotoCount(photos)).some(
    (p) => p.severity === "erro" && p.portals.includes("vrsync"),
  );
}

/**
 * The listings of the VRSync file, in batches. docs/domain.md: the portal fetches at most 50,000
 * listings per file. Under the cap, every eligible listing goes, in id order; a listing the
 * portal would refuse still goes (it refuses that one alone, and /admin/portais shows why).
 * Over the cap the places are handed out in two passes: first the listings the portal accepts,
 * then those it would refuse anyway; within each pass destaques first, then the most recently
 * updated (listingBatches' "priority" order). The rest wait, reported on /admin/portais.
 */
export async function* vrsyncListings(
  db: Db,
  max = VRSYNC_MAX_LISTINGS,
): AsyncGenerator<ListingWithPhotos[]> {
  const [row] = await db.select({ total: count() }).from(properties).where(portalEligible);
  if ((row?.total ?? 0) <= max) {
    yield* listingBatches(db, portalEligible);
    return;
  }
  let left = max;
  for (const refused of [false, true]) {
    for await (const batch of listingBatches(db, portalEligible, { order: "priority" })) {
      const kept = batch.filter((item) => refusedByVrsync(item) === refused).slice(0, left);
      left -= kept.length;
      if (kept.length > 0) yield kept;
      if (left === 0) return;
    }
  }
}

/** The ids in the VRSync file when the cap leaves some listings out, else null (all go). */
export async function vrsyncFileIds(db: Db, max = VRSYNC_MAX_LISTINGS): Promise<Set<number> | null> {
  const [row] = await db.select({ total: count() }).from(properties).where(portalEligible);
  if ((row?.total ?? 0) <= max) return null;
  // At most `max` numbers (50,000 × 8 bytes): the listings themselves are never held.
  const ids = new Set<number>();
  for await (const batch of vrsyncListings(db, max)) for (const item of batch) ids.add(item.listing.id);
  return ids;
}

export function vrsyncFeedStream(
  db: Db,
  context: FeedContext,
  max = VRSYNC_MAX_LISTINGS,
): ReadableStream<Uint8Array> {
  return xmlItemsStream(vrsyncSkeleton(context), vrsyncListings(db, max), (writer, item) =>
    renderVrsyncListing(writer, item, context),
  );
}
