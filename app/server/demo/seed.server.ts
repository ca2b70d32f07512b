// First-start seeding (agency settings, first admin, demo team and catalogue) and bulk seeding
// for benchmarks. Everything is idempotent: running it again never duplicates anything.
//
// Demo photos come from a small pool of rendered scenes (demo-photos.server.ts); the server
// makes them after it starts answering, `npm run seed` before it returns.
import { randomBytes, randomInt } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password.server";
import { agencyOf, checkNewPassword } from "../auth/password-policy.server";
import { bumpDataVersion } from "../cache/data-version.server";
import { ConfigError } from "../config.server";
import type { Db } from "../db/client.server";
import { agencySettings, appState, properties, propertyPhotos, users } from "../db/schema.server";
import type { Services } from "../services.server";
import { DEFAULT_AGENCY_SETTINGS } from "./agency-defaults.server";
import { generateListings } from "./catalogue.server";
import {
  type AttachOptions,
  assignPhotos,
  attachDemoPhotos,
  BULK_POOL,
  PhotoPool,
} from "./demo-photos.server";
import { SCENE_KINDS } from "./scenes.server";

export const DEMO_LISTING_COUNT = 64;
export const DEFAULT_ADMIN_EMAIL = "admin@imoveisemalagoas.com.br";
export const BULK_MAX_LISTINGS = 100_000;
const DEMO_SEED = 42;

/**
 * app_state row: absent = never seeded, 2 = the listings are in and some still wait for their
 * photos, 1 = done. (0 was an earlier version's "in progress": its listings are completed.)
 */
const DEMO_STATE_KEY = "demo_catalogue_seeded";
const DEMO_DONE = 1;
const DEMO_PHOTOS_PENDING = 2;

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
  /**
   * "wait" (default: `npm run seed`, the primary of several processes): return once every
   * demo photo is made. "background" (the server): return once the demo listings are in and
   * make their photos afterwards, as `services.demoPhotos`.
   */
  photos?: "wait" | "background";
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
  if (!services.config.SEED_DEMO || !(await seedDemoListings(services))) return;
  if (options.photos === "background") {
    services.demoPhotos = startDemoPhotos(services);
    return;
  }
  const started = Date.now();
  await finishDemoCatalogue(services, {
    concurrency: 2,
    onProgress(ready, total) {
      if (ready % 4 === 0 || ready === total) log(`Gerando fotos de demonstração: ${ready}/${total}…`);
    },
  });
  log(`Catálogo de demonstração pronto em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
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

/**
 * The demo listings themselves, in one transaction, unless the agency has started its own
 * catalogue. Resolves to whether demo photos are still to be made (demo-photos.server.ts).
 */
async function seedDemoListings(services: Services): Promise<boolean> {
  const { db } = services;
  const [state] = await db
    .select({ value: appState.value })
    .from(appState)
    .where(eq(appState.key, DEMO_STATE_KEY));
  if (state?.value === DEMO_DONE) return false;
  if (state?.value === DEMO_PHOTOS_PENDING) return true;
  if (!state) {
    // Never seed demo listings into a catalogue the agency has already started.
    const [any] = await db.select({ id: properties.id }).from(properties).limit(1);
    if (any) return false;
  }
  // No state, or 0 (a run of an earlier version, interrupted): add the listings that are missing.
  const listings = generateListings(DEMO_LISTING_COUNT, DEMO_SEED);
  const brokerIds = await brokersForListings(db);
  await db.transaction(async (tx) => {
    await tx
      .insert(properties)
      .values(
        listings.map(({ sceneKinds: _kinds, altTexts: _alts, ...fields }, i) => ({
          ...fields,
          corretorId: brokerIds.length > 0 ? brokerIds[i % brokerIds.length]! : null,
          createdAt: fields.publishedAt,
          updatedAt: fields.publishedAt,
          statusChangedAt: fields.publishedAt,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(appState)
      .values({ key: DEMO_STATE_KEY, value: DEMO_PHOTOS_PENDING })
      .onConflictDoUpdate({
        target: appState.key,
        set: { value: DEMO_PHOTOS_PENDING, updatedAt: new Date() },
      });
    await bumpDataVersion(tx);
  });
  return true;
}

/**
 * Photos for the demo listings that have none yet, then the catalogue is marked done. Resolves
 * to false when stopped first (the next start carries on).
 */
async function finishDemoCatalogue(services: Services, options: AttachOptions): Promise<boolean> {
  const listings = generateListings(DEMO_LISTING_COUNT, DEMO_SEED);
  if (!(await attachDemoPhotos(services, listings, options))) return false;
  await services.db
    .update(appState)
    .set({ value: DEMO_DONE, updatedAt: new Date() })
    .where(and(eq(appState.key, DEMO_STATE_KEY), eq(appState.value, DEMO_PHOTOS_PENDING)));
  return true;
}

export interface DemoPhotoJob {
  /** Settles when every demo listing has its photos, when stopped, or on a failure (logged). */
  readonly done: Promise<void>;
  /** Finish the picture in hand, attach nothing more; resolves once the job has let go. */
  stop(): Promise<void>;
}

/**
 * The demo photos, made while the site already answers: one picture at a time (each encodes
 * two variants at once), leaving the other core to the visitors. closeServices stops it.
 */
function startDemoPhotos(services: Services): DemoPhotoJob {
  let stopping = false;
  const done = finishDemoCatalogue(services, { concurrency: 1, shouldStop: () => stopping }).then(
    () => undefined,
    (error: unknown) => {
      if (!stopping) console.error("Falha ao gerar as fotos de demonstração:", error);
    },
  );
  return {
    done,
    async stop() {
      stopping = true;
      await done;
    },
  };
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
  await pool.prepare(slots, { concurrency: 2 });
  const slotIndex = new Map(slots.map((slot, index) => [`${slot.kind}:${slot.variant}`, index]));
  const poolPhotos = await Promise.all(slots.map((slot) => pool.get(slot)));
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
