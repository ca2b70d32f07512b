// A sweep every app process starts on a timer (server/app.ts startServices) and that runs in one
// instance at a time (decision 041): each turn takes the job's lock through Database.exclusive, and
// an instance that finds it taken skips that turn. Shared by the lead sweep
// (leads/reassign-sweep.server.ts) and the saved-search alert sweep (alerts/digests.server.ts).
import { type Logger, logOf } from "./log/logger.server";
import type { Services } from "./services.server";

export interface ExclusiveSweep<T> {
  /** One sweep now (as the timer does); undefined when another instance or turn was sweeping. */
  sweepNow(): Promise<T | undefined>;
  /** Stops the timer and waits for a sweep under way. */
  stop(): Promise<void>;
}

export function startExclusiveSweep<T>(
  services: Pick<Services, "database" | "log">,
  sweep: {
    /** The job's name among background jobs (its advisory lock). */
    job: string;
    everySeconds: number;
    /** A first turn this soon after the start (default: none before everySeconds). */
    firstAfterSeconds?: number;
    run: () => Promise<T>;
    /** What the log calls the sweep ("Alertas de busca"). */
    label: string;
    /** Whether a turn's result is worth a log line (it did something). */
    worthLogging: (result: T) => boolean;
  },
): ExclusiveSweep<T> {
  const log: Logger = logOf(services);
  let running: Promise<T | undefined> | undefined;
  const sweepNow = () => {
    if (running) return Promise.resolve(undefined);
    running = services.database
      .exclusive(sweep.job, sweep.run)
      .then((outcome) => {
        if (!outcome.ran) return undefined;
        if (sweep.worthLogging(outcome.value)) log.info(outcome.value as object, sweep.label);
        return outcome.value;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, `${sweep.label}: a varredura falhou`);
        return undefined;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void sweepNow(), sweep.everySeconds * 1000);
  timer.unref?.();
  const first =
    sweep.firstAfterSeconds === undefined
      ? undefined
      : setTimeout(() => void sweepNow(), sweep.firstAfterSeconds * 1000);
  first?.unref?.();
  return {
    sweepNow,
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      await running;
    },
  };
}
