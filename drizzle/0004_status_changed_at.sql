-- Issue 4: "vendidos/alugados no mês" on /admin/painel counts listings whose situação changed in
-- the month. New rows get now(); the domain code (app/server/properties/admin.server.ts) moves
-- it whenever the status changes.
ALTER TABLE "properties" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- Existing rows: no history of status changes was kept, so the last update (updated_at) is the
-- best available guess. It is too late for a listing edited after its status last changed, and
-- never too early. (Not one of the columns the property_changes trigger watches: no search churn.)
UPDATE "properties" SET "status_changed_at" = "updated_at";
