CREATE TABLE "owner_reports" (
	"property_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_opened_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "owner_reports_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "owner_reports" ADD CONSTRAINT "owner_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_reports" ADD CONSTRAINT "owner_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_sent_property_idx" ON "saved_search_sent" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "visits_property_idx" ON "visits" USING btree ("property_id","created_at");