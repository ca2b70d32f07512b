// A backup brings a site back exactly: every row of every table, the sequences' positions and
// every photo file byte for byte, on either engine and across them (PGlite → PostgreSQL and
// back, in the PostgreSQL pass). And a restore refuses what it must: a target that has data, a
// damaged or foreign file, a backup from a newer version.
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import * as tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActor, propertyFormData as listingForm } from "../../../tests/support/factories";
import { makeJpeg } from "../../../tests/support/photos";
import { properties, propertyPhotos } from "../db/schema.server";
import { createProperty } from "../properties/admin.server";
import { addPhoto, deletePhoto } from "../properties/photos.server";
import { countRows } from "./database-copy.server";
import { formatChecksums, summarize } from "./manifest.server";
import { migrateTo, readJournal } from "./migration-level.server";
import { RestoreError, restoreBackup, verifyBackup } from "./read-backup.server";
import {
  type Engine,
  everything,
  fillSite,
  mediaFiles,
  openPlace,
  type Place,
  photosWithoutFiles,
  SERVER_URL,
} from "./test-helpers.server";
import { type BackupSource, sourceFromDatabase, writeBackup } from "./write-backup.server";

let scratch: string;
const places: Place[] = [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "backup-files-"));
});

afterAll(async () => {
  for (const place of places.splice(0)) await place.close();
  await rm(scratch, { recursive: true, force: true });
});

async function place(engine: Engine): Promise<Place> {
  const opened = await openPlace(engine);
  places.push(opened);
  return opened;
}

/** A source that leaves the database open (the test closes it with the place). */
function sourceOf(from: Place): BackupSource {
  return { ...sourceFromDatabase(from.database, scratch), close: async () => {} };
}

let counter = 0;
async function backup(from: Place, source = sourceOf(from), onProgress?: (line: string) => void) {
  counter += 1;
  return writeBackup({
    source,
    mediaDir: from.mediaDir,
    output: join(scratch, `backup-${counter}.tar.gz`),
    onProgress,
  });
}

async function restore(file: string, into: Place, force = false) {
  const verified = await verifyBackup(file);
  return restoreBackup({
    backup: verified,
    database: into.database,
    mediaDir: into.mediaDir,
    spoolParent: join(into.dataDir, "run"),
    force,
  });
}

/** The engine of this pass: PostgreSQL in the second pass, the embedded database otherwise. */
const ENGINE: Engine = SERVER_URL ? "postgres" : "pglite";

interface Filled {
  place: Place;
  file: string;
  before: Record<string, string[]>;
}

/** One filled site per engine and its backup, shared by the tests that only read them. */
const filled = new Map<Engine, Promise<Filled>>();
function filledSite(engine: Engine): Promise<Filled> {
  let site = filled.get(engine);
  if (!site) {
    site = (async () => {
      const from = await place(engine);
      await fillSite(from);
      return { place: from, file: (await backup(from)).file, before: await everything(from.database) };
    })();
    filled.set(engine, site);
  }
  return site;
}

const directions: [Engine, Engine][] = SERVER_URL
  ? [
      ["postgres", "postgres"],
      ["pglite", "postgres"],
      ["postgres", "pglite"],
    ]
  : [["pglite", "pglite"]];

