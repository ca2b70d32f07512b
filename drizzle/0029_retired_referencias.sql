CREATE TABLE "retired_referencias" (
	"referencia" text PRIMARY KEY NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Listings deleted before this table: their referências are in the audit log (property-deleted).
INSERT INTO "retired_referencias" ("referencia", "retired_at")
SELECT upper("details"->>'referencia'), min("at") FROM "audit_log"
WHERE "action" = 'property-deleted' AND "details"->>'referencia' IS NOT NULL
GROUP BY 1
ON CONFLICT DO NOTHING;
