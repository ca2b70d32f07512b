-- Existing listings' prices count from this migration: nothing says since when they held them, so
-- no reduction is shown for them until a price has been held 30 days (app/server/properties/price-drop.server.ts).
ALTER TABLE "properties" ADD COLUMN "price_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_drop_from" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "price_drop_at" timestamp with time zone;