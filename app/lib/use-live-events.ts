// Keeps an open admin page current: listens to /admin/eventos (SSE) and revalidates the page's
// loaders when something changes. Reconnects after 1, 2, 5 and then every 10 s, and revalidates
// on every reconnect — that is how the page catches up on whatever happened while offline.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { type LiveEventType, REALTIME_EVENTS_PATH, REALTIME_RECONNECT_DELAYS_MS } from "./realtime-constants";

export function reconnectDelay(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1] ?? 10_000;
}

/** Revalidates the current page when one of `types` arrives (all types by default). */
export function useLiveEvents(
  types: readonly LiveEventType[] = ["lead-created", "lead-updated", "property-changed"],
) {
  const revalidator = useRevalidator();
  // The latest revalidate without re-subscribing on every render.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const typesKey = types.join(",");

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const wanted = typesKey.split(",");
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let everConnected = false;
    let stopped = false;

    // Several events in a burst cause one reload.
    const refresh = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        void revalidate.current();
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
