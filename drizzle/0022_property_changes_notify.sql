-- The search change log's counter (migration 0002) is announced too, on the "property_changes"
-- channel, like the data version (migration 0003): a process on the embedded database, the only
-- writer there, then knows without a query whether anything changed since its search index's
-- version (app/server/search/search-index-sync.server.ts, followIndexChanges).
CREATE OR REPLACE FUNCTION app_state_announce_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.key = 'data_version' THEN
    PERFORM pg_notify('data_version', NEW.value::text);
  ELSIF NEW.key = 'property_changes' THEN
    PERFORM pg_notify('property_changes', NEW.value::text);
  END IF;
  RETURN NULL;
END
$$;
