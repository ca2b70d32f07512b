// Saving the agency settings. The data version is bumped in the same transaction, so cached
// public pages show the change on the very next request, on every instance. A new logo or hero
// photo is stored before the transaction (a refused file saves nothing) and the files it
// replaces are deleted after the commit (app/server/settings/brand-images.server.ts).
import { eq, sql } from "drizzle-orm";
import { DEFAULT_BRAND_COLOR } from "../../lib/brand-color";
import { DEFAULT_FINANCING_RATE_BP } from "../../lib/financing-fields";
import { type SettingsInput, SOCIAL_KEYS } from "../../lib/settings-schema";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db } from "../db/client.server";
import { agencySettings, type BrandImage, type SocialLinks } from "../db/schema.server";
import type { Storage } from "../media/storage.server";
import { type BrandImageKind, removeUnusedBrandFiles, storeBrandImage } from "./brand-images.server";

export interface SettingsActor {
  userId: number;
  ip?: string;
  userAgent?: string | null;
}

/** The image files sent with the form (already read, size-checked by the form reader). */
export type BrandUploads = Partial<Record<BrandImageKind, Buffer>>;

async function readRow(db: Db) {
  const [row] = await db.select().from(agencySettings).where(eq(agencySettings.id, 1));
  return row ?? null;
}

/**
 * Saves the form. `brand` is where the logo and hero photo files live: without it (scripts, tests
 * of the texts) the images are left as they are, so none is sent or removed.
 */
export async function updateAgencySettings(
  db: Db,
  input: SettingsInput,
  actor: SettingsActor,
  brand?: { storage: Storage; uploads?: BrandUploads },
): Promise<void> {
  if (!brand) {
    await saveRow(db, { ...input, removeLogo: false, removeHeroPhoto: false }, actor, {});
    return;
  }
  const { storage, uploads = {} } = brand;
  const stored: Partial<Record<BrandImageKind, BrandImage>> = {};
  try {
    // One after the other: two large encodes at once would only compete for the same cores.
    for (const kind of ["logo", "heroPhoto"] as const) {
      const data = uploads[kind];
      if (data) stored[kind] = await storeBrandImage(storage, kind, data);
    }
  } catch (error) {
    // The logo went in but the hero photo was refused: the form saved nothing, so neither stays.
    const row = await readRow(db);
    await removeUnusedBrandFiles(storage, Object.values(stored), [row?.logo, row?.heroPhoto]);
    throw error;
  }

  let replaced: (BrandImage | null)[];
  try {
    replaced = await saveRow(db, input, actor, stored);
  } catch (error) {
    const row = await readRow(db);
    await removeUnusedBrandFiles(storage, Object.values(stored), [row?.logo, row?.heroPhoto]);
    throw error;
  }
  // What the row points to now stays; whatever it pointed to before and no longer does goes.
  const row = await readRow(db);
  await removeUnusedBrandFiles(storage, replaced, [row?.logo, row?.heroPhoto]);
}

/** The row, the data version and the audit line in one transaction; returns the images it replaced. */
async function saveRow(
  db: Db,
  input: SettingsInput,
  actor: SettingsActor,
  stored: Partial<Record<BrandImageKind, BrandImage>>,
): Promise<(BrandImage | null)[]> {
  const socialLinks: SocialLinks = {};
  for (const key of SOCIAL_KEYS) if (input[key]) socialLinks[key] = input[key];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(agencySettings).where(eq(agencySettings.id, 1)).for("update");
    const values = {
      name: input.name,
      creci: input.creci,
      phones: input.phones,
      whatsapp: input.whatsapp,
      email: input.email,
      address: input.address,
      videoChannelUrl: input.videoChannelUrl,
      socialLinks,
      aboutText: input.aboutText,
      privacyText: input.privacyText,
      dpoName: input.dpoName,
      dpoEmail: input.dpoEmail,
      rentalPaymentText: input.rentalPaymentText,
      feedToken: input.feedToken,
      brandColor: input.brandColor ?? before?.brandColor ?? DEFAULT_BRAND_COLOR,
      financingRateBp: input.financingRate ?? before?.financingRateBp ?? DEFAULT_FINANCING_RATE_BP,
      // A new file wins over the box to remove the old one: the owner chose it last.
      logo: stored.logo ?? (input.removeLogo ? null : (before?.logo ?? null)),
      heroPhoto: stored.heroPhoto ?? (input.removeHeroPhoto ? null : (before?.heroPhoto ?? null)),
    };
    await tx
      .insert(agencySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: agencySettings.id, set: { ...values, updatedAt: sql`now()` } });
    await bumpDataVersion(tx);
    const changed = before
      ? (Object.keys(values) as (keyof typeof values)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(values[key]),
        )
      : Object.keys(values);
    await audit(tx, {
      userId: actor.userId,
      action: "settings-updated",
      entity: "agency_settings",
      entityId: 1,
      ip: actor.ip,
      userAgent: actor.userAgent,
      // Field names only: the texts themselves can be long.
      details: { fields: changed },
    });
    return [before?.logo ?? null, before?.heroPhoto ?? null];
  });
}
