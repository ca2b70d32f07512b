// One connection to /admin/eventos (SSE) per tab, shared by everything on the page that listens:
// the screen's live updates (use-live-events.ts) and the browser notices (desktop-notices.tsx).
// Browsers allow about six connections per site over HTTP/1.1: one stream per listener would let
// three admin tabs block every other request. It reconnects after 1, 2, 5 and then every 10 s, and
// tells each listener when a connection comes back (the page catches up on what it missed), and
// closes when the last listener leaves.
import {
  LIVE_EVENT_TYPES,
  type LiveEventData,
  REALTIME_EVENTS_PATH,
  REALTIME_RECONNECT_DELAYS_MS,
} from "./realtime-constants";

export function reconnectDelay(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1] ?? 10_000;
}

export interface LiveListener {
  onEvent: (event: LiveEventData) => void;
  /** The connection came back after a loss: whatever happened meanwhile was not heard. */
  onReconnect?: () => void;
}

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;
let everConnected = false;

function connect() {
  timer = undefined;
  const stream = new EventSource(REALTIME_EVENTS_PATH);
  source = stream;
  stream.onopen = () => {
    if (everConnected) for (const listener of [...listeners]) listener.onReconnect?.();
    everConnected = true;
    attempt = 0;
    document.documentElement.dataset.live = "on";
  };
  for (const type of LIVE_EVENT_TYPES)
    stream.addEventListener(type, (event) => {
      const data = parseData(event.data);
      if (data) for (const listener of [...listeners]) listener.onEvent(data);
    });
  stream.onerror = () => {
    // Our schedule, not the browser's: close and reconnect after 1, 2, 5, 10, 10… s.
    stream.close();
    if (source !== stream) return;
    source = null;
    document.documentElement.dataset.live = "off";
    attempt += 1;
    timer = setTimeout(connect, reconnectDelay(attempt));
  };
}

function disconnect() {
  source?.close();
  source = null;
  if (timer) clearTimeout(timer);
  timer = undefined;
  attempt = 0;
  everConnected = false;
  delete document.documentElement.dataset.live;
}

/** Listens to the tab's connection (opened by the first listener); returns the way to stop. */
export function listenLive(listener: LiveListener): () => void {
  listeners.add(listener);
  if (!source && !timer && typeof EventSource !== "undefined") connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) disconnect();
  };
}

function parseData(raw: unknown): LiveEventData | null {
  try {
    const value = JSON.parse(String(raw)) as Partial<LiveEventData>;
    return typeof value.type === "string" &&
      (LIVE_EVENT_TYPES as readonly string[]).includes(value.type) &&
      typeof value.id === "number"
      ? { type: value.type, id: value.id }
      : null;
  } catch {
    return null;
  }
}
