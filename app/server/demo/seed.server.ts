// First-start seeding (agency settings, first admin, demo team and catalogue) and bulk seeding
// for benchmarks. Everything is idempotent: running it again never duplicates anything.
//
// Demo photos come from a small pool of rendered scenes, each processed once: variant keys are
// content-addressed, so every listing that shows the same picture shares the same files.
import { createHash, randomBytes, randomInt } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password.server";
import { agencyOf, checkNewPassword } from "../auth/password-policy.server";
import { bumpDataVersion } from "../cache/data-version.server";
import { ConfigError } from "../config.server";
import type { Db } from "../db/client.server";
import {
  agencySettings,
  appState,
  type PhotoVariant,
  properties,
  propertyPhotos,
  users,
} from "../db/schema.server";
import { processImage } from "../media/pipeline.server";
import type { Services } from "../services.server";
import { DEFAULT_AGENCY_SETTINGS } from "./agency-defaults.server";
import { type DemoListing, generateListings } from "./catalogue.server";
import { renderScene, SCENE_KINDS, type SceneKind } from "./scenes.server";

export const DEMO_LISTING_COUNT = 64;
export const DEFAULT_ADMIN_EMAIL = "admin@imoveisemalagoas.com.br";
export const BULK_MAX_LISTINGS = 100_000;

/** app_state row: absent = never seeded, 0 = demo catalogue in progress, 1 = done. */
const DEMO_STATE_KEY = "demo_catalogue_seeded";

/**
 * Distinct pictures per scene kind in the demo pool (24 in all). A listing never shows more
 * pictures of one kind than this (e.g. up to 4 land photos for a lot), so it never repeats one.
 */
const DEMO_POOL: Record<SceneKind, number> = {
  building: 4,
  house: 3,
  beach: 3,
  land: 4,
  aerial: 2,
  pool: 2,
  living: 2,
  bedroom: 2,
  kitchen: 1,
  bathroom: 1,
};

/** The bulk pool is a subset of the demo pool, so a seeded database already has its files. */
const BULK_POOL: Record<SceneKind, number> = {
  building: 2,
  house: 2,
  beach: 1,
  land: 1,
  aerial: 1,
  pool: 1,
  living: 1,
  bedroom: 1,
  kitchen: 1,
  bathroom: 1,
};
const BULK_PHOTOS_PER_LISTING = 5;
const BULK_BATCH = 1000;

const DEMO_BROKERS = [
  {
    name: "Mariana Albuquerque",
    email: "mariana.albuquerque@imoveisemalagoas.com.br",
    creci: "12345-F",
    phone: "(82) 99811-2345",
  },
  {
    name: "Rafael Tenório",
    email: "rafael.tenorio@imoveisemalagoas.com.br",
    creci: "23456-F",
    phone: "(82) 99822-3456",
  },
] as const;

type Log = (line: string) => void;

export type SeedOptions = {
  /** Where progress and the admin box go; console.log by default. */
  log?: Log;
};

// ---------------------------------------------------------------------------------------------
// First start

export async function seedOnFirstStart(services: Services, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  await services.db
    .insert(agencySettings)
    .values({ id: 1, ...DEFAULT_AGENCY_SETTINGS })
    .onConflictDoNothing();
  await ensureFirstUsers(services, log);
  if (services.config.SEED_DEMO) await seedDemoCatalogue(services, log);
}

async function ensureFirstUsers(services: Services, log: Log): Promise<void> {
  const { db, config } = services;
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  if (existing) return;

  const email = config.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  if (config.ADMIN_PASSWORD) await refuseWeakAdminPassword(db, email, config.ADMIN_PASSWORD);
  const generated = config.ADMIN_PASSWORD ? undefined : generatePassword();
  const password = config.ADMIN_PASSWORD ?? generated!;
  const [admin] = await db
    .insert(users)
    .values({ name: "Administrador", email, passwordHash: await hashPassword(password), role: "admin" })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance may have won the race: only the one that created the admin reports it.
  if (admin) {
    if (generated) printAdminBox(log, email, generated);
    else log(`Administrador criado: e-mail ${email} (senha definida em ADMIN_PASSWORD).`);
  }

  if (config.SEED_DEMO) {
    for (const broker of DEMO_BROKERS) {
      await db
        .insert(users)
        .values({
          ...broker,
          role: "corretor",
          // Nobody knows this password: the broker signs in after an admin resets it.
          passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
        })
        .onConflictDoNothing();
    }
  }
}

