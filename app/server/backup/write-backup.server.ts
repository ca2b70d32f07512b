// `npm run backup`: one .tar.gz with the database and the photo files (manifest.server.ts),
// safe while the site runs. The database is copied from one snapshot; the photo files around
// it: everything there before the snapshot, then what appeared while it was taken. A photo row
// is committed after its files are written, so every row of the snapshot finds its files, unless
// the photo was deleted (row, then files) between the snapshot and the second look; the
// snapshot is then taken again (decision 025).
import { createHash } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import * as tar from "tar-stream";
import { type Database, openDatabase } from "../db/client.server";
import { DataDirLockedError } from "../db/lock.server";
import { type DatabaseDump, dumpDatabase, tableFile } from "./database-copy.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  CHECKSUMS_NAME,
  databaseEntry,
  formatBytes,
  formatChecksums,
  MANIFEST_NAME,
  type Manifest,
  mediaEntry,
} from "./manifest.server";
import { listMediaKeys } from "./media-files.server";
import { readJournal } from "./migration-level.server";
import { requestDumpFromSite } from "./site-endpoint.server";

/** Snapshots taken at most, when photos are deleted while the files are being copied. */
const MAX_SNAPSHOTS = 5;

export class BackupError extends Error {}

export interface BackupSource {
  readonly engine: "pglite" | "postgres";
  /** The embedded database of a running site, copied by the site itself. */
  readonly throughRunningSite: boolean;
  /** A consistent copy of the database in a new folder, removed by `discard`. */
  dump(): Promise<{ dir: string; dump: DatabaseDump; discard(): Promise<void> }>;
  close(): Promise<void>;
}

/** A database opened here (PostgreSQL, or the embedded one while the site is stopped). */
export function sourceFromDatabase(database: Database, spoolParent: string): BackupSource {
  return {
    engine: database.engine,
    throughRunningSite: false,
    async dump() {
      await mkdir(spoolParent, { recursive: true });
      const dir = await mkdtemp(join(spoolParent, ".backup-"));
      const discard = () => rm(dir, { recursive: true, force: true });
      try {
        return { dir, dump: await dumpDatabase(database, dir), discard };
      } catch (error) {
        await discard();
        throw error;
      }
    },
    close: () => database.close(),
  };
}

/** The site's database: a PostgreSQL server, the embedded one directly, or through the running site. */
export async function openBackupSource(
  config: { DATABASE_URL?: string; DATA_DIR: string },
  spoolParent: string,
): Promise<BackupSource> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ engine: "postgres", url: config.DATABASE_URL, maxConnections: 1 });
    return sourceFromDatabase(database, spoolParent);
  }
  const pgdata = join(config.DATA_DIR, "pgdata");
  if (!existsSync(join(pgdata, "PG_VERSION"))) {
    throw new BackupError(`Não há banco de dados em ${pgdata}: confira DATA_DIR (ou DATABASE_URL).`);
  }
  try {
    return sourceFromDatabase(
      await openDatabase({ engine: "pglite", dataDir: config.DATA_DIR }),
      spoolParent,
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  return {
    engine: "pglite",
    throughRunningSite: true,
    async dump() {
      const { dir, dump } = await requestDumpFromSite(config.DATA_DIR);
      return { dir, dump, discard: () => rm(dir, { recursive: true, force: true }) };
    },
    async close() {},
  };
}

/** Writes tar entries through gzip into a file, keeping each entry's SHA-256. */
class ArchiveWriter {
  readonly sums = new Map<string, string>();
  readonly #pack = tar.pack();
  readonly #done: Promise<void>;

  constructor(path: string) {
    // Photos are already compressed; a low level keeps the copy fast and still shrinks the tables.
    this.#done = pipeline(this.#pack, createGzip({ level: 3 }), createWriteStream(path, { mode: 0o600 }));
    this.#done.catch(() => {});
  }

  /** Adds the file at `path` as `name`; its size, or null when it is gone (a photo deleted meanwhile). */
  async addFile(name: string, path: string): Promise<number | null> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    try {
      const { size, mtime } = await handle.stat();
      const hash = createHash("sha256");
      const entry = this.#pack.entry({ name, size, mode: 0o600, mtime });
      const written = new Promise<void>((done, fail) => {
        entry.once("finish", () => done());
        entry.once("error", fail);
      });
      for await (const chunk of handle.createReadStream({ autoClose: false })) {
        hash.update(chunk as Buffer);
        if (!entry.write(chunk)) await new Promise<void>((drained) => entry.once("drain", () => drained()));
      }
      entry.end(undefined);
      await written;
      this.sums.set(name, hash.digest("hex"));
      return size;
    } finally {
      await handle.close();
    }
  }

  async addText(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, "utf8");
    await new Promise<void>((done, fail) => {
      this.#pack.entry({ name, size: data.length, mode: 0o600, mtime: new Date() }, data, (error) =>
        error ? fail(error) : done(),
      );
    });
    this.sums.set(name, createHash("sha256").update(data).digest("hex"));
  }

  async finish(): Promise<void> {
    this.#pack.finalize();
    await this.#done;
  }

  async abort(): Promise<void> {
    this.#pack.destroy(new Error("backup interrompido"));
    await this.#done.catch(() => {});
  }
}

