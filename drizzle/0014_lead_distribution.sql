CREATE TABLE "lead_distribution" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"by_finalidade" boolean DEFAULT false NOT NULL,
	"by_city" boolean DEFAULT false NOT NULL,
	"captador_first" boolean DEFAULT true NOT NULL,
	"response_limit_minutes" integer DEFAULT 120 NOT NULL,
	"business_hours" jsonb NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_distribution_singleton" CHECK ("lead_distribution"."id" = 1),
	CONSTRAINT "lead_distribution_limit" CHECK ("lead_distribution"."response_limit_minutes" between 1 and 10080)
);
--> statement-breakpoint
CREATE TABLE "lead_distribution_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"takes_part" boolean DEFAULT true NOT NULL,
	"finalidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"cities" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lead_overdue_alerts" (
	"lead_id" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_overdue_alerts_lead_id_assigned_at_pk" PRIMARY KEY("lead_id","assigned_at")
);
--> statement-breakpoint
ALTER TABLE "lead_distribution" ADD CONSTRAINT "lead_distribution_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_distribution_members" ADD CONSTRAINT "lead_distribution_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_overdue_alerts" ADD CONSTRAINT "lead_overdue_alerts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;