// The spec's realtime constants (shared/spec: heartbeat 30 s, reconnect 1, 2, 5 and 10 s).
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Waits before reconnect attempts 1, 2, 3…; the last one repeats. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The SSE endpoint an open admin page connects to. */
export const REALTIME_EVENTS_PATH = "/admin/eventos";

export type LiveEventType = "lead-created" | "lead-updated" | "property-changed";

export interface LiveEvent {
  type: LiveEventType;
  /** The lead or property id. No personal data travels in events. */
  id: number;
  /** For lead events: the agent the lead belongs to (corretores only receive their own). */
  assigneeId?: number | null;
}
