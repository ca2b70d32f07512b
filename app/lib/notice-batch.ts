// One browser notice per happening (components/admin/desktop-notices.tsx). A visit booked by
// someone the agency never heard of creates their lead and books the visit in one transaction
// (app/server/visits/visits.server.ts): the tab receives "lead-created" and "lead-visit-booked"
// for the same lead a few milliseconds apart, and two notices ("Novo lead", "Visita agendada")
// would say one thing twice. So a new lead's notice waits a moment, and the visit's takes its
// place; every other notice shows at once.
import type { LiveEventData, LiveEventType } from "./realtime-constants";

/** How long a new lead's notice waits for its visit (both come from one commit). */
export const NOTICE_BATCH_MS = 300;

/** An event that says more than another about the same lead: the visit tells of the new lead too. */
const SAYS_MORE: Partial<Record<LiveEventType, LiveEventType>> = {
  "lead-visit-booked": "lead-created",
};
const SAID_BY_MORE = new Set<LiveEventType>(Object.values(SAYS_MORE));

/**
 * Returns `push(event)`, which hands `show` each event: at once, or after `waitMs` for one another
 * event may say more about (then only the fuller one shows); `stop()` drops what is waiting.
 */
export function noticeBatch(show: (event: LiveEventData) => void, waitMs = NOTICE_BATCH_MS) {
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();
  /** What fuller notices shown in the last `waitMs` also said: a late lesser one is dropped. */
  const told = new Map<string, ReturnType<typeof setTimeout>>();
  const keyOf = (type: LiveEventType, id: number) => `${type}:${id}`;

  function push(event: LiveEventData) {
    const lesser = SAYS_MORE[event.type];
    if (lesser) {
      const key = keyOf(lesser, event.id);
      clearTimeout(waiting.get(key));
      waiting.delete(key);
      clearTimeout(told.get(key));
      told.set(
        key,
        setTimeout(() => told.delete(key), waitMs),
      );
      show(event);
      return;
    }
    if (!SAID_BY_MORE.has(event.type)) {
      show(event);
      return;
    }
    const key = keyOf(event.type, event.id);
    if (told.has(key)) return; // the fuller one came first
    if (waiting.has(key)) return; // the same event twice
    waiting.set(
      key,
      setTimeout(() => {
        waiting.delete(key);
        show(event);
      }, waitMs),
    );
  }

  function stop() {
    for (const timer of [...waiting.values(), ...told.values()]) clearTimeout(timer);
    waiting.clear();
    told.clear();
  }

  return { push, stop };
}
