import { describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_MAX, withViewed } from "./recently-viewed";

describe("withViewed", () => {
  it("puts the listing just opened first, once, and keeps the newest RECENTLY_VIEWED_MAX", () => {
    expect(withViewed([], "ap0001")).toEqual(["AP0001"]);
    expect(withViewed(["CA0002", "AP0001", "TE0003"], "AP0001")).toEqual(["AP0001", "CA0002", "TE0003"]);
    const many = Array.from({ length: RECENTLY_VIEWED_MAX }, (_, i) => `AP${String(i + 1).padStart(4, "0")}`);
    const next = withViewed(many, "CA0099");
    expect(next).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(next[0]).toBe("CA0099");
    expect(next).not.toContain(many.at(-1));
  });
});
