import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./live-connection";
import { REALTIME_HEARTBEAT_MS } from "./realtime-constants";

describe("realtime reconnect schedule (spec: 1, 2, 5 and then every 10 s)", () => {
  it("waits 1, 2, 5, 10, 10… seconds", () => {
    expect([1, 2, 3, 4, 5, 9].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
    expect(REALTIME_HEARTBEAT_MS).toBe(30_000);
  });
});
