CREATE TABLE "property_changes" (
	"version" bigint NOT NULL,
	"property_id" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "property_changes_version_idx" ON "property_changes" USING btree ("version");--> statement-breakpoint
-- Issue 7: every write that can change what the public search finds, or the order it shows,
-- leaves a row here, whoever makes it (the admin, the seeders, a psql session). Versions come
-- from a counter bumped under its row lock, so they are handed out in commit order: a reader
-- that has seen version v only needs the rows above v. (Its own counter, not data_version, so
-- a save still moves the data version by exactly one.)
CREATE FUNCTION property_changes_bump() RETURNS bigint LANGUAGE sql AS $$
  INSERT INTO app_state (key, value) VALUES ('property_changes', 1)
  ON CONFLICT (key) DO UPDATE SET value = app_state.value + 1, updated_at = now()
  RETURNING value
$$;
--> statement-breakpoint
CREATE FUNCTION property_changes_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    v := property_changes_bump();
    INSERT INTO property_changes (version, property_id) SELECT v, id FROM changed_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION property_changes_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO property_changes (version, property_id) VALUES (property_changes_bump(), NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE names no rows: property_id 0 (never an id) tells every reader to start over.
CREATE FUNCTION property_changes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO property_changes (version, property_id) VALUES (property_changes_bump(), 0);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_changes_insert AFTER INSERT ON properties
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION property_changes_inserted();
--> statement-breakpoint
CREATE TRIGGER properties_changes_delete AFTER DELETE ON properties
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION property_changes_inserted();
--> statement-breakpoint
-- Only the columns the search filters, orders or matches on: a page view's views + 1 is no change.
CREATE TRIGGER properties_changes_update AFTER UPDATE OF
  referencia, titulo, descricao, tipo, finalidades, preco_venda, preco_aluguel, preco_sob_consulta,
  quartos, suites, vagas, area_util, area_total, mobiliado, aceita_pet, comodidades, bairro, cidade,
  status, publicacao, destaque, published_at
  ON properties FOR EACH ROW EXECUTE FUNCTION property_changes_updated();
--> statement-breakpoint
CREATE TRIGGER properties_changes_truncate AFTER TRUNCATE ON properties
  FOR EACH STATEMENT EXECUTE FUNCTION property_changes_truncated();
