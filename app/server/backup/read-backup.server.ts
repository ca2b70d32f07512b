// `npm run restore -- FILE`: the whole file is checked first (every entry against its SHA-256,
// the manifest against the entries), so a damaged or foreign file is refused before anything is
// touched. Then, into an empty target only (or with --force), the schema is brought to the
// backup's migration level, the tables and photos are written, and this version's newer
// migrations run on the restored rows.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, open, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import * as tar from "tar-stream";
import type { Database } from "../db/client.server";
import { countRows, dropAppSchema, loadDatabase, tableFile } from "./database-copy.server";
import {
  CHECKSUMS_NAME,
  classifyEntry,
  MANIFEST_NAME,
  type Manifest,
  manifestSchema,
  parseChecksums,
} from "./manifest.server";
import { listMediaKeys } from "./media-files.server";
import { migrateTo, readJournal, tagsOf } from "./migration-level.server";

export class RestoreError extends Error {}

export interface VerifiedBackup {
  file: string;
  manifest: Manifest;
  /** SHA-256 of every table and media entry. */
  sums: Map<string, string>;
}

type Progress = (line: string) => void;

/** The archive could not be read (bad gzip, cut off): said as such, whoever was reading. */
class UnreadableArchiveError extends Error {}

async function* entryChunks(entry: AsyncIterable<unknown>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of entry) yield chunk as Buffer;
  } catch (error) {
    throw new UnreadableArchiveError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Reads every entry of the .tar.gz in order; `onEntry` must consume its chunks. Progress is the
 * share of the (compressed) file read so far.
 */
async function readEntries(
  file: string,
  onEntry: (header: tar.Header, chunks: AsyncIterable<Buffer>) => Promise<void>,
  onShare: (share: number) => void,
): Promise<void> {
  const { size } = await stat(file);
  const input = createReadStream(file);
  let read = 0;
  input.on("data", (chunk) => {
    read += chunk.length;
    onShare(size > 0 ? read / size : 1);
  });
  const extract = tar.extract();
  const feeding = pipeline(input, createGunzip(), extract);
  // What onEntry throws (a refusal, a full disk) is said as it is; anything else failed reading.
  let entryError: { reason: unknown } | undefined;
  const consuming = (async () => {
    for await (const entry of extract) {
      try {
        await onEntry(entry.header, entryChunks(entry));
      } catch (error) {
        if (!(error instanceof UnreadableArchiveError)) entryError = { reason: error };
        throw error;
      }
    }
  })();
  const failure = (await Promise.allSettled([feeding, consuming])).find(
    (r): r is PromiseRejectedResult => r.status === "rejected",
  );
  if (entryError) throw entryError.reason;
  if (failure) {
    const reason = failure.reason as unknown;
    throw new RestoreError(
      `O arquivo ${file} não é um backup legível deste site, ou está incompleto ou danificado (${reason instanceof Error ? reason.message : reason}).`,
    );
  }
}

async function sha256Of(
  chunks: AsyncIterable<Buffer>,
  sink?: (chunk: Buffer) => Promise<void>,
): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of chunks) {
    hash.update(chunk);
    if (sink) await sink(chunk);
  }
  return hash.digest("hex");
}

/** Checks the whole file; nothing is written anywhere. */
export async function verifyBackup(file: string, onProgress: Progress = () => {}): Promise<VerifiedBackup> {
  const found = new Map<string, string>();
  let manifestText: string | undefined;
  let checksumsText: string | undefined;
  await readEntries(
    file,
    async (header, content) => {
      const kind = classifyEntry(header.name);
      if (!kind || header.type !== "file" || found.has(header.name)) {
        throw new RestoreError(
          `O arquivo ${file} tem uma entrada que nenhum backup deste site escreve (${header.name}): não foi restaurado.`,
        );
      }
      const chunks: Buffer[] = [];
      const keep = kind.kind === "manifest" || kind.kind === "checksums";
      found.set(header.name, await sha256Of(content, keep ? async (c) => void chunks.push(c) : undefined));
      if (kind.kind === "manifest") manifestText = Buffer.concat(chunks).toString("utf8");
      if (kind.kind === "checksums") checksumsText = Buffer.concat(chunks).toString("utf8");
    },
    (share) => onProgress(`Conferindo o arquivo: ${Math.floor(share * 100)} %`),
  );
  if (manifestText === undefined || checksumsText === undefined) {
    throw new RestoreError(
      `O arquivo ${file} não tem ${MANIFEST_NAME} e ${CHECKSUMS_NAME}: não é um backup deste site, ou está incompleto.`,
    );
  }
  let manifest: Manifest;
  let sums: Map<string, string>;
  try {
    manifest = manifestSchema.parse(JSON.parse(manifestText));
    sums = parseChecksums(checksumsText);
  } catch (error) {
    throw new RestoreError(
      `O manifesto do backup é inválido (${error instanceof Error ? error.message : error}).`,
    );
  }
  found.delete(CHECKSUMS_NAME);
  const damaged = [...sums].filter(([name, sha256]) => found.get(name) !== sha256).map(([name]) => name);
  const unlisted = [...found.keys()].filter((name) => !sums.has(name));
  const tablesAbsent = manifest.tables
    .filter((t) => !found.has(`database/${t.name}.copy`))
    .map((t) => t.name);
  if (damaged.length + unlisted.length + tablesAbsent.length > 0) {
    const sample = [...damaged, ...unlisted, ...tablesAbsent].slice(0, 5).join(", ");
    throw new RestoreError(
      `O arquivo ${file} está danificado: ${damaged.length + unlisted.length + tablesAbsent.length} partes não conferem com a lista de verificação (${sample}). Nada foi restaurado.`,
    );
  }
  return { file, manifest, sums };
}

