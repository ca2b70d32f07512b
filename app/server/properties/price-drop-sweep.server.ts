// A reduction's badge goes when its PRICE_DROP_SHOWN_DAYS are over (decision 047). The cards and
// the listing page are computed once per data version (per-data-version.server.ts, the search
// index, the page cache), so time passing alone would leave a badge up until the next write: this
// sweep ends the reductions whose time is over, in the database, and bumps the data version with
// them, so every instance drops the badge within PRICE_DROP_SWEEP_SECONDS of its end.
// Started by server/app.ts startServices; one instance at a time sweeps (background-jobs.server.ts).
import { and, isNotNull, lt } from "drizzle-orm";
import { type ExclusiveSweep, startExclusiveSweep } from "../background-jobs.server";
import { bumpDataVersion } from "../cache/data-version.server";
import type { Db } from "../db/client.server";
import { properties } from "../db/schema.server";
import type { Services } from "../services.server";
import { PRICE_DROP_SHOWN_DAYS } from "./price-drop.server";

/** The sweep's name among background jobs (its advisory lock). */
export const PRICE_DROP_SWEEP_JOB = "price-drop-sweep";
/** How late, at most, a badge goes after its last day (one cheap UPDATE per turn). */
export const PRICE_DROP_SWEEP_SECONDS = 600;
const DAY = 86_400_000;

export type PriceDropSweep = ExclusiveSweep<{ ended: number }>;

/** Ends every reduction shown longer than PRICE_DROP_SHOWN_DAYS; one data version for them all. */
export async function endExpiredPriceDrops(db: Db, now: Date): Promise<{ ended: number }> {
  const shownSince = new Date(now.getTime() - PRICE_DROP_SHOWN_DAYS * DAY);
  return db.transaction(async (tx) => {
    // updated_at stays: the listing was not edited (the sitemap's lastmod, "atualizado em").
    const ended = await tx
      .update(properties)
      .set({ priceDropFrom: null, priceDropAt: null })
      .where(and(isNotNull(properties.priceDropAt), lt(properties.priceDropAt, shownSince)))
      .returning({ id: properties.id });
    if (ended.length) await bumpDataVersion(tx);
    return { ended: ended.length };
  });
}

export function startPriceDropSweep(
  services: Pick<Services, "database" | "db" | "log">,
  now: () => Date = () => new Date(),
): PriceDropSweep {
  return startExclusiveSweep(services, {
    job: PRICE_DROP_SWEEP_JOB,
    everySeconds: PRICE_DROP_SWEEP_SECONDS,
    run: () => endExpiredPriceDrops(services.db, now()),
    label: "Reduções de preço encerradas",
    worthLogging: (result) => result.ended > 0,
  });
}
