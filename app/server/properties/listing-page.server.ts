// Loader and action work of the listing page (/casas/:referencia).
import { and, eq } from "drizzle-orm";
import { isbot } from "isbot";
import { creciText } from "../../lib/contact";
import { type FinancingOffer, isSimulationQuery, type SimulationRequest } from "../../lib/financing-fields";
import type { ListingAgent, PublicListing } from "../../lib/listing";
import { listingPath, summarize } from "../../lib/listing";
import { maceioClock } from "../../lib/maceio-time";
import { listingOgImage, type OgImage } from "../../lib/og-image";
import type { PropertyCardData } from "../../lib/property-card";
import { type CalendarMonth, dayNumber } from "../../lib/rental";
import { isStayQuery } from "../../lib/rental-form";
import { searchHref } from "../../lib/search-params";
import { serializeJsonLd } from "../../lib/structured-data";
import { FINALIDADES, TIPOS } from "../../lib/vocabulary";
import { perDataVersionByKey } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { users } from "../db/schema.server";
import { logOf } from "../log/logger.server";
import { toOgListing } from "../og/og-image.server";
import { getRentalTermsRow, type ListingRental, listingCalendar, rentalOf } from "../rentals/rentals.server";
import { type StayAnswer, stayFromUrl } from "../rentals/stay.server";
import { listingStructuredData } from "../seo/structured-data.server";
import type { Services } from "../services.server";
import { LGPD_CONSENT_TEXT } from "../settings/agency-defaults.server";
import { getAgencyBrand, getFinancingRate } from "../settings/settings.server";
import { toCardData } from "./cards.server";
import { financingOffer, simulationFromUrl } from "./financing.server";
import {
  findAnyListing,
  getPublishedListing,
  MAX_REFERENCIA,
  recordView,
  similarListings,
} from "./listing.server";
import { listFeaturedCards, listNewestCards } from "./public-cards.server";
import { toPublicListing } from "./public-listing.server";

const SIMILAR = 4;

type ListingPageServices = Pick<Services, "db" | "storage" | "config" | "viewCounter" | "log">;

/**
 * The listing page as every visitor sees it, read and derived once per referência and data
 * version: every visitor of a listing shares one read until an admin write (which bumps the
 * version) changes anything. The values are shared between requests, so nothing downstream may
 * mutate them.
 */
async function readListingPageNow(
  services: ListingPageServices,
  referencia: string,
): Promise<ListingPageData & { propertyId?: number }> {
  const { db, storage, config } = services;
  const lookup = await getPublishedListing(db, referencia);
  if (lookup?.kind === "redirect") return { kind: "redirect", to: listingPath(lookup.referencia) };
  if (!lookup) return { kind: "not-found", referencia, ...(await suggestionsFor(services, referencia)) };
  const { property, photos } = lookup;
  // For the same finalidade, as the block's "see more" search is (similarHref).
  const similar = await similarListings(db, property, SIMILAR, { sameFinalidade: true });
  const finalidade = property.finalidades[0];
  const brand = await getAgencyBrand(db);
  const rental = rentalOf(property, await getRentalTermsRow(db, property.id));
  return {
    kind: "found",
    propertyId: property.id,
    listing: toPublicListing(property, photos, storage, config.publicUrl),
    agent: await listingAgent(db, property.corretorId),
    financing: financingOffer(property, await getFinancingRate(db)),
    rental,
    similar: similar.map((s) => toCardData(s.property, s.cover, storage)),
    similarHref: searchHref("/todos-os-imoveis", {
      tipo: [property.tipo],
      cidade: property.cidade,
      finalidade,
    }),
    cityHref: searchHref("/todos-os-imoveis", { cidade: property.cidade }),
    description:
      summarize(property.descricao) ||
      `${TIPOS[property.tipo].label} para ${property.finalidades.map((f) => FINALIDADES[f].toLowerCase()).join(" ou ")} em ${property.bairro}, ${property.cidade}.`,
    og: listingOgImage(toOgListing(property, photos, brand.logo), config.publicUrl),
    // Serialized here, once: the page data carries one string instead of a tree of objects.
    jsonLd: serializeJsonLd(
      listingStructuredData(property, photos, storage, {
        publicUrl: config.publicUrl,
        agencyName: brand.name,
        rental,
      }),
    ),
    consentText: LGPD_CONSENT_TEXT,
  };
}
const readListingPageMemo = perDataVersionByKey(readListingPageNow, { maxKeys: 2000 });
// Only plausible referências are kept: a long made-up one is read (and found wanting) each time.
const readListingPage = (services: ListingPageServices, referencia: string) =>
  referencia.length <= MAX_REFERENCIA
    ? readListingPageMemo(services, referencia)
    : readListingPageNow(services, referencia);

