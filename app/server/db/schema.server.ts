// The whole product's data model. Enumerations are text columns guarded by CHECK constraints:
// adding a value is a one-line migration, not an ALTER TYPE (decision 001).
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ALERT_FREQUENCY_KEYS } from "../../lib/alerts";
import type { BusinessHours } from "../../lib/business-hours";
import type { VisitWeek } from "../../lib/visit-slots";
import {
  ADDRESS_VISIBILITY_KEYS,
  CAPTACAO_STATUS_KEYS,
  FINALIDADE_KEYS,
  IPTU_PERIOD_KEYS,
  LEAD_ORIGIN_KEYS,
  LEAD_STATUS_KEYS,
  PROPOSAL_PAYMENT_KEYS,
  PROPOSAL_STATUS_KEYS,
  PUBLICATION_KEYS,
  RENT_PERIOD_KEYS,
  STATUS_KEYS,
  TIPO_KEYS,
  USER_ROLE_KEYS,
  VISIT_STATUS_KEYS,
} from "../../lib/vocabulary";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const inList = (column: SQL | string, values: readonly string[]) =>
  sql.raw(
    `${typeof column === "string" ? `"${column}"` : column} in (${values.map((v) => `'${v}'`).join(", ")})`,
  );

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: USER_ROLE_KEYS }).notNull().default("corretor"),
    creci: text("creci"),
    phone: text("phone"),
    active: boolean("active").notNull().default(true),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_role_check", inList("role", USER_ROLE_KEYS)),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; the idle timeout is measured from lastSeenAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

