CREATE TABLE "rental_ical_exports" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_ical_exports_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "rental_ical_feeds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_ical_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"label" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"events" integer DEFAULT 0 NOT NULL,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_bookings" DROP CONSTRAINT "rental_bookings_status_check";--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_nights" ADD COLUMN "feed_id" integer;--> statement-breakpoint
ALTER TABLE "rental_nights" ADD COLUMN "feed_uid" text;--> statement-breakpoint
ALTER TABLE "rental_ical_exports" ADD CONSTRAINT "rental_ical_exports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_ical_feeds" ADD CONSTRAINT "rental_ical_feeds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_ical_feeds_property_idx" ON "rental_ical_feeds" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "rental_ical_feeds_due_idx" ON "rental_ical_feeds" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "rental_nights" ADD CONSTRAINT "rental_nights_feed_id_rental_ical_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."rental_ical_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rental_nights_feed_idx" ON "rental_nights" USING btree ("feed_id");--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_status_check" CHECK ("rental_bookings"."status" in ('confirmada', 'recusada', 'cancelada'));--> statement-breakpoint
ALTER TABLE "rental_nights" ADD CONSTRAINT "rental_nights_source_check" CHECK ("rental_nights"."booking_id" is null or "rental_nights"."feed_id" is null);