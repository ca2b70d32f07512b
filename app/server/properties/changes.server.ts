import { bumpDataVersion } from "../cache/data-version.server";
import type { Db, Tx } from "../db/client.server";
import { agentsOf, publishEvent } from "../realtime/events.server";

/**
 * Every write to a property ends here, inside its transaction: cached public pages are
 * invalidated (data version) and open admin panels hear about it (live event), on commit.
 * `corretorIds` are the property's agent before and after the change: besides the admins, only
 * they hear of it (a corretor manages only their own properties).
 */
export async function recordListingChange(
  tx: Db | Tx,
  propertyId: number,
  corretorIds: (number | null)[],
): Promise<void> {
  await bumpDataVersion(tx);
  await publishEvent(tx, { type: "property-changed", id: propertyId, agentIds: agentsOf(...corretorIds) });
}
