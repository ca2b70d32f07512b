// Which cache hits on a listing page count as a view: the loader's rules (listing-page.server.ts
// countsAsView), since a hit skips the loader.
import { describe, expect, it } from "vitest";
import { hitCountsAsView } from "./hit-views.server";

const person = { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" };

describe("hitCountsAsView", () => {
  it("counts a person's GET, not a HEAD, a bot or a prefetch", () => {
    expect(hitCountsAsView({ method: "GET", headers: person })).toBe(true);
    expect(hitCountsAsView({ method: "HEAD", headers: person })).toBe(false);
    expect(hitCountsAsView({ method: "GET", headers: { "user-agent": "Googlebot/2.1" } })).toBe(false);
    expect(hitCountsAsView({ method: "GET", headers: { ...person, "sec-purpose": "prefetch" } })).toBe(false);
  });
});
