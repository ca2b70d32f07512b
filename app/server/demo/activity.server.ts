// The demo catalogue's life before the seeding day, so a demo site shows what a live one would:
// - traffic: views and WhatsApp taps a day for each published listing, from its publication (at
//   most DEMO_ACTIVITY_DAYS back), for the painel's charts, its most-seen listings and each
//   owner's report (decision 046);
// - prices: held since publication, and about one listing in eight on offer reduced a few days
//   ago ("Baixou 8%", decision 047).
// Seeded: the same on every install. No people: demo leads would be made-up personal data and
// would send e-mails.

import { maceioClock } from "../../lib/maceio-time";
import { SeededRandom } from "../../lib/seeded-random";
import type { NewProperty } from "../db/schema.server";

/** Days of demo traffic before the seeding day (the painel's chart shows 30). */
export const DEMO_ACTIVITY_DAYS = 45;
const DAY = 86_400_000;

export interface DemoDay {
  day: string;
  views: number;
  whatsappClicks: number;
}

type ActivityListing = Pick<
  NewProperty,
  "publicacao" | "status" | "destaque" | "precoSobConsulta" | "precoVenda" | "precoAluguel"
> & {
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
    days.push({ day: maceioClock(new Date(at)).day, views, whatsappClicks });
  }
  return days;
}

/**
 * The listing's price columns: held since publication, or for one in four of the listings on offer
 * with a visible price shown a month before (about one listing in eight), reduced by 4–12 % 2–20
 * days ago.
 */
export function demoPriceHistory(
  listing: ActivityListing,
  now: Date,
  seed: number,
): Pick<NewProperty, "priceSince" | "priceDropFrom" | "priceDropAt"> {
  const held = { priceSince: listing.publishedAt };
  const random = new SeededRandom(seed ^ 0x9e3779b9);
  const price = listing.precoVenda ?? listing.precoAluguel;
  const onOffer = listing.publicacao === "publicado" && listing.status === "disponivel";
  const reducedDaysAgo = random.int(2, 20);
  const pick = random.chance(1 / 4);
  const cut = random.float(0.04, 0.12);
  // The price it came down from was on the site at least a month (decision 047).
  const heldBefore = now.getTime() - listing.publishedAt.getTime() - reducedDaysAgo * DAY;
  if (!pick || !onOffer || heldBefore < 31 * DAY || listing.precoSobConsulta || !price) return held;
  const step = listing.precoVenda ? 1_000 : 50;
  const from = Math.round(price / (1 - cut) / step) * step;
  if (from <= price) return held;
  const at = new Date(now.getTime() - reducedDaysAgo * DAY);
  return { priceSince: at, priceDropFrom: from, priceDropAt: at };
}