/**
 * ADMIN_PASSWORD is held to the policy of every other password (password-policy.server.ts): the
 * first admin can do everything, and a weak password there is the easiest way in. A weak one
 * stops the first start with the reason, before anything is created; the operator picks another
 * or leaves it empty, and a strong one is generated and printed. Once a user exists the variable
 * is not read, so it never stops a later start.
 */
async function refuseWeakAdminPassword(db: Db, email: string, password: string): Promise<void> {
  const weak = await checkNewPassword(password, { email, name: "Administrador", agency: await agencyOf(db) });
  if (!weak) return;
  throw new ConfigError(
    "Configuração inválida; corrija estas variáveis de ambiente:\n" +
      `  ADMIN_PASSWORD: ${weak}\n` +
      "  Ou deixe ADMIN_PASSWORD vazio: uma senha forte será gerada e mostrada aqui na primeira partida.",
  );
}

const PASSWORD_ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 16 unambiguous characters in groups of four (about 93 bits), easy to copy from a terminal. */
export function generatePassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    for (let i = 0; i < 4; i++) group += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join("-");
}

function printAdminBox(log: Log, email: string, password: string): void {
  const lines = [
    "Administrador criado",
    "",
    `  e-mail: ${email}`,
    `  senha:  ${password}`,
    "",
    "Guarde esta senha: ela não será mostrada de novo.",
    "Troque a senha após entrar.",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const out = [
    `╔${"═".repeat(width + 2)}╗`,
    ...lines.map((l) => `║  ${l.padEnd(width)}║`),
    `╚${"═".repeat(width + 2)}╝`,
  ];
  log(out.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Demo catalogue

async function seedDemoCatalogue(services: Services, log: Log): Promise<void> {
  const { db } = services;
  const [state] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, DEMO_STATE_KEY));
  if (state?.value === 1) return;
  if (!state) {
    // Never seed demo listings into a catalogue the agency has already started.
    const [any] = await db.select({ id: properties.id }).from(properties).limit(1);
    if (any) return;
    await db.insert(appState).values({ key: DEMO_STATE_KEY, value: 0 }).onConflictDoNothing();
  }
  // state 0: a previous run was interrupted (or another instance is seeding); inserts below
  // skip referências that already exist, so resuming is safe.

  const started = Date.now();
  const listings = generateListings(DEMO_LISTING_COUNT, 42);
  const assignments = listings.map((listing, index) => assignPhotos(listing, index, DEMO_POOL));
  const pool = new PhotoPool(services);
  const needed = uniqueSlots(assignments.flat());
  let prepared = 0;
  await pool.prepare(needed, () => {
    prepared++;
    if (prepared % 4 === 0 || prepared === needed.length) {
      log(`Gerando fotos de demonstração: ${prepared}/${needed.length}…`);
    }
  });

  const brokerIds = await brokersForListings(db);
  for (let i = 0; i < listings.length; i++) {
    const listing = listings[i]!;
    const photos = await Promise.all(assignments[i]!.map((slot) => pool.get(slot.kind, slot.variant)));
    const { sceneKinds: _kinds, altTexts, ...fields } = listing;
    const corretorId = brokerIds.length > 0 ? brokerIds[i % brokerIds.length]! : null;
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(properties)
        .values({
          ...fields,
          corretorId,
          createdAt: fields.publishedAt,
          updatedAt: fields.publishedAt,
          statusChangedAt: fields.publishedAt,
        })
        .onConflictDoNothing()
        .returning({ id: properties.id });
      if (!row) return;
      await tx.insert(propertyPhotos).values(
        photos.map((photo, position) => ({
          propertyId: row.id,
          position,
          isCover: position === 0,
          altText: altTexts[position] ?? "",
          width: photo.width,
          height: photo.height,
          placeholderColor: photo.placeholderColor,
          hash: photo.hash,
          variants: photo.variants,
        })),
      );
    });
    if ((i + 1) % 8 === 0 || i + 1 === listings.length) {
      log(`Gerando catálogo de demonstração: ${i + 1}/${listings.length} imóveis…`);
    }
  }

  await db.update(appState).set({ value: 1, updatedAt: new Date() }).where(eq(appState.key, DEMO_STATE_KEY));
  log(`Catálogo de demonstração pronto em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Active brokers (round-robin owners of demo listings); admins when there are none. */
async function brokersForListings(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(asc(users.id));
  const brokers = rows.filter((r) => r.role === "corretor").map((r) => r.id);
  return brokers.length > 0 ? brokers : rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Photo pool

type Slot = { kind: SceneKind; variant: number };

type PoolPhoto = {
  hash: string;
  width: number;
  height: number;
  placeholderColor: string;
  variants: PhotoVariant[];
};

/** Spread pictures across listings (neighbours get different covers), never repeating one in a listing. */
function assignPhotos(listing: DemoListing, index: number, pool: Record<SceneKind, number>): Slot[] {
  const seen = new Map<SceneKind, number>();
  return listing.sceneKinds.map((kind) => {
    const occurrence = seen.get(kind) ?? 0;
    seen.set(kind, occurrence + 1);
    const offset = SCENE_KINDS.indexOf(kind) * 3;
    return { kind, variant: (index + offset + occurrence) % pool[kind] };
  });
}

function uniqueSlots(slots: Slot[]): Slot[] {
  const map = new Map<string, Slot>();
  for (const s of slots) map.set(`${s.kind}:${s.variant}`, s);
  return [...map.values()];
}

/** The scene seed behind pool variant n of a kind: fixed, so every install shows the same pictures. */
const sceneSeed = (variant: number) => 1 + variant;

class PhotoPool {
  private readonly photos = new Map<string, Promise<PoolPhoto>>();

  constructor(private readonly services: Services) {}

  get(kind: SceneKind, variant: number): Promise<PoolPhoto> {
    const key = `${kind}:${variant}`;
    let photo = this.photos.get(key);
    if (!photo) {
      photo = this.make(kind, variant);
      this.photos.set(key, photo);
    }
    return photo;
  }

  /** Render and process slots two at a time (each processImage also encodes in parallel). */
  async prepare(slots: Slot[], onEach: () => void): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < slots.length) {
        const slot = slots[next++]!;
        await this.get(slot.kind, slot.variant);
        onEach();
      }
    };
    await Promise.all([worker(), worker()]);
  }

  private async make(kind: SceneKind, variant: number): Promise<PoolPhoto> {
    const { db, storage } = this.services;
    const jpeg = await renderScene(kind, sceneSeed(variant));
    // Same hash as the media pipeline: when this exact picture is already stored (an earlier
    // seed), reuse its row's variants instead of encoding everything again.
    const hash = createHash("sha256").update(jpeg).digest("hex").slice(0, 32);
    const [known] = await db
      .select({
        width: propertyPhotos.width,
        height: propertyPhotos.height,
        placeholderColor: propertyPhotos.placeholderColor,
        variants: propertyPhotos.variants,
      })
      .from(propertyPhotos)
      .where(eq(propertyPhotos.hash, hash))
      .limit(1);
    if (known && known.variants.length > 0) {
      const present = await Promise.all(known.variants.map((v) => storage.exists(v.key)));
      if (present.every(Boolean)) return { hash, ...known };
    }
    const processed = await processImage(jpeg, storage);
    return {
      hash: processed.hash,
      width: processed.width,
      height: processed.height,
      placeholderColor: processed.placeholderColor,
      variants: processed.variants,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk seeding (benchmarks)

/**
 * Add `count` published listings (up to 100 000) in batches of 1000 multi-row INSERTs, sharing a
 * pool of 12 pictures. Referências continue after the highest number already in use, so this
 * runs on an empty or an already seeded database.
 */
export async function seedBulk(
  services: Services,
  count: number,
  onProgress?: (done: number) => void,
): Promise<void> {
  if (!Number.isInteger(count) || count < 1 || count > BULK_MAX_LISTINGS) {
    throw new RangeError(
      `A quantidade de imóveis deve ser um número inteiro entre 1 e ${BULK_MAX_LISTINGS}.`,
    );
  }
  const { db } = services;
  const pool = new PhotoPool(services);
  const slots = SCENE_KINDS.flatMap((kind) =>
    Array.from({ length: BULK_POOL[kind] }, (_, variant) => ({ kind, variant })),
  );
  await pool.prepare(slots, () => {});
  const slotIndex = new Map(slots.map((slot, index) => [`${slot.kind}:${slot.variant}`, index]));
  const poolPhotos = await Promise.all(slots.map((slot) => pool.get(slot.kind, slot.variant)));
  const poolJson = JSON.stringify(
    poolPhotos.map((photo, slot) => ({
      slot,
      width: photo.width,
      height: photo.height,
      placeholder_color: photo.placeholderColor,
      hash: photo.hash,
      variants: photo.variants,
    })),
  );

  const [maxRow] = await db
    .select({
      max: sql<string | number | null>`max((substring(${properties.referencia} from '([0-9]+)$'))::bigint)`,
    })
    .from(properties);
  const firstNumber = Number(maxRow?.max ?? 0) + 1;
  const brokerIds = await brokersForListings(db);
  const now = new Date();

  let done = 0;
  for (let batch = 0; done < count; batch++) {
    const size = Math.min(BULK_BATCH, count - done);
    const listings = generateListings(size, 10_007 + batch * 31 + firstNumber, {
      firstNumber: firstNumber + done,
      now,
    });
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(properties)
        .values(
          listings.map(({ sceneKinds: _k, altTexts: _a, ...fields }, i) => ({
            ...fields,
            corretorId: brokerIds.length > 0 ? brokerIds[(done + i) % brokerIds.length]! : null,
            createdAt: fields.publishedAt,
            updatedAt: fields.publishedAt,
            statusChangedAt: fields.publishedAt,
          })),
        )
        .returning({ id: properties.id, referencia: properties.referencia });
      const ids = new Map(rows.map((r) => [r.referencia, r.id]));
      const photoRows = listings.flatMap((listing, i) => {
        const pid = ids.get(listing.referencia)!;
        return assignPhotos(listing, done + i, BULK_POOL)
          .slice(0, BULK_PHOTOS_PER_LISTING)
          .map((slot, pos) => ({
            pid,
            pos,
            alt: listing.altTexts[pos] ?? "",
            slot: slotIndex.get(`${slot.kind}:${slot.variant}`)!,
          }));
      });
      // One JSON parameter joined to the 12 pool photos: the server copies each photo's variants
      // instead of parsing 5000 copies of them.
      await tx.execute(sql`
        insert into property_photos (property_id, position, is_cover, alt_text, width, height, placeholder_color, hash, variants)
        select x.pid, x.pos, x.pos = 0, x.alt, p.width, p.height, p.placeholder_color, p.hash, p.variants
        from jsonb_to_recordset(${JSON.stringify(photoRows)}::jsonb) as x(pid int, pos int, alt text, slot int)
        join jsonb_to_recordset(${poolJson}::jsonb)
          as p(slot int, width int, height int, placeholder_color text, hash text, variants jsonb)
          on p.slot = x.slot
        order by x.pid, x.pos`);
    });
    done += size;
    onProgress?.(done);
  }
  // Running servers cache public pages by data version: new listings must invalidate them.
  await bumpDataVersion(db);
  // PGlite has no autovacuum: without statistics the planner guesses (badly) for every query.
  await db.execute(sql`analyze ${properties}, ${propertyPhotos}`);
}
