// The demo catalogue's traffic: views and WhatsApp taps a day for each published demo listing,
// from its publication (at most DEMO_ACTIVITY_DAYS back) to the seeding day, so the painel's
// charts, its most-seen listings and each owner's report (decision 046) show what a live site
// would, not zeros. Seeded: the same numbers on every install. No people: demo leads would be
// made-up personal data and would send e-mails.

import { SeededRandom } from "../../lib/seeded-random";
import { localDay } from "../dashboard/dashboard.server";
import type { NewProperty } from "../db/schema.server";

/** Days of demo traffic before the seeding day (the painel's chart shows 30). */
export const DEMO_ACTIVITY_DAYS = 45;
const DAY = 86_400_000;

export interface DemoDay {
  day: string;
  views: number;
  whatsappClicks: number;
}

type ActivityListing = Pick<NewProperty, "publicacao" | "status" | "destaque" | "precoSobConsulta"> & {
  publishedAt: Date;
};

/**
 * One listing's days: a base interest (featured listings draw more), weekends a little busier,
 * the first week after publication busier still, and 2–6 % of views tapping WhatsApp. Nothing
 * for a draft, and nothing after a sold or rented listing would have left the search.
 */
export function demoActivity(listing: ActivityListing, now: Date, seed: number): DemoDay[] {
  if (listing.publicacao !== "publicado") return [];
  const random = new SeededRandom(seed);
  const interest = random.float(4, 18) * (listing.destaque ? 2.2 : 1) * (listing.precoSobConsulta ? 0.6 : 1);
  const tapRate = random.float(0.02, 0.06);
  const closed = listing.status === "vendido" || listing.status === "alugado";
  const first = Math.max(listing.publishedAt.getTime(), now.getTime() - DEMO_ACTIVITY_DAYS * DAY);
  const days: DemoDay[] = [];
  for (let at = first; at <= now.getTime(); at += DAY) {
    const age = (at - listing.publishedAt.getTime()) / DAY;
    // A closed deal stops drawing visitors a couple of weeks into the window.
    if (closed && at > now.getTime() - 14 * DAY) break;
    const weekday = new Date(at).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
    const fresh = age < 7 ? 1.8 : 1;
    const views = Math.max(0, Math.round(interest * weekend * fresh * random.float(0.5, 1.5)));
    const whatsappClicks = Math.round(views * tapRate * random.float(0.3, 1.7));
    days.push({ day: localDay(new Date(at)), views, whatsappClicks });
  }
  return days;
}
