// The process's roleta sweep (reassign.server.ts) every LEAD_SWEEP_INTERVAL_SECONDS, started by
// server/app.ts startServices beside the outbox worker and stopped by closeServices. Every app
// instance runs the timer, but a sweep runs in one instance at a time (Database.exclusive: an
// advisory lock on PostgreSQL; the others skip that turn: app/server/background-jobs.server.ts),
// and a lead is moved once whoever sweeps it first (the sweep's own guard).
import { type ExclusiveSweep, startExclusiveSweep } from "../background-jobs.server";
import type { Services } from "../services.server";
import { reassignOverdueLeads, type SweepResult } from "./reassign.server";

/** The sweep's name among background jobs (its advisory lock). */
export const LEAD_SWEEP_JOB = "lead-sweep";

export type LeadSweep = ExclusiveSweep<SweepResult>;

export function startLeadSweep(
  services: Pick<Services, "config" | "database" | "db" | "log">,
  now: () => Date = () => new Date(),
): LeadSweep {
  return startExclusiveSweep(services, {
    job: LEAD_SWEEP_JOB,
    everySeconds: services.config.LEAD_SWEEP_INTERVAL_SECONDS,
    run: () => reassignOverdueLeads(services.db, now()),
    label: "Distribuição de leads",
    worthLogging: (result) => result.reassigned + result.assigned + result.alerted > 0,
  });
}
