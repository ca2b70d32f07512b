import { eq } from "drizzle-orm";
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
