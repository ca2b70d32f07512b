import { describe, expect, it } from "vitest";
import { DEMO_ACTIVITY_DAYS, demoActivity } from "./activity.server";

const NOW = new Date("2026-11-20T15:00:00.000Z");
const DAY = 86_400_000;
const listing = {
  publicacao: "publicado" as const,
  status: "disponivel" as const,
  destaque: false,
  precoSobConsulta: false,
  publishedAt: new Date(NOW.getTime() - 100 * DAY),
};

describe("demoActivity", () => {
  it("gives a published listing a day of views and taps for each day of the window, the same on every run", () => {
    const days = demoActivity(listing, NOW, 7);
    expect(days).toEqual(demoActivity(listing, NOW, 7));
    expect(days).toHaveLength(DEMO_ACTIVITY_DAYS + 1);
    expect(new Set(days.map((d) => d.day)).size).toBe(days.length);
    expect(days.at(-1)?.day).toBe("2026-11-20");
    expect(days.every((d) => d.whatsappClicks <= d.views)).toBe(true);
    expect(days.reduce((sum, d) => sum + d.views, 0)).toBeGreaterThan(100);
  });

  it("starts on the day of publication, and gives drafts nothing", () => {
    const recent = demoActivity({ ...listing, publishedAt: new Date(NOW.getTime() - 3 * DAY) }, NOW, 7);
    expect(recent.map((d) => d.day)).toEqual(["2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(demoActivity({ ...listing, publicacao: "rascunho" }, NOW, 7)).toEqual([]);
  });

  it("draws no visitors to a sold listing in its last two weeks", () => {
    const sold = demoActivity({ ...listing, status: "vendido" }, NOW, 7);
    expect(sold.at(-1)?.day).toBe("2026-11-06");
  });
});
