// One browser notice per happening (components/admin/desktop-notices.tsx). A visit booked by
// someone the agency never heard of creates their lead and books the visit in one transaction
// (app/server/visits/visits.server.ts): the tab receives "lead-created" and "lead-visit-booked"
// for the same lead a few milliseconds apart, and two notices ("Novo lead", "Visita agendada")
// would say one thing twice. Each event waits a moment; a later event of the same lead that says
// more takes its place.
import type { LiveEventData, LiveEventType } from "./realtime-constants";

/** How long a notice waits for a fuller event of the same lead (they come from one commit). */
export const NOTICE_BATCH_MS = 300;

/** An event that says more than another about the same lead: the visit tells of the new lead too. */
const SAYS_MORE: Partial<Record<LiveEventType, LiveEventType>> = {
  "lead-visit-booked": "lead-created",
};

/**
 * Returns `push(event)`, which hands `show` each event after `waitMs`, unless an event of the same
 * lead that says more arrived meanwhile (then only that one); `stop()` drops what is waiting.
 */
export function noticeBatch(show: (event: LiveEventData) => void, waitMs = NOTICE_BATCH_MS) {
  const waiting = new Map<string, { event: LiveEventData; timer: ReturnType<typeof setTimeout> }>();
  const keyOf = (type: LiveEventType, id: number) => `${type}:${id}`;

  function push(event: LiveEventData) {
    const lesser = SAYS_MORE[event.type];
    const replaced = lesser ? waiting.get(keyOf(lesser, event.id)) : undefined;
    if (replaced) {
      clearTimeout(replaced.timer);
      waiting.delete(keyOf(lesser as LiveEventType, event.id));
    }
    const key = keyOf(event.type, event.id);
    if (waiting.has(key)) return; // the same event twice (two publishes of one change)
    // Already told by a fuller event waiting for the same lead.
    for (const [type, covered] of Object.entries(SAYS_MORE)) {
      if (covered === event.type && waiting.has(keyOf(type as LiveEventType, event.id))) return;
    }
    const timer = setTimeout(() => {
      waiting.delete(key);
      show(event);
    }, waitMs);
    waiting.set(key, { event, timer });
  }

  function stop() {
    for (const { timer } of waiting.values()) clearTimeout(timer);
    waiting.clear();
  }

  return { push, stop };
}
