-- A tap on "Conversar no WhatsApp" no longer becomes a lead without contact details: it is
-- counted per listing and day (app/server/leads/whatsapp.server.ts), for the painel and the
-- listing's own numbers.
ALTER TABLE "property_views_daily" ADD COLUMN "whatsapp_clicks" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The clicks recorded so far as leads are counted too (the leads themselves stay in the inbox,
-- with whatever the agents wrote about them).
INSERT INTO "property_views_daily" ("property_id", "day", "whatsapp_clicks")
SELECT "property_id", ("created_at" AT TIME ZONE 'America/Maceio')::date, count(*)::integer
FROM "leads"
WHERE "origin" = 'whatsapp' AND "property_id" IS NOT NULL
GROUP BY 1, 2
ON CONFLICT ("property_id", "day") DO UPDATE SET "whatsapp_clicks" = EXCLUDED."whatsapp_clicks";
