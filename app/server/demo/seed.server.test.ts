import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password.server";
import { ConfigError, loadConfig } from "../config.server";
import { getDashboard } from "../dashboard/dashboard.server";
import type { Database } from "../db/client.server";
import { agencySettings, appState, properties, propertyPhotos, users } from "../db/schema.server";
import { createTestDatabase } from "../db/test-database.server";
import { LocalDiskStorage, type MediaStore } from "../media/storage.server";
import { listFeaturedCards } from "../properties/public-cards.server";
import type { Services } from "../services.server";
import {
  DEFAULT_AGENCY_SETTINGS,
  LGPD_CONSENT_TEXT,
  LGPD_CONSENT_VERSION,
} from "../settings/agency-defaults.server";
import { seedBulk } from "./bulk-seed.server";
import { renderScene, SCENE_KINDS } from "./scenes.server";
import { DEFAULT_ADMIN_EMAIL, generatePassword, seedOnFirstStart } from "./seed.server";

const SLOW = 300_000;

function makeServices(
  database: Database,
  mediaDir: string,
  env: Record<string, string>,
  storage: MediaStore = new LocalDiskStorage(mediaDir),
): Services {
  const config = loadConfig({ ...process.env, ...env } as NodeJS.ProcessEnv);
  return { config, database, db: database.db, storage };
}

/** The media folder, with every write held until `open()`: photos cannot be finished before. */
function heldStorage(mediaDir: string): { storage: MediaStore; open(): void } {
  const disk = new LocalDiskStorage(mediaDir);
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const storage: MediaStore = {
    put: async (key, data, contentType) => {
      await opened;
      await disk.put(key, data, contentType);
    },
    get: (key) => disk.get(key),
    delete: (key) => disk.delete(key),
    exists: (key) => disk.exists(key),
    url: (key) => disk.url(key),
    list: (prefix) => disk.list(prefix),
    fingerprint: (key) => disk.fingerprint(key),
  };
  return { storage, open };
}

async function counts(services: Services) {
  const { db } = services;
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(properties);
  const [f] = await db.select({ n: sql<number>`count(*)::int` }).from(propertyPhotos);
  const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(agencySettings);
  return { users: u!.n, properties: p!.n, photos: f!.n, settings: s!.n };
}

