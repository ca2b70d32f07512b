// The product's realtime constants: a heartbeat every 30 s, reconnects after 1, 2, 5 and 10 s.
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Waits before reconnect attempts 1, 2, 3…; the last one repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The SSE endpoint an open admin page connects to. */
export const REALTIME_EVENTS_PATH = "/admin/eventos";

/**
 * What changed: a lead arrived or changed; the person opened the link an agent sent (decision 049),
 * booked or moved a visit, or cancelled one (each also a lead-updated: these say what happened, for
 * the browser notices of decision 050); a listing changed.
 */
export const LIVE_EVENT_TYPES = [
  "lead-created",
  "lead-updated",
  "lead-link-opened",
  "lead-visit-booked",
  "lead-visit-cancelled",
  "property-changed",
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** What the browser receives: a kind of change and an id, never personal or listing data. */
export interface LiveEventData {
  type: LiveEventType;
  /** The lead or property id. */
  id: number;
}

/** An event as published on the server, with who may receive it. */
export interface LiveEvent extends LiveEventData {
  /**
   * The corretores the change concerns: a lead's assignee before and after (and the agent of its
   * listing while unassigned), a listing's agent before and after. Admins receive every event;
   * a corretor only those naming them. It stays on the server.
   */
  agentIds: number[];
}
