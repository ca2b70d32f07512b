-- Issue 7: every bump of the data version, whoever makes it (bumpDataVersion, the search change
-- log's property_changes_bump, a psql session), announces the new value on the "data_version"
-- channel. PostgreSQL delivers it when the transaction commits, and not at all on rollback: a
-- process on the embedded database keeps the version in memory from these notifications
-- instead of reading it on every request (app/server/cache/data-version.server.ts).
CREATE FUNCTION app_state_announce_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.key = 'data_version' THEN
    PERFORM pg_notify('data_version', NEW.value::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER app_state_data_version_notify AFTER INSERT OR UPDATE ON app_state
  FOR EACH ROW EXECUTE FUNCTION app_state_announce_data_version();
