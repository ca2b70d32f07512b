CREATE TABLE "lead_status_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_status_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_by_id" integer;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_status_changes_lead_idx" ON "lead_status_changes" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "lead_status_changes_at_idx" ON "lead_status_changes" USING btree ("at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_first_response_by_id_users_id_fk" FOREIGN KEY ("first_response_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The moves so far are in the audit log (action lead-status, details {from, to}): they become the history.
INSERT INTO "lead_status_changes" ("lead_id", "from_status", "to_status", "user_id", "at")
SELECT l."id", a."details"->>'from', a."details"->>'to', a."user_id", a."at"
FROM "audit_log" a JOIN "leads" l ON l."id"::text = a."entity_id"
WHERE a."action" = 'lead-status' AND a."entity" = 'lead' AND a."details"->>'to' IS NOT NULL
ORDER BY a."at", a."id";--> statement-breakpoint
-- An assigned lead's clock starts at its last assignment (or its creation); its first response is the
-- first status change or note an agent made on it.
UPDATE "leads" l SET "assigned_at" = coalesce(
  (SELECT max(a."at") FROM "audit_log" a WHERE a."action" = 'lead-assigned' AND a."entity_id" = l."id"::text),
  l."created_at")
WHERE l."assignee_id" IS NOT NULL;--> statement-breakpoint
UPDATE "leads" l SET ("first_response_at", "first_response_by_id") = (
  SELECT f."at", f."user_id" FROM (
    SELECT s."at", s."user_id" FROM "lead_status_changes" s WHERE s."lead_id" = l."id"
    UNION ALL
    SELECT n."created_at", n."author_id" FROM "lead_notes" n WHERE n."lead_id" = l."id"
  ) f ORDER BY f."at" LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "lead_status_changes" s WHERE s."lead_id" = l."id")
   OR EXISTS (SELECT 1 FROM "lead_notes" n WHERE n."lead_id" = l."id");
