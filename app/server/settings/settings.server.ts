import { eq } from "drizzle-orm";
import { DEFAULT_BRAND_COLOR } from "../../lib/brand-color";
import { DEFAULT_FINANCING_RATE_BP } from "../../lib/financing-fields";
import { SITE_NAME } from "../../lib/meta";
import { perDataVersion } from "../cache/per-data-version.server";
import type { Db } from "../db/client.server";
import { type AgencySettings, agencySettings } from "../db/schema.server";

/**
 * The agency's settings. Every page reads them (header, footer, meta), and only the settings
 * form changes them (bumping the data version): read once per data version.
 */
export const getAgencySettings: (db: Db) => Promise<AgencySettings> = perDataVersion(async (db) => {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
  if (!row) throw new Error("agency_settings ausente: o banco não foi inicializado (seedOnFirstStart)");
  return row;
});

export type AgencyBrand = Pick<AgencySettings, "name" | "brandColor" | "logo" | "heroPhoto">;

/**
 * The agency's name, colour and images, for what dresses itself with them (the e-mails, the
 * listings' social images) and works without them: a database with no settings row yet (a test's,
 * a script's) gets the plain defaults instead of an error.
 */
export const getAgencyBrand: (db: Db) => Promise<AgencyBrand> = perDataVersion(async (db) => {
  const [row] = await db
    .select({
      name: agencySettings.name,
      brandColor: agencySettings.brandColor,
      logo: agencySettings.logo,
      heroPhoto: agencySettings.heroPhoto,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return row ?? { name: SITE_NAME, brandColor: DEFAULT_BRAND_COLOR, logo: null, heroPhoto: null };
});

/**
 * The financing simulator's starting annual rate, in basis points (1150 = 11,5 % a.a.); the
 * default without a settings row, like getAgencyBrand.
 */
export const getFinancingRate: (db: Db) => Promise<number> = perDataVersion(async (db) => {
  const [row] = await db
    .select({ rate: agencySettings.financingRateBp })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1));
  return row?.rate ?? DEFAULT_FINANCING_RATE_BP;
});
