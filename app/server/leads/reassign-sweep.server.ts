// The process's roleta sweep (reassign.server.ts) every LEAD_SWEEP_INTERVAL_SECONDS, started by
// server/app.ts startServices beside the outbox worker and stopped by closeServices. Every app
// instance runs one: a lead is moved once whoever sweeps it first (the sweep's own guard).
import { type Logger, logOf } from "../log/logger.server";
import type { Services } from "../services.server";
import { reassignOverdueLeads } from "./reassign.server";

export interface LeadSweep {
  stop(): Promise<void>;
}

export function startLeadSweep(
  services: Pick<Services, "config" | "db" | "log">,
  now: () => Date = () => new Date(),
): LeadSweep {
  const log: Logger = logOf(services);
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = reassignOverdueLeads(services.db, now())
      .then((result) => {
        if (result.reassigned + result.assigned + result.alerted > 0)
          log.info(result, "Distribuição de leads");
      })
      .catch((error: unknown) => log.error({ err: error }, "Distribuição de leads: a varredura falhou"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, services.config.LEAD_SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref?.();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
