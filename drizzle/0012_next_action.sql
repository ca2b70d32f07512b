CREATE TABLE "next_action_summaries" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "next_action_summaries_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_action_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_action_time" time;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_action" text;--> statement-breakpoint
ALTER TABLE "next_action_summaries" ADD CONSTRAINT "next_action_summaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_next_action_idx" ON "leads" USING btree ("next_action_date","next_action_time") WHERE "leads"."next_action_date" is not null;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_next_action_check" CHECK (("leads"."next_action_date" is null) = ("leads"."next_action" is null) and ("leads"."next_action_time" is null or "leads"."next_action_date" is not null) and char_length("leads"."next_action") <= 140);--> statement-breakpoint
-- Every open lead gets a next action due today (any time), so none is left without one: a new one
-- the first contact, the others a step for its agent to choose (app/server/leads/next-action.server.ts).
UPDATE "leads" SET "next_action_date" = (now() at time zone 'America/Maceio')::date,
  "next_action" = CASE WHEN "status" = 'novo' THEN 'Fazer o primeiro contato' ELSE 'Definir a próxima ação' END
WHERE "status" NOT IN ('fechado', 'perdido');
