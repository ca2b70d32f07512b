CREATE TABLE "agency_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"creci" text NOT NULL,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"video_channel_url" text DEFAULT '' NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"about_text" text DEFAULT '' NOT NULL,
	"privacy_text" text DEFAULT '' NOT NULL,
	"dpo_name" text DEFAULT '' NOT NULL,
	"dpo_email" text DEFAULT '' NOT NULL,
	"feed_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agency_settings_singleton" CHECK ("agency_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"ip" text,
	"user_agent" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lead_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"message" text DEFAULT '' NOT NULL,
	"origin" text NOT NULL,
	"consent_version" text,
	"consent_at" timestamp with time zone,
	"status" text DEFAULT 'novo' NOT NULL,
	"assignee_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_check" CHECK ("status" in ('novo', 'em_atendimento', 'visita_agendada', 'proposta', 'fechado', 'perdido')),
	CONSTRAINT "leads_origin_check" CHECK ("origin" in ('formulario_imovel', 'formulario_contato', 'whatsapp', 'telefone', 'portal'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_resets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referencia" text NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"tipo" text NOT NULL,
	"finalidades" text[] NOT NULL,
	"preco_venda" bigint,
	"preco_aluguel" integer,
	"periodo_aluguel" text,
	"preco_sob_consulta" boolean DEFAULT false NOT NULL,
	"condominio" integer,
	"iptu" integer,
	"iptu_periodo" text DEFAULT 'anual' NOT NULL,
	"quartos" smallint DEFAULT 0 NOT NULL,
	"suites" smallint DEFAULT 0 NOT NULL,
	"banheiros" smallint DEFAULT 0 NOT NULL,
	"vagas" smallint DEFAULT 0 NOT NULL,
	"area_util" integer,
	"area_total" integer,
	"andar" smallint,
	"ano_construcao" smallint,
	"mobiliado" boolean DEFAULT false NOT NULL,
	"aceita_pet" boolean DEFAULT false NOT NULL,
	"comodidades" text[] DEFAULT '{}'::text[] NOT NULL,
	"cep" text,
	"logradouro" text,
	"numero" text,
	"complemento" text,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"uf" text DEFAULT 'AL' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"visibilidade_endereco" text DEFAULT 'bairro' NOT NULL,
	"video_url" text,
	"tour_url" text,
	"status" text DEFAULT 'disponivel' NOT NULL,
	"publicacao" text DEFAULT 'rascunho' NOT NULL,
	"destaque" boolean DEFAULT false NOT NULL,
	"publicar_portais" boolean DEFAULT false NOT NULL,
	"corretor_id" integer,
	"published_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese', f_unaccent(coalesce("properties"."titulo", ''))), 'A')
        || setweight(to_tsvector('portuguese', f_unaccent(coalesce("properties"."bairro", '') || ' ' || coalesce("properties"."cidade", '') || ' ' || replace("properties"."tipo", '_', ' '))), 'B')
        || setweight(to_tsvector('portuguese', f_unaccent(coalesce("properties"."descricao", ''))), 'C')) STORED,
	CONSTRAINT "properties_tipo_check" CHECK ("tipo" in ('apartamento', 'casa', 'casa_condominio', 'cobertura', 'flat', 'kitnet', 'loft', 'terreno', 'lote_condominio', 'chacara', 'fazenda', 'sala_comercial', 'loja', 'galpao', 'predio_comercial')),
	CONSTRAINT "properties_status_check" CHECK ("status" in ('disponivel', 'reservado', 'vendido', 'alugado')),
	CONSTRAINT "properties_publicacao_check" CHECK ("publicacao" in ('rascunho', 'publicado', 'arquivado')),
	CONSTRAINT "properties_visibilidade_check" CHECK ("visibilidade_endereco" in ('completo', 'rua', 'bairro')),
	CONSTRAINT "properties_finalidades_check" CHECK (cardinality("properties"."finalidades") > 0),
	CONSTRAINT "properties_precos_check" CHECK (coalesce("properties"."preco_venda", 0) >= 0 and coalesce("properties"."preco_aluguel", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "property_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "property_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"property_id" integer NOT NULL,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder_color" text NOT NULL,
	"hash" text NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_redirects" (
	"old_referencia" text PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_views_daily" (
	"property_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "property_views_daily_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'corretor' NOT NULL,
	"creci" text,
	"phone" text,
	"active" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("role" in ('admin', 'corretor'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_corretor_id_users_id_fk" FOREIGN KEY ("corretor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_redirects" ADD CONSTRAINT "property_redirects_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_views_daily" ADD CONSTRAINT "property_views_daily_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_idx" ON "lead_notes" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "leads_status_idx" ON "leads" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "leads_property_idx" ON "leads" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "leads_assignee_idx" ON "leads" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null and "outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_referencia_upper_idx" ON "properties" USING btree (upper("referencia"));--> statement-breakpoint
CREATE INDEX "properties_search_idx" ON "properties" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "properties_finalidades_idx" ON "properties" USING gin ("finalidades");--> statement-breakpoint
CREATE INDEX "properties_comodidades_idx" ON "properties" USING gin ("comodidades");--> statement-breakpoint
CREATE INDEX "properties_public_idx" ON "properties" USING btree ("publicacao","status");--> statement-breakpoint
CREATE INDEX "properties_tipo_idx" ON "properties" USING btree ("tipo");--> statement-breakpoint
CREATE INDEX "properties_cidade_bairro_idx" ON "properties" USING btree ("cidade","bairro");--> statement-breakpoint
CREATE INDEX "properties_preco_venda_idx" ON "properties" USING btree ("preco_venda");--> statement-breakpoint
CREATE INDEX "properties_preco_aluguel_idx" ON "properties" USING btree ("preco_aluguel");--> statement-breakpoint
CREATE INDEX "properties_quartos_idx" ON "properties" USING btree ("quartos");--> statement-breakpoint
CREATE INDEX "properties_published_at_idx" ON "properties" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "properties_corretor_idx" ON "properties" USING btree ("corretor_id");--> statement-breakpoint
CREATE INDEX "property_photos_property_idx" ON "property_photos" USING btree ("property_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "property_photos_one_cover_idx" ON "property_photos" USING btree ("property_id") WHERE "property_photos"."is_cover";--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));