// Keeps an open admin page current: listens to /admin/eventos (SSE) and revalidates the page's
// loaders when something changes. Reconnects after 1, 2, 5 and then every 10 s, and revalidates
// on every reconnect — that is how the page catches up on whatever happened while offline.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import {
  type LiveEventData,
  type LiveEventType,
  REALTIME_EVENTS_PATH,
  REALTIME_RECONNECT_DELAYS_MS,
} from "./realtime-constants";

export function reconnectDelay(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1] ?? 10_000;
}

/**
 * Revalidates the current page when one of `types` arrives (all types by default); then
 * `onRevalidated` gets the events the new data reflects (none after a reconnect's catch-up).
 */
export function useLiveEvents(
  types: readonly LiveEventType[] = ["lead-created", "lead-updated", "property-changed"],
  onRevalidated?: (events: LiveEventData[]) => void,
) {
  const revalidator = useRevalidator();
  // The latest callbacks without re-subscribing on every render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const revalidated = useRef(onRevalidated);
  revalidated.current = onRevalidated;
  const typesKey = types.join(",");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const wanted = typesKey.split(",");
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let received: LiveEventData[] = [];
    let attempt = 0;
    let everConnected = false;
    let stopped = false;

    // Several events in a burst cause one reload.
    const refresh = (event?: Event) => {
      const data = event instanceof MessageEvent ? parseData(event.data) : null;
      if (data) received.push(data);
      if (pending) return;
      pending = setTimeout(async () => {
        pending = undefined;
        const events = received;
        received = [];
        await revalidate.current();
        if (!stopped) revalidated.current?.(events);
      }, 150);
    };

    const connect = () => {
      source = new EventSource(REALTIME_EVENTS_PATH);
      source.onopen = () => {
        if (everConnected) refresh();
        everConnected = true;
        attempt = 0;
        document.documentElement.dataset.live = "on";
      };
      for (const type of wanted) source.addEventListener(type, refresh);
      source.onerror = () => {
        // Our schedule, not the browser's: close and reconnect after 1, 2, 5, 10, 10… s.
        source?.close();
        source = null;
        document.documentElement.dataset.live = "off";
        if (stopped) return;
        attempt += 1;
        timer = setTimeout(connect, reconnectDelay(attempt));
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      if (timer) clearTimeout(timer);
      if (pending) clearTimeout(pending);
      delete document.documentElement.dataset.live;
    };
  }, [typesKey]);
}

function parseData(raw: unknown): LiveEventData | null {
  try {
    const value = JSON.parse(String(raw)) as Partial<LiveEventData>;
    return typeof value.type === "string" && typeof value.id === "number"
      ? { type: value.type, id: value.id }
      : null;
  } catch {
    return null;
  }
}
