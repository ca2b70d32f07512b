// The process's outbox worker: every handler the app knows (lead e-mails, password
// reset links), wired to the configured mail transport. Started by server/app.ts
// startServices, stopped by closeServices.
import { PASSWORD_RESET_EMAIL_KIND } from "../auth/password-reset.server";
import { passwordResetEmailHandler } from "../auth/password-reset-email.server";
import { LEAD_EMAIL_KIND, leadEmailHandler } from "../leads/notifications.server";
import { createMailTransport } from "../mail/mailer.server";
import type { Services } from "../services.server";
import { createOutboxWorker, type OutboxWorker } from "./outbox.server";

export async function startOutboxWorker(
  services: Pick<Services, "config" | "database">,
): Promise<OutboxWorker> {
  const transport = createMailTransport(services.config);
  const worker = createOutboxWorker({
    database: services.database,
    handlers: {
      [LEAD_EMAIL_KIND]: leadEmailHandler(services.database.db, transport, services.config.publicUrl),
      [PASSWORD_RESET_EMAIL_KIND]: passwordResetEmailHandler(
        services.database.db,
        transport,
        services.config.publicUrl,
        { secret: services.config.SESSION_SECRET },
      ),
    },
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