describe("round trip", () => {
  it.each(directions)(
    "%s → %s: every row, sequence and photo file comes back unchanged",
    async (fromEngine, toEngine) => {
      const { place: from, file, before } = await filledSite(fromEngine);
      const { manifest } = await verifyBackup(file);
      expect(manifest.source.engine).toBe(fromEngine);
      expect(manifest.tables.find((t) => t.name === "properties")?.rows).toBe(3);
      expect(manifest.tables.find((t) => t.name === "leads")?.rows).toBe(2);
      expect(manifest.media).toEqual({
        files: (await mediaFiles(from.mediaDir)).size,
        bytes: expect.any(Number),
        missing: [],
      });

      const to = await place(toEngine);
      const result = await restore(file, to);
      expect(result.newerMigrations).toBe(0);

      const after = await everything(to.database);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      expect(before.users).toHaveLength(2);
      expect(before.sessions).toHaveLength(1);
      expect(before.lead_notes).toHaveLength(1);
      expect(before.audit_log?.length).toBeGreaterThan(5);
      // Six photos were added and the last one deleted: its id is not handed out again.
      expect(before.property_photos).toHaveLength(5);
      expect(after.sequences).toContain("property_photos_id_seq=6");

      const [original, restored] = await Promise.all([mediaFiles(from.mediaDir), mediaFiles(to.mediaDir)]);
      expect([...restored.keys()]).toEqual([...original.keys()]);
      for (const [key, bytes] of original) expect(restored.get(key)?.equals(bytes), key).toBe(true);
      expect(await photosWithoutFiles(to)).toEqual([]);

      // The restored site works on: the search column is rebuilt from the restored text.
      const [found] = await to.database.db
        .select({ titulo: properties.titulo })
        .from(properties)
        .where(
          sql`${properties.searchVector} @@ plainto_tsquery('portuguese', f_unaccent('piscina guaxuma'))`,
        );
      expect(found?.titulo).toBe("Casa com piscina em Guaxuma");
    },
    240_000,
  );
});

describe("photos in an S3 bucket (S3_BUCKET)", () => {
  it("the archive holds the database only, names the bucket, and restores every row", async () => {
    const { place: from, before } = await filledSite(ENGINE);
    counter += 1;
    const written = await writeBackup({
      source: sourceOf(from),
      mediaDir: from.mediaDir,
      mediaBucket: "fotos-imoveis",
      output: join(scratch, `backup-${counter}.tar.gz`),
    });
    const { manifest } = await verifyBackup(written.file);
    expect(manifest.media).toEqual({ files: 0, bytes: 0, missing: [], bucket: "fotos-imoveis" });
    expect(summarize(manifest)).toContain("fotos (arquivos no bucket fotos-imoveis, fora deste backup)");
    const names: string[] = [];
    const extract = tar.extract();
    extract.on("entry", (header, stream, next) => {
      names.push(header.name);
      stream.resume();
      stream.on("end", next);
    });
    await pipeline(createReadStream(written.file), createGunzip(), extract);
    expect(names.filter((name) => name.startsWith("media/"))).toEqual([]);

    const to = await place(ENGINE);
    await restore(written.file, to);
    const after = await everything(to.database);
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect((await mediaFiles(to.mediaDir)).size).toBe(0);
  });
});

describe("restoring into a place that is not empty", () => {
  it("is refused in Portuguese, touching nothing; --force replaces everything", async () => {
    const { file, before } = await filledSite(ENGINE);
    const to = await place(ENGINE);
    await restore(file, to);
    await to.database.db.update(properties).set({ titulo: "Só no destino" });
    await to.storage.put("zz/extra.webp", Buffer.from("só no destino"), "image/webp");
    const occupied = await everything(to.database);
    const occupiedMedia = await mediaFiles(to.mediaDir);

    const refusal = await restore(file, to).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreError);
    expect((refusal as Error).message).toMatch(
      /^O destino não está vazio: o banco de dados tem 3 imóveis, 5 fotos, 2 contatos, 2 usuários, 1 configuração da imobiliária e mais [\d.]+ linhas em outras tabelas; a pasta .+ tem 10 arquivos\. Restaure num DATA_DIR \(ou banco\) vazio, ou use --force/,
    );
    expect(await everything(to.database)).toEqual(occupied);
    expect(await mediaFiles(to.mediaDir)).toEqual(occupiedMedia);

    await restore(file, to, true);
    expect(await everything(to.database)).toEqual(before);
    expect(await to.storage.exists("zz/extra.webp")).toBe(false);
  }, 240_000);

  it("a database that has the tables but no rows (npm run db:migrate) counts as empty", async () => {
    const { file, before } = await filledSite(ENGINE);
    const to = await place(ENGINE);
    await to.database.migrate();
    await restore(file, to);
    expect(await everything(to.database)).toEqual(before);
  }, 240_000);
});

