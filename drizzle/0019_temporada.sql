CREATE TABLE "rental_bookings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"lead_contact_id" integer,
	"lead_id" integer,
	"status" text NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"guests" smallint NOT NULL,
	"total" integer NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text,
	"decided_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_bookings_status_check" CHECK ("rental_bookings"."status" in ('confirmada', 'recusada')),
	CONSTRAINT "rental_bookings_stay_check" CHECK ("rental_bookings"."check_out" > "rental_bookings"."check_in" and "rental_bookings"."check_out" - "rental_bookings"."check_in" <= 90 and "rental_bookings"."guests" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rental_nights" (
	"property_id" integer NOT NULL,
	"night" date NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_nights_property_id_night_pk" PRIMARY KEY("property_id","night")
);
--> statement-breakpoint
CREATE TABLE "rental_terms" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"default_rate" integer NOT NULL,
	"min_nights" smallint DEFAULT 1 NOT NULL,
	"cleaning_fee" integer DEFAULT 0 NOT NULL,
	"security_deposit" integer DEFAULT 0 NOT NULL,
	"max_guests" smallint NOT NULL,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '11:00' NOT NULL,
	"house_rules" text DEFAULT '' NOT NULL,
	"inventory" text DEFAULT '' NOT NULL,
	"seasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_terms_values_check" CHECK ("rental_terms"."default_rate" > 0 and "rental_terms"."min_nights" between 1 and 90 and "rental_terms"."cleaning_fee" >= 0 and "rental_terms"."security_deposit" >= 0 and "rental_terms"."max_guests" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "rental_payment_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_lead_contact_id_lead_contacts_id_fk" FOREIGN KEY ("lead_contact_id") REFERENCES "public"."lead_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_bookings" ADD CONSTRAINT "rental_bookings_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_nights" ADD CONSTRAINT "rental_nights_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_nights" ADD CONSTRAINT "rental_nights_booking_id_rental_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."rental_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_terms" ADD CONSTRAINT "rental_terms_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_bookings_contact_idx" ON "rental_bookings" USING btree ("lead_contact_id");--> statement-breakpoint
CREATE INDEX "rental_bookings_property_idx" ON "rental_bookings" USING btree ("property_id","check_in");--> statement-breakpoint
CREATE INDEX "rental_nights_booking_idx" ON "rental_nights" USING btree ("booking_id");