type ListingPageData =
  | { kind: "redirect"; to: string }
  | { kind: "not-found"; referencia: string; suggestions: PropertyCardData[]; suggestionsTitle: string }
  | {
      kind: "found";
      listing: PublicListing;
      /** The corretor shown on the page; null = the agency. */
      agent: ListingAgent | null;
      /** The financing simulator's price and first values; null = not a sale listing with a price. */
      financing: FinancingOffer | null;
      /** Temporada rates and rules; null = not a temporada listing with a rate. */
      rental: ListingRental | null;
      similar: PropertyCardData[];
      similarHref: string;
      cityHref: string;
      description: string;
      og: OgImage;
      /** The listing's JSON-LD, serialized for a <script> (serializeJsonLd). */
      jsonLd: string;
      consentText: string;
    };

/**
 * The page's data, and what is answered per request, never memoized: a simulation or a stay's
 * quote sent in its URL, and a temporada listing's calendar from today (decision 037).
 */
export type ListingPageResult =
  | Exclude<ListingPageData, { kind: "found" }>
  | (Extract<ListingPageData, { kind: "found" }> & {
      simulation: SimulationRequest | null;
      calendar: CalendarMonth[] | null;
      stay: StayAnswer | null;
      /** The URL asks for a quote (?estadia=…): this visitor's page, whether or not one is given. */
      stayAsked: boolean;
    });

/**
 * A view is a person opening the page: a GET that is neither a bot, a prefetch nor the
 * revalidation after a form post (the route's shouldRevalidate skips that one).
 */
export function countsAsView(request: Request): boolean {
  if (request.method !== "GET") return false;
  // A simulation sent without JavaScript is the same visitor on the same page.
  const search = new URL(request.url).search;
  if (isSimulationQuery(search) || isStayQuery(search)) return false;
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  if (/prefetch|prerender/i.test(purpose)) return false;
  return !isbot(request.headers.get("user-agent") ?? "");
}

export async function loadListingPage(
  services: ListingPageServices,
  referencia: string,
  request: Request,
): Promise<ListingPageResult> {
  const { propertyId, ...page } = await readListingPage(services, referencia);
  if (page.kind !== "found") return page;
  if (propertyId !== undefined && countsAsView(request)) {
    if (services.viewCounter) services.viewCounter.add(page.listing.referencia);
    else {
      // Fire and forget: a slow counter must never slow the page.
      recordView(services.db, propertyId).catch((error: unknown) => {
        logOf(services).error(
          { err: error, referencia: page.listing.referencia },
          "Visitas: falha ao contar",
        );
      });
    }
  }
  const url = new URL(request.url);
  let calendar: CalendarMonth[] | null = null;
  let stay: StayAnswer | null = null;
  if (page.rental && propertyId !== undefined && !page.listing.closed) {
    const today = maceioClock(new Date()).day;
    stay = await stayFromUrl(services.db, url, propertyId, page.rental, today);
    // A quote's calendar starts at its check-in's month (a real date, less than two years ahead).
    const chegada = stay?.values.chegada ?? "";
    const from =
      !Number.isNaN(dayNumber(chegada)) && dayNumber(chegada) - dayNumber(today) < 730 ? chegada : today;
    calendar = await listingCalendar(services.db, propertyId, today, from);
  }
  return {
    ...page,
    simulation: simulationFromUrl(url, page.financing),
    calendar,
    stay,
    stayAsked: isStayQuery(url.search),
  };
}

/** The listing's corretor when the page may show them: active, with a CRECI (ListingAgent). */
async function listingAgent(db: Db, corretorId: number | null): Promise<ListingAgent | null> {
  if (corretorId === null) return null;
  const [user] = await db
    .select({ name: users.name, creci: users.creci, phone: users.phone })
    .from(users)
    .where(and(eq(users.id, corretorId), eq(users.active, true)));
  const creci = user?.creci?.trim();
  if (!user || !creci) return null;
  return { name: user.name, creci: creciText(creci), whatsapp: user.phone || null };
}

/** Listings like the missing one when we still know it (unpublished), else the featured ones. */
/** What a gone listing's 404 offers instead, headed by what it is. */
async function suggestionsFor(
  services: Pick<Services, "db" | "storage">,
  referencia: string,
): Promise<{ suggestions: PropertyCardData[]; suggestionsTitle: string }> {
  const { db, storage } = services;
  const known = await findAnyListing(db, referencia);
  if (known) {
    const similar = await similarListings(db, known, SIMILAR);
    if (similar.length)
      return {
        suggestions: similar.map((s) => toCardData(s.property, s.cover, storage)),
        suggestionsTitle: "Imóveis parecidos",
      };
  }
  const featured = await listFeaturedCards(db, storage, SIMILAR);
  if (featured.length) return { suggestions: featured, suggestionsTitle: "Imóveis em destaque" };
  return { suggestions: await listNewestCards(db, storage, SIMILAR), suggestionsTitle: "Imóveis recentes" };
}