export const properties = pgTable(
  "properties",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    referencia: text("referencia").notNull(),
    titulo: text("titulo").notNull(),
    descricao: text("descricao").notNull().default(""),
    tipo: text("tipo", { enum: TIPO_KEYS }).notNull(),
    finalidades: text("finalidades", { enum: FINALIDADE_KEYS }).array().notNull(),
    precoVenda: bigint("preco_venda", { mode: "number" }),
    precoAluguel: integer("preco_aluguel"),
    periodoAluguel: text("periodo_aluguel", { enum: RENT_PERIOD_KEYS }),
    /** The agency hides the price: visitors read "Sob consulta". */
    precoSobConsulta: boolean("preco_sob_consulta").notNull().default(false),
    /** Monthly fee; 0 = isento, null = not informed. */
    condominio: integer("condominio"),
    iptu: integer("iptu"),
    iptuPeriodo: text("iptu_periodo", { enum: IPTU_PERIOD_KEYS }).notNull().default("anual"),
    quartos: smallint("quartos").notNull().default(0),
    suites: smallint("suites").notNull().default(0),
    banheiros: smallint("banheiros").notNull().default(0),
    vagas: smallint("vagas").notNull().default(0),
    areaUtil: integer("area_util"),
    areaTotal: integer("area_total"),
    andar: smallint("andar"),
    anoConstrucao: smallint("ano_construcao"),
    /** true = sim, false = não, null = não informado (the site and the feeds then say nothing). */
    mobiliado: boolean("mobiliado"),
    aceitaPet: boolean("aceita_pet"),
    comodidades: text("comodidades").array().notNull().default(sql`'{}'::text[]`),
    cep: text("cep"),
    logradouro: text("logradouro"),
    numero: text("numero"),
    complemento: text("complemento"),
    bairro: text("bairro").notNull(),
    cidade: text("cidade").notNull(),
    uf: text("uf").notNull().default("AL"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    visibilidadeEndereco: text("visibilidade_endereco", { enum: ADDRESS_VISIBILITY_KEYS })
      .notNull()
      .default("bairro"),
    videoUrl: text("video_url"),
    tourUrl: text("tour_url"),
    status: text("status", { enum: STATUS_KEYS }).notNull().default("disponivel"),
    /** When the situação last changed (set by the domain code); "vendidos no mês" counts by it. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    publicacao: text("publicacao", { enum: PUBLICATION_KEYS }).notNull().default("rascunho"),
    destaque: boolean("destaque").notNull().default(false),
    publicarPortais: boolean("publicar_portais").notNull().default(false),
    corretorId: integer("corretor_id").references(() => users.id, { onDelete: "set null" }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    views: integer("views").notNull().default(0),
    /**
     * When the main price (the sale price, else the rent: the card's) took its current value; a
     * reduction from a price held PRICE_REFERENCE_DAYS is shown as one (price-drop.server.ts).
     */
    priceSince: timestamp("price_since", { withTimezone: true }).notNull().defaultNow(),
    /** The price it was reduced from, and when; null when the price did not go down (or went up since). */
    priceDropFrom: bigint("price_drop_from", { mode: "number" }),
    priceDropAt: timestamp("price_drop_at", { withTimezone: true }),
    ...timestamps,
    /** Portuguese, accent-insensitive full-text document (f_unaccent is created by migration 0000). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): SQL => sql`setweight(to_tsvector('portuguese', f_unaccent(coalesce(${properties.titulo}, ''))), 'A')
        || setweight(to_tsvector('portuguese', f_unaccent(coalesce(${properties.bairro}, '') || ' ' || coalesce(${properties.cidade}, '') || ' ' || replace(${properties.tipo}, '_', ' '))), 'B')
        || setweight(to_tsvector('portuguese', f_unaccent(coalesce(${properties.descricao}, ''))), 'C')`,
    ),
  },
  (t) => [
    uniqueIndex("properties_referencia_upper_idx").on(sql`upper(${t.referencia})`),
    index("properties_search_idx").using("gin", t.searchVector),
    index("properties_finalidades_idx").using("gin", t.finalidades),
    index("properties_comodidades_idx").using("gin", t.comodidades),
    index("properties_public_idx").on(t.publicacao, t.status),
    index("properties_tipo_idx").on(t.tipo),
    index("properties_cidade_bairro_idx").on(t.cidade, t.bairro),
    index("properties_preco_venda_idx").on(t.precoVenda),
    index("properties_preco_aluguel_idx").on(t.precoAluguel),
    index("properties_quartos_idx").on(t.quartos),
    index("properties_published_at_idx").on(t.publishedAt),
    index("properties_corretor_idx").on(t.corretorId),
    check("properties_tipo_check", inList("tipo", TIPO_KEYS)),
    check("properties_status_check", inList("status", STATUS_KEYS)),
    check("properties_publicacao_check", inList("publicacao", PUBLICATION_KEYS)),
    check("properties_visibilidade_check", inList("visibilidade_endereco", ADDRESS_VISIBILITY_KEYS)),
    check("properties_finalidades_check", sql`cardinality(${t.finalidades}) > 0`),
    check(
      "properties_precos_check",
      sql`coalesce(${t.precoVenda}, 0) >= 0 and coalesce(${t.precoAluguel}, 0) >= 0`,
    ),
  ],
);

/** Old referências keep working with a 301 after a listing's referência changes. */
export const propertyRedirects = pgTable("property_redirects", {
  oldReferencia: text("old_referencia").primaryKey(),
  propertyId: integer("property_id")
    .notNull()
    .references(() => properties.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The referências of deleted listings: never generated again (nextReferencia), so a link, a
 * search result or a portal's lead that still names one never lands on another property.
 */
export const retiredReferencias = pgTable("retired_referencias", {
  referencia: text("referencia").primaryKey(),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PhotoVariant = {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  key: string;
  bytes: number;
};

export const propertyPhotos = pgTable(
  "property_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    isCover: boolean("is_cover").notNull().default(false),
    altText: text("alt_text").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    placeholderColor: text("placeholder_color").notNull(),
    /** Content hash of the original upload; variant keys derive from it. */
    hash: text("hash").notNull(),
    variants: jsonb("variants").$type<PhotoVariant[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("property_photos_property_idx").on(t.propertyId, t.position),
    uniqueIndex("property_photos_one_cover_idx").on(t.propertyId).where(sql`${t.isCover}`),
  ],
);

/**
 * Each listing's share image as last drawn (app/server/og/og-image.server.ts): its storage key, so
 * the image it replaces, or the listing's when it is deleted, is removed once nothing shows it.
 */
export const ogImages = pgTable(
  "og_images",
  {
    propertyId: integer("property_id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("og_images_key_idx").on(t.key)],
);

/** Daily counters behind the admin's 30-day charts: page views and WhatsApp clicks per listing. */
export const propertyViewsDaily = pgTable(
  "property_views_daily",
  {
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    /** Taps on "Conversar no WhatsApp" (app/server/leads/whatsapp.server.ts): no contact, no lead. */
    whatsappClicks: integer("whatsapp_clicks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
);

export const leads = pgTable(
  "leads",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    message: text("message").notNull().default(""),
    origin: text("origin", { enum: LEAD_ORIGIN_KEYS }).notNull(),
    consentVersion: text("consent_version"),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    status: text("status", { enum: LEAD_STATUS_KEYS }).notNull().default("novo"),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The person's phone as a matching key: DDD + last 8 digits (app/server/leads/person.server.ts). */
    phoneKey: text("phone_key"),
    /** When the person last got in touch: a new contact within 30 days joins this card. */
    lastContactAt: timestamp("last_contact_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current assignee got it (null while unassigned): the first-response clock starts here. */
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** The first thing an agent did with it (a status change, a note, a reply): stops the clock. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    firstResponseById: integer("first_response_by_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The next action (app/server/leads/next-action.server.ts): a day, an optional time and a short
     * task. Kept as the wall-clock date and time the agent chose in Maceió, not a timestamptz: "any
     * time that day" needs no made-up hour, and Alagoas has no daylight saving, so comparing them
     * with Maceió's date and time of `now` is exact (next-action-due.server.ts). Every open lead
     * has one; closing or losing it clears it.
     */
    nextActionDate: date("next_action_date"),
    nextActionTime: time("next_action_time"),
    nextAction: text("next_action"),
    ...timestamps,
  },
  (t) => [
    index("leads_next_action_idx")
      .on(t.nextActionDate, t.nextActionTime)
      .where(sql`${t.nextActionDate} is not null`),
    check(
      "leads_next_action_check",
      sql`(${t.nextActionDate} is null) = (${t.nextAction} is null) and (${t.nextActionTime} is null or ${t.nextActionDate} is not null) and char_length(${t.nextAction}) <= 140`,
    ),
    index("leads_status_idx").on(t.status, t.createdAt),
    // The funnel report reads a period of leads by when they came (app/server/reports/funnel.server.ts).
    index("leads_created_idx").on(t.createdAt),
    index("leads_phone_key_idx").on(t.phoneKey, t.lastContactAt),
    index("leads_last_contact_idx").on(t.lastContactAt),
    index("leads_property_idx").on(t.propertyId),
    index("leads_assignee_idx").on(t.assigneeId),
    index("leads_email_idx").on(sql`lower(${t.email})`),
    check("leads_status_check", inList("status", LEAD_STATUS_KEYS)),
    check("leads_origin_check", inList("origin", LEAD_ORIGIN_KEYS)),
  ],
);

export const leadNotes = pgTable(
  "lead_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("lead_notes_lead_idx").on(t.leadId)],
);

/**
 * Every move of a lead through the pipeline (novo → … → fechado/perdido), in order: the funnel
 * report counts the stages a lead reached from here, even when it moved on or was lost later.
 */
export const leadStatusChanges = pgTable(
  "lead_status_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: LEAD_STATUS_KEYS }),
    toStatus: text("to_status", { enum: LEAD_STATUS_KEYS }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_status_changes_lead_idx").on(t.leadId, t.at),
    index("lead_status_changes_at_idx").on(t.at),
  ],
);

/**
 * Every time a person got in touch (a form, a portal, an integration, a call or a visit an agent
 * recorded): the history of one lead card. The card (`leads`) keeps the person and how the agency
 * handles them; each contact here keeps where it came from, about which listing and what was said.
 */
export const leadContacts = pgTable(
  "lead_contacts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    origin: text("origin", { enum: LEAD_ORIGIN_KEYS }).notNull(),
    /** The integration's own name of the source ("Chaves na Mão", "Landing page verão"). */
    sourceLabel: text("source_label"),
    /** Who sent it and their id for it (a portal's originLeadId): the same pair twice is one contact. */
    externalSource: text("external_source"),
    externalId: text("external_id"),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** The referência as received; kept when no listing has it ("imóvel não encontrado"). */
    referencia: text("referencia"),
    message: text("message").notNull().default(""),
    /** What else the sender told (a portal's listing id, its timestamp, fields added later). */
    extra: jsonb("extra").$type<Record<string, unknown>>(),
    recordedById: integer("recorded_by_id").references(() => users.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_contacts_lead_idx").on(t.leadId, t.receivedAt),
    uniqueIndex("lead_contacts_external_idx").on(t.externalSource, t.externalId),
    check("lead_contacts_origin_check", inList("origin", LEAD_ORIGIN_KEYS)),
  ],
);

/**
 * One row (id = 1): how new leads are distributed (the roleta) and how long an agent has to answer
 * before the lead moves on (app/server/leads/distribution.server.ts, reassign.server.ts).
 */
export const leadDistribution = pgTable(
  "lead_distribution",
  {
    id: integer("id").primaryKey().default(1),
    enabled: boolean("enabled").notNull().default(false),
    /** Only agents who cover the listing's finalidade / city take part (an agent with none covers all). */
    byFinalidade: boolean("by_finalidade").notNull().default(false),
    byCity: boolean("by_city").notNull().default(false),
    /** The listing's own corretor (its captador) gets its leads before the round-robin. */
    captadorFirst: boolean("captador_first").notNull().default(true),
    /** Business minutes the assignee has for a first response before the lead is reassigned. */
    responseLimitMinutes: integer("response_limit_minutes").notNull().default(120),
    businessHours: jsonb("business_hours").$type<BusinessHours>().notNull(),
    updatedById: integer("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_distribution_singleton", sql`${t.id} = 1`),
    check("lead_distribution_limit", sql`${t.responseLimitMinutes} between 1 and 10080`),
  ],
);

/**
 * An owner's offer of a property, sent from /anuncie-seu-imovel: a queue of its own, apart from the
 * leads (people asking about the agency's listings). An agent turns one into a draft property in a
 * click (app/server/captacoes/convert.server.ts); `propertyId` is that draft.
 */
export const captacoes = pgTable(
  "captacoes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email"),
    /** The phone as a matching key: DDD + last 8 digits (app/server/leads/person.server.ts), for LGPD requests. */
    phoneKey: text("phone_key"),
    /** Street and number, as the owner wrote them (optional: some prefer to say it on the phone). */
    logradouro: text("logradouro"),
    bairro: text("bairro").notNull(),
    cidade: text("cidade").notNull(),
    tipo: text("tipo", { enum: TIPO_KEYS }).notNull(),
    finalidade: text("finalidade", { enum: FINALIDADE_KEYS }).notNull(),
    /** What the owner hopes for, in whole reais (a month's rent, a night's temporada); null = unsaid. */
    expectedPrice: bigint("expected_price", { mode: "number" }),
    message: text("message").notNull().default(""),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: CAPTACAO_STATUS_KEYS }).notNull().default("nova"),
    assigneeId: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** The draft made from it ("Criar rascunho do imóvel"); null again if that property is deleted. */
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("captacoes_status_idx").on(t.status, t.createdAt),
    index("captacoes_assignee_idx").on(t.assigneeId),
    index("captacoes_phone_key_idx").on(t.phoneKey),
    index("captacoes_email_idx").on(sql`lower(${t.email})`),
    check("captacoes_status_check", inList("status", CAPTACAO_STATUS_KEYS)),
    check("captacoes_tipo_check", inList("tipo", TIPO_KEYS)),
    check("captacoes_finalidade_check", inList("finalidade", FINALIDADE_KEYS)),
    check("captacoes_expected_price_check", sql`coalesce(${t.expectedPrice}, 0) >= 0`),
  ],
);

/**
 * Each corretor's part in the roleta. No row = takes part, covering every finalidade and city;
 * last_assigned_at keeps the round-robin fair (who least recently got a lead goes next).
 */
export const leadDistributionMembers = pgTable("lead_distribution_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  takesPart: boolean("takes_part").notNull().default(true),
  finalidades: text("finalidades", { enum: FINALIDADE_KEYS }).array().notNull().default(sql`'{}'::text[]`),
  cities: text("cities").array().notNull().default(sql`'{}'::text[]`),
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
});

/**
 * An assignment found overdue that could not move on (no other eligible agent): admins were told
 * once for it, and the sweep leaves it until it is answered or reassigned.
 */
export const leadOverdueAlerts = pgTable(
  "lead_overdue_alerts",
  {
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.assignedAt] })],
);

/**
 * A captação's photos while they wait for an agent: the original as sent and a small preview,
 * private files under `captacoes/` in the media storage (never served by /media: server/app.ts).
 * Converting runs each original through the photo pipeline and removes these.
 */
export const captacaoPhotos = pgTable(
  "captacao_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    captacaoId: integer("captacao_id")
      .notNull()
      .references(() => captacoes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** First 32 hex chars of the SHA-256 of the original (the pipeline's hash for it). */
    hash: text("hash").notNull(),
    originalKey: text("original_key").notNull(),
    previewKey: text("preview_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("captacao_photos_captacao_idx").on(t.captacaoId, t.position),
    uniqueIndex("captacao_photos_hash_idx").on(t.captacaoId, t.hash),
  ],
);

export const captacaoNotes = pgTable(
  "captacao_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    captacaoId: integer("captacao_id")
      .notNull()
      .references(() => captacoes.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("captacao_notes_captacao_idx").on(t.captacaoId)],
);

/**
 * The secrets the lead endpoints accept (/api/portais/grupozap/leads, /api/leads), made on
 * /admin/portais. Only a hash is kept: the secret is shown once, when made (decision 028).
 */
export const leadApiSecrets = pgTable("lead_api_secrets", {
  name: text("name").primaryKey(),
  secretHash: text("secret_hash").notNull(),
  /** Its last characters, so the admin can tell which one a portal has. */
  hint: text("hint").notNull(),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The agency's profiles; its YouTube channel is video_channel_url (merged by migration 0006). */
export type SocialLinks = Partial<Record<"instagram" | "facebook" | "tiktok" | "linkedin", string>>;

/** One row (id = 1): everything the agency edits about itself. */
/** A branding image (logo, hero photo): its variants live under brand/ in storage (app/server/settings/brand-images.server.ts). */
export type BrandImage = {
  hash: string;
  width: number;
  height: number;
  placeholderColor: string;
  variants: PhotoVariant[];
};

export const agencySettings = pgTable(
  "agency_settings",
  {
    id: integer("id").primaryKey().default(1),
    name: text("name").notNull(),
    creci: text("creci").notNull(),
    phones: text("phones").array().notNull().default(sql`'{}'::text[]`),
    whatsapp: text("whatsapp").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    videoChannelUrl: text("video_channel_url").notNull().default(""),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    aboutText: text("about_text").notNull().default(""),
    privacyText: text("privacy_text").notNull().default(""),
    dpoName: text("dpo_name").notNull().default(""),
    dpoEmail: text("dpo_email").notNull().default(""),
    /** Optional secret the portals must put in the feed URL. */
    feedToken: text("feed_token"),
    /** The header, buttons and links' colour, "#rrggbb" (app/lib/brand-color.ts checks its contrast). */
    brandColor: text("brand_color").notNull().default("#0b6e8a"),
    /** The agency's logo, as the image pipeline stored it (null = the name in text). */
    logo: jsonb("logo").$type<BrandImage>(),
    /** The home page's hero photo (null = the gradient hero). */
    heroPhoto: jsonb("hero_photo").$type<BrandImage>(),
    /** The financing simulator's starting annual rate in basis points: 1150 = 11,5 % a.a. */
    financingRateBp: integer("financing_rate_bp").notNull().default(1150),
    /** What a confirmed temporada guest is told about paying (PIX key, deposit share): the confirmation e-mail. */
    rentalPaymentText: text("rental_payment_text").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("agency_settings_singleton", sql`${t.id} = 1`),
    check("agency_settings_brand_color", sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check("agency_settings_financing_rate", sql`${t.financingRateBp} between 0 and 3000`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** e.g. signed-in, signed-out, sign-in-failed, token-refreshed, password-recovery, user-updated, property-updated */
    action: text("action").notNull(),
    entity: text("entity"),
    entityId: text("entity_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_user_idx").on(t.userId, t.at)],
);

/**
 * The daily summary of next actions, one row per agent and Maceió day once it was considered
 * (app/server/leads/next-action-summary.server.ts), written in the transaction of its outbox
 * message: the key keeps it to one a day whichever app instance gets there first.
 */
export const nextActionSummaries = pgTable(
  "next_action_summaries",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    /** The message sent, or null when nothing was due (nothing is sent then). */
    outboxId: bigint("outbox_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Transactional outbox: each message is written with the change that causes it, sent later with retries. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Fixed-window counters shared by every app instance (sign-in, lead submissions). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in turns per account (the normalised e-mail, known or not), shared by every app instance:
 * attempts since the last success in the current window, each counted when it starts, and the
 * moment the latest one may check its password (app/server/auth/sign-in-turns.server.ts).
 */
export const signInTurns = pgTable("sign_in_turns", {
  email: text("email").primaryKey(),
  attempts: integer("attempts").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  lastTurnAt: timestamp("last_turn_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Key/value state shared by instances, e.g. the public-page cache's data version. */
export const appState = pgTable("app_state", {
  key: text("key").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which listings changed, in commit order, so each app instance's in-process search index
 * (decision 008) catches up before it answers. Written only by the triggers of migration 0002 (every
 * insert, delete and change of a searchable column, whoever makes it); `version` comes from the
 * app_state counter "property_changes", bumped in commit order.
 */
export const propertyChanges = pgTable(
  "property_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    propertyId: integer("property_id").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("property_changes_version_idx").on(t.version)],
);

/** Why a listing was sent to a saved search: new match, or its price went down. */
export const ALERT_REASON_KEYS = ["nova", "preco"] as const;

/**
 * A visitor's saved search ("Receber novidades desta busca"): an e-mail address without an
 * account, the search screen and its canonical filters, double opt-in (confirmed_at), and the
 * unguessable token of its e-mailed links (confirm, manage, one-click unsubscribe). Unsubscribing
 * deletes the row; the place and price columns repeat the filters for the demand report.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    /** The search screen: /todos-os-imoveis or /casas. */
    path: text("path").notNull(),
    /** Canonical query string (app/lib/search-params.ts), without order and page. */
    query: text("query").notNull(),
    title: text("title").notNull(),
    frequency: text("frequency", { enum: ALERT_FREQUENCY_KEYS }).notNull(),
    token: text("token").notNull(),
    cidade: text("cidade"),
    bairro: text("bairro"),
    finalidade: text("finalidade"),
    precoMin: bigint("preco_min", { mode: "number" }),
    precoMax: bigint("preco_max", { mode: "number" }),
    consentVersion: text("consent_version").notNull(),
    consentAt: timestamp("consent_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("saved_searches_token_idx").on(t.token),
    uniqueIndex("saved_searches_email_search_idx").on(t.email, t.path, t.query),
    check("saved_searches_frequency_check", inList("frequency", ALERT_FREQUENCY_KEYS)),
  ],
);

/**
 * One alert message of a saved search and period ("d:2026-11-27", "w:2026-11-23", or the instant
 * of an instant one), written in the transaction of its outbox row: the key keeps a daily or
 * weekly digest to one per period whichever app instance gets there first.
 */
export const savedSearchDigests = pgTable(
  "saved_search_digests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    period: text("period").notNull(),
    outboxId: bigint("outbox_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_search_digests_period_idx").on(t.savedSearchId, t.period)],
);

/**
 * Each listing sent to a saved search with the price it was sent at: once as new, then once per
 * price lower than any it was sent at before (the two unique indexes; decision 035).
 */
export const savedSearchSent = pgTable(
  "saved_search_sent",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    savedSearchId: integer("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ALERT_REASON_KEYS }).notNull(),
    /** The price the visitor compares (search filters' visiblePrice) when sent; null: not shown. */
    price: bigint("price", { mode: "number" }),
    digestId: integer("digest_id")
      .notNull()
      .references(() => savedSearchDigests.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("saved_search_sent_new_idx")
      .on(t.savedSearchId, t.propertyId)
      .where(sql`${t.reason} = 'nova'`),
    uniqueIndex("saved_search_sent_drop_idx")
      .on(t.savedSearchId, t.propertyId, t.price)
      .where(sql`${t.reason} = 'preco'`),
    index("saved_search_sent_digest_idx").on(t.digestId),
    index("saved_search_sent_property_idx").on(t.propertyId, t.createdAt),
    check("saved_search_sent_reason_check", inList("reason", ALERT_REASON_KEYS)),
  ],
);

/**
 * When visits may be booked (app/lib/visit-slots.ts): one row per corretor who set their own, and
 * the agency's (user_id null), which an agent without a row of their own follows. The agency's
 * blocked dates (holidays) apply to every agent.
 */
export const visitSchedules = pgTable(
  "visit_schedules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    slotMinutes: smallint("slot_minutes").notNull().default(60),
    /** Per weekday (0 = domingo), windows as minutes from Maceió's midnight. */
    weekly: jsonb("weekly").$type<VisitWeek>().notNull(),
    /** Maceió days (YYYY-MM-DD) with no visits. */
    blockedDates: jsonb("blocked_dates").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("visit_schedules_user_idx").on(sql`coalesce(${t.userId}, 0)`),
    check("visit_schedules_slot_check", sql`${t.slotMinutes} in (30, 60)`),
  ],
);

/**
 * A visit a visitor booked on a listing's page (app/server/visits/visits.server.ts). The slot is
 * held by the database, not by code: one booked visit per agent (the agency's: agent_id null) and
 * start, across every app instance (decision 034).
 */
export const visits = pgTable(
  "visits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id").references(() => properties.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    agentId: integer("agent_id").references(() => users.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    status: text("status", { enum: VISIT_STATUS_KEYS }).notNull().default("agendada"),
    /** Random, per visit: the key its cancel/reschedule links are signed with (links.server.ts). */
    linkKey: text("link_key").notNull(),
    /** The visit a reschedule replaced this one with. */
    rescheduledToId: integer("rescheduled_to_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("visits_slot_idx")
      .on(sql`coalesce(${t.agentId}, 0)`, t.startsAt)
      .where(sql`${t.status} = 'agendada'`),
    index("visits_starts_idx").on(t.startsAt),
    index("visits_lead_idx").on(t.leadId),
    index("visits_property_idx").on(t.propertyId, t.createdAt),
    check("visits_status_check", inList("status", VISIT_STATUS_KEYS)),
    check("visits_time_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** One dated season of a temporada listing's rates (decision 037); kept in rental_terms.seasons. */
export type RentalSeason = {
  kind: "reveillon" | "carnaval" | "alta" | "baixa";
  /** First and last night of the season, "YYYY-MM-DD", both included. */
  start: string;
  end: string;
  /** Whole reais a night. */
  rate: number;
  minNights: number;
};

/**
 * A temporada listing's rates and rules (app/server/rentals/terms.server.ts). Without a row the
 * listing's own daily price is its only rate (app/server/rentals/terms.server.ts, defaultTerms).
 */
export const rentalTerms = pgTable(
  "rental_terms",
  {
    propertyId: integer("property_id")
      .primaryKey()
      .references(() => properties.id, { onDelete: "cascade" }),
    defaultRate: integer("default_rate").notNull(),
    minNights: smallint("min_nights").notNull().default(1),
    cleaningFee: integer("cleaning_fee").notNull().default(0),
    securityDeposit: integer("security_deposit").notNull().default(0),
    maxGuests: smallint("max_guests").notNull(),
    checkInTime: text("check_in_time").notNull().default("14:00"),
    checkOutTime: text("check_out_time").notNull().default("11:00"),
    houseRules: text("house_rules").notNull().default(""),
    inventory: text("inventory").notNull().default(""),
    seasons: jsonb("seasons").$type<RentalSeason[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "rental_terms_values_check",
      sql`${t.defaultRate} > 0 and ${t.minNights} between 1 and 90 and ${t.cleaningFee} >= 0 and ${t.securityDeposit} >= 0 and ${t.maxGuests} between 1 and 50`,
    ),
  ],
);

/**
 * A stay the agency confirmed (from a booking request on the listing's page, a lead contact, or
 * recorded by hand), or a request it declined. Its nights are held in rental_nights.
 */
export const rentalBookings = pgTable(
  "rental_bookings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The request it answers (its lead contact); null when recorded by hand. One answer per request. */
    leadContactId: integer("lead_contact_id").references(() => leadContacts.id, { onDelete: "set null" }),
    leadId: integer("lead_id").references(() => leads.id, { onDelete: "set null" }),
    status: text("status", { enum: ["confirmada", "recusada", "cancelada"] }).notNull(),
    checkIn: date("check_in").notNull(),
    checkOut: date("check_out").notNull(),
    guests: smallint("guests").notNull(),
    total: integer("total").notNull(),
    guestName: text("guest_name").notNull(),
    guestEmail: text("guest_email"),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a confirmed stay was cancelled (its nights freed); status is then "cancelada". */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("rental_bookings_contact_idx").on(t.leadContactId),
    index("rental_bookings_property_idx").on(t.propertyId, t.checkIn),
    check("rental_bookings_status_check", sql`${t.status} in ('confirmada', 'recusada', 'cancelada')`),
    check(
      "rental_bookings_stay_check",
      sql`${t.checkOut} > ${t.checkIn} and ${t.checkOut} - ${t.checkIn} <= 90 and ${t.guests} >= 1`,
    ),
  ],
);

/**
 * One row per night a temporada listing is taken: booked (a confirmed stay) or blocked by the
 * agency. The primary key (property_id, night) is what makes a double booking impossible: two
 * confirmations sharing a night cannot both commit, on any instance (decision 037).
 */
export const rentalNights = pgTable(
  "rental_nights",
  {
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    night: date("night").notNull(),
    bookingId: integer("booking_id").references(() => rentalBookings.id, { onDelete: "cascade" }),
    /**
     * A night blocked by an imported calendar (decision 039): the feed and its event's UID. Null
     * for a stay's night and for a night the agency blocked by hand.
     */
    feedId: integer("feed_id").references((): AnyPgColumn => rentalIcalFeeds.id, { onDelete: "cascade" }),
    feedUid: text("feed_uid"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.night] }),
    index("rental_nights_booking_idx").on(t.bookingId),
    index("rental_nights_feed_idx").on(t.feedId),
    check("rental_nights_source_check", sql`${t.bookingId} is null or ${t.feedId} is null`),
  ],
);

/**
 * A temporada listing's calendar published for Airbnb, Booking.com and others to subscribe to
 * (decision 039): /temporada/<token>.ics. The token is kept as is (the admin screen shows the URL to
 * copy again); "Gerar novo endereço" replaces it and the old URL answers 404.
 */
export const rentalIcalExports = pgTable("rental_ical_exports", {
  propertyId: integer("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's report of a listing (decision 046): /relatorio/<token> shows its numbers (views,
 * WhatsApp taps, contacts, visits, alert e-mails) and its price per m² against listings like it,
 * never a person's data. One link per listing, its token kept as is like the calendar's (the admin
 * screen shows the URL to send again); "Gerar novo link" replaces it, "Desativar" deletes it, and
 * the old URL answers 404.
 */
export const ownerReports = pgTable("owner_reports", {
  propertyId: integer("property_id")
    .primaryKey()
    .references(() => properties.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** When the owner last opened it (the agent's preview does not count). */
  lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
  opens: integer("opens").notNull().default(0),
});

/**
 * A calendar imported into a temporada listing (decision 039): polled every
 * ICAL_POLL_INTERVAL_SECONDS, with exponential backoff after failures; its events block their nights
 * in rental_nights (feed_id, feed_uid). `conflicts` are nights it holds that a confirmed stay or a
 * block of the agency already took here.
 */
export const rentalIcalFeeds = pgTable(
  "rental_ical_feeds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Due for the next fetch (also the lease a sweep takes while fetching it). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    failures: smallint("failures").notNull().default(0),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** Events in the last good fetch (the nights from today on). */
    events: integer("events").notNull().default(0),
    /** Events of the last good fetch left out because they could not be read (shown on the screen). */
    ignoredEvents: integer("ignored_events").notNull().default(0),
    conflicts: jsonb("conflicts").$type<string[]>().notNull().default([]),
  },
  (t) => [
    index("rental_ical_feeds_property_idx").on(t.propertyId),
    index("rental_ical_feeds_due_idx").on(t.nextAttemptAt),
  ],
);

/**
 * A buyer's or tenant's proposal for a listing, which the agent takes to the owner
 * (app/server/leads/proposals.server.ts, decision 048): the amount (whole reais; a rent's is per
 * month), how the buyer would pay, the conditions, until when it stands, and the owner's answer
 * (a contraproposta names its amount). Gone with the lead (LGPD erasure) or the listing.
 */
export const proposals = pgTable(
  "proposals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    finalidade: text("finalidade", { enum: ["venda", "aluguel"] }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    /** The asking price when it was made (the listing's may change later). */
    askingPrice: bigint("asking_price", { mode: "number" }),
    payment: text("payment", { enum: PROPOSAL_PAYMENT_KEYS }),
    conditions: text("conditions").notNull().default(""),
    /** The last Maceió day it stands (a date, like a next action's). */
    validUntil: date("valid_until").notNull(),
    status: text("status", { enum: PROPOSAL_STATUS_KEYS }).notNull().default("em_analise"),
    counterAmount: bigint("counter_amount", { mode: "number" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredById: integer("answered_by_id").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    index("proposals_lead_idx").on(t.leadId, t.createdAt),
    index("proposals_property_idx").on(t.propertyId, t.createdAt),
    check("proposals_finalidade_check", inList("finalidade", ["venda", "aluguel"])),
    check(
      "proposals_payment_check",
      sql`${t.payment} is null or ${inList("payment", PROPOSAL_PAYMENT_KEYS)}`,
    ),
    check("proposals_status_check", inList("status", PROPOSAL_STATUS_KEYS)),
    check("proposals_amount_check", sql`${t.amount} > 0 and coalesce(${t.counterAmount}, 1) > 0`),
  ],
);

/**
 * A list of listings an agent sent a lead on WhatsApp (app/server/leads/sent-lists.server.ts,
 * decision 049): its link carries `envio=<token>`, and the lead's screen says whether and when it
 * was opened. Opens by link previews, prefetches and signed-in users are not counted. Gone with the
 * lead (LGPD erasure).
 */
export const sentLists = pgTable(
  "sent_lists",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    token: text("token").notNull().unique(),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    referencias: text("referencias").array().notNull(),
    sentById: integer("sent_by_id").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    opens: integer("opens").notNull().default(0),
  },
  (t) => [index("sent_lists_lead_idx").on(t.leadId, t.sentAt)],
);

export type User = typeof users.$inferSelect;
export type Property = typeof properties.$inferSelect;
export type NewProperty = typeof properties.$inferInsert;
export type PropertyPhoto = typeof propertyPhotos.$inferSelect;
export type NewPropertyPhoto = typeof propertyPhotos.$inferInsert;
export type Lead = typeof leads.$inferSelect;
export type AgencySettings = typeof agencySettings.$inferSelect;
export type Captacao = typeof captacoes.$inferSelect;
export type CaptacaoPhoto = typeof captacaoPhotos.$inferSelect;
export type Visit = typeof visits.$inferSelect;
export type RentalTerms = typeof rentalTerms.$inferSelect;
export type RentalBooking = typeof rentalBookings.$inferSelect;
export type RentalIcalFeed = typeof rentalIcalFeeds.$inferSelect;
export type Proposal = typeof proposals.$inferSelect;
