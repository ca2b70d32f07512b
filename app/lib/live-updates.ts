// What an open admin list says after live events refreshed it (pt-BR, for a polite live region).
import { formatCount } from "./format";
import type { LiveEventData, LiveEventType } from "./realtime-constants";

/** How long the notice stays on screen. */
export const LIVE_UPDATE_NOTICE_MS = 8_000;

/** How many different records of `type` the events changed. */
export function changedCount(events: readonly LiveEventData[], type: LiveEventType): number {
  return new Set(events.filter((e) => e.type === type).map((e) => e.id)).size;
}

/** "Lista atualizada: 1 imóvel alterado" / "…: 3 imóveis alterados"; empty for none. */
export function propertiesUpdatedMessage(count: number): string {
  if (count <= 0) return "";
  return `Lista atualizada: ${formatCount(count, "imóvel alterado", "imóveis alterados")}`;
}
