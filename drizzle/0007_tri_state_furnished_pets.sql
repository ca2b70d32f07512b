-- Mobiliado and aceita pet become sim / não / não informado (NULL), so a listing whose agent never
-- said publishes nothing about it (app/components/property/characteristics.tsx, the portal feeds).
ALTER TABLE "properties" ALTER COLUMN "mobiliado" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "mobiliado" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "aceita_pet" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "aceita_pet" DROP NOT NULL;--> statement-breakpoint
-- Until now "false" was what an unticked box saved: it meant "not said" as often as "não", and the
-- site published it as "Sem mobília" / "Não aceita pet". It becomes não informado; the agent sets
-- Não where it is one. The search filters only ever ask for true, so no search result changes:
-- the property_changes trigger (0002) is off for this one statement, which would otherwise log a
-- change (and bump a counter) for each listing of a large catalogue.
ALTER TABLE "properties" DISABLE TRIGGER "properties_changes_update";--> statement-breakpoint
UPDATE "properties" SET
  "mobiliado" = CASE WHEN "mobiliado" THEN true END,
  "aceita_pet" = CASE WHEN "aceita_pet" THEN true END
WHERE "mobiliado" = false OR "aceita_pet" = false;--> statement-breakpoint
ALTER TABLE "properties" ENABLE TRIGGER "properties_changes_update";
