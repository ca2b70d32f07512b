// The Server-Sent Events response for /admin/eventos: events the user may see, a heartbeat
// comment every 30 s (proxies close silent connections), each event with an id. At each heartbeat
// the session is checked again: signed out, deactivated, expired or demoted, the stream closes
// (or narrows to what the new role may see), as the next page load would.
import { type LiveEvent, type LiveEventData, REALTIME_HEARTBEAT_MS } from "../../lib/realtime-constants";
import type { SessionUser } from "../auth/guard.server";
import type { Database } from "../db/client.server";
import { subscribeEvents } from "./events.server";

/**
 * An admin sees every event; a corretor only those about their own leads and listings (the
 * same rule as the pages: visibleLeads, canManage), including one that just left them.
 */
export function visibleTo(user: Pick<SessionUser, "id" | "role">, event: LiveEvent): boolean {
  return user.role === "admin" || event.agentIds.includes(user.id);
}

/** What goes to the browser: the kind of change and the id, not who else it concerns. */
export function eventData(event: LiveEvent): LiveEventData {
  return { type: event.type, id: event.id };
}

let sequence = 0;

export function eventStreamResponse(
  request: Request,
  database: Pick<Database, "listen">,
  signedIn: Pick<SessionUser, "id" | "role">,
  options: {
    heartbeatMs?: number;
    /** The session's user now (null once it is over); checked at each heartbeat. */
    recheck?: () => Promise<Pick<SessionUser, "id" | "role"> | null>;
  } = {},
): Response {
  let user = signedIn;
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = await subscribeEvents(database, (event) => {
        if (!visibleTo(user, event)) return;
        sequence += 1;
        write(
          `id: ${Date.now()}-${sequence}\nevent: ${event.type}\ndata: ${JSON.stringify(eventData(event))}\n\n`,
        );
      });
      // Only now, with the LISTEN in place, tell the client it is connected (nothing published
      // after this line can be missed). The browser's own retry is a fallback;
      // live-connection.ts reconnects on its own schedule.
      write(`retry: 1000\n: conectado\n\n`);
      const heartbeat = setInterval(async () => {
        if (options.recheck) {
          const now = await options.recheck().catch(() => user);
          if (!now) return cleanup();
          user = now;
        }
        write(": heartbeat\n\n");
      }, options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      if (request.signal.aborted) cleanup();
      request.signal.addEventListener("abort", () => cleanup());
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream.
      "Cache-Control": "no-store, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
