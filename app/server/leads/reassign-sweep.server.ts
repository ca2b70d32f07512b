// The process's roleta sweep (reassign.server.ts) every LEAD_SWEEP_INTERVAL_SECONDS, started by
// server/app.ts startServices beside the outbox worker and stopped by closeServices. Every app
// instance runs the timer, but a sweep runs in one instance at a time (Database.exclusive: an
// advisory lock on PostgreSQL; the others skip that turn), and a lead is moved once whoever
// sweeps it first (the sweep's own guard).
import { type Logger, logOf } from "../log/logger.server";
import type { Services } from "../services.server";
import { reassignOverdueLeads, type SweepResult } from "./reassign.server";

/** The sweep's name among background jobs (its advisory lock). */
export const LEAD_SWEEP_JOB = "lead-sweep";

export interface LeadSweep {
  /** One sweep now (as the timer does); undefined when another instance or turn was sweeping. */
  sweepNow(): Promise<SweepResult | undefined>;
  stop(): Promise<void>;
}

export function startLeadSweep(
  services: Pick<Services, "config" | "database" | "db" | "log">,
  now: () => Date = () => new Date(),
): LeadSweep {
  const log: Logger = logOf(services);
  let running: Promise<SweepResult | undefined> | undefined;
  const sweepNow = () => {
    if (running) return Promise.resolve(undefined);
    running = services.database
      .exclusive(LEAD_SWEEP_JOB, () => reassignOverdueLeads(services.db, now()))
      .then((outcome) => {
        if (!outcome.ran) return undefined;
        const result = outcome.value;
        if (result.reassigned + result.assigned + result.alerted > 0)
          log.info(result, "Distribuição de leads");
        return result;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, "Distribuição de leads: a varredura falhou");
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const sweep = () => void sweepNow();
  const timer = setInterval(sweep, services.config.LEAD_SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref?.();
  return {
    sweepNow,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
