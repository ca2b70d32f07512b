// The worker thread that reads an imported calendar (decision 039): parseImportedCalendar on the
// text it is handed, its answer posted back. Started, timed and ended by ical-parse-thread.server.ts,
// which imports this file bundled into a string (scripts/worker-source-plugin.js): ical.js can loop
// forever on a valid-looking rule, and only a thread can be stopped from outside.
import { parentPort, workerData } from "node:worker_threads";
import {
  CalendarTooLargeError,
  type ImportedCalendar,
  NotICalendarError,
  parseImportedCalendar,
  type ReadLimits,
} from "./ical.server";

export interface ParseRequest {
  text: string;
  window: { from: string; to: string };
  limits?: ReadLimits;
}

export type ParseAnswer =
  | { ok: true; calendar: ImportedCalendar }
  | { ok: false; notICalendar: boolean; tooLarge?: string; detail: string };

const { text, window, limits } = workerData as ParseRequest;
let answer: ParseAnswer;
try {
  answer = { ok: true, calendar: parseImportedCalendar(text, window, limits) };
} catch (error) {
  answer = {
    ok: false,
    notICalendar: error instanceof NotICalendarError,
    tooLarge: error instanceof CalendarTooLargeError ? error.message : undefined,
    detail: String(error),
  };
}
parentPort?.postMessage(answer);