describe("a file that is not a whole backup of this site", () => {
  async function refusal(file: string): Promise<string> {
    const error = await verifyBackup(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RestoreError);
    return (error as Error).message;
  }

  it("a damaged or cut-off file is refused", async () => {
    const bytes = await readFile((await filledSite(ENGINE)).file);
    const cut = join(scratch, "cut.tar.gz");
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await refusal(cut)).toContain("incompleto ou danificado");

    const flipped = Buffer.from(bytes);
    const middle = Math.floor(bytes.length / 2);
    flipped.writeUInt8(flipped.readUInt8(middle) ^ 0xff, middle);
    const damaged = join(scratch, "damaged.tar.gz");
    await writeFile(damaged, flipped);
    expect(await refusal(damaged)).toMatch(/danificado/);
  }, 240_000);

  it("an entry changed inside a well-formed archive fails its checksum", async () => {
    const changed = join(scratch, "changed.tar.gz");
    await rewrite((await filledSite(ENGINE)).file, changed, (name, data) =>
      name === "database/leads.copy" ? Buffer.from(data.toString("utf8").replace("Maria", "Marta")) : data,
    );
    expect(await refusal(changed)).toMatch(/danificado: 1 partes não conferem .*database\/leads\.copy/);
  }, 240_000);

  it("an entry outside the media folder is refused", async () => {
    const foreign = join(scratch, "foreign.tar.gz");
    await rewrite((await filledSite(ENGINE)).file, foreign, (_name, data) => data, [
      { name: "media/../../etc/passwd", data: Buffer.from("x") },
    ]);
    expect(await refusal(foreign)).toContain("que nenhum backup deste site escreve (media/../../etc/passwd)");
  }, 240_000);

  it("a backup from a newer version of the site is refused before anything is touched", async () => {
    const newer = join(scratch, "newer.tar.gz");
    await rewrite(
      (await filledSite(ENGINE)).file,
      newer,
      (name, data) => {
        if (name !== "manifest.json") return data;
        const manifest = JSON.parse(data.toString("utf8"));
        manifest.migrations.push({ tag: "9999_futuro", hash: "f".repeat(64), createdAt: "99999999999999" });
        return Buffer.from(JSON.stringify(manifest));
      },
      [],
      true,
    );
    const to = await place(ENGINE);
    const error = await restore(newer, to).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Este backup vem de uma versão mais nova do site/);
    expect(await countRows(to.database)).toEqual({ tables: 0, rows: {} });
  }, 240_000);
});

/**
 * Copies a backup entry by entry, changing entries with `change` and appending `extra` ones;
 * with `resum`, the checksum list is rewritten to match (a file that is whole but says other
 * things).
 */
async function rewrite(
  from: string,
  to: string,
  change: (name: string, data: Buffer) => Buffer,
  extra: { name: string; data: Buffer }[] = [],
  resum = false,
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip(), createWriteStream(to));
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  const sums = new Map<string, string>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    let data = change(entry.header.name, Buffer.concat(chunks));
    if (entry.header.name === "checksums.sha256" && resum) data = Buffer.from(formatChecksums(sums));
    sums.set(entry.header.name, createHash("sha256").update(data).digest("hex"));
    pack.entry({ name: entry.header.name, size: data.length }, data);
  }
  for (const { name, data } of extra) pack.entry({ name, size: data.length }, data);
  await reading;
  pack.finalize();
  await writing;
}

