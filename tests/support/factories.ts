// Rows for the database tests: the agency, users, properties, photos, leads, visit hours and
// temporada terms, each with defaults a test can override field by field. One factory per table,
// shared by every suite.

import {
  type PropertyFormData,
  type PropertyFormInput,
  propertyFormSchema,
} from "../../app/lib/property-form";
import type { Db } from "../../app/server/db/client.server";
import {
  agencySettings,
  leads,
  type NewProperty,
  type PhotoVariant,
  properties,
  propertyPhotos,
  users,
  visitSchedules,
} from "../../app/server/db/schema.server";
import type { ProcessedImage } from "../../app/server/media/pipeline.server";
import type { Actor } from "../../app/server/properties/access.server";
import type { RentalTermsWrite } from "../../app/server/rentals/rentals.server";

/** The agency's public address in tests that build absolute URLs (feeds, sitemap, structured data). */
export const PUBLIC_URL = "https://www.imoveis-teste.com.br";

// Numbers made rows unique within a database. Test files share this module (vitest.config.ts:
// isolate false), so a file's first row is not number 1: assert on what a factory returned.
let sequence = 0;
const next = () => ++sequence;

// ------------------------------------------------------------------------------------------------
// The agency

export const TEST_AGENCY = {
  id: 1,
  name: "Imobiliária Maré Alta",
  creci: "1234-J",
  phones: ["(82) 3333-4444", "(82) 99999-8888"],
  whatsapp: "82999998888",
  email: "contato@mare-alta.com.br",
  address: "Av. Álvaro Otacílio, 1000 - Ponta Verde, Maceió - AL",
  videoChannelUrl: "https://www.youtube.com/@marealta",
  socialLinks: { instagram: "https://instagram.com/marealta", facebook: "" },
} satisfies typeof agencySettings.$inferInsert;

/** The agency's settings row (created, or replaced field by field when it exists). */
export async function insertAgency(db: Db, overrides: Partial<typeof agencySettings.$inferInsert> = {}) {
  const values = { ...TEST_AGENCY, ...overrides };
  await db
    .insert(agencySettings)
    .values(values)
    .onConflictDoUpdate({ target: agencySettings.id, set: values });
}

// ------------------------------------------------------------------------------------------------
// Users

/** A user who cannot sign in (no real password hash): an agent to assign things to. */
export async function insertUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      name: `Corretora Teste ${n}`,
      email: `pessoa${n}-${Date.now()}@teste.com.br`,
      passwordHash: "x",
      role: "corretor",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("user not created");
  return row;
}

/** A user of the given role, as the domain code's actor. */
export async function createActor(
  db: Db,
  role: Actor["role"],
  options: { active?: boolean } = {},
): Promise<Actor> {
  const user = await insertUser(db, { role, active: options.active ?? true });
  return { id: user.id, role, ip: "127.0.0.1", userAgent: "vitest" };
}

// ------------------------------------------------------------------------------------------------
// Properties

/**
 * A published property with the least a listing needs and neutral text (no words a search test
 * looks for). `publishedAt` grows by a second per property, so "newest first" is the order of
 * insertion.
 */
