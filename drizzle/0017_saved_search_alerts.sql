CREATE TABLE "saved_search_digests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_search_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"saved_search_id" integer NOT NULL,
	"period" text NOT NULL,
	"outbox_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_sent" (
	"saved_search_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"reason" text NOT NULL,
	"price" bigint,
	"digest_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_sent_saved_search_id_property_id_reason_pk" PRIMARY KEY("saved_search_id","property_id","reason"),
	CONSTRAINT "saved_search_sent_reason_check" CHECK ("reason" in ('nova', 'preco'))
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_searches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"title" text NOT NULL,
	"frequency" text NOT NULL,
	"token" text NOT NULL,
	"cidade" text,
	"bairro" text,
	"finalidade" text,
	"preco_min" bigint,
	"preco_max" bigint,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("frequency" in ('instantaneo', 'diario', 'semanal'))
);
--> statement-breakpoint
ALTER TABLE "saved_search_digests" ADD CONSTRAINT "saved_search_digests_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent" ADD CONSTRAINT "saved_search_sent_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent" ADD CONSTRAINT "saved_search_sent_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_sent" ADD CONSTRAINT "saved_search_sent_digest_id_saved_search_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."saved_search_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_digests_period_idx" ON "saved_search_digests" USING btree ("saved_search_id","period");--> statement-breakpoint
CREATE INDEX "saved_search_sent_digest_idx" ON "saved_search_sent" USING btree ("digest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_token_idx" ON "saved_searches" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_email_search_idx" ON "saved_searches" USING btree ("email","path","query");