// The home page's data: featured, newest and reduced-price cards, quick links by city, the filter's places, the
// agency's structured data and hero photo. Read once per data version: every visitor of the home
// page shares one read until a write (which bumps the version) changes anything.
import { serializeJsonLd } from "../../lib/structured-data";
import { perDataVersionByKey } from "../cache/per-data-version.server";
import { agencyStructuredData } from "../seo/structured-data.server";
import type { Services } from "../services.server";
import { heroPicture } from "../settings/brand.server";
import { getAgencySettings } from "../settings/settings.server";
import {
  listCitiesWithBairros,
  listCityCounts,
  listFeaturedCards,
  listNewestCards,
  listReducedCards,
} from "./public-cards.server";

const FEATURED = 6;
const NEWEST = 6;
const REDUCED = 3;

type HomeServices = Pick<Services, "db" | "storage" | "config">;

async function readHomePage({ db, storage, config }: HomeServices) {
  const [featured, cityCounts, cities, agencyJsonLd, settings] = await Promise.all([
    listFeaturedCards(db, storage, FEATURED),
    listCityCounts(db),
    listCitiesWithBairros(db),
    agencyStructuredData(db, config.publicUrl, storage),
    getAgencySettings(db),
  ]);
  const newest = await listNewestCards(
    db,
    storage,
    NEWEST,
    featured.map((c) => c.referencia),
  );
  const reduced = await listReducedCards(
    db,
    storage,
    REDUCED,
    [...featured, ...newest].map((c) => c.referencia),
  );
  // Serialized once per data version (see JsonLd).
  return {
    featured,
    newest,
    reduced,
    cityCounts,
    cities,
    agencyJsonLd: serializeJsonLd(agencyJsonLd),
    hero: heroPicture(settings.heroPhoto, storage),
  };
}

export type HomePageData = Awaited<ReturnType<typeof readHomePage>>;

const readHomePageMemo = perDataVersionByKey(readHomePage, { maxKeys: 1 });

export function loadHomePage(services: HomeServices): Promise<HomePageData> {
  return readHomePageMemo(services, null);
}
