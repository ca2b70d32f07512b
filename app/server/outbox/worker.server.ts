// The process's outbox worker: every handler the app knows (lead notifications, the lead
// distribution's notices, WhatsApp click notices, new captações, password reset links, temporada
// booking confirmations, the daily summaries of next actions, saved-search alerts, visits'
// confirmations and reminders), wired to the configured mail transport; its poll also queues the
// day's summaries. Started by server/app.ts startServices, stopped by closeServices.
import {
  ALERT_CONFIRM_EMAIL_KIND,
  ALERT_DIGEST_EMAIL_KIND,
  alertConfirmEmailHandler,
  alertDigestEmailHandler,
} from "../alerts/digests.server";
import { PASSWORD_RESET_EMAIL_KIND } from "../auth/password-reset.server";
import { passwordResetEmailHandler } from "../auth/password-reset-email.server";
import { CAPTACAO_EMAIL_KIND, captacaoEmailHandler } from "../captacoes/emails.server";
import {
  LEAD_DISTRIBUTION_EMAIL_KIND,
  leadDistributionEmailHandler,
} from "../leads/distribution-emails.server";
import { LEAD_EMAIL_KIND, leadEmailHandler } from "../leads/lead-emails.server";
import {
  enqueueNextActionSummaries,
  NEXT_ACTION_SUMMARY_KIND,
  nextActionSummaryHandler,
} from "../leads/next-action-summary.server";
import { WHATSAPP_CLICK_EMAIL_KIND, whatsappClickEmailHandler } from "../leads/whatsapp.server";
import { logOf } from "../log/logger.server";
import { createMailTransport } from "../mail/mailer.server";
import {
  BOOKING_EMAIL_KIND,
  bookingEmailHandler,
  CANCELLATION_EMAIL_KIND,
  cancellationEmailHandler,
} from "../rentals/booking-email.server";
import type { Services } from "../services.server";
import { VISIT_EMAIL_KIND, visitEmailHandler } from "../visits/visit-emails.server";
import { createOutboxWorker, type OutboxWorker } from "./outbox.server";

/** The summaries' queuing among background jobs (its advisory lock). */
export const NEXT_ACTION_SUMMARY_JOB = "next-action-summaries";

export async function startOutboxWorker(
  services: Pick<Services, "config" | "database" | "log" | "storage">,
): Promise<OutboxWorker> {
  const log = logOf(services);
  const transport = createMailTransport(services.config, { log });
  const worker = createOutboxWorker({
    database: services.database,
    handlers: {
      [LEAD_EMAIL_KIND]: leadEmailHandler(services.database.db, transport, services.config.publicUrl, {
        storage: services.storage,
      }),
      [WHATSAPP_CLICK_EMAIL_KIND]: whatsappClickEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { storage: services.storage },
      ),
      [LEAD_DISTRIBUTION_EMAIL_KIND]: leadDistributionEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { storage: services.storage },
      ),
      [CAPTACAO_EMAIL_KIND]: captacaoEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { storage: services.storage },
      ),
      [BOOKING_EMAIL_KIND]: bookingEmailHandler(services.database.db, transport, services.config.publicUrl, {
        storage: services.storage,
      }),
      [CANCELLATION_EMAIL_KIND]: cancellationEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { storage: services.storage },
      ),
      [PASSWORD_RESET_EMAIL_KIND]: passwordResetEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { secret: services.config.SESSION_SECRET, log, storage: services.storage },
      ),
      [NEXT_ACTION_SUMMARY_KIND]: nextActionSummaryHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { storage: services.storage },
      ),
      [ALERT_CONFIRM_EMAIL_KIND]: alertConfirmEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        {
          storage: services.storage,
        },
      ),
      [ALERT_DIGEST_EMAIL_KIND]: alertDigestEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        {
          storage: services.storage,
        },
      ),
      [VISIT_EMAIL_KIND]: visitEmailHandler(services.database.db, transport, services.config.publicUrl, {
        secret: services.config.SESSION_SECRET,
        storage: services.storage,
      }),
    },
    // One instance at a time queues the day's summaries (each row's key also refuses a second).
    scheduled: (now) =>
      services.database.exclusive(NEXT_ACTION_SUMMARY_JOB, () =>
        enqueueNextActionSummaries(services.database.db, now, services.config.LEAD_SUMMARY_HOUR),
      ),
    log: (message) => log.warn(message),
  });
  await worker.start();
  return {
    ...worker,
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}
