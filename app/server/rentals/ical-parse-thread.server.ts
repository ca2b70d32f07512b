// An imported calendar is read in a worker thread with a time limit (decision 039): ical.js 2.2.1
// loops forever inside one iterator step on some valid-looking rules (RRULE:FREQ=DAILY;BYMONTH=2;
// BYMONTHDAY=30), which on the main thread froze the whole process — and, once the feed's lease
// ran out, the next instance too. Past the limit the thread is terminated and the feed fails like
// a fetch that timed out (last_error in Portuguese, backoff: ical-sync.server.ts). The worker's
// code is ical-parse-worker.server.ts bundled into a string by scripts/worker-source-plugin.js, so
// the production build (which bundles the server into build/server/) runs it as development does.
import { Worker } from "node:worker_threads";
import { type ImportedCalendar, NotICalendarError, type ReadLimits } from "./ical.server";
import type { ParseAnswer, ParseRequest } from "./ical-parse-worker.server";
import workerSource from "./ical-parse-worker.server?worker-source";

/** Time a calendar may take to be read (ICAL_PARSE_TIMEOUT_SECONDS). */
export const ICAL_PARSE_TIMEOUT_MS = 10_000;
/** The thread's heap: far above what a 2 MB calendar needs; past it the thread ends, not the process. */
const WORKER_HEAP_MB = 256;

/** A calendar that could not be read; the message is the feed's error, in Portuguese. */
export class CalendarReadError extends Error {}

const READ_ERROR = "Erro ao ler o calendário.";

const tooSlow = (timeoutMs: number) => {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return `O calendário levou mais de ${seconds} segundo${seconds === 1 ? "" : "s"} para ser lido e não foi importado.`;
};

/**
 * parseImportedCalendar in a thread of its own, ended after `timeoutMs`. Throws NotICalendarError
 * for anything that is not a VCALENDAR and CalendarReadError for the rest (time limit, past the
 * read limits, a crash).
 */
export function parseCalendarInWorker(
  text: string,
  window: { from: string; to: string },
  timeoutMs = ICAL_PARSE_TIMEOUT_MS,
  limits?: ReadLimits,
): Promise<ImportedCalendar> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { text, window, limits } satisfies ParseRequest,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => settle(() => reject(new CalendarReadError(tooSlow(timeoutMs)))),
      timeoutMs,
    );
    worker.once("message", (answer: ParseAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.calendar);
        else if (answer.notICalendar) reject(new NotICalendarError("not iCal"));
        else reject(new CalendarReadError(answer.tooLarge ?? READ_ERROR, { cause: answer.detail }));
      }),
    );
    // Out of memory, or anything else that ends the thread without an answer.
    worker.once("error", (error) =>
      settle(() => reject(new CalendarReadError(READ_ERROR, { cause: error }))),
    );
    worker.once("exit", () => settle(() => reject(new CalendarReadError(READ_ERROR))));
  });
}
