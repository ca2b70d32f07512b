CREATE TABLE "visit_schedules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"slot_minutes" smallint DEFAULT 60 NOT NULL,
	"weekly" jsonb NOT NULL,
	"blocked_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_schedules_slot_check" CHECK ("visit_schedules"."slot_minutes" in (30, 60))
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer,
	"lead_id" integer,
	"agent_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'agendada' NOT NULL,
	"link_key" text NOT NULL,
	"rescheduled_to_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_status_check" CHECK ("status" in ('agendada', 'cancelada')),
	CONSTRAINT "visits_time_check" CHECK ("visits"."ends_at" > "visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "visit_schedules" ADD CONSTRAINT "visit_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_schedules_user_idx" ON "visit_schedules" USING btree (coalesce("user_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "visits_slot_idx" ON "visits" USING btree (coalesce("agent_id", 0),"starts_at") WHERE "visits"."status" = 'agendada';--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "visits_lead_idx" ON "visits" USING btree ("lead_id");