-- Events of an imported calendar that could not be read (a malformed date, a rule ical.js refuses)
-- are left out and counted, the rest imported (app/server/rentals/ical.server.ts; decision 039).
ALTER TABLE "rental_ical_feeds" ADD COLUMN "ignored_events" integer DEFAULT 0 NOT NULL;