export async function insertProperty(db: Db, overrides: Partial<NewProperty> = {}) {
  const n = next();
  const [row] = await db
    .insert(properties)
    .values({
      referencia: `TS${String(n).padStart(4, "0")}`,
      titulo: `Imóvel de teste ${n}`,
      descricao: "Imóvel bem localizado.",
      tipo: "apartamento",
      finalidades: ["venda"],
      precoVenda: 500_000,
      bairro: "Ponta Verde",
      cidade: "Maceió",
      latitude: -9.663,
      longitude: -35.702,
      publicacao: "publicado",
      publishedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("property not created");
  return row;
}

/**
 * What a portal feed asks of a listing beyond `insertProperty`'s defaults (docs/domain.md): a
 * description of 50+ characters, the full address with CEP, rooms and area, shown in full and
 * marked for the portals. Spread it first: `insertProperty(db, { ...PORTAL_READY, tipo: "casa" })`.
 */
export const PORTAL_READY = {
  descricao:
    "Apartamento amplo e ventilado a poucos passos da praia, com sala para dois ambientes, " +
    "cozinha planejada e varanda com vista para o mar. Prédio com lazer completo.",
  precoVenda: 850_000,
  quartos: 3,
  suites: 1,
  banheiros: 2,
  vagas: 2,
  areaUtil: 120,
  cep: "57035-000",
  logradouro: "Rua Desportista Humberto Guimarães",
  numero: "100",
  uf: "AL",
  latitude: -9.663123,
  longitude: -35.702456,
  visibilidadeEndereco: "completo",
  status: "disponivel",
  publicarPortais: true,
} satisfies Partial<NewProperty>;

/** Valid property form data; an override of "" leaves the field blank, as an empty input would. */
export function propertyFormData(overrides: PropertyFormInput = {}): PropertyFormData {
  const input: PropertyFormInput = {
    titulo: "Apartamento com vista mar na Ponta Verde",
    tipo: "apartamento",
    finalidades: ["venda"],
    precoVenda: "850000",
    bairro: "Ponta Verde",
    cidade: "Maceió",
    uf: "AL",
    ...overrides,
  };
  for (const [key, value] of Object.entries(input)) {
    if (value === "") delete input[key as keyof PropertyFormInput];
  }
  return propertyFormSchema.parse(input);
}

// ------------------------------------------------------------------------------------------------
// Photos

/** Variant rows for a photo that has no files (queries and markup only). */
export function variantsFor(hash: string): PhotoVariant[] {
  return [320, 640, 1024, 1280, 1600].flatMap((width) =>
    (["avif", "webp", "jpeg"] as const).map((format) => ({
      format,
      width,
      height: Math.round((width * 2) / 3),
      key: `photos/${hash}/${width}.${format === "jpeg" ? "jpg" : format}`,
      bytes: width * 50,
    })),
  );
}

/** One photo row without files (see variantsFor); the first position is the cover. */
export async function insertPhoto(db: Db, propertyId: number, position: number, isCover = position === 0) {
  const hash = `h${propertyId}p${position}`;
  const [row] = await db
    .insert(propertyPhotos)
    .values({
      propertyId,
      position,
      isCover,
      altText: `Foto ${position + 1}`,
      width: 1600,
      height: 1067,
      placeholderColor: "#c8d4dc",
      hash,
      variants: variantsFor(hash),
    })
    .returning();
  if (!row) throw new Error("photo not created");
  return row;
}

/** `count` photo rows from images really processed (tests/support/photos.ts), cycled; the first is the cover. */
export async function insertPhotos(db: Db, propertyId: number, images: ProcessedImage[], count: number) {
  if (count === 0) return;
  await db.insert(propertyPhotos).values(
    Array.from({ length: count }, (_, position) => {
      const image = images[position % images.length]!;
      return {
        propertyId,
        position,
        isCover: position === 0,
        altText: `Foto ${position + 1}`,
        width: image.width,
        height: image.height,
        placeholderColor: image.placeholderColor,
        hash: image.hash,
        variants: image.variants,
      };
    }),
  );
}

// ------------------------------------------------------------------------------------------------
// Leads

export async function insertLead(db: Db, values: Partial<typeof leads.$inferInsert> = {}) {
  const [lead] = await db
    .insert(leads)
    .values({
      name: "Maria da Silva",
      phone: "(82) 99999-1234",
      email: "maria@exemplo.com.br",
      message: "Gostaria de visitar.",
      origin: "formulario_imovel",
      ...values,
    })
    .returning();
  if (!lead) throw new Error("lead not created");
  return lead;
}

// ------------------------------------------------------------------------------------------------
// Visits

/** An agent's (null: the agency's) visit hours; by default every day 09:00–12:00, 60-minute slots. */
export async function insertVisitSchedule(
  db: Db,
  userId: number | null,
  overrides: Partial<typeof visitSchedules.$inferInsert> = {},
) {
  const [row] = await db
    .insert(visitSchedules)
    .values({
      userId,
      slotMinutes: 60,
      weekly: Array.from({ length: 7 }, () => [[540, 720]] as [number, number][]),
      blockedDates: [],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("schedule not created");
  return row;
}

/** The booking form of a listing's visit page, as a visitor fills it. */
export function visitForm(slot: Date | string, overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    slot: typeof slot === "string" ? slot : slot.toISOString(),
    name: "Joana Visitante",
    phone: "(82) 98888-7777",
    email: "joana@exemplo.com.br",
    consent: "on",
    ...overrides,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  return form;
}

// ------------------------------------------------------------------------------------------------
// Temporada

/**
 * A temporada listing's rates and rules for saveRentalTerms (app/server/rentals/rentals.server.ts):
 * R$ 600 a night, 2 nights minimum, 8 guests, high season from 15/12 and réveillon (29/12–01/01,
 * 5 nights minimum) by default.
 */
export function rentalTermsInput(overrides: Partial<RentalTermsWrite> = {}): RentalTermsWrite {
  return {
    defaultRate: 600,
    minNights: 2,
    cleaningFee: 250,
    securityDeposit: 1000,
    maxGuests: 8,
    checkInTime: "14:00",
    checkOutTime: "11:00",
    houseRules: "",
    inventory: "",
    seasons: [
      { kind: "alta", start: "2026-12-15", end: "2027-02-28", rate: 900, minNights: 3 },
      { kind: "reveillon", start: "2026-12-29", end: "2027-01-01", rate: 1500, minNights: 5 },
    ],
    ...overrides,
  };
}
