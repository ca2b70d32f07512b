import { describe, expect, it } from "vitest";
import {
  needsRefresh,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_REFRESH_THRESHOLD_MS,
  sessionCheckIntervalMs,
} from "./session-constants";

describe("session keep-alive rule (check every 30 s, refresh when fewer than 3 checks remain)", () => {
  const now = "2026-03-01T12:00:00.000Z";
  const expiringIn = (ms: number) => ({ now, idleExpiresAt: new Date(Date.parse(now) + ms).toISOString() });

  it("checks every 30 s and refreshes below three checks' worth of time", () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(30_000);
    expect(SESSION_REFRESH_THRESHOLD_MS).toBe(90_000);
  });

  it("leaves a session with 3 or more checks left alone and refreshes one with fewer", () => {
    expect(needsRefresh(expiringIn(2 * 60 * 60_000))).toBe(false);
    expect(needsRefresh(expiringIn(90_000))).toBe(false);
    expect(needsRefresh(expiringIn(89_999))).toBe(true);
    expect(needsRefresh(expiringIn(1_000))).toBe(true);
    expect(needsRefresh(expiringIn(-1_000))).toBe(true);
  });

  it("checks every 30 s for any real idle timeout, four times per timeout for one of seconds", () => {
    expect(sessionCheckIntervalMs(120 * 60_000)).toBe(30_000);
    expect(sessionCheckIntervalMs(2 * 60_000)).toBe(30_000);
    expect(sessionCheckIntervalMs(8_000)).toBe(2_000);
    expect(sessionCheckIntervalMs(1_000)).toBe(1_000);
  });

  it("with a shorter interval, refreshes below three of those intervals", () => {
    expect(needsRefresh(expiringIn(6_000), 2_000)).toBe(false);
    expect(needsRefresh(expiringIn(5_999), 2_000)).toBe(true);
  });

  it("reads both times from the server's answer, whatever the device's clock says", () => {
    const farFuture = { now: "2099-01-01T00:00:00.000Z", idleExpiresAt: "2099-01-01T01:00:00.000Z" };
    expect(needsRefresh(farFuture)).toBe(false);
  });
});