describe("a backup from an older version of the site", () => {
  it("restores into this version's schema, and the newer migrations run on its rows", async () => {
    const journal = await readJournal();
    const from = await place("pglite");
    // The site as it was before migration 0004: properties had no status_changed_at yet.
    const before = journal.entries.findIndex((entry) => entry.tag === "0004_status_changed_at");
    expect(before).toBeGreaterThan(0);
    await migrateTo(from.database, before);
    await from.database.copyTransaction("load", async (tx) => {
      await tx.query(
        `insert into properties (referencia, titulo, tipo, finalidades, bairro, cidade, updated_at)
         values ('AP-0001', 'Apartamento antigo', 'apartamento', '{venda}', 'Pajuçara', 'Maceió', '2025-03-01T12:00:00Z')`,
      );
    });
    const { file, manifest } = await backup(from);
    expect(manifest.migrations).toHaveLength(before);

    const to = await place(SERVER_URL ? "postgres" : "pglite");
    const result = await restore(file, to);
    expect(result.newerMigrations).toBe(journal.entries.length - before);
    const [row] = await to.database.db
      .select({ titulo: properties.titulo, statusChangedAt: properties.statusChangedAt })
      .from(properties);
    expect(row?.titulo).toBe("Apartamento antigo");
    // Migration 0004 dates the last status change from updated_at.
    expect(row?.statusChangedAt.toISOString()).toBe("2025-03-01T12:00:00.000Z");
    expect((await everything(to.database))["drizzle.__drizzle_migrations"]).toHaveLength(
      journal.entries.length,
    );
  }, 180_000);
});

describe("photos deleted while the backup copies the files", () => {
  /** A site with one listing and its photo; smaller than fillSite, as these tests change it. */
  async function smallSite() {
    const from = await place(ENGINE);
    await from.database.migrate();
    const corretor = await createActor(from.database.db, "corretor");
    const { id } = await createProperty(from.database.db, corretor, listingForm());
    const photo = await addPhoto(from.database.db, from.storage, corretor, id, await makeJpeg(360, 270, 1));
    return { from, corretor, listing: id, photo };
  }

  it("the snapshot is taken again, so every photo row of the backup has its files", async () => {
    const { from, corretor, listing } = await smallSite();
    // An agent adds a photo after the files were first looked at, and deletes it after the
    // snapshot, before they are looked at again: the snapshot has a row whose files are gone.
    const real = sourceOf(from);
    let snapshots = 0;
    let added: number | undefined;
    const racing: BackupSource = {
      ...real,
      async dump() {
        snapshots += 1;
        if (snapshots === 1) {
          added = (
            await addPhoto(from.database.db, from.storage, corretor, listing, await makeJpeg(320, 240, 9))
          ).id;
        }
        const copy = await real.dump();
        if (snapshots === 1) await deletePhoto(from.database.db, from.storage, corretor, listing, added ?? 0);
        return copy;
      },
    };
    const lines: string[] = [];
    const { file, manifest } = await backup(from, racing, (line) => lines.push(line));
    expect(snapshots).toBe(2);
    expect(lines).toContain("Banco de dados: fotos apagadas durante a cópia; copiando de novo (2ª vez)…");
    expect(manifest.media.missing).toEqual([]);

    const to = await place(ENGINE);
    await restore(file, to);
    expect(await photosWithoutFiles(to)).toEqual([]);
    const restored = await to.database.db.select({ id: propertyPhotos.id }).from(propertyPhotos);
    expect(restored).toHaveLength(1);
    expect(restored.map((r) => r.id)).not.toContain(added);
  }, 240_000);

  it("files the site itself lacks are reported, not waited for", async () => {
    const { from } = await smallSite();
    const [photo] = await from.database.db.select({ variants: propertyPhotos.variants }).from(propertyPhotos);
    const lost = photo?.variants[0]?.key ?? "";
    await unlink(join(from.mediaDir, lost));
    const lines: string[] = [];
    const { manifest } = await backup(from, sourceOf(from), (line) => lines.push(line));
    expect(manifest.media.missing).toEqual([lost]);
    expect(lines.filter((line) => line.startsWith("Banco de dados: fotos apagadas"))).toHaveLength(1);
  }, 240_000);
});
