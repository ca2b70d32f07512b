// Shared set-up for the backup tests: an empty place to back up from or restore into (a data
// folder with the embedded database, or a new database on TEST_DATABASE_URL's server), a site's
// worth of data written through the domain code, and everything a restore must bring back.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { createActor, propertyFormData as listingForm } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { settingsSchema } from "../../lib/settings-schema";
import { hashPassword } from "../auth/password.server";
import { createSession } from "../auth/sessions.server";
import { type Database, openDatabase } from "../db/client.server";
import { agencySettings, users } from "../db/schema.server";
import { createLead } from "../leads/capture.server";
import { addLeadNote } from "../leads/inbox.server";
import { LocalDiskStorage } from "../media/storage.server";
import type { Actor } from "../properties/access.server";
import { createProperty, setPublication } from "../properties/admin.server";
import { addPhoto, deletePhoto } from "../properties/photos.server";
import { DEFAULT_AGENCY_SETTINGS } from "../settings/agency-defaults.server";
import { updateAgencySettings } from "../settings/update-settings.server";
import { listMediaKeys } from "./media-files.server";

export type Engine = "pglite" | "postgres";

/** The PostgreSQL server of the second test pass (TEST_ENGINE=postgres), if this is that pass. */
export const SERVER_URL = process.env.TEST_ENGINE === "postgres" ? process.env.TEST_DATABASE_URL : undefined;

export interface Place {
  engine: Engine;
  database: Database;
  dataDir: string;
  mediaDir: string;
  storage: LocalDiskStorage;
  /** postgres://… for a PostgreSQL place, "" for the embedded database (as DATABASE_URL). */
  url: string;
  close(): Promise<void>;
}

/** A new, empty place (no schema yet); the embedded database holds its data-folder lock. */
export async function openPlace(engine: Engine): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), "backup-place-"));
  const mediaDir = join(dataDir, "media");
  const storage = new LocalDiskStorage(mediaDir);
  if (engine === "pglite") {
    const database = await openDatabase({ engine: "pglite", dataDir });
    return {
      engine,
      database,
      dataDir,
      mediaDir,
      storage,
      url: "",
      async close() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!SERVER_URL) throw new Error("TEST_DATABASE_URL is needed for a PostgreSQL place");
  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  const name = `backup_${Date.now()}_${randomBytes(4).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ engine: "postgres", url: url.toString(), maxConnections: 4 });
  return {
    engine,
    database,
    dataDir,
    mediaDir,
    storage,
    url: url.toString(),
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SiteData {
  admin: Actor;
  corretor: Actor;
  listingIds: number[];
}

/**
 * Migrates and fills `place` the way a working site is filled: users (one with a session),
 * the agency's settings, listings with photos through the image pipeline (one picture shared by
 * two listings, one photo deleted), leads with a note, and the audit trail all of this leaves.
 */
export async function fillSite(place: Place): Promise<SiteData> {
  const { db } = place.database;
  await place.database.migrate();
  const admin = await createActor(db, "admin");
  const corretor = await createActor(db, "corretor");
  await db
    .update(users)
    .set({ passwordHash: await hashPassword("uma senha comprida de teste"), creci: "12345-F" })
    .where(eq(users.id, corretor.id));
  await createSession(
    db,
    { idleMs: 3_600_000, absoluteMs: 86_400_000 },
    { userId: admin.id, ip: "10.0.0.1" },
  );
  await db.insert(agencySettings).values({ id: 1, ...DEFAULT_AGENCY_SETTINGS });
  await updateAgencySettings(
    db,
    settingsSchema.parse({
      name: "Imobiliária Restaurada",
      creci: "4321-J",
      email: "contato@restaurada.com.br",
    }),
    { userId: admin.id },
  );

  const listingIds: number[] = [];
  const shared = await makeJpeg(400, 300, 7);
  for (const [i, titulo] of [
    "Casa com piscina em Guaxuma",
    "Apartamento na Ponta Verde",
    "Terreno em Ipioca",
  ].entries()) {
    const { id } = await createProperty(
      db,
      corretor,
      listingForm({ titulo, precoVenda: String(400_000 + i * 1234) }),
    );
    listingIds.push(id);
    await addPhoto(db, place.storage, corretor, id, shared, { altText: "Fachada" });
    const own = await addPhoto(db, place.storage, corretor, id, await makeJpeg(360, 270, i + 1), {
      altText: "Sala",
    });
    if (i === 2) await deletePhoto(db, place.storage, corretor, id, own.id);
    await setPublication(db, corretor, id, "publicado");
  }
  for (const [i, name] of ["Maria José da Silva", "João Tenório"].entries()) {
    const result = await createLead(db, {
      propertyId: listingIds[i] as number,
      form: {
        name,
        email: `pessoa${i}@exemplo.com.br`,
        // Two people: each their own phone (the same one would join their contacts in one card).
        phone: `(82) 99811-234${i}`,
        message: "Tem vaga na garagem?\nE aceita pet?",
        consent: "on",
      },
    });
    if (result.status !== "created") throw new Error(`lead not created: ${result.status}`);
    if (i === 0) await addLeadNote(db, corretor, result.leadId, "Liguei; volta a falar na segunda.");
  }
  return { admin, corretor, listingIds };
}

/**
 * Every row of every table of the app's schema (stored columns; generated ones are recomputed
 * on restore), plus drizzle's migration record and the sequences' positions, as text that does
 * not depend on the engine.
 */
export async function everything(database: Database): Promise<Record<string, string[]>> {
  return database.copyTransaction("snapshot", async (tx) => {
    await tx.query("set local timezone = 'UTC'");
    const columns = await tx.query<{ table: string; columns: string[] }>(
      `select c.relname as "table", array_agg(quote_ident(a.attname) order by a.attnum) as columns
         from pg_class c join pg_attribute a on a.attrelid = c.oid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        group by c.relname order by c.relname`,
    );
    const result: Record<string, string[]> = {};
    for (const { table, columns: list } of columns) {
      const rows = await tx.query<{ row: string }>(
        `select json_build_array(${list.join(", ")})::text as row from "${table}"`,
      );
      result[table] = rows.map((r) => r.row).sort();
    }
    result["drizzle.__drizzle_migrations"] = (
      await tx.query<{ row: string }>(
        "select json_build_array(id, hash, created_at::text)::text as row from drizzle.__drizzle_migrations order by id",
      )
    ).map((r) => r.row);
    result.sequences = (
      await tx.query<{ row: string }>(
        "select sequencename || '=' || coalesce(last_value::text, 'null') as row from pg_sequences where schemaname = 'public' order by 1",
      )
    ).map((r) => r.row);
    return result;
  });
}

/** Every media file's bytes, by key. */
export async function mediaFiles(mediaDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const key of await listMediaKeys(mediaDir)) files.set(key, await readFile(join(mediaDir, key)));
  return files;
}

/** The photo files the rows point to that the media folder lacks. */
export async function photosWithoutFiles(place: Pick<Place, "database" | "mediaDir">): Promise<string[]> {
  const present = new Set(await listMediaKeys(place.mediaDir));
  const rows = await place.database.copyTransaction("snapshot", (tx) =>
    tx.query<{ key: string }>(
      "select v->>'key' as key from property_photos p cross join lateral jsonb_array_elements(p.variants) v",
    ),
  );
  return rows.map((r) => r.key).filter((key) => !present.has(key));
}
