// Everything a request needs, created once per process at boot and handed to loaders and
// actions through the React Router load context (never imported as module state).
import type { AlertSweep } from "./alerts/digests.server";
import type { SiteEndpoint } from "./backup/site-endpoint.server";
import { type DataVersionSource, openDataVersionSource } from "./cache/data-version.server";
import type { ViewCounter } from "./cache/hit-views.server";
import type { PendingPhotoPrune } from "./captacoes/pending-photo-prune.server";
import type { Config } from "./config.server";
import { type Database, type Db, openConfiguredDatabase } from "./db/client.server";
import type { LeadSweep } from "./leads/reassign-sweep.server";
import { createLogger, type Logger } from "./log/logger.server";
import { openStorage } from "./media/open-storage.server";
import type { MediaStore } from "./media/storage.server";
import type { OgImagePrune } from "./og/og-image-prune.server";
import type { OutboxWorker } from "./outbox/outbox.server";
import type { PriceDropSweep } from "./properties/price-drop-sweep.server";
import type { IcalSweep } from "./rentals/ical-sync.server";
import { followIndexChanges } from "./search/search-index-sync.server";

/** Work a first start carries on in the background (the demo photos: demo/catalogue-seed.server.ts). */
export interface BackgroundJob {
  /** Settles when the work is finished, when stopped, or on a failure (logged). */
  readonly done: Promise<void>;
  /** Finish the step in hand, start nothing more; resolves once the job has let go. */
  stop(): Promise<void>;
}

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  storage: MediaStore;
  /** The server log (log/logger.server.ts); absent in tests that build their own services. */
  log?: Logger;
  /** The outbox worker sending notifications (set by server/app.ts startServices). */
  outboxWorker?: OutboxWorker;
  /** The lead distribution's periodic sweep (set by server/app.ts startServices). */
  leadSweep?: LeadSweep;
  /** The saved-search alerts' periodic sweep (set by server/app.ts startServices). */
  alertSweep?: AlertSweep;
  /** Imported temporada calendars' periodic fetch (set by server/app.ts startServices). */
  icalSweep?: IcalSweep;
  /** Ends price reductions whose badge time is over (set by server/app.ts startServices). */
  priceDropSweep?: PriceDropSweep;
  /** Deletes share images no listing shows (set by server/app.ts startServices). */
  ogImagePrune?: OgImagePrune;
  /** Deletes owners' pending photos no captação holds (set by server/app.ts startServices). */
  pendingPhotoPrune?: PendingPhotoPrune;
  /**
   * The data version every visible write bumps (page cache, per-version memos). Absent
   * in tests that build their own services: readers then query the database.
   */
  dataVersion?: DataVersionSource;
  /** Stops hearing the search change log's announcements (followIndexChanges; embedded database only). */
  stopFollowingIndexChanges?: () => Promise<void>;
  /** Listing views, written in batches (set by startServices; absent: one write per view). */
  viewCounter?: ViewCounter;
  /** Set when the process is stopping (server.js): /healthz answers 503 while requests finish. */
  draining?: boolean;
  /** The demo catalogue's photos, made after a first start begins answering (demo/catalogue-seed.server.ts). */
  demoPhotos?: BackgroundJob;
  /** `npm run backup` asks the running site for its embedded database here (set by startServices). */
  backupEndpoint?: SiteEndpoint;
}

export async function openServices(config: Config): Promise<Services> {
  const database = await openConfiguredDatabase(config);
  let dataVersion: DataVersionSource | undefined;
  let stopFollowingIndexChanges: (() => Promise<void>) | undefined;
  let storage: MediaStore;
  try {
    await database.migrate();
    dataVersion = await openDataVersionSource(database);
    // Before anything builds the search index (its first search, or server/app.ts at boot).
    stopFollowingIndexChanges = await followIndexChanges(database);
    storage = await openStorage(config);
  } catch (error) {
    await stopFollowingIndexChanges?.();
    await dataVersion?.close();
    await database.close();
    throw error;
  }
  return {
    config,
    database,
    db: database.db,
    storage,
    dataVersion,
    stopFollowingIndexChanges,
    log: createLogger(config),
  };
}

export async function closeServices(services: Services): Promise<void> {
  // A backup in progress finishes its snapshot before the database closes.
  await services.backupEndpoint?.close();
  // The demo photos job writes files and rows: it lets go of them first.
  await services.demoPhotos?.stop();
  // Stop sweeping leads and claiming outbox rows before the database closes.
  await services.leadSweep?.stop();
  await services.alertSweep?.stop();
  await services.icalSweep?.stop();
  await services.priceDropSweep?.stop();
  await services.ogImagePrune?.stop();
  await services.pendingPhotoPrune?.stop();
  await services.outboxWorker?.stop();
  await services.viewCounter?.stop();
  await services.stopFollowingIndexChanges?.();
  await services.dataVersion?.close();
  await services.database.close();
}
