CREATE TABLE "sent_lists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sent_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token" text NOT NULL,
	"lead_id" integer NOT NULL,
	"referencias" text[] NOT NULL,
	"sent_by_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sent_lists_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "sent_lists" ADD CONSTRAINT "sent_lists_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_lists" ADD CONSTRAINT "sent_lists_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_lists_lead_idx" ON "sent_lists" USING btree ("lead_id","sent_at");