export interface BackupResult {
  file: string;
  /** Size of the .tar.gz. */
  bytes: number;
  manifest: Manifest;
}

/**
 * Writes the backup to `output` (it must not exist yet): first under `<output>.partial`, renamed
 * once complete and flushed, so a file with the final name is always a whole backup. Mode 0600:
 * it holds the leads' personal data and the users' password hashes.
 */
export async function writeBackup(options: {
  source: BackupSource;
  mediaDir: string;
  /**
   * S3_BUCKET when the photos live there: the archive then holds the database only and names the
   * bucket (the photos are the bucket's to keep: versioning, its own replication; decision 038).
   */
  mediaBucket?: string;
  output: string;
  onProgress?: (line: string) => void;
}): Promise<BackupResult> {
  const { source, mediaDir, mediaBucket, output } = options;
  const progress = options.onProgress ?? (() => {});
  if (existsSync(output)) throw new BackupError(`O arquivo ${output} já existe: escolha outro nome.`);
  await mkdir(dirname(output), { recursive: true });
  const partial = `${output}.partial`;
  const archive = new ArchiveWriter(partial);
  const packed = new Set<string>();
  let mediaBytes = 0;
  let copy: Awaited<ReturnType<BackupSource["dump"]>> | undefined;
  let takenAt = new Date();
  try {
    const copyMedia = async () => {
      if (mediaBucket) return;
      for (const key of await listMediaKeys(mediaDir)) {
        if (packed.has(key)) continue;
        const size = await archive.addFile(mediaEntry(key), join(mediaDir, key));
        if (size === null) continue;
        packed.add(key);
        mediaBytes += size;
        progress(
          `Fotos: ${packed.size.toLocaleString("pt-BR")} ${packed.size === 1 ? "arquivo" : "arquivos"} (${formatBytes(mediaBytes)})…`,
        );
      }
    };
    await copyMedia();

    let missing: string[] = [];
    for (let attempt = 1; ; attempt++) {
      progress(
        attempt === 1
          ? "Banco de dados: copiando…"
          : `Banco de dados: fotos apagadas durante a cópia; copiando de novo (${attempt}ª vez)…`,
      );
      await copy?.discard();
      takenAt = new Date();
      copy = await source.dump();
      await copyMedia();
      const previous = new Set(missing);
      missing = mediaBucket ? [] : copy.dump.mediaKeys.filter((key) => !packed.has(key));
      // Missing twice: not deleted meanwhile (its row would be gone), absent from the site itself.
      if (missing.length === 0 || missing.every((key) => previous.has(key)) || attempt === MAX_SNAPSHOTS)
        break;
    }

    const { dump } = copy;
    for (const [i, table] of dump.tables.entries()) {
      progress(`Banco de dados: ${i + 1} de ${dump.tables.length} tabelas…`);
      await archive.addFile(databaseEntry(table.name), tableFile(copy.dir, table.name));
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      createdAt: takenAt.toISOString(),
      source: {
        engine: dump.engine,
        serverVersion: dump.serverVersion,
        throughRunningSite: source.throughRunningSite,
      },
      migrations: await withTags(dump.migrations),
      tables: dump.tables,
      sequences: dump.sequences,
      media: {
        files: packed.size,
        bytes: mediaBytes,
        missing,
        ...(mediaBucket ? { bucket: mediaBucket } : {}),
      },
    };
    await archive.addText(MANIFEST_NAME, `${JSON.stringify(manifest, null, 2)}\n`);
    await archive.addText(CHECKSUMS_NAME, formatChecksums(archive.sums));
    await archive.finish();
    const size = await flush(partial);
    await rename(partial, output);
    return { file: output, bytes: size, manifest };
  } catch (error) {
    await archive.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await copy?.discard();
  }
}

/** Names each applied migration by its journal tag ("?" for one this version does not know). */
async function withTags(applied: DatabaseDump["migrations"]): Promise<Manifest["migrations"]> {
  const { entries } = await readJournal();
  return applied.map((migration, i) => ({
    tag: String(entries[i]?.when) === migration.createdAt ? (entries[i]?.tag ?? "?") : "?",
    ...migration,
  }));
}

/** fsync, so the rename never names a file whose bytes are still in memory; its size. */
async function flush(path: string): Promise<number> {
  const handle = await open(path, "r+");
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}
