CREATE TABLE "proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"finalidade" text NOT NULL,
	"amount" bigint NOT NULL,
	"asking_price" bigint,
	"payment" text,
	"conditions" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"status" text DEFAULT 'em_analise' NOT NULL,
	"counter_amount" bigint,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_by_id" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "proposals_finalidade_check" CHECK ("finalidade" in ('venda', 'aluguel')),
	CONSTRAINT "proposals_payment_check" CHECK ("proposals"."payment" is null or "payment" in ('a_vista', 'financiamento', 'fgts', 'permuta', 'direto')),
	CONSTRAINT "proposals_status_check" CHECK ("status" in ('em_analise', 'contraproposta', 'aceita', 'recusada', 'retirada')),
	CONSTRAINT "proposals_amount_check" CHECK ("proposals"."amount" > 0 and coalesce("proposals"."counter_amount", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposals_lead_idx" ON "proposals" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "proposals_property_idx" ON "proposals" USING btree ("property_id","created_at");