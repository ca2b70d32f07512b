CREATE TABLE "captacao_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "captacao_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"captacao_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captacao_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "captacao_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"captacao_id" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"original_key" text NOT NULL,
	"preview_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captacoes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "captacoes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"phone_key" text,
	"logradouro" text,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"tipo" text NOT NULL,
	"finalidade" text NOT NULL,
	"expected_price" bigint,
	"message" text DEFAULT '' NOT NULL,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'nova' NOT NULL,
	"assignee_id" integer,
	"property_id" integer,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captacoes_status_check" CHECK ("status" in ('nova', 'em_avaliacao', 'convertida', 'descartada')),
	CONSTRAINT "captacoes_tipo_check" CHECK ("tipo" in ('apartamento', 'casa', 'casa_condominio', 'cobertura', 'flat', 'kitnet', 'loft', 'terreno', 'lote_condominio', 'chacara', 'fazenda', 'sala_comercial', 'loja', 'galpao', 'predio_comercial')),
	CONSTRAINT "captacoes_finalidade_check" CHECK ("finalidade" in ('venda', 'aluguel', 'temporada')),
	CONSTRAINT "captacoes_expected_price_check" CHECK (coalesce("captacoes"."expected_price", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "captacao_notes" ADD CONSTRAINT "captacao_notes_captacao_id_captacoes_id_fk" FOREIGN KEY ("captacao_id") REFERENCES "public"."captacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captacao_notes" ADD CONSTRAINT "captacao_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captacao_photos" ADD CONSTRAINT "captacao_photos_captacao_id_captacoes_id_fk" FOREIGN KEY ("captacao_id") REFERENCES "public"."captacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captacoes" ADD CONSTRAINT "captacoes_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captacoes" ADD CONSTRAINT "captacoes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captacao_notes_captacao_idx" ON "captacao_notes" USING btree ("captacao_id");--> statement-breakpoint
CREATE INDEX "captacao_photos_captacao_idx" ON "captacao_photos" USING btree ("captacao_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "captacao_photos_hash_idx" ON "captacao_photos" USING btree ("captacao_id","hash");--> statement-breakpoint
CREATE INDEX "captacoes_status_idx" ON "captacoes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "captacoes_assignee_idx" ON "captacoes" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "captacoes_phone_key_idx" ON "captacoes" USING btree ("phone_key");--> statement-breakpoint
CREATE INDEX "captacoes_email_idx" ON "captacoes" USING btree (lower("email"));