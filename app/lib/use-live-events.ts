// Keeps an open admin page current: listens to /admin/eventos through the tab's one connection
// (live-connection.ts) and revalidates the page's loaders when something changes, and on every
// reconnect — that is how the page catches up on whatever happened while offline.
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { listenLive } from "./live-connection";
import type { LiveEventData, LiveEventType } from "./realtime-constants";

/**
 * Revalidates the current page when one of `types` arrives (every change of leads and listings by
 * default); then `onRevalidated` gets the events the new data reflects (none after a reconnect's
 * catch-up).
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
    const wanted = new Set(typesKey.split(","));
    let pending: ReturnType<typeof setTimeout> | undefined;
    let received: LiveEventData[] = [];
    let stopped = false;

    // Several events in a burst cause one reload.
    const refresh = (data?: LiveEventData) => {
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

    const stop = listenLive({
      onEvent: (event) => {
        if (wanted.has(event.type)) refresh(event);
      },
      onReconnect: () => refresh(),
    });
    return () => {
      stopped = true;
      stop();
      if (pending) clearTimeout(pending);
    };
  }, [typesKey]);
}
