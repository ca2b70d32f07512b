// `npm run backup` and `npm run restore` as an operator runs them (real child processes through
// package.json), on a site that keeps writing: listings, photos added and deleted, leads. On the
// embedded database the site holds the data-folder lock, as the server does, and answers the
// backup through its socket (site-endpoint.server.ts); on PostgreSQL the backup connects itself.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { propertyFormData as listingForm } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { type Database, openDatabase } from "../db/client.server";
import { properties, propertyPhotos } from "../db/schema.server";
import { createLead } from "../leads/capture.server";
import { createProperty, setPublication } from "../properties/admin.server";
import { addPhoto, deletePhoto } from "../properties/photos.server";
import { verifyBackup } from "./read-backup.server";
import { startBackupEndpoint } from "./site-endpoint.server";
import {
  type Engine,
  fillSite,
  openPlace,
  type Place,
  photosWithoutFiles,
  SERVER_URL,
} from "./test-helpers.server";

const ENGINE: Engine = SERVER_URL ? "postgres" : "pglite";

let scratch: string;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "backup-cli-"));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

function npmRun(
  script: string,
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL: string },
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      { env: { ...process.env, ...env, NODE_ENV: "test" }, cwd: process.cwd(), timeout: 180_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, out: `${stdout}${stderr}` });
      },
    );
  });
}

type Opened = Pick<Place, "database" | "mediaDir">;

/** Where a restore goes: a new data folder, and on PostgreSQL a new empty database. */
async function emptyTarget(): Promise<{
  env: { DATA_DIR: string; DATABASE_URL: string };
  open(): Promise<Opened>;
}> {
  if (ENGINE === "postgres") {
    const place = await openPlace("postgres");
    cleanups.push(() => place.close());
    return { env: { DATA_DIR: place.dataDir, DATABASE_URL: place.url }, open: async () => place };
  }
  const dataDir = await mkdtemp(join(scratch, "target-"));
  let database: Database | undefined;
  cleanups.push(async () => database?.close());
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    async open() {
      database = await openDatabase({ engine: "pglite", dataDir });
      return { database, mediaDir: join(dataDir, "media") };
    },
  };
}

it("a backup taken while the site writes restores to a consistent site", async () => {
  const site = await openPlace(ENGINE);
  let siteOpen = true;
  cleanups.push(async () => {
    if (siteOpen) await site.close();
  });
  const { corretor } = await fillSite(site);
  const env = { DATA_DIR: site.dataDir, DATABASE_URL: site.url };
  const { db } = site.database;

  if (ENGINE === "pglite") {
    // The lock is held and nobody answers: the operator is told what to do.
    const refused = await npmRun("backup", [join(scratch, "nobody.tar.gz")], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("está em uso por outro processo, e ele não atende pedidos de backup");
  }
  // What server/app.ts starts with the site (nothing on PostgreSQL).
  const endpoint = await startBackupEndpoint({ database: site.database, config: { DATA_DIR: site.dataDir } });
  expect(endpoint === undefined).toBe(ENGINE === "postgres");

  let writing = true;
  let writes = 0;
  const writer = (async () => {
    for (let i = 0; writing; i++) {
      const { id } = await createProperty(
        db,
        corretor,
        listingForm({ titulo: `Casa escrita durante o backup ${i}` }),
      );
      const photo = await addPhoto(db, site.storage, corretor, id, await makeJpeg(320, 240, 100 + i));
      await setPublication(db, corretor, id, "publicado");
      const lead = await createLead(db, {
        propertyId: id,
        form: { name: `Visitante ${i}`, email: `visitante${i}@exemplo.com.br`, consent: "on" },
      });
      expect(lead.status).toBe("created");
      if (i % 2 === 1) await deletePhoto(db, site.storage, corretor, id, photo.id);
      writes += 1;
    }
  })();
  const file = join(scratch, "no-ar.tar.gz");
  const taken = await npmRun("backup", [file], env);
  writing = false;
  await writer;
  expect(taken.out).toContain(`Backup gravado em ${file}`);
  expect(taken.code).toBe(0);
  expect(writes).toBeGreaterThan(0);
  const { manifest } = await verifyBackup(file);
  expect(manifest.source.throughRunningSite).toBe(ENGINE === "pglite");
  expect(manifest.media.missing).toEqual([]);

  const target = await emptyTarget();
  const restored = await npmRun("restore", [file], target.env);
  expect(restored.out).toContain("restaurado");
  expect(restored.code).toBe(0);
  const again = await npmRun("restore", [file], target.env);
  expect(again.out).toContain("Restauração não feita: O destino não está vazio: o banco de dados tem");
  expect(again.code).toBe(1);

  const copy = await target.open();
  expect(await photosWithoutFiles(copy)).toEqual([]);
  const count = async (table: typeof properties | typeof propertyPhotos) =>
    (await copy.database.db.select().from(table)).length;
  expect(await count(properties)).toBe(manifest.tables.find((t) => t.name === "properties")?.rows);
  expect(await count(propertyPhotos)).toBe(manifest.tables.find((t) => t.name === "property_photos")?.rows);

  // The site stopped: the backup opens the embedded database itself.
  await endpoint?.close();
  if (ENGINE === "pglite") {
    await site.database.close();
    const offline = join(scratch, "fora-do-ar.tar.gz");
    const direct = await npmRun("backup", [offline], env);
    expect(direct.code, direct.out).toBe(0);
    expect((await verifyBackup(offline)).manifest.source.throughRunningSite).toBe(false);
  }
  await site.close();
  siteOpen = false;
}, 600_000);