/** What an agency would miss first, in the words of the admin. */
const TABLE_NAMES: [table: string, one: string, many: string][] = [
  ["properties", "imóvel", "imóveis"],
  ["property_photos", "foto", "fotos"],
  ["leads", "contato", "contatos"],
  ["users", "usuário", "usuários"],
  ["agency_settings", "configuração da imobiliária", "configurações da imobiliária"],
];

/** "3 imóveis, 5 fotos, 2 usuários e mais 29 linhas em outras tabelas" */
function describeRows(rows: Record<string, number>): string {
  const n = (value: number) => value.toLocaleString("pt-BR");
  const named = TABLE_NAMES.filter(([table]) => rows[table]).map(
    ([table, one, many]) => `${n(rows[table] ?? 0)} ${rows[table] === 1 ? one : many}`,
  );
  const others = Object.entries(rows)
    .filter(([table]) => !TABLE_NAMES.some(([name]) => name === table))
    .reduce((sum, [, count]) => sum + count, 0);
  if (others > 0)
    named.push(
      `${named.length > 0 ? "mais " : ""}${n(others)} ${others === 1 ? "linha" : "linhas"} em outras tabelas`,
    );
  return named.length > 1 ? `${named.slice(0, -1).join(", ")} e ${named.at(-1)}` : (named[0] ?? "");
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations this version applied after loading the backup (it came from an older version). */
  newerMigrations: number;
}

/**
 * Restores `backup` into `database` and `mediaDir`. Both must be empty, or `force` replaces what
 * they hold. On failure the rows are rolled back and the photos written are removed.
 */
export async function restoreBackup(options: {
  backup: VerifiedBackup;
  database: Database;
  mediaDir: string;
  /** Where the tables wait between the file and the database (removed afterwards). */
  spoolParent: string;
  force?: boolean;
  onProgress?: Progress;
}): Promise<RestoreResult> {
  const { backup, database, mediaDir } = options;
  const progress = options.onProgress ?? (() => {});
  const { manifest } = backup;
  const journal = await readJournal();
  tagsOf(manifest.migrations, journal);

  const target = await countRows(database);
  const mediaFiles = (await listMediaKeys(mediaDir)).length;
  const occupied = Object.keys(target.rows).length > 0 || mediaFiles > 0;
  if (occupied && !options.force) {
    const parts = [
      Object.keys(target.rows).length > 0 ? `o banco de dados tem ${describeRows(target.rows)}` : "",
      mediaFiles > 0 ? `a pasta ${mediaDir} tem ${mediaFiles.toLocaleString("pt-BR")} arquivos` : "",
    ].filter(Boolean);
    throw new RestoreError(
      `O destino não está vazio: ${parts.join("; ")}. Restaure num DATA_DIR (ou banco) vazio, ou use --force para apagar tudo isso e pôr o backup no lugar.`,
    );
  }
  if (mediaFiles > 0) await rm(mediaDir, { recursive: true, force: true });
  if (target.tables > 0) {
    progress("Banco de dados: apagando o esquema anterior…");
    await dropAppSchema(database);
  }
  progress("Banco de dados: criando as tabelas…");
  await migrateTo(database, manifest.migrations.length);

  await mkdir(options.spoolParent, { recursive: true });
  const spool = await mkdtemp(join(options.spoolParent, ".restore-"));
  let loaded = false;
  try {
    await readEntries(
      backup.file,
      async (header, content) => {
        const kind = classifyEntry(header.name);
        let path: string | undefined;
        if (kind?.kind === "table") path = tableFile(spool, kind.table);
        if (kind?.kind === "media") path = join(mediaDir, kind.key);
        if (!path) {
          for await (const _ of content) {
            // The manifest and checksums were read in the first pass.
          }
          return;
        }
        await mkdir(dirname(path), { recursive: true });
        const handle = await open(path, "wx");
        try {
          const sha256 = await sha256Of(content, async (chunk) => void (await handle.write(chunk)));
          if (sha256 !== backup.sums.get(header.name)) {
            throw new RestoreError(`O arquivo ${backup.file} mudou durante a restauração (${header.name}).`);
          }
        } finally {
          await handle.close();
        }
      },
      (share) => progress(`Restaurando: ${Math.floor(share * 100)} %`),
    );
    progress("Banco de dados: carregando as tabelas…");
    await loadDatabase(database, spool, manifest);
    loaded = true;
    const newerMigrations = journal.entries.length - manifest.migrations.length;
    if (newerMigrations > 0) progress("Banco de dados: aplicando as migrações desta versão…");
    await database.migrate();
    return { manifest, newerMigrations };
  } catch (error) {
    // Before the rows are in, the target goes back to empty; after, the photos belong to them.
    if (!loaded) await rm(mediaDir, { recursive: true, force: true });
    throw error;
  } finally {
    await rm(spool, { recursive: true, force: true });
  }
}
