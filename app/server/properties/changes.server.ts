import { bumpDataVersion } from "../cache/data-version.server";
import type { Db, Tx } from "../db/client.server";
import { publishEvent } from "../realtime/events.server";

/**
 * Every write to a listing ends here, inside its transaction: cached public pages are
 * invalidated (data version) and open admin panels hear about it (live event), on commit.
 */
export async function recordListingChange(tx: Db | Tx, propertyId: number): Promise<void> {
  await bumpDataVersion(tx);
  await publishEvent(tx, { type: "property-changed", id: propertyId });
}
