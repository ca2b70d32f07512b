import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTICE_BATCH_MS, noticeBatch } from "./notice-batch";
import type { LiveEventData } from "./realtime-constants";

describe("noticeBatch", () => {
  let shown: LiveEventData[];
  let batch: ReturnType<typeof noticeBatch>;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    batch = noticeBatch((event) => shown.push(event));
  });
  afterEach(() => {
    batch.stop();
    vi.useRealTimers();
  });

  it("a new person's visit (a new lead, then its visit) makes one notice: the visit's", () => {
    batch.push({ type: "lead-created", id: 7 });
    batch.push({ type: "lead-visit-booked", id: 7 });
    vi.advanceTimersByTime(NOTICE_BATCH_MS);
    expect(shown).toEqual([{ type: "lead-visit-booked", id: 7 }]);
  });

  it("the same, should the visit arrive first", () => {
    batch.push({ type: "lead-visit-booked", id: 7 });
    batch.push({ type: "lead-created", id: 7 });
    vi.advanceTimersByTime(NOTICE_BATCH_MS);
    expect(shown).toEqual([{ type: "lead-visit-booked", id: 7 }]);
  });

  it("other events show at once; other leads, and a visit booked later on a known lead, make their own", () => {
    batch.push({ type: "lead-created", id: 7 });
    batch.push({ type: "lead-visit-booked", id: 8 });
    batch.push({ type: "lead-link-opened", id: 7 });
    expect(shown).toEqual([
      { type: "lead-visit-booked", id: 8 },
      { type: "lead-link-opened", id: 7 },
    ]);
    vi.advanceTimersByTime(NOTICE_BATCH_MS);
    expect(shown.at(-1)).toEqual({ type: "lead-created", id: 7 });
    batch.push({ type: "lead-visit-booked", id: 7 });
    expect(shown.at(-1)).toEqual({ type: "lead-visit-booked", id: 7 });
    expect(shown).toHaveLength(4);
  });

  it("the same event twice is one notice; a stopped batch shows nothing", () => {
    batch.push({ type: "lead-created", id: 9 });
    batch.push({ type: "lead-created", id: 9 });
    vi.advanceTimersByTime(NOTICE_BATCH_MS);
    expect(shown).toEqual([{ type: "lead-created", id: 9 }]);
    batch.push({ type: "lead-created", id: 10 });
    batch.stop();
    vi.advanceTimersByTime(NOTICE_BATCH_MS);
    expect(shown).toHaveLength(1);
  });
});
