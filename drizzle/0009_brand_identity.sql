ALTER TABLE "agency_settings" ADD COLUMN "brand_color" text DEFAULT '#0b6e8a' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "hero_photo" jsonb;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_brand_color" CHECK ("agency_settings"."brand_color" ~ '^#[0-9a-f]{6}$');