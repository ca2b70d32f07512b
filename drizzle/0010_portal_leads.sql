CREATE TABLE "lead_api_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_contacts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"origin" text NOT NULL,
	"source_label" text,
	"external_source" text,
	"external_id" text,
	"property_id" integer,
	"referencia" text,
	"message" text DEFAULT '' NOT NULL,
	"extra" jsonb,
	"recorded_by_id" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_contacts_origin_check" CHECK ("origin" in ('formulario_imovel', 'formulario_contato', 'whatsapp', 'telefone', 'portal', 'zap', 'vivareal', 'olx', 'visita', 'integracao'))
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_origin_check";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "phone_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "last_contact_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_api_secrets" ADD CONSTRAINT "lead_api_secrets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_contacts" ADD CONSTRAINT "lead_contacts_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_contacts" ADD CONSTRAINT "lead_contacts_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_contacts" ADD CONSTRAINT "lead_contacts_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_contacts_lead_idx" ON "lead_contacts" USING btree ("lead_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_contacts_external_idx" ON "lead_contacts" USING btree ("external_source","external_id");--> statement-breakpoint
CREATE INDEX "leads_phone_key_idx" ON "leads" USING btree ("phone_key","last_contact_at");--> statement-breakpoint
CREATE INDEX "leads_last_contact_idx" ON "leads" USING btree ("last_contact_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_origin_check" CHECK ("origin" in ('formulario_imovel', 'formulario_contato', 'whatsapp', 'telefone', 'portal', 'zap', 'vivareal', 'olx', 'visita', 'integracao'));--> statement-breakpoint
-- Every lead so far was one contact: it becomes its card's first entry in the history, and the card
-- gets the person's phone key (DDD + last 8 digits, as app/server/leads/person.server.ts makes it)
-- so a new contact from the same person joins it.
INSERT INTO "lead_contacts" ("lead_id", "origin", "property_id", "message", "received_at")
SELECT "id", "origin", "property_id", "message", "created_at" FROM "leads";--> statement-breakpoint
UPDATE "leads" SET "last_contact_at" = "created_at";--> statement-breakpoint
UPDATE "leads" SET "phone_key" = left(d, 2) || right(d, 8)
FROM (SELECT "id" AS lead_id, regexp_replace(coalesce("phone", ''), '\D', '', 'g') AS d FROM "leads") AS digits
WHERE "leads"."id" = digits.lead_id AND length(digits.d) IN (10, 11);
