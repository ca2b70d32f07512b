// Tests' view of /admin/eventos: one user's SSE stream, read as text, with the events parsed.
import type { LiveEventData } from "../../lib/realtime-constants";
import type { Database } from "../db/client.server";
import { eventStreamResponse } from "./sse.server";

export function openStream(
  database: Pick<Database, "listen">,
  user: { id: number; role: "admin" | "corretor" },
  heartbeatMs?: number,
) {
  const controller = new AbortController();
  const request = new Request("http://localhost/admin/eventos", { signal: controller.signal });
  const response = eventStreamResponse(request, database, user, { heartbeatMs });
  const reader = response.body?.getReader();
  if (!reader) throw new Error("sem corpo");
  const decoder = new TextDecoder();
  let text = "";
  const stream = {
    response,
    close: () => controller.abort(),
    /** Reads until `pattern` appears in the stream (fails after `timeoutMs`). */
    async until(pattern: RegExp, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`faltou ${pattern}: ${text}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), left)),
        ]);
        if (chunk?.value) text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    /** Reads until at least `count` events have arrived. */
    async untilEvents(count: number, timeoutMs = 5000) {
      const pattern = new RegExp(`(^data: .*$[\\s\\S]*){${count}}`, "m");
      await stream.until(pattern, timeoutMs);
      return stream.events;
    },
    get text() {
      return text;
    },
    /** The events received so far, in order. */
    get events(): LiveEventData[] {
      return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1] ?? "{}") as LiveEventData);
    },
  };
  return stream;
}
