// Saving the agency settings. The data version is bumped in the same transaction, so cached
// public pages show the change on the very next request, on every instance.
import { eq, sql } from "drizzle-orm";
import { type SettingsInput, SOCIAL_KEYS } from "../../lib/settings-schema";
import { audit } from "../audit/audit.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db } from "../db/client.server";
import { agencySettings, type SocialLinks } from "../db/schema.server";

export interface SettingsActor {
  userId: number;
  ip?: string;
  userAgent?: string | null;
}

export async function updateAgencySettings(
  db: Db,
  input: SettingsInput,
  actor: SettingsActor,
): Promise<void> {
  const socialLinks: SocialLinks = {};
  for (const key of SOCIAL_KEYS) if (input[key]) socialLinks[key] = input[key];
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
    feedToken: input.feedToken,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(agencySettings).where(eq(agencySettings.id, 1)).for("update");
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
  });
}