describe("seedOnFirstStart and seedBulk", () => {
  let database: Database;
  let mediaDir: string;
  let services: Services;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  let held: ReturnType<typeof heldStorage>;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = await mkdtemp(join(tmpdir(), "seed-test-"));
    held = heldStorage(mediaDir);
    services = makeServices(
      database,
      mediaDir,
      { SEED_DEMO: "true", ADMIN_EMAIL: "a@b.com", ADMIN_PASSWORD: "senha-de-teste-123" },
      held.storage,
    );
  }, SLOW);

  afterAll(async () => {
    await services?.demoPhotos?.stop();
    await database?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it(
    "on the server's first start, returns with the demo listings in place before any photo is written",
    async () => {
      // Every file write is held: the old first start waited for ~40 s of photos here.
      await seedOnFirstStart(services, { log, photos: "background" });
      const first = services.demoPhotos;
      expect(first).toBeDefined();
      expect(await counts(services)).toMatchObject({ properties: 64, photos: 0 });
      // The home page's featured cards are there, each with its placeholder (no cover yet).
      const featured = await listFeaturedCards(services.db, services.storage, 8);
      expect(featured).toHaveLength(8);
      expect(featured.map((card) => card.cover)).toEqual(Array(8).fill(null));
      // The painel of a demo site has traffic to show: views a day, taps, most-seen listings.
      const [admin] = await services.db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
      const dashboard = await getDashboard(services.db, { id: admin!.id, role: "admin" });
      expect(dashboard.daily.filter((day) => day.views > 0).length).toBeGreaterThan(20);
      expect(dashboard.daily.reduce((sum, day) => sum + day.whatsapp, 0)).toBeGreaterThan(0);
      expect(dashboard.topListings).toHaveLength(5);
      const [totals] = await services.db
        .select({
          counted: sql<number>`(select sum(views)::int from property_views_daily)`,
          listed: sql<number>`sum(${properties.views})::int`,
        })
        .from(properties);
      expect(totals!.listed, "each listing's total is the sum of its days").toBe(totals!.counted);
      // A few listings on offer had their price reduced lately ("Baixou").
      const reduced = await services.db
        .select({
          status: properties.status,
          from: properties.priceDropFrom,
          price: sql<number>`coalesce(${properties.precoVenda}, ${properties.precoAluguel})`,
          heldDays: sql<number>`extract(epoch from ${properties.priceDropAt} - ${properties.publishedAt}) / 86400`,
        })
        .from(properties)
        .where(sql`${properties.priceDropFrom} is not null`);
      expect(reduced.length).toBeGreaterThanOrEqual(3);
      for (const row of reduced) {
        expect(row.status).toBe("disponivel");
        expect(row.from!).toBeGreaterThan(Number(row.price));
        // The price it came down from was on the site at least a month (decision 047).
        expect(Number(row.heldDays)).toBeGreaterThanOrEqual(30);
      }

      // Stopped (a shutdown) before any listing is complete: the next start carries on.
      const stopped = first!.stop();
      held.open();
      await stopped;
      const [state] = await services.db
        .select()
        .from(appState)
        .where(eq(appState.key, "demo_catalogue_seeded"));
      expect(state?.value).toBe(2);

      await seedOnFirstStart(services, { log, photos: "background" });
      expect(services.demoPhotos).not.toBe(first);
      await services.demoPhotos!.done;
      expect((await counts(services)).properties).toBe(64);
      expect(lines.join("\n")).not.toMatch(/Gerando|Catálogo/);
    },
    SLOW,
  );

  it(
    "creates settings, the admin, two brokers and a published demo catalogue with photos",
    async () => {
      const { db, storage } = services;

      const [settings] = await db.select().from(agencySettings);
      expect(settings?.name).toBe("Imóveis em Alagoas");
      expect(settings?.creci).toMatch(/^\d{4}-J$/);
      expect(settings?.privacyText).toContain("13.709/2018");
      expect(settings?.dpoEmail).toBe(DEFAULT_AGENCY_SETTINGS.dpoEmail);

      const team = await db.select().from(users).orderBy(asc(users.id));
      const admin = team.find((u) => u.role === "admin");
      expect(admin?.email).toBe("a@b.com");
      expect(await verifyPassword(admin!.passwordHash, "senha-de-teste-123")).toBe(true);
      const brokers = team.filter((u) => u.role === "corretor");
      expect(brokers).toHaveLength(2);
      for (const b of brokers) {
        expect(b.creci).toMatch(/^\d{5}-F$/);
        expect(b.phone).toMatch(/^\(82\) 9\d{4}-\d{4}$/);
      }
      // the password was given, so it is never printed
      expect(lines.join("\n")).not.toContain("senha-de-teste-123");

      const listings = await db.select().from(properties);
      expect(listings).toHaveLength(64);
      for (const l of listings) {
        expect(l.publicacao).toBe("publicado");
        expect(l.publishedAt).toBeInstanceOf(Date);
        expect(brokers.map((b) => b.id)).toContain(l.corretorId);
      }
      expect(listings.filter((l) => l.destaque).length).toBeGreaterThanOrEqual(8);

      const photos = await db
        .select()
        .from(propertyPhotos)
        .orderBy(asc(propertyPhotos.propertyId), asc(propertyPhotos.position));
      const byProperty = new Map<number, typeof photos>();
      for (const p of photos) byProperty.set(p.propertyId, [...(byProperty.get(p.propertyId) ?? []), p]);
      expect(byProperty.size).toBe(listings.length);
      const keys = new Set<string>();
      for (const [, list] of byProperty) {
        expect(list.length).toBeGreaterThanOrEqual(4);
        expect(list.length).toBeLessThanOrEqual(10);
        expect(list.filter((p) => p.isCover)).toHaveLength(1);
        expect(list[0]!.isCover).toBe(true);
        expect(list.map((p) => p.position)).toEqual(list.map((_, i) => i));
        // no picture repeats inside one listing
        expect(new Set(list.map((p) => p.hash)).size).toBe(list.length);
        for (const p of list) {
          expect(p.altText.length).toBeGreaterThan(5);
          expect(p.placeholderColor).toMatch(/^#[0-9a-f]{6}$/);
          expect(p.variants.map((v) => v.format)).toEqual(expect.arrayContaining(["avif", "webp", "jpeg"]));
          for (const v of p.variants) keys.add(v.key);
        }
      }
      // pictures are shared between listings: a small pool of files
      expect(new Set(photos.map((p) => p.hash)).size).toBeLessThanOrEqual(40);
      for (const key of keys) expect(await storage.exists(key), key).toBe(true);

      const [state] = await db.select().from(appState).where(eq(appState.key, "demo_catalogue_seeded"));
      expect(state?.value).toBe(1);
      const featured = await listFeaturedCards(db, storage, 8);
      expect(featured.every((card) => card.cover !== null)).toBe(true);
    },
    SLOW,
  );

  it(
    "does not duplicate anything when it runs again",
    async () => {
      const before = await counts(services);
      await seedOnFirstStart(services, { log });
      services.demoPhotos = undefined;
      await seedOnFirstStart(services, { log, photos: "background" });
      expect(services.demoPhotos).toBeUndefined(); // nothing left to make
      expect(await counts(services)).toEqual(before);
      expect(before.settings).toBe(1);
    },
    SLOW,
  );

  it(
    "adds 2000 published listings quickly with seedBulk, continuing the referências",
    async () => {
      const before = await counts(services);
      const [maxBefore] = await services.db
        .select({ max: sql<number>`max((substring(${properties.referencia} from '([0-9]+)$'))::int)` })
        .from(properties);
      const progress: number[] = [];
      const started = Date.now();
      await seedBulk(services, 2000, (done) => progress.push(done));
      const seconds = (Date.now() - started) / 1000;
      expect(seconds).toBeLessThan(120);
      expect(progress).toEqual([1000, 2000]);

      const after = await counts(services);
      expect(after.properties).toBe(before.properties + 2000);
      expect(after.users).toBe(before.users);
      const added = await services.db
        .select({ id: properties.id, referencia: properties.referencia, publicacao: properties.publicacao })
        .from(properties)
        .where(sql`${properties.id} > (select max(id) - 2000 from ${properties})`);
      expect(added).toHaveLength(2000);
      const numbers = added.map((l) => Number(l.referencia.slice(2)));
      expect(Math.min(...numbers)).toBe(Number(maxBefore!.max) + 1);
      expect(new Set(added.map((l) => l.referencia)).size).toBe(2000);
      expect(added.every((l) => l.publicacao === "publicado")).toBe(true);

      const [covers] = await services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(propertyPhotos)
        .where(
          sql`${propertyPhotos.isCover} and ${propertyPhotos.propertyId} in (${sql.join(
            added.map((l) => sql`${l.id}`),
            sql`, `,
          )})`,
        );
      expect(covers!.n).toBe(2000);
      expect(after.photos - before.photos).toBeGreaterThanOrEqual(2000 * 4);
    },
    SLOW,
  );

  it("rejects bulk counts outside 1–100 000", async () => {
    await expect(seedBulk(services, 0)).rejects.toThrow(/entre 1 e 100000/);
    await expect(seedBulk(services, 100_001)).rejects.toThrow(RangeError);
  });
});

describe("first admin without ADMIN_PASSWORD", () => {
  it("generates a strong password and prints it once in a box", async () => {
    const database = await createTestDatabase();
    const mediaDir = await mkdtemp(join(tmpdir(), "seed-test-"));
    try {
      const services = makeServices(database, mediaDir, {
        SEED_DEMO: "false",
        ADMIN_EMAIL: "",
        ADMIN_PASSWORD: "",
      });
      const lines: string[] = [];
      await seedOnFirstStart(services, { log: (l) => lines.push(l) });
      const output = lines.join("\n");
      expect(output).toContain("Administrador criado");
      expect(output).toContain(DEFAULT_ADMIN_EMAIL);
      expect(output).toContain("Troque a senha após entrar.");
      const password = /senha: +(\S+)/.exec(output)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);

      const team = await services.db.select().from(users);
      expect(team).toHaveLength(1); // no demo brokers without SEED_DEMO
      expect(team[0]!.email).toBe(DEFAULT_ADMIN_EMAIL);
      expect(await verifyPassword(team[0]!.passwordHash, password!)).toBe(true);
      expect((await counts(services)).properties).toBe(0);

      lines.length = 0;
      await seedOnFirstStart(services, { log: (l) => lines.push(l) });
      expect(lines).toEqual([]);
    } finally {
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });

  it("generates different passwords", () => {
    expect(new Set(Array.from({ length: 20 }, generatePassword)).size).toBe(20);
  });
});

describe("first admin with a weak ADMIN_PASSWORD", () => {
  it("stops the first start with the reason, creating no user; a strong one then gets in", async () => {
    const database = await createTestDatabase();
    const mediaDir = await mkdtemp(join(tmpdir(), "seed-test-"));
    try {
      const env = { SEED_DEMO: "false", ADMIN_EMAIL: "dono@imoveisemalagoas.com.br" };
      const weak = makeServices(database, mediaDir, { ...env, ADMIN_PASSWORD: "Imobiliaria2024" });
      const lines: string[] = [];
      const refused = seedOnFirstStart(weak, { log: (l) => lines.push(l) });
      await expect(refused).rejects.toThrow(ConfigError);
      await expect(refused).rejects.toThrow(
        /ADMIN_PASSWORD: Senha fraca: não use palavras do ramo .* na senha\..*\n.*deixe ADMIN_PASSWORD vazio/s,
      );
      expect(await weak.db.select().from(users)).toEqual([]);
      expect(lines).toEqual([]);

      const strong = makeServices(database, mediaDir, {
        ...env,
        ADMIN_PASSWORD: "jangada azul no mar de pajuçara",
      });
      await seedOnFirstStart(strong, { log: (l) => lines.push(l) });
      expect(lines).toEqual([
        "Administrador criado: e-mail dono@imoveisemalagoas.com.br (senha definida em ADMIN_PASSWORD).",
      ]);
      // Once a user exists the variable is not read: a weak one no longer stops a start.
      await seedOnFirstStart(weak, { log: (l) => lines.push(l) });
    } finally {
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});

describe("demo texts and pictures", () => {
  it("exports the LGPD consent version and sentence", () => {
    expect(LGPD_CONSENT_VERSION).toBe("2026-11-01");
    expect(LGPD_CONSENT_TEXT).toContain("Política de Privacidade");
    const policy = DEFAULT_AGENCY_SETTINGS.privacyText;
    for (const word of [
      "Lei nº 13.709/2018",
      "encarregado",
      "consentimento",
      "legítimo interesse",
      "obrigação legal",
      "portabilidade",
      "anonimização",
      "localStorage",
      "Última atualização",
      // What the site collects since the alerts, visits and temporada requests.
      "Alertas de busca",
      "confirmado pelo link",
      "Visitas e reservas de temporada",
      DEFAULT_AGENCY_SETTINGS.dpoName,
      DEFAULT_AGENCY_SETTINGS.dpoEmail,
    ]) {
      expect(policy.toLowerCase(), word).toContain(word.toLowerCase());
    }
    // the documented markup: blank-line separated blocks, headings start with "## "
    expect(policy).not.toMatch(/<[a-z]/i);
    expect(policy.split("\n\n").filter((b) => b.startsWith("## ")).length).toBeGreaterThanOrEqual(10);
  });

  it("renders every scene kind as a deterministic JPEG", async () => {
    for (const kind of SCENE_KINDS) {
      const started = performance.now();
      const jpeg = await renderScene(kind, 3, 800, 533);
      expect(performance.now() - started).toBeLessThan(2000);
      const meta = await sharp(jpeg).metadata();
      expect(meta.format).toBe("jpeg");
      expect([meta.width, meta.height]).toEqual([800, 533]);
    }
    const a = await renderScene("beach", 5);
    const b = await renderScene("beach", 5);
    const c = await renderScene("beach", 6);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
    expect(a.length).toBeGreaterThan(100_000);
  });
});
