-- Issue 22: a counter of the writes to rental_nights (bookings, blocks, cancellations, imported
-- calendars, a listing's deletion cascading), bumped by the table's own statement trigger whoever
-- writes. The search by dates keeps every listing's taken nights in memory per value of this
-- counter and day (takenCalendars, app/server/rentals/rentals.server.ts; decision 040), so a
-- write that touches no calendar (a listing's text, a photo) no longer makes the next date search
-- read every taken night again. Every write to rental_nights also bumps the data version in its
-- transaction, so reading the counter once per data version always sees it.
CREATE FUNCTION rental_nights_bump_calendar_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_state (key, value) VALUES ('calendar_version', 1)
    ON CONFLICT (key) DO UPDATE SET value = app_state.value + 1, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rental_nights_calendar_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rental_nights
  FOR EACH STATEMENT EXECUTE FUNCTION rental_nights_bump_calendar_version();
